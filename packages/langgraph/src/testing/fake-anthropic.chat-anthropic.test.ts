/**
 * The real client path: `ChatAnthropic` from `@langchain/anthropic` pointed at the fake Messages endpoint: the
 * request rules it enforces, and the cache figures it reports in `usage`.
 */
import { ChatAnthropic } from "@langchain/anthropic";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.js";

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const chatAnthropic = (url: string) =>
  new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test", anthropicApiUrl: url, maxRetries: 0 });
const schema = { type: "object", properties: { city: { type: "string" } } };
const tool = (name: string, deferred = false) => ({
  name,
  description: `The ${name} tool`,
  input_schema: schema,
  ...(deferred ? { defer_loading: true } : {}),
});
const LONG_SYSTEM = `You are a helpful assistant. ${"Answer briefly and cite the tool you used. ".repeat(160)}`;
const ephemeral = { type: "ephemeral" };

async function rejection(promise: Promise<unknown>): Promise<{ status?: number; message: string }> {
  return promise.then(
    () => ({ message: "resolved" }),
    (error: { status?: number; message: string }) => error,
  );
}

describe("the fake Messages endpoint through ChatAnthropic", () => {
  it("rejects a tool_reference that names no deferred tool of the request", async () => {
    fake = await startFakeAnthropic({ script: [] });
    const messages = [
      new HumanMessage("weather?"),
      new AIMessage({ content: "", tool_calls: [{ name: "search", args: {}, id: "toolu_1", type: "tool_call" }] }),
      new HumanMessage({
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "tool_reference", tool_name: "get_stock" }] }] as never,
      }),
    ];
    const error = await rejection(
      chatAnthropic(fake.url)
        .bindTools([tool("search"), tool("get_weather", true)])
        .invoke(messages),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain(
      "tool_reference 'get_stock' does not name a tool of this request with defer_loading: true (deferred tools: get_weather)",
    );
    // A reference to a tool that is sent but not deferred is refused too.
    const notDeferred = await rejection(
      chatAnthropic(fake.url)
        .bindTools([tool("search"), tool("get_stock")])
        .invoke(messages),
    );
    expect(notDeferred.message).toContain("tool_reference 'get_stock' does not name a tool");
  });

  it("rejects a request whose every tool is deferred, and one over the tool limit", async () => {
    fake = await startFakeAnthropic({ script: [] });
    const allDeferred = await rejection(
      chatAnthropic(fake.url)
        .bindTools([tool("a", true), tool("b", true)])
        .invoke("hi"),
    );
    expect(allDeferred).toMatchObject({ status: 400 });
    expect(allDeferred.message).toContain("All tools have defer_loading set. At least one tool must not be deferred");
    const many = [tool("search"), ...Array.from({ length: 10_000 }, (_, index) => tool(`tool_${index}`, true))];
    const tooMany = await rejection(chatAnthropic(fake.url).bindTools(many).invoke("hi"));
    expect(tooMany.message).toContain("tools: List should have at most 10000 items after validation, not 10001");
    expect(fake.requests.map((request) => request.status)).toEqual([400, 400]);
  });

  it("rejects more than four cache_control breakpoints", async () => {
    fake = await startFakeAnthropic({ script: [] });
    const blocks = Array.from({ length: 5 }, (_, index) => ({ type: "text", text: `part ${index}`, cache_control: ephemeral }));
    const error = await rejection(chatAnthropic(fake.url).invoke([new HumanMessage({ content: blocks as never })]));
    expect(error.message).toContain("A maximum of 4 blocks with cache_control may be provided. Found 5.");
  });

  it("reports cache writes and reads at the breakpoints the request carries", async () => {
    fake = await startFakeAnthropic({
      script: [
        { when: /weather/, text: "Sunny." },
        { when: /rain/, text: "No rain." },
      ],
    });
    const model = chatAnthropic(fake.url).bindTools([tool("get_weather")]);
    const system = new SystemMessage({ content: [{ type: "text", text: LONG_SYSTEM, cache_control: ephemeral }] as never });
    const first = await model.invoke([system, new HumanMessage("weather in Paris?")]);
    const second = await model.invoke([
      system,
      new HumanMessage("weather in Paris?"),
      first,
      new HumanMessage({ content: [{ type: "text", text: "and rain tomorrow?", cache_control: ephemeral }] as never }),
    ]);
    const [one, two] = fake.requests.map((request) => request.bill!);
    // The first request writes the tools + system prefix; the second reads it and writes up to its last message.
    expect(one!.cacheWriteTokens).toBeGreaterThan(1024);
    expect(first.usage_metadata?.input_token_details).toEqual({ cache_creation: one!.cacheWriteTokens, cache_read: 0 });
    expect(second.usage_metadata?.input_token_details).toEqual({
      cache_creation: two!.cacheWriteTokens,
      cache_read: one!.cacheWriteTokens,
    });
    expect(second.usage_metadata?.input_tokens).toBe(two!.inputTokens);
    expect(two!.cacheWriteTokens).toBeGreaterThan(0);
    // Without any breakpoint nothing is cached, however often the prefix was seen.
    const bare = await chatAnthropic(fake.url)
      .bindTools([tool("get_weather")])
      .invoke([new SystemMessage(LONG_SYSTEM), new HumanMessage("weather?")]);
    expect(bare.usage_metadata?.input_token_details).toEqual({ cache_creation: 0, cache_read: 0 });
  });

  it("streams the same answer and usage as SSE", async () => {
    fake = await startFakeAnthropic({ script: [{ when: /weather/, tool: "get_weather", args: { city: "Paris" } }] });
    const model = new ChatAnthropic({
      model: "claude-sonnet-4-5",
      apiKey: "test",
      anthropicApiUrl: fake.url,
      maxRetries: 0,
      streaming: true,
    });
    const answer = await model.bindTools([tool("get_weather")]).invoke("weather in Paris?");
    expect(answer.tool_calls).toMatchObject([{ name: "get_weather", args: { city: "Paris" } }]);
    expect(fake.requests[0]).toMatchObject({ stream: true, status: 200 });
    expect(answer.usage_metadata?.input_tokens).toBe(fake.requests[0]!.bill!.inputTokens);
  });
});
