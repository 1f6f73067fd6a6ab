/**
 * @module The prebuilt agent: select → agent → tools, looping; the drop-in for `createReactAgent(model, ALL_TOOLS)`.
 */
import type { ToolCatalog, ToolSelectorOptions } from "@dynamic-tools/core";
import { END, START, StateGraph, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { createDynamicModelNode, type ToolCallingModel } from "../nodes/bind-selected-tools.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";

/** Options of {@link createDynamicToolAgent}. */
export interface DynamicToolAgentOptions extends ToolSelectorOptions {
  /** A tool-calling chat model. */
  model: ToolCallingModel;
  /** The full registry. */
  catalog: ToolCatalog;
  /** A system prompt put before the conversation on every model call. */
  systemPrompt?: string;
  /** Persists threads (and their selections) across calls, e.g. `new MemorySaver()`. */
  checkpointer?: BaseCheckpointSaver | boolean;
  /** A long-term store passed to tools. */
  store?: BaseStore;
  /** The compiled graph's name. @defaultValue "dynamic_tool_agent" */
  name?: string;
}

/** Node names of the prebuilt agent, as they appear in traces and in LangGraph Studio. */
export const AGENT_NODES = { select: "select_tools", model: "agent", tools: "tools" } as const;

/**
 * Builds and compiles the agent graph: `select_tools` picks this turn's tools, `agent` calls the model with only
 * those bound, `tools` executes any catalog tool the model called, then back to `select_tools`.
 *
 * @param options.model - a tool-calling chat model.
 * @param options.catalog - the full registry.
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
 * ```
 */
export function createDynamicToolAgent({
  model,
  catalog,
  systemPrompt,
  checkpointer,
  store,
  name = "dynamic_tool_agent",
  ...selectOptions
}: DynamicToolAgentOptions) {
  const { platform, exclude } = selectOptions;
  return new StateGraph(DynamicToolsAnnotation)
    .addNode(AGENT_NODES.select, createToolSelectorNode({ catalog, ...selectOptions }))
    .addNode(AGENT_NODES.model, createDynamicModelNode({ model, catalog, ...(systemPrompt === undefined ? {} : { systemPrompt }) }))
    .addNode(
      AGENT_NODES.tools,
      new DynamicToolNode(catalog, { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) }),
    )
    .addEdge(START, AGENT_NODES.select)
    .addEdge(AGENT_NODES.select, AGENT_NODES.model)
    .addConditionalEdges(AGENT_NODES.model, toolsCondition, [AGENT_NODES.tools, END])
    .addEdge(AGENT_NODES.tools, AGENT_NODES.select)
    .compile({
      name,
      ...(checkpointer === undefined ? {} : { checkpointer }),
      ...(store === undefined ? {} : { store }),
    });
}
