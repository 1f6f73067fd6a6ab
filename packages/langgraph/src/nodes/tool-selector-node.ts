/**
 * @module The pre-model node: reads the conversation and writes this turn's {@link ToolSelection} to state.
 */
import { createSelector, type SelectToolsOptions, type ToolCatalog, type ToolSelection } from "@dynamic-tools/core";
import type { BaseMessage } from "@langchain/core/messages";

/** Options of {@link createToolSelectorNode}: the catalog plus any selection option. */
export interface ToolSelectorNodeOptions extends SelectToolsOptions {
  /** The full registry. */
  catalog: ToolCatalog;
}

/**
 * Creates the pre-model node. Options are validated here, so a bad configuration fails when the graph is built,
 * not on the first user message.
 *
 * @param options.catalog - the full registry to select from.
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
export function createToolSelectorNode({ catalog, ...options }: ToolSelectorNodeOptions) {
  const select = createSelector(catalog, options);
  return function selectTools(state: { messages: BaseMessage[] }): { toolSelection: ToolSelection } {
    return { toolSelection: select(state.messages) };
  };
}
