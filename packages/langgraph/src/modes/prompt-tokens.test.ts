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
