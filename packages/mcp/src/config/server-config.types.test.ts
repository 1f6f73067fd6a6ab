/**
 * Type test (checked by `tsc --noEmit`, run by vitest too): configurations declared `as const` (readonly arrays and
 * maps) are accepted wherever the library only reads them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createMcpToolSource } from "../sources/mcp-tool-source.js";
import type { McpServerConfig, StdioServerConfig } from "./server-config.js";

const servers = {
  files: { transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."], env: { DEBUG: "0" } },
  docs: { transport: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer x" } },
} as const;

describe("readonly-friendly MCP configuration types", () => {
  it("accepts a servers map declared as const", async () => {
    expectTypeOf(servers.files).toMatchTypeOf<StdioServerConfig>();
    expectTypeOf(servers).toMatchTypeOf<Readonly<Record<string, McpServerConfig>>>();
    const source = createMcpToolSource({
      servers,
      cacheDir: join(mkdtempSync(join(tmpdir(), "mcp-types-")), "cache"),
      namespaceDescriptions: { docs: "Docs" } as const,
    });
    expect(source.serverIds).toEqual(["files", "docs"]);
    await source.close();
  });

  it("still rejects what is wrong", () => {
    // @ts-expect-error args must be strings
    const wrong: StdioServerConfig = { transport: "stdio", command: "node", args: [1] };
    expect(wrong.transport).toBe("stdio");
  });
});
