/**
 * @module @dynamic-tools/langgraph: drop dynamic tool selection into a LangGraph.js graph in place of
 * `bindTools(ALL_TOOLS)`: a pre-model selection node, a model node that binds only the selection, DynamicToolNode
 * that executes any catalog tool, a prebuilt agent, and `tool_search` with loaded tools that persist (modes select,
 * search, both and auto). The createAgent middleware is at `@dynamic-tools/langgraph/middleware`.
 */
export {
  DynamicToolsAnnotation,
  toolSelectionChannels,
  loadedToolsChannels,
  type DynamicToolsState,
  type DynamicToolsUpdate,
} from "./state/dynamic-tools-state.js";
export {
  createToolSelectorNode,
  selectionTraceMetadata,
  SELECTION_RUN_NAME,
  type ToolSelectorNodeOptions,
  type ToolSelectorNodeUpdate,
} from "./nodes/tool-selector-node.js";
export {
  bindSelectedTools,
  createDynamicModelNode,
  type DynamicModelNodeOptions,
  type ToolCallingModel,
} from "./nodes/bind-selected-tools.js";
export { DynamicToolNode, type DynamicToolNodeOptions } from "./nodes/dynamic-tool-node.js";
export { definitionOfTool, definitionTokensOf } from "./search/extra-tool-definition.js";
export { createDynamicToolAgent, AGENT_NODES, type DynamicToolAgentOptions } from "./prebuilt/create-dynamic-tool-agent.js";

export { createToolSearchTool, LOADED_TOOLS_KEY, type ToolSearchOptions, type ToolSearchInput, type ToolSearchTool } from "./search/tool-search-tool.js";
export { isToolSearchArtifact, type ToolSearchArtifact, type ToolSearchMatch } from "./search/search-artifact.js";
export { formatSearchResults, type FormatSearchResultsInput } from "./search/format-search-results.js";
export { expandToNamespaces, type ExpandToNamespacesInput, type NamespaceExpansion } from "@dynamic-tools/core";
export { reduceLoadedTools, type LoadedToolsUpdate } from "./search/loaded-tools.js";
export {
  loadedToolsFromMessages,
  loadedToolRecency,
  TOOL_SEARCH_NAME,
  type LoadedHistoryOptions,
  type LoadedToolRecency,
} from "./search/loaded-tools-history.js";
export { planBoundTools, type PlanBoundToolsInput, type BoundToolsPlan } from "./search/plan-bound-tools.js";

export {
  parseToolMode,
  usesSearch,
  DEFAULT_AUTO_PERCENT,
  type ToolMode,
  type BindingMode,
  type FallbackMode,
  type ParsedToolMode,
} from "./modes/tool-mode.js";
export { decideAutoMode, type AutoModeDecision, type DecideAutoModeInput } from "./modes/auto-mode.js";
export { KNOWN_CONTEXT_WINDOWS, contextWindowOf, modelNameOf } from "./modes/context-windows.js";
export { createTurnPlanner, type TurnPlanner, type TurnPlannerOptions, type TurnPlan, type TurnPlannerInput } from "./modes/turn-planner.js";
export type { DynamicToolSelection, UnloadedTool } from "./modes/dynamic-tool-selection.js";
export {
  refusalText,
  refusalReason,
  refusalMessage,
  isToolCallRefusal,
  type ToolCallRefusal,
  type ToolCallRefusalCode,
} from "./execution/tool-call-refusal.js";
export { createCallPlanner, type CallPlanner, type CallPlannerOptions, type CallPlan, type CallContext, type RunnableCall } from "./execution/call-planner.js";
export {
  requestApproval,
  approvalRequest,
  normaliseDecision,
  type ApprovalRequest,
  type ApprovalDecision,
  type ApprovalActionRequest,
  type ApprovalReviewConfig,
} from "./execution/approval.js";
export { pendingCalls } from "./execution/pending-calls.js";
export { describeThrown, ToolCallFailure } from "./execution/tool-failure.js";
export type { ToolTimeouts } from "./execution/execution-options.js";
export { findInProviders, readRequestTools, type ToolProvider, type RequestToolsReader } from "./execution/tool-resolution.js";
export { callerFromConfig } from "./permissions/caller.js";
export { BaseStoreUsageStore, type BaseStoreUsageStoreOptions } from "./usage/base-store-usage-store.js";
export { recordStepUsage, type UsageLearningOptions } from "./usage/record-step-usage.js";
