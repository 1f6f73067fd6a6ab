import { describe, expect, it } from "vitest";
import { refusalError, refusalMessage, refusalText } from "./tool-call-refusal.js";

describe("refusalText", () => {
  it("words an unknown tool exactly as ToolNode, suggestions appended after", () => {
    expect(refusalText({ code: "TOOL_NOT_FOUND", toolName: "x" })).toBe('Error: Tool "x" not found.\n Please fix your mistakes.');
    expect(refusalText({ code: "TOOL_NOT_FOUND", toolName: "ecco", suggestions: ["echo", "eco"] })).toBe(
      'Error: Tool "ecco" not found.\n Please fix your mistakes. Did you mean: echo, eco?',
    );
  });

  it("names the rule of a permission refusal, not how to get around it", () => {
    expect(refusalText({ code: "PERMISSION_DENIED", toolName: "pay", role: "trainer", permission: "write", category: "salary" })).toBe(
      'Error: Permission denied (PERMISSION_DENIED): role "trainer" may not use "pay" (write, category salary). Do not retry it.',
    );
  });

  it("quotes a huge name shortened", () => {
    expect(refusalText({ code: "TOOL_NOT_FOUND", toolName: "a".repeat(10_000) }).length).toBeLessThan(300);
  });
});

describe("refusalMessage and refusalError", () => {
  it("carry the code: as the message's artifact, and as the thrown error's code", () => {
    const message = refusalMessage({ name: "t" }, { code: "TOOL_DISABLED", toolName: "t" });
    expect([message.tool_call_id, message.status, message.artifact]).toEqual(["", "error", { code: "TOOL_DISABLED", toolName: "t" }]);
    const error = refusalError({ code: "TOOL_NOT_FOUND", toolName: "t" });
    expect([error.code, error.message]).toEqual(["TOOL_NOT_FOUND", 'Tool "t" not found.']);
  });
});
