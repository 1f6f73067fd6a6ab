/**
 * @module The prebuilt agent: select → agent → tools, looping; the drop-in for `createReactAgent(model, ALL_TOOLS)`,
 * in any mode (select, search, both, auto).
 */
import { END, START, StateGraph, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph";
import { checkOptionKeys, keysOf } from "@dynamic-tools/core/internal";
import { PLANNER_OPTION_KEYS, type TurnPlannerOptions } from "../modes/turn-planner.js";
import { createDynamicModelNode, type ToolCallingModel } from "../nodes/bind-selected-tools.js";
import type { ApprovalClaimStore } from "../execution/approval-claims.js";
import { checkUsageRecorder } from "../execution/executor-options.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import { dynamicToolsCondition } from "../nodes/tools-condition.js";
import type { ToolProvider } from "../execution/tool-resolution.js";
import type { NativeProtocol } from "../providers/native-protocol.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import { agentToolSearch } from "../search/search-wiring.js";
import type { ToolSearchOptions } from "../search/tool-search-tool.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import type { UsageLearningOptions } from "../usage/record-step-usage.js";

/** Options of {@link createDynamicToolAgent}. */
export interface DynamicToolAgentOptions extends Omit<TurnPlannerOptions, "model" | "searchTool" | "usage">, UsageLearningOptions {
  /** A tool-calling chat model (its name gives `auto` the context window, unless `contextWindow` is set). */
  model: ToolCallingModel;
  /**
   * `tool_search` settings (modes search, both and auto): `strategy` (default: the selection's retrieval strategy,
   * else "hybrid"), `defaultLimit` (5), `maxLimit` (10), `namespaceMaxSize` (10), `name`.
   */
  search?: Omit<ToolSearchOptions, "platform" | "exclude" | "core" | "policy">;
  /**
   * Tool sources for the execution fallback chain (SDK registry, then MCP source). Those with `close()` are closed
   * by the agent's `close()`. @defaultValue []
   */
  sources?: ReadonlyArray<ToolProvider & { close?: () => Promise<void> | void }>;
  /** A system prompt put before the conversation on every model call. */
  systemPrompt?: string;
  /** Persists threads (and their selections) across calls, e.g. `new MemorySaver()`. */
  checkpointer?: BaseCheckpointSaver | boolean;
  /** A long-term store passed to tools. */
  store?: BaseStore;
  /** The compiled graph's name. @defaultValue "dynamic_tool_agent" */
  name?: string;
  /**
   * Where the tools node claims approvals (see `ApprovalClaimStore`): one store shared by every process that resumes
   * the agent's pauses makes an approval run its call once across them. @defaultValue the tools node's memory
   */
  approvalClaims?: ApprovalClaimStore;
  /**
   * The model's provider protocol, for `binding: "native"` and Anthropic's cache breakpoints; `"proxy"` for a model
   * whose provider serves no deferred loading (see `nativeProtocolOf`). @defaultValue read from the model
   */
  nativeProtocol?: NativeProtocol;
}

/** Node names of the prebuilt agent, as they appear in traces and in LangGraph Studio. */
export const AGENT_NODES = { select: "select_tools", model: "agent", tools: "tools" } as const;

const AGENT_OPTION_KEYS = keysOf<DynamicToolAgentOptions>()([
  ...PLANNER_OPTION_KEYS,
  "usage",
  "usageScope",
  "search",
  "sources",
  "checkpointer",
  "store",
  "name",
  "approvalClaims",
  "nativeProtocol",
]);

/**
 * Builds and compiles the agent graph: `select_tools` picks this turn's tools, `agent` calls the model with only
 * those bound, `tools` executes any catalog tool the model called, then back to `select_tools`.
 *
 * With `mode: "search"` (or `"both"`, or `"auto"` when the catalog is large) the model also gets `tool_search`; the
 * tools it finds are loaded into `state.loadedTools` and bound from the next model call on, and persist with the
 * thread through the checkpointer.
 *
 * @param options.model - a tool-calling chat model.
 * @param options.catalog - the full registry.
 * @param options.mode - `"select"` (default), `"search"`, `"both"`, `"auto"` or `"auto:N"`.
 * @param options.usage - a `UsageRecorder`: the tools node records the calls it ran successfully, and its model
 *   ranks selection and annotates `tool_search` results ("Often used with"). A bare `UsageModel` is refused (pass
 *   `new UsageRecorder({ model })`).
 * @example
 * ```ts
 * import { MemorySaver } from "@langchain/langgraph";
 * import { createDynamicToolAgent } from "@dynamic-tools/langgraph";
 *
 * const agent = createDynamicToolAgent({ model, catalog, checkpointer: new MemorySaver() });
 * const result = await agent.invoke(
 *   { messages: [{ role: "user", content: "what is pending salary?" }] },
 *   { configurable: { thread_id: "1" } },
 * );
 * result.toolSelection?.tools; // what the model saw
 *
 * const searching = createDynamicToolAgent({ model, catalog, mode: "search", checkpointer: new MemorySaver() });
 *
 * const policy = definePolicy({ approval: ["dangerous"] });
 * const guarded = createDynamicToolAgent({ model, catalog, sources: [mcp], policy, checkpointer: new MemorySaver() });
 * await guarded.close(); // ends the MCP servers
 * ```
 */
export function createDynamicToolAgent(options: DynamicToolAgentOptions) {
  checkOptionKeys(options, AGENT_OPTION_KEYS, "createDynamicToolAgent");
  // Before the select node and tool_search read it (a UsageModel is enough to read): the tools node records into it.
  checkUsageRecorder(options.usage);
  const {
    model,
    catalog,
    systemPrompt,
    checkpointer,
    store,
    name = "dynamic_tool_agent",
    search,
    sources = [],
    approvalClaims,
    nativeProtocol,
    ...selectOptions
  } = options;
  const { policy, platform, exclude, core, strategy, mode, usage, usageScope } = selectOptions;
  const filters = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const searchTool = agentToolSearch({ catalog, mode, binding: selectOptions.binding, search, strategy, core, policy, usage, ...filters });
  const extraTools = searchTool === undefined ? [] : [searchTool];
  const learning = { ...(usage === undefined ? {} : { usage }), ...(usageScope === undefined ? {} : { usageScope }) };
  const graph = new StateGraph(DynamicToolsAnnotation)
    .addNode(
      AGENT_NODES.select,
      createToolSelectorNode({
        catalog,
        model,
        ...selectOptions,
        ...(systemPrompt === undefined ? {} : { systemPrompt }),
        ...(searchTool === undefined ? {} : { searchTool }),
      }),
    )
    .addNode(
      AGENT_NODES.model,
      createDynamicModelNode({
        model,
        catalog,
        extraTools,
        ...(systemPrompt === undefined ? {} : { systemPrompt }),
        ...(nativeProtocol === undefined ? {} : { nativeProtocol }),
        ...(policy === undefined ? {} : { policy }),
        maxTools: catalog.resolveSettings(selectOptions).maxTools + extraTools.length,
      }),
    )
    .addNode(
      AGENT_NODES.tools,
      new DynamicToolNode(catalog, {
        ...filters,
        ...learning,
        extraTools,
        sources,
        ...(policy === undefined ? {} : { policy }),
        ...(approvalClaims === undefined ? {} : { approvalClaims }),
      }),
    )
    .addEdge(START, AGENT_NODES.select)
    .addEdge(AGENT_NODES.select, AGENT_NODES.model)
    .addConditionalEdges(AGENT_NODES.model, dynamicToolsCondition, [AGENT_NODES.tools, END])
    .addEdge(AGENT_NODES.tools, AGENT_NODES.select)
    .compile({
      name,
      ...(checkpointer === undefined ? {} : { checkpointer }),
      ...(store === undefined ? {} : { store }),
    });
  /** Closes every source that can be closed (ends MCP server processes). */
  async function close(): Promise<void> {
    await Promise.all(sources.map((source) => source.close?.()));
  }
  return Object.assign(graph, { close });
}
