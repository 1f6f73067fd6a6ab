/**
 * The binding policies through LangChain v1's `createAgent` with `dynamicToolsMiddleware` and the real LangChain
 * clients against the fake provider endpoints, over the same three-topic conversation as the graph test: the cache
 * figures in `usage_metadata`, native deferral on the wire, and permissions under it.
 */
import { definePolicy } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
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
import { dynamicToolsMiddleware, type DynamicToolsMiddlewareOptions } from "./dynamic-tools-middleware.js";

let fake: ProviderFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Policy = "static" | "per-turn" | "cache-aware" | "native";
const PROTOCOLS: NativeProtocol[] = ["anthropic", "openai-responses", "chat-completions", "proxy"];
const POLICIES: Policy[] = ["static", "per-turn", "cache-aware", "native"];
const observed: string[] = [];

function agentFor(
  fake: ProviderFake,
  catalog: DynamicToolsMiddlewareOptions["catalog"],
  policy: Policy,
  extra: Partial<DynamicToolsMiddlewareOptions> = {},
) {
  const protocol = { nativeProtocol: fake.protocol };
  const options: DynamicToolsMiddlewareOptions =
    policy === "static"
      ? { catalog, mode: "auto", contextWindow: 1_000_000, countTokens: false, ...protocol, ...extra }
      : {
          catalog,
          mode: "select",
          strategy: "bm25",
          binding: policy,
          search: { strategy: "bm25" },
          countTokens: false,
          ...protocol,
          ...extra,
        };
  return createAgent({
    model: fake.model,
    tools: [],
    systemPrompt: LONG_SYSTEM_PROMPT,
    middleware: [dynamicToolsMiddleware(options)],
    checkpointer: new MemorySaver(),
  });
}

function cacheFigures(messages: readonly BaseMessage[]) {
  return messages
    .filter((message): message is AIMessage => AIMessage.isInstance(message) && message.usage_metadata !== undefined)
    .map((message) => ({
      input: message.usage_metadata!.input_tokens,
      read: message.usage_metadata!.input_token_details?.cache_read ?? 0,
      write: message.usage_metadata!.input_token_details?.cache_creation ?? 0,
    }));
}

describe.each(PROTOCOLS)("a three-topic conversation through createAgent on %s", (protocol) => {
  it.each(POLICIES)("%s: every call accepted, the tools run, and later calls read the cache", async (policy) => {
    fake = await startProviderFake(protocol, THREE_TOPICS);
    const { catalog, calls } = createSearchCatalog();
    const agent = agentFor(fake, catalog, policy);
    const config = { configurable: { thread_id: `${protocol}-${policy}` } };
    let messages: BaseMessage[] = [];
    for (const question of THREE_QUESTIONS) messages = (await agent.invoke({ messages: [new HumanMessage(question)] }, config)).messages;
    const requests = fake.requests();
    const figures = cacheFigures(messages);
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(calls).toEqual(["create_issue", "list_events", "convert_currency"]);
    expect(figures.length).toBe(requests.length);
    const read = figures.reduce((sum, figure) => sum + figure.read, 0);
    const input = figures.reduce((sum, figure) => sum + figure.input, 0);
    observed.push(
      `${protocol} ${policy}: ${figures.length} calls, input ${input}, cache read ${read}, written ${figures.reduce((sum, f) => sum + f.write, 0)}, per call read ${figures.map((f) => f.read).join("/")}`,
    );
    expect(figures[0]!.read).toBe(0);
    expect(read).toBeGreaterThan(0);
    if (policy === "static" || policy === "native") {
      for (const figure of figures.slice(1)) expect(figure.read).toBeGreaterThan(1024);
      expect(new Set(requests.map((request) => JSON.stringify(request.tools))).size).toBe(1);
    }
    if (policy === "native" && protocol === "proxy") {
      expect(requests[0]!.tools).toEqual(["get_time", "tool_search", "call_tool"]);
      expect(proxyDeliveredTools(requests.at(-1)!.body as never)).toContain("convert_currency");
      expect(JSON.stringify(requests.at(-1)!.body)).toContain('"name":"call_tool","arguments":"{\\"name\\":\\"create_issue\\"');
    } else if (policy === "native") {
      const wire = JSON.stringify(requests.at(-1)!.body);
      expect(wire).toContain(protocol === "openai-responses" ? '"type":"tool_search_output"' : '"type":"tool_reference"');
    }
  });
});

describe("native deferral through createAgent and permissions", () => {
  it.each(PROTOCOLS)("%s: a denied tool is neither sent, referenced nor run, even when the model calls it", async (protocol) => {
    fake = await startProviderFake(protocol, [
      { when: /close/, tool: "close_issue", args: { text: "42" }, always: true },
      { when: /close/, afterTool: "tool_search", tool: "close_issue", args: { text: "42" }, always: true },
    ]);
    const { catalog, calls } = createSearchCatalog();
    const agent = agentFor(fake, catalog, "native", { policy: definePolicy({ roles: { guest: { deny: ["close_issue"] } } }) });
    const result = await agent.invoke(
      { messages: [new HumanMessage("close github issue 42")] },
      { configurable: { thread_id: "guest", caller: { role: "guest" } } },
    );
    expect(calls).toEqual([]);
    const refusal = result.messages.find(
      (message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message) && message.name === "close_issue",
    );
    expect(refusal?.status).toBe("error");
    for (const request of fake.requests()) {
      expect(request.status).toBe(200);
      expect(request.tools).not.toContain("close_issue");
      expect(JSON.stringify(request.body)).not.toContain('"tool_name":"close_issue"');
      if (protocol === "proxy") expect(proxyDeliveredTools(request.body as never)).not.toContain("close_issue");
    }
  });
});

describe("the figures observed through createAgent", () => {
  it("were printed", () => {
    console.log(observed.join("\n"));
    expect(observed.length).toBe(PROTOCOLS.length * POLICIES.length);
  });
});
