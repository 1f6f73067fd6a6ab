import type { ToolDefinition } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selectionDelivery } from "./native-delivery.js";
import { anthropicCacheBreakpoints, nativeMessages, withClientSearchCalls } from "./native-messages.js";
import { nativeProtocolOf } from "./native-protocol.js";
import { nativeTools } from "./native-tools.js";

const definition = (name: string): ToolDefinition => ({
  type: "function",
  function: { name, description: `The ${name} tool`, parameters: { type: "object", properties: {} } },
});
const search = definition("tool_search");
const loadedResult = (loaded: string[], id = "call_1") =>
  new ToolMessage({
    content: "found",
    name: "tool_search",
    tool_call_id: id,
    artifact: { query: "q", limit: 5, totalCandidates: 9, matches: [], loaded, namespaces: [] },
  });

describe("nativeTools", () => {
  it("sends core and the search tool as they are and defers the rest, per protocol", () => {
    const input = { direct: [definition("get_time"), search], searchName: "tool_search", deferred: [definition("a"), definition("b")] };
    const anthropic = nativeTools({ protocol: "anthropic", ...input });
    expect(anthropic.tools).toEqual([
      { name: "get_time", description: "The get_time tool", input_schema: { type: "object", properties: {} } },
      { name: "tool_search", description: "The tool_search tool", input_schema: { type: "object", properties: {} } },
      { name: "a", description: "The a tool", input_schema: { type: "object", properties: {} }, defer_loading: true },
      { name: "b", description: "The b tool", input_schema: { type: "object", properties: {} }, defer_loading: true },
    ]);
    expect(nativeTools({ protocol: "chat-completions", ...input }).tools[2]).toEqual({ ...definition("a"), defer_loading: true });
    const responses = nativeTools({
      protocol: "openai-responses",
      ...input,
      namespaceOf: (name) => (name === "b" ? { name: "crm", description: "CRM" } : undefined),
    });
    expect(responses.tools[1]).toMatchObject({ type: "tool_search", execution: "client", description: "The tool_search tool" });
    expect(responses.tools[3]).toEqual({
      type: "namespace",
      name: "crm",
      description: "CRM",
      tools: [
        { type: "function", name: "b", description: "The b tool", parameters: { type: "object", properties: {} }, defer_loading: true },
      ],
    });
  });

  it("never exceeds the protocol's limit, and says what it left out", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom("anthropic" as const, "openai-responses" as const, "chat-completions" as const),
        (count, protocol) => {
          const deferred = Array.from({ length: count }, (_, index) => definition(`tool_${index}`));
          const built = nativeTools({ protocol, direct: [search], searchName: "tool_search", deferred, limit: 128 });
          expect(built.tools.length).toBeLessThanOrEqual(128);
          expect(built.deferred.length + built.omitted.length).toBe(count);
          expect(built.deferred).toEqual(deferred.slice(0, built.deferred.length).map((tool) => tool.function.name));
        },
      ),
    );
  });
});

describe("nativeMessages", () => {
  const options = { searchName: "tool_search", deferred: new Set(["a", "b"]), definitionOf: (name: string) => definition(name) };
  const call = new AIMessage({ content: "", tool_calls: [{ name: "tool_search", args: { query: "q" }, id: "call_1", type: "tool_call" }] });

  it("turns a search result into references to the deferred tools it loaded (others are left out)", () => {
    const [, , result] = nativeMessages("anthropic", [new HumanMessage("hi"), call, loadedResult(["a", "x"])], options);
    expect(result!.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "call_1",
        content: [{ type: "tool_reference", tool_name: "a" }],
        cache_control: { type: "ephemeral" },
      },
    ]);
    const [, , chat] = nativeMessages("chat-completions", [new HumanMessage("hi"), call, loadedResult(["b"])], options);
    expect(ToolMessage.isInstance(chat) && chat.content).toEqual([{ type: "tool_reference", tool_name: "b" }]);
  });

  it("sends a Responses search turn as tool_search_call and tool_search_output items", () => {
    const [, asked, answered] = nativeMessages("openai-responses", [new HumanMessage("hi"), call, loadedResult(["a"])], options);
    expect((asked!.response_metadata as { output?: unknown }).output).toEqual([
      { type: "tool_search_call", call_id: "call_1", execution: "client", arguments: { query: "q" }, status: "completed" },
    ]);
    expect((answered!.response_metadata as { output?: unknown }).output).toMatchObject([
      { type: "tool_search_output", call_id: "call_1", execution: "client", tools: [{ type: "function", name: "a", defer_loading: true }] },
    ]);
  });

  it("reads a Responses tool_search_call back as a tool call of the search tool", () => {
    const answer = new AIMessage({
      content: "",
      additional_kwargs: {
        tool_outputs: [{ type: "tool_search_call", call_id: "call_9", execution: "client", arguments: { query: "q" } }],
      },
    });
    expect((withClientSearchCalls(answer, "tool_search") as AIMessage).tool_calls).toMatchObject([
      { name: "tool_search", id: "call_9", args: { query: "q" } },
    ]);
  });

  it("marks the end of the system prompt and the last message, and nothing else", () => {
    const marked = anthropicCacheBreakpoints([
      new SystemMessage("rules"),
      new HumanMessage("one"),
      new AIMessage("ok"),
      new HumanMessage("two"),
    ]);
    expect(marked[0]!.content).toEqual([{ type: "text", text: "rules", cache_control: { type: "ephemeral" } }]);
    expect(marked[1]!.content).toBe("one");
    expect(marked[3]!.content).toEqual([{ type: "text", text: "two", cache_control: { type: "ephemeral" } }]);
  });
});

describe("selectionDelivery", () => {
  it("loads only what no earlier search loaded, and nothing when everything is", () => {
    const messages = [new HumanMessage("hi"), loadedResult(["a"])];
    const [call, result] = selectionDelivery({ messages, selected: ["a", "b"], searchName: "tool_search", query: "hi" });
    expect((call as AIMessage).tool_calls).toMatchObject([{ name: "tool_search", id: "select_2" }]);
    expect((result as ToolMessage).artifact.loaded).toEqual(["b"]);
    expect(selectionDelivery({ messages, selected: ["a"], searchName: "tool_search", query: "hi" })).toEqual([]);
  });
});

describe("nativeProtocolOf", () => {
  it("reads the protocol from the model, and names the valid ones for a bad explicit one", () => {
    expect(nativeProtocolOf({ getName: () => "ChatAnthropic" })).toBe("anthropic");
    expect(nativeProtocolOf({ getName: () => "ChatOpenAI", useResponsesApi: true })).toBe("openai-responses");
    expect(nativeProtocolOf({ getName: () => "ChatOpenAI" })).toBe("chat-completions");
    expect(() => nativeProtocolOf({}, "gemini" as never)).toThrow(/Protocols: anthropic, openai-responses, chat-completions/);
  });
});
