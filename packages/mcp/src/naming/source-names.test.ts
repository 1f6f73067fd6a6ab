import { describe, expect, it } from "vitest";
import { TOOL_NAME_PATTERN } from "@dynamic-tools/core/internal";
import { prefixedToolName, prefixedToolNames } from "./source-names.js";

describe("prefixedToolName", () => {
  it("prefixes a valid name", () => {
    expect(prefixedToolName("mcp_files", "read_file")).toBe("mcp_files_read_file");
  });

  it("replaces characters OpenAI rejects and marks the change with a hash", () => {
    const name = prefixedToolName("mcp_git", "repo.status");
    expect(name).toMatch(/^mcp_git_repo_status_[0-9a-f]{8}$/);
    expect(prefixedToolName("mcp_git", "repo.status")).toBe(name); // stable
    expect(prefixedToolName("mcp_git", "repo status")).not.toBe(name); // a different tool gets a different name
  });

  it("shortens names over 64 characters and keeps them distinct", () => {
    const long = "x".repeat(70);
    const a = prefixedToolName("mcp_server", `${long}_a`);
    const b = prefixedToolName("mcp_server", `${long}_b`);
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a).toMatch(TOOL_NAME_PATTERN);
  });

  it("avoids a name already taken", () => {
    const taken = new Set(["mcp_files_read_file"]);
    expect(prefixedToolName("mcp_files", "read_file", taken)).toMatch(/^mcp_files_read_file_[0-9a-f]{8}$/);
  });
});

describe("prefixedToolNames", () => {
  it("gives one source's tools distinct names whatever their order: a plain name is never taken by another's hash", () => {
    const hashed = prefixedToolName("mcp_s", "a.b");
    const clash = hashed.slice("mcp_s_".length); // a tool whose own name is a.b's cleaned and hashed name
    for (const order of [
      [clash, "a.b"],
      ["a.b", clash],
    ]) {
      const names = prefixedToolNames("mcp_s", order);
      expect(new Set(names).size).toBe(2);
      expect(names[order.indexOf(clash)]).toBe(`mcp_s_${clash}`);
      expect(names[order.indexOf("a.b")]).toMatch(/^mcp_s_a_b_[0-9a-f]{16}$/);
    }
  });

  it("lengthens the hash while the name is taken (the same name listed three times)", () => {
    expect(prefixedToolNames("mcp_s", ["a.b", "a.b", "a.b"])).toEqual([
      prefixedToolName("mcp_s", "a.b"),
      expect.stringMatching(/^mcp_s_a_b_[0-9a-f]{16}$/),
      expect.stringMatching(/^mcp_s_a_b_[0-9a-f]{32}$/),
    ]);
  });
});
