import type { ToolDefinition } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
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

  it("past the limit, sends the tools the conversation loaded in place of the last ones not loaded", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 299 }), { maxLength: 20 }),
        fc.constantFrom("anthropic" as const, "openai-responses" as const, "chat-completions" as const),
        (count, picks, protocol) => {
          const deferred = Array.from({ length: count }, (_, index) => definition(`tool_${index}`));
          const loaded = new Set(picks.filter((index) => index < count).map((index) => `tool_${index}`));
          const built = nativeTools({ protocol, direct: [search], searchName: "tool_search", deferred, limit: 128, loaded });
          expect(built.tools.length).toBeLessThanOrEqual(128);
          for (const name of loaded) expect(built.deferred).toContain(name);
          // Catalog order, and the same number of tools as without loads.
          const order = (names: readonly string[]) => names.map((name) => Number(name.slice(5)));
          expect(order(built.deferred)).toEqual([...order(built.deferred)].sort((a, b) => a - b));
          expect(built.deferred.length).toBe(
            nativeTools({ protocol, direct: [search], searchName: "tool_search", deferred, limit: 128 }).deferred.length,
          );
        },
      ),
    );
    // A namespace is one entry (Responses): loading one member brings its namespace in whole.
    const deferred = Array.from({ length: 200 }, (_, index) => definition(`tool_${index}`));
    const namespaceOf = (name: string) => (Number(name.slice(5)) >= 190 ? { name: "crm", description: "CRM" } : undefined);
    const built = nativeTools({
      protocol: "openai-responses",
      direct: [search],
      searchName: "tool_search",
      deferred,
      namespaceOf,
      limit: 128,
      loaded: new Set(["tool_195"]),
    });
    expect(built.tools).toHaveLength(128);
    expect(built.deferred.filter((name) => Number(name.slice(5)) >= 190)).toHaveLength(10);
    expect(built.omitted).toContain("tool_126");
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

  it("tells the model why a Responses search failed, in a system message after its empty output", () => {
    const failed = new ToolMessage({
      content: "Error: query must be a string",
      name: "tool_search",
      tool_call_id: "call_1",
      status: "error",
    });
    const sent = nativeMessages("openai-responses", [new HumanMessage("hi"), call, failed], options);
    expect(sent).toHaveLength(4);
    expect((sent[2]!.response_metadata as { output?: unknown }).output).toMatchObject([
      { type: "tool_search_output", call_id: "call_1", tools: [] },
    ]);
    expect(SystemMessage.isInstance(sent[3]) && sent[3].content).toBe("The tool_search call call_1 failed: Error: query must be a string");
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

  it("counts the caller's own breakpoints against Anthropic's four: the last message's first, then none", () => {
    const mine = (text: string) => new HumanMessage({ content: [{ type: "text", text, cache_control: { type: "ephemeral" } }] });
    const count = (messages: readonly BaseMessage[]) =>
      messages
        .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
        .filter((block) => "cache_control" in (block as object)).length;
    const three = [
      new SystemMessage("rules"),
      mine("a"),
      new AIMessage("ok"),
      mine("b"),
      new AIMessage("ok"),
      mine("c"),
      new AIMessage("ok"),
      new HumanMessage("d"),
    ];
    const marked = anthropicCacheBreakpoints(three);
    expect(count(marked)).toBe(4);
    expect(marked[7]!.content).toEqual([{ type: "text", text: "d", cache_control: { type: "ephemeral" } }]);
    expect(marked[0]!.content).toBe("rules");
    const four = anthropicCacheBreakpoints([...three.slice(0, 7), mine("d"), new AIMessage("ok"), new HumanMessage("e")]);
    expect(count(four)).toBe(4);
    expect(four[9]!.content).toBe("e");
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
