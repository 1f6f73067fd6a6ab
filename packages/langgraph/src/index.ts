/**
 * @module @dynamic-tools/langgraph: drop dynamic tool selection into a LangGraph.js graph in place of
 * `bindTools(ALL_TOOLS)`: a pre-model selection node, a model node that binds only the selection, DynamicToolNode
 * that executes any catalog tool, a prebuilt agent, and `tool_search` with loaded tools that persist (modes select,
 * search, both and auto). The createAgent middleware is at `@dynamic-tools/langgraph/middleware`, a local fake
 * OpenAI endpoint for tests at `@dynamic-tools/langgraph/testing`.
 */
export {
  DynamicToolsAnnotation,
  toolSelectionChannels,
  loadedToolsChannels,
  type DynamicToolsState,
  type DynamicToolsUpdate,
} from "./state/dynamic-tools-state.js";

// The nodes of a graph: select, then bind the selection, then execute any catalog tool the caller may use.
export { createToolSelectorNode, type ToolSelectorNodeOptions, type ToolSelectorNodeUpdate } from "./nodes/tool-selector-node.js";
export {
  bindSelectedTools,
  createDynamicModelNode,
  type DynamicModelNodeOptions,
  type ToolCallingModel,
} from "./nodes/bind-selected-tools.js";
export { DynamicToolNode, type DynamicToolNodeOptions } from "./nodes/dynamic-tool-node.js";
export { dynamicToolsCondition } from "./nodes/tools-condition.js";
export { modelRequest, type ModelRequest, type ModelRequestInput } from "./nodes/model-request.js";

// Provider binders: native deferred loading (binding "native") and Anthropic's cache breakpoints.
export { nativeProtocolOf, NATIVE_PROTOCOLS, NATIVE_TOOL_LIMITS, type NativeProtocol } from "./providers/native-protocol.js";
export { nativeTools, type NativeTools, type NativeToolsInput, type NativeNamespace } from "./providers/native-tools.js";
export {
  nativeMessages,
  anthropicCacheBreakpoints,
  withClientSearchCalls,
  nativeReceiver,
  type NativeMessagesOptions,
} from "./providers/native-messages.js";
export { proxyMessages, withDirectCalls, type ProxyMessagesOptions } from "./providers/proxy-calls.js";
export { nativeRequest, type NativeRequest, type NativeRequestInput } from "./providers/native-request.js";
export type { NativeBinding } from "./modes/native-plan.js";
export { createDynamicToolAgent, AGENT_NODES, type DynamicToolAgentOptions } from "./prebuilt/create-dynamic-tool-agent.js";

// tool_search and the tools it loaded.
export { createToolSearchTool, type ToolSearchOptions } from "./search/tool-search-tool.js";
export { isToolSearchArtifact, type ToolSearchArtifact } from "./search/search-artifact.js";
export { loadedToolsFromMessages } from "./search/loaded-tools-history.js";
export type { LoadedToolsUpdate } from "./search/loaded-tools.js";

// Modes (select, search, both, auto) and what a turn bound.
export { parseToolMode, type ToolMode } from "./modes/tool-mode.js";
export { KNOWN_CONTEXT_WINDOWS } from "./modes/context-windows.js";
export type { DynamicToolSelection, UnloadedTool } from "./modes/dynamic-tool-selection.js";

// Execution: refusals, approvals, timeouts.
export { isToolCallRefusal, type ToolCallRefusal } from "./execution/tool-call-refusal.js";
export type { ApprovalRequest, ApprovalDecision } from "./execution/approval.js";
export type { ToolTimeouts } from "./execution/execution-options.js";

// Learning from usage across processes (any LangGraph store).
export { BaseStoreUsageStore } from "./usage/base-store-usage-store.js";
