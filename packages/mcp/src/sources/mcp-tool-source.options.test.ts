import { DynamicToolsError } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { createMcpToolSource } from "./mcp-tool-source.js";

const servers = { files: { transport: "stdio", command: "node", args: ["server.js"] } } as const;

describe("createMcpToolSource options", () => {
  it.each([
    [0, /connectTimeoutMs must be a positive number of ms, got 0\./],
    [2 ** 31, /connectTimeoutMs must be at most 2147483647 ms .* got 2147483648\./],
    [1e12, /connectTimeoutMs must be at most 2147483647 ms .* got 1000000000000\./],
  ])("refuses connectTimeoutMs %d at construction, naming the value and the valid range", (connectTimeoutMs, message) => {
    let failure: unknown;
    try {
      createMcpToolSource({ servers, cacheDir: "/tmp/unused-mcp-cache", connectTimeoutMs });
    } catch (error) {
      failure = error;
    }
    expect(DynamicToolsError.isInstance(failure)).toBe(true);
    expect((failure as DynamicToolsError).code).toBe("INVALID_OPTION");
    expect((failure as Error).message).toMatch(message);
  });

  it("takes the longest timer Node keeps", () => {
    expect(() => createMcpToolSource({ servers, cacheDir: "/tmp/unused-mcp-cache", connectTimeoutMs: 2 ** 31 - 1 })).not.toThrow();
  });
});
