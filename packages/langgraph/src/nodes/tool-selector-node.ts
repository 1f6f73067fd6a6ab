/**
 * @module The pre-model node: reads the conversation (and the loaded tools) and writes this turn's
 * {@link ToolSelection} to state, in any mode: select, search, both or auto.
 */
import type { ToolSelection } from "@dynamic-tools/core";
import type { BaseMessage } from "@langchain/core/messages";
import { RunnableLambda, type RunnableConfig } from "@langchain/core/runnables";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { callerFromConfig } from "../permissions/caller.js";
import type { UsageLearningOptions } from "../usage/record-step-usage.js";
import { createTurnPlanner, PLANNER_OPTION_KEYS, type TurnPlannerOptions } from "../modes/turn-planner.js";
import { checkOptionKeys, keysOf } from "@dynamic-tools/core/internal";
import type { LoadedToolsUpdate } from "../search/loaded-tools.js";

/** The name of the traced child run that carries each selection (a LangSmith run, a `streamEvents` event). */
export const SELECTION_RUN_NAME = "tool_selection";

/**
 * The run metadata of a selection, as LangSmith shows it: enough to see why the model saw what it saw without
 * opening the output. Plain JSON values only.
 *
 * @example
 * ```ts
 * selectionTraceMetadata(createToolSelector(catalog, { strategy: "keyword" })("what is pending salary?"));
 * // { strategy: "keyword", count: 19, totalTools: 137, trimmedCount: 0, categories: ["salary", "staff"],
 * //   tokensSelected: 2153, tokensAll: 16881, maxTools: 128 }
 * ```
 */
export function selectionTraceMetadata(selection: ToolSelection | DynamicToolSelection): Record<string, string | number | string[]> {
  const { mode, loaded, unloaded, binding } = selection as DynamicToolSelection;
  return {
    ...(mode === undefined ? {} : { mode }),
    strategy: selection.strategy,
    count: selection.count,
    totalTools: selection.totalTools,
    trimmedCount: selection.trimmed.length,
    ...(selection.trimmedBy === undefined ? {} : { trimmedBy: selection.trimmedBy }),
    categories: selection.categories.map((category) => category.name),
    ...(selection.ranked === undefined ? {} : { ranked: selection.ranked.map((tool) => tool.name) }),
    ...(selection.tokens === undefined ? {} : { tokensSelected: selection.tokens.selected, tokensAll: selection.tokens.all }),
    maxTools: selection.budget.maxTools,
    ...(selection.budget.maxTokens === undefined ? {} : { maxTokens: selection.budget.maxTokens }),
    ...(loaded === undefined ? {} : { loaded }),
    ...(unloaded === undefined || unloaded.length === 0 ? {} : { unloaded: unloaded.map((tool) => tool.name) }),
    ...(binding === undefined
      ? {}
      : { binding: binding.policy, toolsChanged: binding.changed ? "yes" : "no", rebilledTokens: binding.rebilledTokens }),
  };
}

/**
 * Records a selection as a child run of the node, named {@link SELECTION_RUN_NAME}, with the query as input, the
 * whole selection as output and {@link selectionTraceMetadata} as metadata. Run metadata is fixed when a run
 * starts, so the selection is made first (it takes microseconds to milliseconds) and recorded here.
 */
export async function traceSelection(selection: ToolSelection, config: RunnableConfig | undefined): Promise<void> {
  await RunnableLambda.from(function toolSelection() {
    return selection;
  }).invoke(selection.query, {
    ...config,
    runName: SELECTION_RUN_NAME,
    metadata: { ...config?.metadata, ...selectionTraceMetadata(selection) },
    tags: [...(config?.tags ?? []), "dynamic-tools"],
  });
}

/**
 * Options of {@link createToolSelectorNode}: the catalog plus any selection option, including the strategy (by
 * default `"keyword"` when the catalog declares keywords for every category, else `"hybrid"`; or `"bm25"`, … or
 * your own) and, for retrieval, `topK` and `autoCut`; and the mode (`"select"` by default; `"search"` and `"both"`
 * need `searchTool`; `"auto"`/`"auto:N"` need the model or `contextWindow`).
 */
export type ToolSelectorNodeOptions = Omit<TurnPlannerOptions, "usage"> & UsageLearningOptions;

const SELECTOR_NODE_OPTION_KEYS = keysOf<ToolSelectorNodeOptions>()([...PLANNER_OPTION_KEYS, "searchTool", "usageScope"]);

/** What the node writes: the selection, and the loaded set when it changes (rebuilt or unloaded). */
export interface ToolSelectorNodeUpdate {
  toolSelection: DynamicToolSelection;
  loadedTools?: LoadedToolsUpdate;
  /** Binding `native`: the selection delivered as a search turn (an AI `tool_search` call and its result). */
  messages?: BaseMessage[];
}

/**
 * Creates the pre-model node. Options are validated here, so a bad configuration fails when the graph is built,
 * not on the first user message. Each selection is also recorded as a child run named `tool_selection` whose
 * metadata holds the strategy, counts, trimming, categories and tokens, so a LangSmith trace shows why the model
 * saw what it saw.
 *
 * In modes `search` and `both` the bound list is core, `tool_search`, this turn's selection, then the loaded tools
 * (first-load order); the budget covers all of it and unloads the least recently used loaded tools when needed.
 *
 * @param options.catalog - the full registry to select from.
 * @param options.mode - `"select"` (default), `"search"`, `"both"`, `"auto"` or `"auto:N"`.
 * @param options.searchTool - the tool from `createToolSearchTool(catalog)`, for modes that bind it.
 * @param options.usage - a `UsageRecorder` whose model ranks and adds co-used tools. The node records nothing: pass
 *   the same recorder to `DynamicToolNode`, which records the calls it ran (never calls read from messages).
 * @example
 * ```ts
 * const graph = new StateGraph(DynamicToolsAnnotation)
 *   .addNode("select_tools", createToolSelectorNode({ catalog }))
 *   .addNode("agent", createDynamicModelNode({ model, catalog }))
 *   .addNode("tools", new DynamicToolNode(catalog))
 *   .addEdge("__start__", "select_tools")
 *   .addEdge("select_tools", "agent")
 *   .addConditionalEdges("agent", toolsCondition, ["tools", "__end__"])
 *   .addEdge("tools", "select_tools")
 *   .compile();
 * ```
 */
export function createToolSelectorNode(options: ToolSelectorNodeOptions) {
  checkOptionKeys(options, SELECTOR_NODE_OPTION_KEYS, "createToolSelectorNode");
  const plan = createTurnPlanner(options);
  return async function selectTools(
    state: { messages: BaseMessage[]; loadedTools?: readonly string[] | null; toolSelection?: ToolSelection | null },
    config?: RunnableConfig,
  ): Promise<ToolSelectorNodeUpdate> {
    const {
      selection,
      loadedUpdate,
      messages: delivered,
    } = await plan({
      messages: state.messages,
      loadedTools: state.loadedTools,
      caller: callerFromConfig(config),
      previous: state.toolSelection,
    });
    await traceSelection(selection, config);
    const update: ToolSelectorNodeUpdate = { toolSelection: selection };
    if (loadedUpdate !== undefined) update.loadedTools = loadedUpdate;
    if (delivered !== undefined) update.messages = delivered;
    return update;
  };
}
