/**
 * @module Graph state for dynamic tools: the messages plus a `toolSelection` channel holding the latest selection
 * (tool names in bind order and the whole explanation) and a `loadedTools` channel holding the tools `tool_search`
 * loaded, readable in LangGraph Studio and in checkpoints.
 */
import { Annotation, MessagesAnnotation } from "@langchain/langgraph";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { reduceLoadedTools, type LoadedToolsUpdate } from "../search/loaded-tools.js";

/**
 * The `toolSelection` channel alone, to spread into your own state annotation.
 *
 * @example
 * ```ts
 * const MyState = Annotation.Root({ ...MessagesAnnotation.spec, ...toolSelectionChannels, userId: Annotation<string>() });
 * ```
 */
export const toolSelectionChannels = {
  /** The selection made before the latest model call (replaced, not merged, on each update). */
  toolSelection: Annotation<DynamicToolSelection | null>({
    reducer: (_previous, next) => next,
    default: () => null,
  }),
};

/**
 * The `loadedTools` channel alone: the tools `tool_search` loaded, in first-load order (append-unique; the selector
 * writes `{ unload: [...] }` when the budget unloads some). `null` until first written, so a thread whose channel
 * was lost is told apart from one with nothing loaded (its set is then rebuilt from the history).
 *
 * @example
 * ```ts
 * const MyState = Annotation.Root({ ...MessagesAnnotation.spec, ...toolSelectionChannels, ...loadedToolsChannels });
 * ```
 */
export const loadedToolsChannels = {
  loadedTools: Annotation<string[] | null, LoadedToolsUpdate>({
    reducer: reduceLoadedTools,
    default: () => null,
  }),
};

/**
 * Messages plus the `toolSelection` and `loadedTools` channels: the state of {@link createDynamicToolAgent}, and a
 * ready-made state for hand-built graphs.
 *
 * @example
 * ```ts
 * import { StateGraph } from "@langchain/langgraph";
 * import { DynamicToolsAnnotation } from "@dynamic-tools/langgraph";
 * const graph = new StateGraph(DynamicToolsAnnotation);
 * ```
 */
export const DynamicToolsAnnotation = Annotation.Root({
  ...MessagesAnnotation.spec,
  ...toolSelectionChannels,
  ...loadedToolsChannels,
});

/** The state type of {@link DynamicToolsAnnotation}. */
export type DynamicToolsState = typeof DynamicToolsAnnotation.State;
/** The update type of {@link DynamicToolsAnnotation}. */
export type DynamicToolsUpdate = typeof DynamicToolsAnnotation.Update;
