/**
 * The real OpenAI client path: `ChatOpenAI` from `@langchain/openai` against the fake endpoint, which validates
 * requests as the API does. Binding all 137 gym tools is rejected with the API's own error; the dynamic agent runs
 * the whole demo conversation with at most 128 tools on every request.
 */
import { createDynamicToolAgent } from "@dynamic-tools/langgraph";
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from "@dynamic-tools/langgraph/testing";
import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { DEMO_CONVERSATION } from "./conversation.js";
import { FAKE_OPENAI_SCRIPT } from "./fake-openai-script.js";
import { SYSTEM_PROMPT } from "./model.js";
import { createStaticAgent } from "./static-agent.js";
import { createGymStore } from "./store.js";
import { createGymTools } from "./tools/index.js";

const TOO_MANY = "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 137 instead.";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const chatOpenAI = (url: string) =>
  new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${url}/v1` }, maxRetries: 0 });

type ApiError = { status?: number; code?: string; param?: string; type?: string; message: string };
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

/** Every scripted tool call was either among the tools its request sent, or executed by the full-registry node. */
function expectCallsSentOrExecuted(requests: readonly RecordedRequest[], messages: readonly BaseMessage[]): void {
  const results = new Map(
    messages
      .filter((message) => ToolMessage.isInstance(message))
      .map((message) => [(message as ToolMessage).tool_call_id, message as ToolMessage]),
  );
  for (const request of requests) {
    for (const call of request.reply?.toolCalls ?? []) {
      const executed = results.get(call.id)?.status === "success";
      expect(request.tools.includes(call.name) || executed, `${call.name} was neither sent nor executed`).toBe(true);
    }
  }
}

describe("bindTools(ALL_TOOLS) through ChatOpenAI", () => {
  it("is rejected with the API's error for the 137 gym tools, as LangChain tools and as catalog definitions", async () => {
    fake = await startFakeOpenAI({ script: FAKE_OPENAI_SCRIPT });
    const ALL_TOOLS = createGymTools(createGymStore());
    expect(ALL_TOOLS).toHaveLength(137);
    const direct = await rejection(chatOpenAI(fake.url).bindTools(ALL_TOOLS).invoke("show me all active clients"));
    expect(direct).toMatchObject({ status: 400, code: "array_above_max_length", param: "tools", type: "invalid_request_error" });
    expect(direct?.message).toBe(`400 ${TOO_MANY}`);

    const agent = createStaticAgent({ model: chatOpenAI(fake.url), catalog: createGymCatalog(), systemPrompt: SYSTEM_PROMPT });
    const viaAgent = await rejection(agent.invoke({ messages: [new HumanMessage("show me all active clients")] }));
    expect(viaAgent?.message).toBe(`400 ${TOO_MANY}`);

    expect(fake.requests.map((request) => [request.status, request.tools.length, request.error?.message])).toEqual([
      [400, 137, TOO_MANY],
      [400, 137, TOO_MANY],
    ]);
  });
});

describe("createDynamicToolAgent through ChatOpenAI", () => {
  it("runs the demo conversation with at most 128 tools on every request", async () => {
    fake = await startFakeOpenAI({ script: FAKE_OPENAI_SCRIPT });
    const store = createGymStore();
    const frozenBefore = store.data.memberships.filter((membership) => membership.status === "frozen").length;
    const agent = createDynamicToolAgent({
      model: chatOpenAI(fake.url),
      catalog: createGymCatalog(store),
      systemPrompt: SYSTEM_PROMPT,
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "openai-path" } };
    let messages: BaseMessage[] = [];
    for (const text of DEMO_CONVERSATION) messages = (await agent.invoke({ messages: [new HumanMessage(text)] }, config)).messages;

    // Without the cache-aware binding's deliveries (tool_search results the select step appended): the tools run.
    const toolResults = (messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[]).filter(
      (message) => (message.artifact as { delivery?: boolean } | undefined)?.delivery !== true,
    );
    expect(toolResults.map((message) => [message.name, message.status])).toEqual(
      [
        "get_clients_list",
        "freeze_membership",
        "get_membership_stats",
        "get_pending_salaries",
        "get_revenue_stats",
        "get_services",
        "change_theme",
      ].map((name) => [name, "success"]),
    );
    expect(store.data.memberships.filter((membership) => membership.status === "frozen").length).toBe(frozenBefore + 1);
    expect(store.data.ui.theme.mode).toBe("dark");

    expect(fake.requests).toHaveLength(15); // 7 turns with a tool call (2 requests each), 1 without
    for (const request of fake.requests) {
      expect(request.status).toBe(200);
      expect(request.tools.length).toBeGreaterThan(0);
      expect(request.tools.length).toBeLessThanOrEqual(128);
    }
    expectCallsSentOrExecuted(fake.requests, messages);
  });

  it("executes a tool the model recalls from an earlier turn, though this turn did not send it", async () => {
    fake = await startFakeOpenAI({ script: [{ when: /again/i, tool: "get_pending_salaries", always: true }] });
    const agent = createDynamicToolAgent({ model: chatOpenAI(fake.url), catalog: createGymCatalog(), checkpointer: new MemorySaver() });
    const { messages } = await agent.invoke({ messages: [new HumanMessage("do that again")] }, { configurable: { thread_id: "recall" } });
    const [first] = fake.requests;
    expect(first!.tools).not.toContain("get_pending_salaries");
    expect(first!.reply?.toolCalls.map((call) => call.name)).toEqual(["get_pending_salaries"]);
    const result = messages.find((message) => ToolMessage.isInstance(message)) as ToolMessage | undefined;
    expect(result).toMatchObject({ name: "get_pending_salaries", status: "success" });
    expectCallsSentOrExecuted(fake.requests, messages);
  });

  it("streams through SSE when the graph streams messages", async () => {
    fake = await startFakeOpenAI({ script: FAKE_OPENAI_SCRIPT });
    const agent = createDynamicToolAgent({ model: chatOpenAI(fake.url), catalog: createGymCatalog(), checkpointer: new MemorySaver() });
    const tokens: string[] = [];
    const stream = await agent.stream(
      { messages: [new HumanMessage("what is pending salary?")] },
      { configurable: { thread_id: "s" }, streamMode: "messages" },
    );
    for await (const [chunk] of stream) if (typeof chunk.content === "string") tokens.push(chunk.content);
    expect(fake.requests.map((request) => [request.status, request.stream])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(tokens.join("")).toContain("(fake) get_pending_salaries returned");
  });
});
