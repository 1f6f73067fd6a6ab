/**
 * @module @dynamic-tools/langgraph: drop dynamic tool selection into a LangGraph.js graph in place of
 * `bindTools(ALL_TOOLS)`: a pre-model selection node, a model node that binds only the selection, DynamicToolNode
 * that executes any catalog tool, and a prebuilt agent.
 */
export { DynamicToolsAnnotation, toolSelectionChannels, type DynamicToolsState, type DynamicToolsUpdate } from "./state/dynamic-tools-state.js";
export {
  createToolSelectorNode,
  selectionTraceMetadata,
  SELECTION_RUN_NAME,
  type ToolSelectorNodeOptions,
} from "./nodes/tool-selector-node.js";
export {
  bindSelectedTools,
  createDynamicModelNode,
  type DynamicModelNodeOptions,
  type ToolCallingModel,
} from "./nodes/bind-selected-tools.js";
export { DynamicToolNode, type DynamicToolNodeOptions } from "./nodes/dynamic-tool-node.js";
export { createDynamicToolAgent, AGENT_NODES, type DynamicToolAgentOptions } from "./prebuilt/create-dynamic-tool-agent.js";
