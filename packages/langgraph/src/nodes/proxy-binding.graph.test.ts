/**
 * The cache-aware binding with the `call_tool` proxy (the default in mode select) through a real graph (select node →
 * model node → DynamicToolNode) and through `createAgent` with the middleware, driving `ChatOpenAI` against the fake
 * Chat Completions endpoint over a three-topic conversation on one thread: the tools array never changes, the tools of
 * later topics are delivered as definitions in the conversation and called through the proxy, and the fake's usage
 * reports the cache reads. Against it, `proxy: false` changes the array or leaves the tools out.
 */
import { definePolicy, type ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { z } from "zod";
import { afterEach, describe, expect, it } from "vitest";
import { PROXY_DEFINITIONS_HEADER, PROXY_TOOL_NAME } from "@dynamic-tools/core/caching";
import {
  LONG_SYSTEM_PROMPT,
  proxyDeliveredTools,
  startProviderFake,
  THREE_QUESTIONS,
  type ProviderFake,
} from "../__fixtures__/provider-fakes.js";
import { sentToolNames, type FakeOpenAIScript } from "../testing/fake-openai-script.js";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { createDynamicModelNode } from "./bind-selected-tools.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { createToolSelectorNode } from "./tool-selector-node.js";

let fake: ProviderFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Runtime = "graph" | "createAgent";

const TOPICS: ReadonlyArray<[RegExp, string, Record<string, unknown>]> = [
  [/issue/, "create_issue", { text: "login is broken" }],
  [/calendar/, "list_events", {}],
  [/currenc/, "convert_currency", { text: "10 USD to EUR" }],
];

/**
 * A model over {@link THREE_QUESTIONS} that calls the topic's tool directly when it was sent, through `call_tool` when
 * a result delivered its definition (or, `always`, regardless), and answers after any other result.
 */
function topicModel({ always = false }: { always?: boolean } = {}): FakeOpenAIScript {
  return (request) => {
    const last = request.messages.at(-1);
    const user = [...request.messages].reverse().find((message) => message.role === "user");
    const topic = TOPICS.find(([when]) => when.test(typeof user?.content === "string" ? user.content : ""));
    const delivered = last?.role === "tool" && typeof last.content === "string" && last.content.includes(PROXY_DEFINITIONS_HEADER);
    if (topic === undefined || (last?.role === "tool" && !delivered)) return "(fake) done";
    const [, name, args] = topic;
    if (sentToolNames(request).includes(name)) return { content: null, toolCalls: [{ name, args }] };
    if (always || proxyDeliveredTools(request).includes(name))
      return { content: null, toolCalls: [{ name: PROXY_TOOL_NAME, args: { name, arguments: args } }] };
    return `(fake) ${name} was not sent`;
  };
}

interface Options {
  proxy?: boolean;
  policy?: ReturnType<typeof definePolicy>;
  maxTools?: number;
}

function graphAgent(catalog: ToolCatalog, fake: ProviderFake, { proxy, policy, maxTools }: Options) {
  const permissions = policy === undefined ? {} : { policy };
  return new StateGraph(DynamicToolsAnnotation)
    .addNode(
      "select_tools",
      createToolSelectorNode({
        catalog,
        strategy: "bm25",
        systemPrompt: LONG_SYSTEM_PROMPT,
        ...(proxy === undefined ? {} : { proxy }),
        ...(maxTools === undefined ? {} : { maxTools }),
        ...permissions,
      }),
    )
    .addNode("agent", createDynamicModelNode({ model: fake.model, catalog, systemPrompt: LONG_SYSTEM_PROMPT, ...permissions }))
    .addNode("tools", new DynamicToolNode(catalog, permissions))
    .addEdge(START, "select_tools")
    .addEdge("select_tools", "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "select_tools")
    .compile({ checkpointer: new MemorySaver() });
}

function middlewareAgent(
  catalog: ToolCatalog,
  fake: ProviderFake,
  { proxy, policy, maxTools }: Options,
  tools: StructuredToolInterface[] = [],
) {
  return createAgent({
    model: fake.model,
    tools,
    systemPrompt: LONG_SYSTEM_PROMPT,
    middleware: [
      dynamicToolsMiddleware({
        catalog,
        strategy: "bm25",
        systemPrompt: LONG_SYSTEM_PROMPT,
        ...(proxy === undefined ? {} : { proxy }),
        ...(policy === undefined ? {} : { policy }),
        ...(maxTools === undefined ? {} : { maxTools }),
      }),
    ],
    checkpointer: new MemorySaver(),
  });
}

async function converse(runtime: Runtime, options: Options = {}) {
  fake = await startProviderFake("chat-completions", topicModel() as never);
  const { catalog, calls } = createSearchCatalog({}, { fillers: 30 });
  const agent = runtime === "graph" ? graphAgent(catalog, fake, options) : middlewareAgent(catalog, fake, options);
  const config = { configurable: { thread_id: `${runtime}-${String(options.proxy)}-${String(options.maxTools)}` } };
  let messages: BaseMessage[] = [];
  const selections: DynamicToolSelection[] = [];
  for (const question of THREE_QUESTIONS) {
    const state = await agent.invoke({ messages: [new HumanMessage(question)] }, config);
    messages = state.messages;
    selections.push(state.toolSelection as DynamicToolSelection);
  }
  return { calls, messages, selections, requests: fake.requests() };
}

describe.each(["graph", "createAgent"] as const)("cache-aware with the proxy, through the %s", (runtime) => {
  it("keeps one tools array for the whole thread, delivers the later topics' tools, and runs them", async () => {
    const { calls, messages, selections, requests } = await converse(runtime);
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(calls).toEqual(["create_issue", "list_events", "convert_currency"]);
    // One array on every request: the core tool, the proxy, then the first topic.
    const arrays = new Set(requests.map((request) => request.tools.join()));
    expect(arrays.size).toBe(1);
    expect(requests[0]!.tools.slice(0, 3)).toEqual(["get_time", "call_tool", "create_issue"]);
    expect(requests[0]!.tools).not.toContain("list_events");
    // The later topics' tools arrive as definitions after a tool_search result, each once, and are called by proxy.
    const last = requests.at(-1)!.body as {
      messages: Array<{ role: string; tool_calls?: Array<{ function: { name: string; arguments: string } }> }>;
    };
    expect(proxyDeliveredTools(last as never)).toEqual(expect.arrayContaining(["list_events", "convert_currency"]));
    expect(new Set(proxyDeliveredTools(last as never)).size).toBe(proxyDeliveredTools(last as never).length);
    const sentCalls = last.messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.function);
    expect(sentCalls).toContainEqual({ name: "call_tool", arguments: JSON.stringify({ name: "list_events", arguments: {} }) });
    expect(sentCalls.some((call) => call.name === "create_issue")).toBe(true);
    // The state keeps plain calls of the real tools, as the model meant them.
    const stateCalls = messages.flatMap((message) => (AIMessage.isInstance(message) ? (message.tool_calls ?? []) : []));
    expect(stateCalls.map((call) => call.name)).not.toContain("call_tool");
    expect(stateCalls.map((call) => call.name)).toEqual(expect.arrayContaining(["create_issue", "list_events", "convert_currency"]));
    // Explained in toolSelection: kept, with what was delivered and what a change would have re-billed.
    const delivering = selections.flatMap((selection) => selection.loaded ?? []);
    expect(delivering).toEqual(expect.arrayContaining(["list_events", "convert_currency"]));
    // Every request after the first reads the cached prefix (system prompt and array, at least).
    const reads = requests.map((request) => request.bill?.cacheReadTokens ?? 0);
    expect(reads[0]).toBe(0);
    for (const read of reads.slice(1)) expect(read).toBeGreaterThan(1024);
  });

  it("under a budget smaller than the catalog (maxTools 5), still reaches every topic, with one array", async () => {
    const { calls, requests } = await converse(runtime, { maxTools: 5 });
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(calls).toEqual(["create_issue", "list_events", "convert_currency"]);
    expect(new Set(requests.map((request) => request.tools.join())).size).toBe(1);
    expect(requests[0]!.tools.length).toBeLessThanOrEqual(5);
  });

  it("explains a delivery in the binding", async () => {
    fake = await startProviderFake("chat-completions", topicModel() as never);
    const { catalog } = createSearchCatalog({}, { fillers: 30 });
    const agent = runtime === "graph" ? graphAgent(catalog, fake, {}) : middlewareAgent(catalog, fake, {});
    const config = { configurable: { thread_id: "explained" } };
    await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[0])] }, config);
    // The calendar question's first model call: its select step delivered list_events.
    await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[1])] }, config);
    const selections: DynamicToolSelection[] = [];
    for await (const snapshot of agent.getStateHistory(config)) {
      const selection = snapshot.values.toolSelection as DynamicToolSelection | undefined;
      if (selection?.binding?.delivered !== undefined) selections.push(selection);
    }
    const delivered = selections.find((selection) => selection.binding?.delivered?.includes("list_events"));
    expect(delivered?.binding).toMatchObject({ policy: "cache-aware", changed: false, rebilledTokens: 0 });
    expect(delivered?.binding?.reason).toMatch(
      /^kept: list_events(, [a-z_]+)* (is|are) needed, delivered through call_tool \(about \d+ tokens written\) rather than changing the array \(about \d+ tokens re-billed\)$/,
    );
  });

  it("never delivers, sends or runs a tool the caller may not use, whatever the model asks", async () => {
    fake = await startProviderFake("chat-completions", topicModel({ always: true }) as never);
    const { catalog, calls } = createSearchCatalog({}, { fillers: 30 });
    const policy = definePolicy({ roles: { guest: { deny: ["list_events"] } } });
    const agent = runtime === "graph" ? graphAgent(catalog, fake, { policy }) : middlewareAgent(catalog, fake, { policy });
    const config = { configurable: { thread_id: "guest", caller: { role: "guest" } } };
    await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[0])] }, config);
    const state = await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[1])] }, config);
    expect(calls).toEqual(["create_issue"]);
    const refusal = state.messages.find(
      (message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message) && message.name === "list_events",
    );
    expect(refusal?.status).toBe("error");
    for (const request of fake.requests()) {
      expect(request.tools).not.toContain("list_events");
      expect(proxyDeliveredTools(request.body as never)).not.toContain("list_events");
      expect(request.status).toBe(200);
    }
  });

  it("proxy: false binds a later topic's tools only by changing the array", async () => {
    const { requests } = await converse(runtime, { proxy: false });
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(requests.every((request) => !request.tools.includes("call_tool"))).toBe(true);
    expect(requests.every((request) => proxyDeliveredTools(request.body as never).length === 0)).toBe(true);
    // A later topic's tool is bound only if the array changes (re-billing the prompt after it), else not at all.
    const changed = new Set(requests.map((request) => request.tools.join())).size > 1;
    expect(changed || requests.every((request) => !request.tools.includes("list_events"))).toBe(true);
  });

  it("a catalog tool named call_tool that arrives later is never bound nor run for the proxy it replaces", async () => {
    fake = await startProviderFake("chat-completions", topicModel({ always: true }) as never);
    const { catalog, calls } = createSearchCatalog({}, { fillers: 30 });
    const agent = runtime === "graph" ? graphAgent(catalog, fake, {}) : middlewareAgent(catalog, fake, {});
    const config = { configurable: { thread_id: "renamed" } };
    await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[0])] }, config);
    await agent.invoke({ messages: [new HumanMessage(THREE_QUESTIONS[1])] }, config);
    const phone = tool(
      () => {
        calls.push("phone call");
        return "ringing";
      },
      { name: "call_tool", description: "Place a phone call to a number", schema: z.object({ number: z.string().optional() }) },
    );
    catalog.add([phone]);
    const before = fake.requests().length;
    // (Not THREE_QUESTIONS[2]: its "currency tool" would select the new tool by its name's word.)
    await agent.invoke({ messages: [new HumanMessage("what are 10 dollars in euros at today's currency rate?")] }, config);
    // The proxy is off now (the name is the catalog's): the old entry is dropped, and the model's proxy-style call of
    // convert_currency is not run as the phone tool.
    for (const request of fake.requests().slice(before)) expect(request.tools).not.toContain("call_tool");
    expect(calls).not.toContain("phone call");
  });
});

describe("createAgent with a tool of its own named call_tool", () => {
  it("binds that tool once and plans without the proxy", async () => {
    const topics = topicModel() as (request: Parameters<Exclude<FakeOpenAIScript, readonly unknown[]>>[0]) => never;
    // Asked to ring, the model calls the agent's own call_tool (sent directly); otherwise it follows the topics.
    const script: FakeOpenAIScript = (request) => {
      const last = request.messages.at(-1);
      const ring = last?.role === "user" && typeof last.content === "string" && last.content.startsWith("ring");
      return ring ? { content: null, toolCalls: [{ name: PROXY_TOOL_NAME, args: {} }] } : topics(request);
    };
    fake = await startProviderFake("chat-completions", script as never);
    const { catalog } = createSearchCatalog({}, { fillers: 30 });
    const rang: string[] = [];
    const own = tool(
      () => {
        rang.push("ringing");
        return "ringing";
      },
      { name: "call_tool", description: "Place a phone call", schema: z.object({}) },
    );
    const agent = middlewareAgent(catalog, fake, {}, [own]);
    const config = { configurable: { thread_id: "own" } };
    for (const question of [...THREE_QUESTIONS, "ring the office"]) await agent.invoke({ messages: [new HumanMessage(question)] }, config);
    // Its calls are its own: run, never unwrapped as a proxy call.
    expect(rang).toEqual(["ringing"]);
    for (const request of fake.requests()) {
      expect(request.status).toBe(200);
      expect(new Set(request.tools).size).toBe(request.tools.length);
      expect(proxyDeliveredTools(request.body as never)).toEqual([]);
    }
  });
});
