import { DynamicToolsError } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { McpServerError } from "./mcp-server-error.js";

describe("McpServerError", () => {
  it("is a DynamicToolsError with code SOURCE_UNAVAILABLE that names the server and the cause", () => {
    const error = new McpServerError("files", "its process exited (code 1)");
    expect(DynamicToolsError.isInstance(error)).toBe(true);
    expect(McpServerError.isInstance(error)).toBe(true);
    expect(McpServerError.isInstance(new DynamicToolsError("UNKNOWN_TOOL", "x"))).toBe(false);
    expect(error).toMatchObject({ code: "SOURCE_UNAVAILABLE", serverId: "files", name: "McpServerError" });
    expect(error.message).toBe('MCP server "files" failed: its process exited (code 1)');
  });
});
