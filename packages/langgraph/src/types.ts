/**
 * @module @dynamic-tools/langgraph/types: the types that public signatures of this package use beyond those its other
 * entry points export (options objects, strategy and snapshot shapes, seams such as `RankRequest`), so every type a
 * signature names can be imported. Types only: importing it loads nothing. `test/public-types.test.ts` fails on a type a
 * signature uses that no entry point exports.
 */
export type { ApprovalClaimStore } from "./execution/approval-claims.js";
export type { ApprovalActionRequest, ApprovalReviewConfig } from "./execution/approval.js";
export type { ToolCallRefusalCode } from "./execution/tool-call-refusal.js";
export type { RequestToolsReader, ToolProvider } from "./execution/tool-resolution.js";
export type { AutoModeDecision } from "./modes/auto-mode.js";
export type { BindingMode, FallbackMode, ParsedToolMode } from "./modes/tool-mode.js";
export type { TurnPlannerOptions } from "./modes/turn-planner.js";
export type { LoadedHistoryOptions } from "./search/loaded-tools-history.js";
export type { ToolSearchMatch } from "./search/search-artifact.js";
export type { ToolSearchTool } from "./search/tool-search-tool.js";
export type { BaseStoreUsageStoreOptions } from "./usage/base-store-usage-store.js";
export type { UsageLearningOptions } from "./usage/record-step-usage.js";
