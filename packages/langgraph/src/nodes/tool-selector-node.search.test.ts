/**
 * The selector node with tool search: rebuilding the loaded set from the history when the channel was lost, and a
 * hand-built graph wired with the search tool.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { END, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import type { ToolSearchArtifact } from "../search/search-artifact.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";
import { createDynamicModelNode } from "./bind-selected-tools.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { createToolSelectorNode } from "./tool-selector-node.js";

function historyWithSearch(): BaseMessage[] {
  const artifact: ToolSearchArtifact = {
    query: "weather",
    limit: 5,
    totalCandidates: 10,
    matches: [{ name: "get_weather", description: "Weather forecast for a city", score: 1.3 }],
    loaded: ["get_weather", "send_email"],
    namespaces: [],
  };
  return [
    new HumanMessage("what's the weather?"),
    callTool("tool_search", { query: "weather" }),
    new ToolMessage({ content: "Best tools for…", artifact, name: "tool_search", tool_call_id: "s1" }),
    new AIMessage("Sunny."),
    new HumanMessage("and tomorrow?"),
  ];
}

describe("createToolSelectorNode with tool search", () => {
  it("rebuilds the loaded set from the tool_search messages when the channel was never written", async () => {
    const { catalog } = createSearchCatalog();
    const node = createToolSelectorNode({ catalog, mode: "search", searchTool: createToolSearchTool(catalog), countTokens: false });
    const update = await node({ messages: historyWithSearch() });
    expect(update.toolSelection.tools).toEqual(["get_time", "tool_search", "get_weather", "send_email"]);
    expect(update.toolSelection.rebuiltFromHistory).toBe(true);
    expect(update.loadedTools).toEqual(["get_weather", "send_email"]);
  });

  it("does not rebuild when the channel holds a set, even an empty one (everything was unloaded)", async () => {
    const { catalog } = createSearchCatalog();
    const node = createToolSelectorNode({ catalog, mode: "search", searchTool: createToolSearchTool(catalog), countTokens: false });
    const update = await node({ messages: historyWithSearch(), loadedTools: [] });
    expect(update.toolSelection.tools).toEqual(["get_time", "tool_search"]);
    expect(update.loadedTools).toBeUndefined();
  });

  it("drops loaded tools that are no longer available (excluded) from the channel", async () => {
    const { catalog } = createSearchCatalog();
    const node = createToolSelectorNode({
      catalog,
      mode: "search",
      exclude: ["send_email"],
      searchTool: createToolSearchTool(catalog),
      countTokens: false,
    });
    const update = await node({ messages: historyWithSearch(), loadedTools: ["get_weather", "send_email"] });
    expect(update.toolSelection.tools).toEqual(["get_time", "tool_search", "get_weather"]);
    expect(update.loadedTools).toEqual({ unload: ["send_email"] });
  });

  it("rebuilds through the agent when a thread starts from a carried-over history", async () => {
    const { catalog, calls } = createSearchCatalog();
    const { model, bound } = recordBoundTools(
      fakeModel()
        .respond(callTool("get_weather", { text: "tomorrow" }))
        .respond(new AIMessage("Rain.")),
    );
    const agent = createDynamicToolAgent({ model, catalog, mode: "search", countTokens: false });
    const result = await agent.invoke({ messages: historyWithSearch() });
    expect(bound[0]).toEqual(["get_time", "tool_search", "get_weather", "send_email"]);
    expect(result.loadedTools).toEqual(["get_weather", "send_email"]);
    expect(calls).toEqual(["get_weather"]);
  });

  it("fails at construction when a search mode has no search tool, or its name clashes with a catalog tool", () => {
    const { catalog } = createSearchCatalog();
    const codeOf = (build: () => unknown) => {
      try {
        build();
      } catch (error) {
        return DynamicToolsError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return "none";
    };
    expect(codeOf(() => createToolSelectorNode({ catalog, mode: "search" }))).toBe(
      'INVALID_OPTION: mode "search" binds tool_search: pass searchTool: createToolSearchTool(catalog).',
    );
    expect(
      codeOf(() => createToolSelectorNode({ catalog, mode: "both", searchTool: createToolSearchTool(catalog, { name: "get_weather" }) })),
    ).toMatch(/^DUPLICATE_TOOL/);
    expect(codeOf(() => createToolSelectorNode({ catalog, mode: "sarch" as never }))).toMatch(/^INVALID_OPTION: Unknown mode "sarch"/);
  });

  it("drops into a hand-built graph: the search tool goes to the selector, the model node and the tool node", async () => {
    const { catalog, calls } = createSearchCatalog();
    const toolSearch = createToolSearchTool(catalog);
    const { model, bound } = recordBoundTools(
      fakeModel()
        .respond(callTool("tool_search", { query: "translate text" }))
        .respond(callTool("translate_text", { text: "hola" }))
        .respond(new AIMessage("hello")),
    );
    const graph = new StateGraph(DynamicToolsAnnotation)
      .addNode("select_tools", createToolSelectorNode({ catalog, mode: "search", searchTool: toolSearch }))
      .addNode("agent", createDynamicModelNode({ model, catalog, extraTools: [toolSearch] }))
      .addNode("tools", new DynamicToolNode(catalog, { extraTools: [toolSearch] }))
      .addEdge(START, "select_tools")
      .addEdge("select_tools", "agent")
      .addConditionalEdges("agent", toolsCondition, ["tools", END])
      .addEdge("tools", "select_tools")
      .compile();
    const result = await graph.invoke({ messages: [new HumanMessage("translate hola")] });
    expect(bound).toEqual([
      ["get_time", "tool_search"],
      ["get_time", "tool_search", "translate_text"],
      ["get_time", "tool_search", "translate_text"],
    ]);
    expect(calls).toEqual(["translate_text"]);
    expect(result.toolSelection!.tokens!.selected).toBeGreaterThan(catalog.tokensOf("get_time") + catalog.tokensOf("translate_text"));
  });
});
