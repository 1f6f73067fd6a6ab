/** The fakes bill a prompt as the provider reads it: parsed JSON, so the keys' order of a block does not matter. */
import { describe, expect, it } from "vitest";
import { renderAnthropicPrompt } from "./fake-anthropic.js";

describe("renderAnthropicPrompt", () => {
  it("renders a block alike whatever its keys' order, and without its breakpoint", () => {
    const tool = { name: "get_weather", description: "Weather now", input_schema: { type: "object", properties: {} } };
    const sent = renderAnthropicPrompt({
      model: "claude",
      max_tokens: 10,
      tools: [tool],
      messages: [
        { role: "user", content: "hi" },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "sunny", cache_control: { type: "ephemeral" } }] },
      ],
    } as never);
    const again = renderAnthropicPrompt({
      model: "claude",
      max_tokens: 10,
      tools: [{ input_schema: tool.input_schema, description: tool.description, name: tool.name }],
      messages: [
        { role: "user", content: "hi" },
        { role: "user", content: [{ content: "sunny", type: "tool_result", tool_use_id: "t1" }] },
      ],
    } as never);
    expect(again.tools).toEqual(sent.tools);
    expect(again.messages).toEqual(sent.messages);
  });
});
