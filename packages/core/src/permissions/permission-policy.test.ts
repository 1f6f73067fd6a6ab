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

describe("definePolicy refuses a definition that would fail open", () => {
  const refusal = (definition: unknown) => {
    try {
      definePolicy(definition as Parameters<typeof definePolicy>[0]);
    } catch (error) {
      return { code: (error as { code?: string }).code, message: (error as Error).message, path: (error as { path?: unknown }).path };
    }
    return undefined;
  };

  it("names a misspelled rule key, and suggests the right one", () => {
    const error = refusal({ roles: { viewer: { allow: [{ permision: "read" }] } } });
    expect(error?.code).toBe("INVALID_OPTION");
    expect(error?.message).toContain('roles.viewer.allow.0.permision: unknown key "permision"');
    expect(error?.message).toContain("Did you mean: permission?");
    expect(error?.path).toEqual(["policy", "roles", "viewer", "allow", 0, "permision"]);
  });

  it("names a permission or source kind that does not exist, with the valid ones", () => {
    expect(refusal({ roles: { viewer: { deny: [{ permission: "wirte" }] } } })?.message).toMatch(
      /roles\.viewer\.deny\.0\.permission: "wirte" is not one of read, write, execute, network, dangerous\. Did you mean: write\?/,
    );
    expect(refusal({ otherwise: { allow: [{ source: ["mcp", "api"] }] } })?.message).toContain(
      'otherwise.allow.0.source.1: "api" is not one of',
    );
    expect(refusal({ approval: ["dangerus"] })?.message).toContain('approval.0: "dangerus" is not one of');
  });

  it("refuses rule lists that are not lists, unknown role and top-level keys, and values of the wrong type", () => {
    expect(refusal({ roles: { viewer: { allow: "read" } } })?.message).toContain("roles.viewer.allow: must be a list of rules");
    expect(refusal({ roles: { viewer: { alow: [] } } })?.message).toContain('unknown key "alow"');
    expect(refusal({ role: {} })?.message).toContain('unknown key "role"');
    expect(refusal({ roles: { viewer: [] } })?.message).toContain("roles.viewer: must be { allow?, deny? }");
    expect(refusal({ approvalTools: [{ name: 5 }] })?.message).toContain("approvalTools.0.name: must be a string");
    expect(refusal("viewer")?.code).toBe("INVALID_OPTION");
  });

  it("accepts every documented form", () => {
    expect(
      refusal({
        roles: {
          viewer: { allow: ["get_x", { permission: ["read"], source: "mcp", sourceId: ["a"], namespace: "n", category: "c", name: "x" }] },
        },
        otherwise: { deny: [] },
        approval: [],
        approvalTools: ["wipe"],
      }),
    ).toBeUndefined();
    expect(refusal(undefined)).toBeUndefined();
  });
});
