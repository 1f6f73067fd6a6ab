/**
 * The real client path: `ChatOpenAI({ useResponsesApi: true })` pointed at the fake Responses endpoint: the request
 * rules it enforces (tool_search, defer_loading, namespaces, item pairing, the tool limit), and `usage`.
 */
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAIResponses, type FakeOpenAIResponses } from "./fake-openai-responses.js";

let fake: FakeOpenAIResponses | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const responses = (url: string) =>
  new ChatOpenAI({ model: "gpt-5.4", apiKey: "test", useResponsesApi: true, configuration: { baseURL: `${url}/v1` }, maxRetries: 0 });
const parameters = { type: "object", properties: { city: { type: "string" } } };
const fn = (name: string, deferred = false) => ({
  type: "function" as const,
  function: { name, description: `The ${name} tool`, parameters },
  ...(deferred ? { defer_loading: true } : {}),
});
const search = {
  type: "tool_search",
  execution: "client",
  description: "Find tools",
  parameters: { type: "object", properties: { query: { type: "string" } } },
};
const LONG_SYSTEM = `You are a helpful assistant. ${"Answer briefly and cite the tool you used. ".repeat(160)}`;

async function rejection(promise: Promise<unknown>): Promise<{ status?: number; message: string }> {
  return promise.then(
    () => ({ message: "resolved" }),
    (error: { status?: number; message: string }) => error,
  );
}

/** A search turn as the API and the client record it: the tool_search_call item, then the tool_search_output. */
function searchTurn(loaded: unknown[], callId = "call_s1") {
  const call = {
    type: "tool_search_call",
    id: "tsc_1",
    call_id: callId,
    execution: "client",
    arguments: { query: "weather" },
    status: "completed",
  };
  const output = { type: "tool_search_output", call_id: callId, execution: "client", status: "completed", tools: loaded };
  return [
    new AIMessage({ content: "", response_metadata: { output: [call] } }),
    new AIMessage({ content: "", response_metadata: { output: [output] } }),
  ];
}

describe("the fake Responses endpoint through ChatOpenAI", () => {
  it("sends a scripted call's rawArguments as they are: malformed JSON reaches the client as an invalid tool call", async () => {
    fake = await startFakeOpenAIResponses({ script: () => ({ toolCalls: [{ name: "get_weather", rawArguments: '{"city": "Oslo"' }] }) });
    // (Streamed, ChatOpenAI completes the partial JSON itself.)
    const answer = await responses(fake.url)
      .bindTools([fn("get_weather")])
      .invoke([new HumanMessage("weather?")]);
    expect(answer.tool_calls).toEqual([]);
    expect(answer.invalid_tool_calls?.[0]).toMatchObject({ name: "get_weather", args: '{"city": "Oslo"' });
  });

  it("answers a call of the client tool_search as a tool_search_call, and a loaded tool as a function_call", async () => {
    fake = await startFakeOpenAIResponses({
      script: [
        { when: /weather/, tool: "tool_search", args: { query: "weather" } },
        { when: /weather/, afterTool: "tool_search", tool: "get_weather", args: { city: "Paris" } },
      ],
    });
    const model = responses(fake.url).bindTools([fn("get_time"), search, fn("get_weather", true)]);
    const first = await model.invoke([new HumanMessage("weather in Paris?")]);
    expect(first.tool_calls).toEqual([]);
    expect(first.additional_kwargs.tool_outputs).toMatchObject([
      { type: "tool_search_call", execution: "client", arguments: { query: "weather" } },
    ]);
    const loaded = { type: "function", name: "get_weather", description: "The get_weather tool", parameters, defer_loading: true };
    const callId = (first.additional_kwargs.tool_outputs as Array<{ call_id: string }>)[0]!.call_id;
    const [, output] = searchTurn([loaded], callId);
    const second = await model.invoke([new HumanMessage("weather in Paris?"), first, output!]);
    expect(second.tool_calls).toMatchObject([{ name: "get_weather", args: { city: "Paris" } }]);
    expect(fake.requests.map((request) => request.status)).toEqual([200, 200]);
  });

  it("rejects deferred tools without tool_search, a tool_search_output loading a tool that is not deferred, and over 128 tools", async () => {
    fake = await startFakeOpenAIResponses({ script: [] });
    const noSearch = await rejection(
      responses(fake.url)
        .bindTools([fn("get_time"), fn("get_weather", true)])
        .invoke("hi"),
    );
    expect(noSearch).toMatchObject({ status: 400 });
    expect(noSearch.message).toContain("Deferred tools (get_weather) need a tool_search tool in 'tools'");
    const sneaked = { type: "function", name: "get_time", description: "x", parameters };
    const notDeferred = await rejection(
      responses(fake.url)
        .bindTools([fn("get_time"), search, fn("get_weather", true)])
        .invoke([new HumanMessage("time?"), ...searchTurn([sneaked])]),
    );
    expect(notDeferred.message).toContain("'get_time' is not a deferred tool of this request");
    const unanswered = await rejection(
      responses(fake.url)
        .bindTools([fn("get_time"), search, fn("get_weather", true)])
        .invoke([new HumanMessage("time?"), searchTurn([])[0]!]),
    );
    expect(unanswered.message).toContain("No tool search output found for tool search call call_s1");
    const many = [search, ...Array.from({ length: 128 }, (_, index) => fn(`tool_${index}`, true))];
    const tooMany = await rejection(responses(fake.url).bindTools(many).invoke("hi"));
    expect(tooMany.message).toContain("Expected an array with maximum length 128, but got an array with length 129 instead.");
    const namespaceDeferred = {
      type: "namespace",
      name: "crm",
      description: "CRM",
      defer_loading: true,
      tools: [{ type: "function", name: "a", parameters }],
    };
    const badNamespace = await rejection(responses(fake.url).bindTools([search, namespaceDeferred]).invoke("hi"));
    expect(badNamespace.message).toContain("defer_loading applies to the functions inside a namespace");
  });

  it("reports the cached prefix in usage.input_tokens_details.cached_tokens (128-token steps)", async () => {
    fake = await startFakeOpenAIResponses({ script: [{ when: /./, text: "ok" }] });
    const model = responses(fake.url).bindTools([fn("get_time"), search, fn("get_weather", true)]);
    const first = await model.invoke([new SystemMessage(LONG_SYSTEM), new HumanMessage("one")]);
    const second = await model.invoke([new SystemMessage(LONG_SYSTEM), new HumanMessage("one"), first, new HumanMessage("two")]);
    expect(first.usage_metadata?.input_token_details?.cache_read).toBe(0);
    const read = second.usage_metadata?.input_token_details?.cache_read ?? 0;
    expect(read).toBeGreaterThan(1024);
    expect(read % 128).toBe(0);
    expect(read).toBe(fake.requests[1]!.bill!.cacheReadTokens);
  });

  it("streams the same items and usage as server-sent events", async () => {
    fake = await startFakeOpenAIResponses({
      script: [
        { when: /weather/, tool: "tool_search", args: { query: "weather" } },
        { when: /time/, tool: "get_time", args: { city: "Paris" } },
        { when: /hello/, text: "Hello there." },
      ],
    });
    const model = new ChatOpenAI({
      model: "gpt-5.4",
      apiKey: "test",
      useResponsesApi: true,
      streaming: true,
      configuration: { baseURL: `${fake.url}/v1` },
      maxRetries: 0,
    }).bindTools([fn("get_time"), search, fn("get_weather", true)]);
    const call = await model.invoke("what time is it?");
    expect(call.tool_calls).toMatchObject([{ name: "get_time", args: { city: "Paris" } }]);
    const searched = await model.invoke("weather?");
    expect(searched.additional_kwargs.tool_outputs).toMatchObject([{ type: "tool_search_call", execution: "client" }]);
    const text = await model.invoke("hello");
    expect(text.text).toBe("Hello there.");
    expect(text.usage_metadata?.input_tokens).toBe(fake.requests[2]!.bill!.inputTokens);
    expect(fake.requests.map((request) => [request.stream, request.status])).toEqual([
      [true, 200],
      [true, 200],
      [true, 200],
    ]);
  });
});
