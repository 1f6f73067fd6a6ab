/**
 * @module Graph state for dynamic tools: the messages plus a `toolSelection` channel holding the latest selection
 * (tool names in bind order and the whole explanation), readable in LangGraph Studio and in checkpoints.
 */
import type { ToolSelection } from "@dynamic-tools/core";
import { Annotation, MessagesAnnotation } from "@langchain/langgraph";

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
  toolSelection: Annotation<ToolSelection | null>({
    reducer: (_previous, next) => next,
    default: () => null,
  }),
};

/**
 * Messages plus the `toolSelection` channel: the state of {@link createDynamicToolAgent}, and a ready-made state for
 * hand-built graphs.
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
});

/** The state type of {@link DynamicToolsAnnotation}. */
export type DynamicToolsState = typeof DynamicToolsAnnotation.State;
/** The update type of {@link DynamicToolsAnnotation}. */
export type DynamicToolsUpdate = typeof DynamicToolsAnnotation.Update;
