import { describe, expect, it } from "vitest";
import { toMetadata, type ToolDeclaration } from "../catalog/tool-metadata.js";
import { definePolicy, DEFAULT_POLICY, matchesRule } from "./permission-policy.js";

const tool = (declaration: ToolDeclaration) => toMetadata(declaration);
const readSalary = tool({ name: "get_pending_salaries", category: "salary", permission: "read" });
const paySalary = tool({ name: "pay_salary", category: "salary", permission: "write" });
const wipe = tool({ name: "wipe", permission: "dangerous" });
const mcpTool = tool({ name: "mcp_files_read", source: "mcp", sourceId: "files", permission: "read" });

describe("definePolicy", () => {
  const policy = definePolicy({
    roles: {
      trainer: { deny: [{ category: "salary", permission: ["write", "dangerous"] }] },
      guest: { allow: [{ permission: "read", source: "builtin" }] },
    },
    approval: ["dangerous", "write"],
  });

  it("lets a trainer read but not write salary", () => {
    expect(policy(readSalary, { role: "trainer" })).toBe("allow");
    expect(policy(paySalary, { role: "trainer" })).toBe("deny");
  });

  it("restricts by source with allow lists", () => {
    expect(policy(readSalary, { role: "guest" })).toBe("allow");
    expect(policy(mcpTool, { role: "guest" })).toBe("deny");
  });

  it("asks for approval by permission kind; deny wins over approval", () => {
    expect(policy(paySalary, { role: "owner" })).toBe("approve");
    expect(policy(wipe, {})).toBe("approve");
    expect(policy(wipe, { role: "guest" })).toBe("deny");
  });

  it("defaults: everything allowed, dangerous needs approval", () => {
    expect(DEFAULT_POLICY(paySalary, {})).toBe("allow");
    expect(DEFAULT_POLICY(wipe, {})).toBe("approve");
  });

  it("matches rules field by field; a string is a tool name", () => {
    expect(matchesRule(paySalary, "pay_salary")).toBe(true);
    expect(matchesRule(mcpTool, { source: "mcp", sourceId: ["files", "docs"] })).toBe(true);
    expect(matchesRule(mcpTool, { source: "mcp", permission: "write" })).toBe(false);
  });
});
