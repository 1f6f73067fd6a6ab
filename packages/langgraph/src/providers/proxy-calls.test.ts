import { DynamicToolsError, ToolCatalog, type ToolDefinition } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startProviderFake, THREE_QUESTIONS, THREE_TOPICS } from "../__fixtures__/provider-fakes.js";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createDynamicModelNode } from "../nodes/bind-selected-tools.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import { dynamicToolsCondition } from "../nodes/tools-condition.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { startFakeOpenAI, type FakeOpenAI } from "../testing/fake-openai.js";
import { nativeRequest } from "./native-request.js";
import { nativeTools } from "./native-tools.js";
import { PROXY_DEFINITIONS_HEADER, PROXY_TOOL_NAME, proxyToolDefinition } from "@dynamic-tools/core/caching";
import { checkProxyName, proxyMessages, withDirectCalls } from "./proxy-calls.js";

const definition = (name: string): ToolDefinition => ({
  type: "function",
  function: { name, description: `The ${name} tool`, parameters: { type: "object", properties: { id: { type: "number" } } } },
});
const searchResult = (loaded: string[], id = "s1", status?: "error") =>
  new ToolMessage({
    content: `Loaded (callable from your next step): ${loaded.join(", ")}.`,
    name: "tool_search",
    tool_call_id: id,
    ...(status === undefined ? {} : { status }),
    artifact: { query: "q", limit: 5, totalCandidates: 9, matches: [], loaded, namespaces: [] },
  });
const direct = new Set(["get_time", "tool_search", PROXY_TOOL_NAME]);

describe("the proxy's tools array", () => {
  it("is the direct tools and the proxy: deferred tools are in no entry", () => {
    const built = nativeTools({
      protocol: "proxy",
      direct: [definition("get_time"), definition("tool_search")],
      searchName: "tool_search",
      deferred: Array.from({ length: 500 }, (_, index) => definition(`tool_${index}`)),
    });
    expect(built.tools).toEqual([definition("get_time"), definition("tool_search"), proxyToolDefinition()]);
    expect(built.deferred).toHaveLength(500);
    expect(built.omitted).toEqual([]);
  });
});

describe("the proxy's request", () => {
  it("never defines a catalog tool named like the proxy, added after construction", () => {
    const { catalog } = createSearchCatalog();
    catalog.add([tool(() => "x", { name: PROXY_TOOL_NAME, description: "a gateway's own tool", schema: z.object({}) })]);
    const searchTool = createToolSearchTool(catalog, { strategy: "bm25" });
    const request = nativeRequest({
      protocol: "proxy",
      catalog,
      core: ["get_time"],
      searchTool,
      callable: ["create_issue", PROXY_TOOL_NAME],
      messages: [new HumanMessage("hi"), searchResult([PROXY_TOOL_NAME, "create_issue"])],
    });
    expect(request.deferred).toEqual(["create_issue"]);
    expect((request.tools as ToolDefinition[]).map((definition) => definition.function.name)).toEqual([
      "get_time",
      "tool_search",
      PROXY_TOOL_NAME,
    ]);
    const delivered = String(request.messages[1]!.content);
    expect(delivered).toContain('{"name":"create_issue"');
    expect(delivered).not.toContain('{"name":"call_tool"');
  });
});

describe("proxyMessages", () => {
  it("adds the loaded tools' definitions to a search result and sends calls of other tools through the proxy", () => {
    const messages: BaseMessage[] = [
      new HumanMessage("salary of 7?"),
      new AIMessage({ content: "", tool_calls: [{ name: "tool_search", args: { query: "salary" }, id: "s1", type: "tool_call" }] }),
      searchResult(["get_salary", "denied_tool"]),
      new AIMessage({
        content: "",
        tool_calls: [
          { name: "get_salary", args: { id: 7 }, id: "c1", type: "tool_call" },
          { name: "get_time", args: {}, id: "c2", type: "tool_call" },
        ],
      }),
    ];
    const sent = proxyMessages(messages, {
      searchName: "tool_search",
      direct,
      definitionOf: (name) => (name === "get_salary" ? definition(name) : undefined),
    });
    expect(sent[0]).toBe(messages[0]);
    expect(sent[1]).toBe(messages[1]);
    const lines = (sent[2]!.content as string).split("\n");
    expect(lines).toEqual([
      "Loaded (callable from your next step): get_salary, denied_tool.",
      PROXY_DEFINITIONS_HEADER,
      JSON.stringify({ name: "get_salary", description: "The get_salary tool", parameters: definition("get_salary").function.parameters }),
    ]);
    expect((sent[2] as ToolMessage).tool_call_id).toBe("s1");
    expect((sent[3] as AIMessage).tool_calls).toEqual([
      { name: PROXY_TOOL_NAME, args: { name: "get_salary", arguments: { id: 7 } }, id: "c1", type: "tool_call" },
      { name: "get_time", args: {}, id: "c2", type: "tool_call" },
    ]);
    expect(messages[3]!.content).toBe(""); // the input is untouched
    expect((messages[3] as AIMessage).tool_calls![0]!.name).toBe("get_salary");
  });

  it("leaves a failed search, and a search that loaded nothing callable, as they are", () => {
    const failed = searchResult(["get_salary"], "s1", "error");
    const nothing = searchResult(["denied_tool"], "s2");
    const sent = proxyMessages([failed, nothing], { searchName: "tool_search", direct, definitionOf: () => undefined });
    expect(sent).toEqual([failed, nothing]);
  });
});

describe("withDirectCalls", () => {
  const proxied = (args: Record<string, unknown>, id = "c1") => ({ name: PROXY_TOOL_NAME, args, id, type: "tool_call" as const });

  it("turns each proxy call into a call of the tool it names, with the same id", () => {
    const answer = new AIMessage({
      content: "checking",
      id: "m1",
      tool_calls: [
        proxied({ name: "get_salary", arguments: { id: 7 } }),
        { name: "get_time", args: {}, id: "c2", type: "tool_call" },
        proxied({ name: "get_staff", arguments: '{"id": 8}' }, "c3"),
      ],
      usage_metadata: { input_tokens: 10, output_tokens: 2, total_tokens: 12 },
    });
    const received = withDirectCalls(answer) as AIMessage;
    expect(received.tool_calls).toEqual([
      { name: "get_salary", args: { id: 7 }, id: "c1", type: "tool_call" },
      { name: "get_time", args: {}, id: "c2", type: "tool_call" },
      { name: "get_staff", args: { id: 8 }, id: "c3", type: "tool_call" },
    ]);
    expect(received.id).toBe("m1");
    expect(received.content).toBe("checking");
    expect(received.usage_metadata?.total_tokens).toBe(12);
  });

  it("moves a proxy call that names no call to invalid_tool_calls, saying what is wrong", () => {
    const received = withDirectCalls(
      new AIMessage({
        content: "",
        tool_calls: [
          proxied({ arguments: {} }, "c1"),
          proxied({ name: "get_salary", arguments: "[1" }, "c2"),
          proxied({ name: "x", arguments: [1] }, "c3"),
        ],
      }),
    ) as AIMessage;
    expect(received.tool_calls).toEqual([]);
    expect(received.invalid_tool_calls!.map((call) => [call.id, call.name, call.error])).toEqual([
      ["c1", PROXY_TOOL_NAME, `"name" must be the loaded tool's name (letters, digits, _ and -, at most 64 characters), got nothing`],
      ["c2", PROXY_TOOL_NAME, `"arguments" must be an object of the tool's arguments, got "[1"`],
      ["c3", PROXY_TOOL_NAME, `"arguments" must be an object of the tool's arguments, got [1]`],
    ]);
  });

  it("refuses a name that is no tool name (it would be sent back as the answer's name), and never throws on the arguments", () => {
    let deep: Record<string, unknown> = {};
    for (let depth = 0; depth < 20_000; depth++) deep = { deep };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const received = withDirectCalls(
      new AIMessage({
        content: "",
        tool_calls: [
          proxied({ name: "github.create_issue", arguments: {} }, "c1"),
          proxied({ name: "x".repeat(65), arguments: {} }, "c2"),
          proxied({ name: "get_salary", arguments: deep }, "c3"),
          proxied({ name: "", arguments: cyclic }, "c4"),
        ],
      }),
    ) as AIMessage;
    expect(received.tool_calls!.map((call) => call.id)).toEqual(["c3"]);
    const errors = received.invalid_tool_calls!.map((call) => [call.id, call.error]);
    expect(errors[0]).toEqual([
      "c1",
      `"name" must be the loaded tool's name (letters, digits, _ and -, at most 64 characters), got "github.create_issue"`,
    ]);
    expect(errors[1]![1]).toContain(`got "${"x".repeat(65)}"`);
    expect(errors[2]![0]).toBe("c4");
    expect(received.invalid_tool_calls![2]!.args).toBe("a value that cannot be written as JSON");
  });

  it("keeps the message's other fields, and drops the client's raw calls that name the proxy", () => {
    const answer = new AIMessage({
      content: "",
      name: "bot",
      additional_kwargs: {
        reasoning_content: "thinking",
        tool_calls: [{ id: "c1", type: "function", function: { name: "call_tool", arguments: "{}" } }],
      },
      tool_calls: [proxied({ name: "get_salary", arguments: {} })],
    });
    const received = withDirectCalls(answer) as AIMessage;
    expect(received.name).toBe("bot");
    expect(received.additional_kwargs).toEqual({ reasoning_content: "thinking" });
    const sent = proxyMessages([received], { searchName: "tool_search", direct, definitionOf: () => undefined })[0] as AIMessage;
    expect(sent.name).toBe("bot");
    expect(sent.additional_kwargs).toEqual({ reasoning_content: "thinking" });
    expect(sent.tool_calls![0]!.name).toBe(PROXY_TOOL_NAME);
  });

  it("returns other messages as they are", () => {
    const plain = new AIMessage({ content: "", tool_calls: [{ name: "get_time", args: {}, id: "c1", type: "tool_call" }] });
    expect(withDirectCalls(plain)).toBe(plain);
    const human = new HumanMessage("hi");
    expect(withDirectCalls(human)).toBe(human);
  });
});

describe("a catalog tool named like the proxy", () => {
  const catalog = () =>
    new ToolCatalog({
      tools: [tool(() => "x", { name: PROXY_TOOL_NAME, description: "a tool of the catalog", schema: z.object({}) })],
    });

  it("is refused when the model node or the middleware is built with the proxy protocol", () => {
    expect(() => checkProxyName(catalog())).toThrow(DynamicToolsError);
    const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test" });
    let error: unknown;
    try {
      createDynamicModelNode({ model, catalog: catalog(), nativeProtocol: "proxy" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DynamicToolsError);
    expect((error as DynamicToolsError).code).toBe("INVALID_OPTION");
    expect((error as Error).message).toContain(`"${PROXY_TOOL_NAME}"`);
    expect(() => dynamicToolsMiddleware({ catalog: catalog(), nativeProtocol: "proxy" })).toThrow(/proxy protocol/);
    expect(() => createDynamicToolAgent({ model, catalog: catalog(), nativeProtocol: "proxy" })).toThrow(/proxy protocol/);
    // A search tool of that name is refused too.
    const { catalog: searchable } = createSearchCatalog();
    const namedLikeProxy = createToolSearchTool(searchable, { name: PROXY_TOOL_NAME });
    expect(() => createDynamicModelNode({ model, catalog: searchable, extraTools: [namedLikeProxy], nativeProtocol: "proxy" })).toThrow(
      /search tool \(or another extra tool\) is a tool named "call_tool"/,
    );
    expect(() =>
      dynamicToolsMiddleware({ catalog: searchable, binding: "native", search: { name: PROXY_TOOL_NAME }, nativeProtocol: "proxy" }),
    ).toThrow(/proxy protocol/);
    expect(() => createDynamicModelNode({ model, catalog: catalog() })).not.toThrow();
  });
});

describe("proxy calls through the graph", () => {
  let fake: FakeOpenAI | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  /** A model that sends a malformed proxy call, then one naming no tool, then a valid one, then answers. */
  async function retryingModel() {
    const replies = [
      { toolCalls: [{ name: PROXY_TOOL_NAME, args: { name: "create_issue" } }] },
      { toolCalls: [{ name: PROXY_TOOL_NAME, args: { name: "open_ticket", arguments: {} } }] },
      { toolCalls: [{ name: PROXY_TOOL_NAME, args: { name: "create_issue", arguments: { text: "login" } } }] },
      "done",
    ];
    const server = await startFakeOpenAI({ script: () => replies.shift() ?? "done" });
    fake = server;
    const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${server.url}/v1` }, maxRetries: 0 });
    return { model, server };
  }

  it("answers a malformed or unknown proxy call with an error the model recovers from, and runs the retry", async () => {
    const { model, server } = await retryingModel();
    const { catalog, calls } = createSearchCatalog();
    const searchTool = createToolSearchTool(catalog, { strategy: "bm25" });
    const graph = new StateGraph(DynamicToolsAnnotation)
      .addNode("select_tools", createToolSelectorNode({ catalog, strategy: "bm25", binding: "native", searchTool, countTokens: false }))
      .addNode("agent", createDynamicModelNode({ model, catalog, extraTools: [searchTool], nativeProtocol: "proxy" }))
      .addNode("tools", new DynamicToolNode(catalog, { extraTools: [searchTool] }))
      .addEdge(START, "select_tools")
      .addEdge("select_tools", "agent")
      .addConditionalEdges("agent", dynamicToolsCondition, ["tools", END])
      .addEdge("tools", "select_tools")
      .compile({ checkpointer: new MemorySaver() });
    const result = await graph.invoke({ messages: [new HumanMessage("open a github issue")] }, { configurable: { thread_id: "t" } });
    const answers = result.messages.filter(
      (message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message) && message.name !== "tool_search",
    );
    expect(answers.map((message) => [message.name, message.status, message.artifact?.code])).toEqual([
      [PROXY_TOOL_NAME, "error", "INVALID_TOOL_CALL"],
      ["open_ticket", "error", "TOOL_NOT_FOUND"],
      ["create_issue", "success", undefined],
    ]);
    expect(String(answers[0]!.content)).toContain('"arguments" must be an object');
    expect(calls).toEqual(["create_issue"]);
    expect(server.requests.every((request) => request.status === 200)).toBe(true);
    expect(new Set(server.requests.map((request) => request.tools.join(","))).size).toBe(1);
  });

  it("runs a thread through the prebuilt agent with binding native and the proxy protocol", async () => {
    const provider = await startProviderFake("proxy", THREE_TOPICS);
    try {
      const { catalog, calls } = createSearchCatalog();
      const agent = createDynamicToolAgent({
        model: provider.model,
        catalog,
        strategy: "bm25",
        binding: "native",
        nativeProtocol: "proxy",
        countTokens: false,
        checkpointer: new MemorySaver(),
      });
      for (const question of THREE_QUESTIONS)
        await agent.invoke({ messages: [new HumanMessage(question)] }, { configurable: { thread_id: "p" } });
      expect(calls).toEqual(["create_issue", "list_events", "convert_currency"]);
      const requests = provider.requests();
      expect(requests.every((request) => request.status === 200)).toBe(true);
      expect(new Set(requests.map((request) => request.tools.join(",")))).toEqual(new Set(["get_time,tool_search,call_tool"]));
    } finally {
      await provider.close();
    }
  });

  it("does the same through createAgent and the middleware", async () => {
    const { model, server } = await retryingModel();
    const { catalog, calls } = createSearchCatalog();
    const middleware = dynamicToolsMiddleware({
      catalog,
      strategy: "bm25",
      binding: "native",
      search: { strategy: "bm25" },
      nativeProtocol: "proxy",
      countTokens: false,
    });
    const agent = createAgent({ model, tools: [], middleware: [middleware], checkpointer: new MemorySaver() });
    const result = await agent.invoke({ messages: [new HumanMessage("open a github issue")] }, { configurable: { thread_id: "t" } });
    const answers = result.messages.filter(
      (message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message) && message.name !== "tool_search",
    );
    expect(answers.map((message) => [message.name, message.status])).toEqual([
      [PROXY_TOOL_NAME, "error"],
      ["open_ticket", "error"],
      ["create_issue", "success"],
    ]);
    expect(calls).toEqual(["create_issue"]);
    expect(server.requests.every((request) => request.status === 200)).toBe(true);
    expect(new Set(server.requests.map((request) => request.tools.join(","))).size).toBe(1);
    expect(server.requests[0]!.tools).toEqual(["get_time", "tool_search", PROXY_TOOL_NAME]);
  });
});
