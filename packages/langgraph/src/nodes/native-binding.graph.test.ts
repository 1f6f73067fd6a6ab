/**
 * The binding policies through a real graph (select node → model node → DynamicToolNode) and the real LangChain
 * clients against the fake provider endpoints, over a three-topic conversation on one thread: the cache figures each
 * provider reports in `usage_metadata`, the wire shape of native deferral, and permissions under it.
 */
import { definePolicy, type ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { afterEach, describe, expect, it } from "vitest";
import {
  LONG_SYSTEM_PROMPT,
  proxyDeliveredTools,
  startProviderFake,
  THREE_QUESTIONS,
  THREE_TOPICS,
  type ProviderFake,
} from "../__fixtures__/provider-fakes.js";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import type { NativeProtocol } from "../providers/native-protocol.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { createDynamicModelNode } from "./bind-selected-tools.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { createToolSelectorNode, type ToolSelectorNodeOptions } from "./tool-selector-node.js";

let fake: ProviderFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Policy = "static" | "per-turn" | "cache-aware" | "native";

function buildGraph(catalog: ToolCatalog, fake: ProviderFake, policy: Policy, extra: Partial<ToolSelectorNodeOptions> = {}) {
  const searchTool = createToolSearchTool(catalog, { strategy: "bm25", ...(extra.policy === undefined ? {} : { policy: extra.policy }) });
  const selectOptions: ToolSelectorNodeOptions =
    policy === "static"
      ? { catalog, mode: "auto", contextWindow: 1_000_000, countTokens: false, ...extra }
      : { catalog, mode: "select", strategy: "bm25", binding: policy, searchTool, countTokens: false, ...extra };
  return new StateGraph(DynamicToolsAnnotation)
    .addNode("select_tools", createToolSelectorNode(selectOptions))
    .addNode(
      "agent",
      createDynamicModelNode({
        model: fake.model,
        catalog,
        systemPrompt: LONG_SYSTEM_PROMPT,
        extraTools: [searchTool],
        nativeProtocol: fake.protocol,
      }),
    )
    .addNode(
      "tools",
      new DynamicToolNode(catalog, { extraTools: [searchTool], ...(extra.policy === undefined ? {} : { policy: extra.policy }) }),
    )
    .addEdge(START, "select_tools")
    .addEdge("select_tools", "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "select_tools")
    .compile({ checkpointer: new MemorySaver() });
}

/** Each model answer's cache figures, in call order, as the client reported them. */
function cacheFigures(messages: readonly BaseMessage[]) {
  return messages
    .filter((message): message is AIMessage => AIMessage.isInstance(message) && message.usage_metadata !== undefined)
    .map((message) => ({
      input: message.usage_metadata!.input_tokens,
      read: message.usage_metadata!.input_token_details?.cache_read ?? 0,
      write: message.usage_metadata!.input_token_details?.cache_creation ?? 0,
    }));
}

async function converse(protocol: NativeProtocol, policy: Policy) {
  fake = await startProviderFake(protocol, THREE_TOPICS);
  const { catalog, calls } = createSearchCatalog();
  const graph = buildGraph(catalog, fake, policy);
  const config = { configurable: { thread_id: `${protocol}-${policy}` } };
  let messages: BaseMessage[] = [];
  for (const question of THREE_QUESTIONS) messages = (await graph.invoke({ messages: [new HumanMessage(question)] }, config)).messages;
  return { calls, messages, figures: cacheFigures(messages), requests: fake.requests() };
}

const PROTOCOLS: NativeProtocol[] = ["anthropic", "openai-responses", "chat-completions", "proxy"];
const POLICIES: Policy[] = ["static", "per-turn", "cache-aware", "native"];
const observed: string[] = [];

describe.each(PROTOCOLS)("a three-topic conversation through the graph on %s", (protocol) => {
  it.each(POLICIES)("%s: every call accepted, the tools run, and later calls read the cache", async (policy) => {
    const { calls, figures, requests } = await converse(protocol, policy);
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(calls).toEqual(["create_issue", "list_events", "convert_currency"]);
    expect(figures.length).toBe(requests.length);
    const read = figures.reduce((sum, figure) => sum + figure.read, 0);
    const input = figures.reduce((sum, figure) => sum + figure.input, 0);
    observed.push(
      `${protocol} ${policy}: ${figures.length} calls, input ${input}, cache read ${read}, written ${figures.reduce((sum, f) => sum + f.write, 0)}, per call read ${figures.map((f) => f.read).join("/")}`,
    );
    // The first call of the thread reads nothing; every call after it reads at least the system prompt's prefix
    // when the tools array stays the same (static, native), and the same thread's calls within a topic otherwise.
    expect(figures[0]!.read).toBe(0);
    expect(read).toBeGreaterThan(0);
    if (policy === "static" || policy === "native") {
      for (const figure of figures.slice(1)) expect(figure.read).toBeGreaterThan(1024);
      const arrays = new Set(requests.map((request) => JSON.stringify(request.tools)));
      expect(arrays.size).toBe(1);
    }
    if (policy === "native" && protocol === "proxy") {
      // By proxy nothing is deferred: the array is the core tool, the search tool and the proxy, and no more.
      expect(requests[0]!.deferred).toEqual([]);
      expect(requests[0]!.tools).toEqual(["get_time", "tool_search", "call_tool"]);
    } else if (policy === "native") {
      const first = requests[0]!;
      expect(first.deferred.length).toBeGreaterThan(0);
      expect(first.tools.filter((name) => !first.deferred.includes(name))).toEqual([
        "get_time",
        ...(protocol === "openai-responses" ? [] : ["tool_search"]),
      ]);
    }
  });
});

describe("native deferral on the wire", () => {
  it.each(PROTOCOLS)("%s: the selection arrives as the provider's loading blocks", async (protocol) => {
    const { requests, messages } = await converse(protocol, "native");
    const wire = JSON.stringify(requests.at(-1)!.body);
    if (protocol === "openai-responses") {
      expect(wire).toContain('"type":"tool_search_output"');
      expect(wire).toContain('"type":"namespace","name":"github"');
    } else if (protocol === "proxy") {
      // What each delivery loaded arrives as definitions in its search result, once; the model calls through the proxy.
      const loaded = messages.flatMap((message) =>
        ToolMessage.isInstance(message) && message.name === "tool_search" ? (message.artifact.loaded as string[]) : [],
      );
      expect(loaded).toContain("convert_currency");
      expect(proxyDeliveredTools(requests.at(-1)!.body as never)).toEqual(loaded);
      expect(wire).toContain('"name":"call_tool","arguments":"{\\"name\\":\\"create_issue\\"');
    } else {
      expect(wire).toContain('"type":"tool_reference","tool_name":"create_issue"');
    }
    if (protocol === "anthropic") expect(wire).toContain('"cache_control":{"type":"ephemeral"}');
    // The state keeps plain messages: a synthetic tool_search turn per topic, its artifact loading the selection.
    const loads = messages.filter((message) => ToolMessage.isInstance(message) && message.name === "tool_search");
    expect(loads.map((message) => (message as ToolMessage).artifact.loaded[0])).toEqual([
      "create_issue",
      "list_events",
      "convert_currency",
    ]);
  });

  it.each(PROTOCOLS)("%s: a denied tool is neither sent, referenced nor run, even when the model calls it", async (protocol) => {
    fake = await startProviderFake(protocol, [
      { when: /close/, tool: "close_issue", args: { text: "42" }, always: true },
      { when: /close/, afterTool: "tool_search", tool: "close_issue", args: { text: "42" }, always: true },
    ]);
    const { catalog, calls } = createSearchCatalog();
    const policy = definePolicy({ roles: { guest: { deny: ["close_issue"] } } });
    const graph = buildGraph(catalog, fake, "native", { policy });
    const result = await graph.invoke(
      { messages: [new HumanMessage("close github issue 42")] },
      { configurable: { thread_id: "guest", caller: { role: "guest" } } },
    );
    expect(calls).toEqual([]);
    const refusal = result.messages.find(
      (message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message) && message.name === "close_issue",
    );
    expect(refusal?.status).toBe("error");
    for (const request of fake.requests()) {
      expect(request.tools).not.toContain("close_issue");
      expect(JSON.stringify(request.body)).not.toContain('"tool_name":"close_issue"');
      if (protocol === "proxy") expect(proxyDeliveredTools(request.body as never)).not.toContain("close_issue");
      expect(request.status).toBe(200);
    }
    // The same graph serves a caller who may: the tool is deferred in its request (by proxy: its definition delivered).
    await graph.invoke({ messages: [new HumanMessage("close github issue 42")] }, { configurable: { thread_id: "admin" } });
    if (protocol === "proxy") expect(proxyDeliveredTools(fake.requests().at(-1)!.body as never)).toContain("close_issue");
    else expect(fake.requests().at(-1)!.tools).toContain("close_issue");
    expect(calls).toEqual(["close_issue"]);
  });
});

describe("the figures observed", () => {
  it("were printed", () => {
    console.log(observed.join("\n"));
    expect(observed.length).toBe(PROTOCOLS.length * POLICIES.length);
  });
});
