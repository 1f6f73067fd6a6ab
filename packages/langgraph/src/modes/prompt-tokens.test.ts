import { AIMessage, HumanMessage, type ToolCall } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { estimatePromptTokens } from "./prompt-tokens.js";

describe("estimatePromptTokens", () => {
  it("counts text, tool call names and arguments, plus framing per message", () => {
    const call = new AIMessage({ content: "", tool_calls: [{ name: "get_weather", args: { city: "Paris" }, id: "1" }] });
    // "what is pending salary?" (23) + "get_weather" (11) + '{"city":"Paris"}' (16) = 50 characters → 13 tokens, + 2 · 4.
    expect(estimatePromptTokens([new HumanMessage("what is pending salary?"), call])).toBe(21);
  });

  it("counts a hand-built call without a string name or without args instead of throwing", () => {
    const call = new AIMessage({ content: "" });
    call.tool_calls = [{ name: undefined, id: "1" } as unknown as ToolCall, { name: 42, args: { a: 1 }, id: "2" } as unknown as ToolCall];
    // "{}" (2) + '{"a":1}' (7) = 9 characters → 3 tokens, + 4.
    expect(estimatePromptTokens([call])).toBe(7);
  });
});

describe("estimatePromptTokens on hand-built messages", () => {
  it("counts content that is neither text nor a list, undefined parts, and arguments nested past the call stack", () => {
    const odd = new HumanMessage("x");
    (odd as unknown as { content: unknown }).content = 42;
    const parts = new HumanMessage({ content: [{ type: "text", text: "abcd" }] });
    (parts as unknown as { content: unknown[] }).content.push(undefined);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 20_000; level++) deep = { a: deep };
    const call = new AIMessage({ content: "", tool_calls: [{ name: "t", args: deep, id: "1" }] });
    // 42 → "42" (2 characters) + 4; "abcd" + nothing (4) + 4.
    expect(estimatePromptTokens([odd])).toBe(5);
    expect(estimatePromptTokens([parts])).toBe(5);
    // 20,000 levels of {"a": …} are 6 characters each around {"leaf":1}: counted, not a stack overflow.
    expect(estimatePromptTokens([call])).toBe(Math.ceil((1 + 20_000 * 6 + 10) / 4) + 4);
  });
});
