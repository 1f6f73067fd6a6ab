import { DynamicToolsError } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { parseServerConfigs } from "./parse-server-configs.js";

function errorOf(servers: unknown): DynamicToolsError {
  try {
    parseServerConfigs(servers);
  } catch (error) {
    if (DynamicToolsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected parseServerConfigs to throw");
}

describe("parseServerConfigs", () => {
  it("accepts stdio and http servers and copies them", () => {
    const servers = {
      files: { transport: "stdio", command: "node", args: ["server.js"], env: { TOKEN: "x" }, cwd: "/tmp" },
      docs: { transport: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer y" } },
    };
    const parsed = parseServerConfigs(servers);
    expect(parsed).toEqual(servers);
    expect(parsed.files).not.toBe(servers.files);
  });

  it("names the server and the valid transports for an unsupported transport", () => {
    const error = errorOf({ files: { transport: "sse", url: "https://example.com/sse" } });
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.path).toEqual(["servers", "files", "transport"]);
    expect(error.message).toBe(
      'servers.files.transport: MCP server "files": transport "sse" is not supported. Valid transports: stdio, http.',
    );
  });

  it("suggests the closest transport and key", () => {
    expect(errorOf({ files: { transport: "stdoi", command: "node" } }).message).toContain("Did you mean: stdio?");
    const error = errorOf({ files: { transport: "stdio", command: "node", arg: ["x"] } });
    expect(error.message).toBe(
      'servers.files.arg: MCP server "files": unknown key "arg" for transport "stdio". Did you mean: args? Valid keys: transport, command, args, env, cwd.',
    );
  });

  it("rejects bad values with their key path", () => {
    expect(errorOf({ files: { transport: "stdio" } }).message).toBe(
      'servers.files.command: MCP server "files": expected a non-empty string, got nothing.',
    );
    expect(errorOf({ files: { transport: "stdio", command: "node", args: "server.js" } }).path).toEqual(["servers", "files", "args"]);
    expect(errorOf({ files: { transport: "stdio", command: "node", env: { PORT: 80 } } }).path).toEqual([
      "servers",
      "files",
      "env",
      "PORT",
    ]);
    expect(errorOf({ docs: { transport: "http", url: "ftp://example.com" } }).message).toContain(
      '"ftp://example.com" is not an http(s) URL.',
    );
    expect(errorOf({ docs: "https://example.com" }).message).toContain('expected an object with a "transport"');
    expect(errorOf([]).message).toBe("servers: expected an object of MCP server configurations by id, got an array.");
  });

  it("rejects server ids that cannot be part of tool names, suggesting a fix", () => {
    const error = errorOf({ brave_search: { transport: "stdio", command: "x" } });
    expect(error.message).toBe(
      'MCP server id "brave_search" is not valid: use 1 to 40 letters, digits or "-" (no "_": it becomes part of tool names, as in mcp_{id}_{tool}, and of a file name). Try "brave-search".',
    );
    expect(errorOf({ "a/b": { transport: "stdio", command: "x" } }).path).toEqual(["servers", "a/b"]);
  });
});
