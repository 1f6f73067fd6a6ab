/**
 * @module @dynamic-tools/core: a catalog of every tool an agent owns, and the selection of the few that matter for
 * each turn (category keywords or a retrieval strategy, related expansion, multi-turn context, a budget by count and
 * tokens), with an explanation of every choice. No LangGraph dependency. Offline evaluation is at
 * `@dynamic-tools/core/eval`; what the sibling packages share is at `@dynamic-tools/core/internal` (not semver-stable).
 */
export { DynamicToolsError, type DynamicToolsErrorCode } from "./errors/dynamic-tools-error.js";

// The catalog: every tool, its metadata, categories and namespaces, live updates, token counts.
export { ToolCatalog, type ToolCatalogOptions, type SavedCatalogDerivation } from "./catalog/tool-catalog.js";
export { loadCatalogFile, type CatalogWarning, type LoadCatalogOptions } from "./catalog/catalog-file.js";
export type { CatalogConfig } from "./catalog/catalog-config.js";
export type { ToolDeclaration, ToolMetadata, ToolSourceKind, PermissionKind, JsonSchema } from "./catalog/tool-metadata.js";
export type { ToolsUpdate, CatalogChange } from "./catalog/catalog-events.js";
export type { CatalogChanges } from "./catalog/change-log.js";
export { countDefinitionTokens } from "./catalog/tokens/token-counter.js";
export type { ToolDefinition } from "./catalog/tokens/tool-definition.js";

export type { ConversationMessage } from "./conversation/conversation-text.js";

// Selection: the tools for this turn, and why.
export {
  createToolSelector,
  type ToolSelector,
  type KeywordToolSelector,
  type ToolSelectorOptions,
  type SelectToolsOptions,
  type SelectionInput,
  type Abstention,
  type AbstentionOptions,
  type RelevanceFloor,
  type ConversationMemoryOptions,
} from "./selection/tool-selector.js";
export type { PinnedTool } from "./selection/pinned-tools.js";
export type { CalledTool } from "./conversation/called-tools.js";
export { defaultStrategyFor } from "./selection/default-strategy.js";
export type { SelectionRequest } from "./selection/selection-scope.js";
export type { ToolSelection, SelectedTool, SelectedCategory, SelectionTier } from "./selection/tool-selection.js";

// Retrieval strategies (also chosen by name: `createToolSelector(catalog, { strategy: "hybrid" })`).
export type { RetrievalStrategy, RankedTool } from "./retrieval/retrieval-strategy.js";
export { createBm25Strategy } from "./retrieval/lexical/bm25-strategy.js";
export { createFuzzyStrategy } from "./retrieval/fuzzy/fuzzy-strategy.js";
export { createHybridStrategy } from "./retrieval/hybrid/hybrid-strategy.js";
export { createVectorStrategy } from "./retrieval/vector/vector-strategy.js";
export { createVectorStoreStrategy } from "./retrieval/vector/vector-store-strategy.js";
export { BruteForceVectorIndex, type VectorIndex, type VectorIndexFactory, type VectorMatch } from "./retrieval/vector/vector-index.js";
export { registerDefaultEmbeddings, type DefaultEmbeddingsLoader } from "./retrieval/vector/default-embeddings.js";
export {
  registerVectorIndexPlugin,
  type VectorIndexPlugin,
  type VectorIndexPluginLoader,
} from "./retrieval/vector/vector-index-plugin.js";

// Permissions: which tools a caller may see and run.
export {
  definePolicy,
  DEFAULT_POLICY,
  ALLOW_ALL,
  type PermissionPolicy,
  type PolicyDefinition,
  type PermissionDecision,
  type Caller,
} from "./permissions/permission-policy.js";

// Snapshots: a catalog and its indexes saved to disk, for a fast cold start.
export { writeSnapshot, loadSnapshot, readSnapshot, type SnapshotFile } from "./snapshot/catalog-snapshot.js";

// Learning from usage.
export { UsageModel } from "./usage/usage-model.js";
export type { LearnedField, LearnedFieldChange } from "./retrieval/learned-field.js";
export { UsageRecorder } from "./usage/usage-recorder.js";
export { MemoryUsageStore, type UsageStore } from "./usage/usage-store.js";
export { JsonlUsageStore } from "./usage/jsonl-usage-store.js";
export type { Observation } from "./usage/observation.js";
export { toolResultsObservation } from "./usage/tool-results-observation.js";
export { learnFromFile } from "./usage/learn-from-file.js";
export { usageReport } from "./usage/usage-report.js";

// The catalog doctor: hard-to-find and confusable tools, and what to change in the catalog file.
export { runDoctor, type DoctorOptions, type DoctorReport, type DoctorFindingWithPatch } from "./doctor/run-doctor.js";
export type { DoctorCheck, DoctorFinding, DoctorSeverity } from "./doctor/doctor-finding.js";
export type { DeclarationPatch } from "./doctor/self-retrieval.js";
export { formatDoctorReport } from "./doctor/format-doctor.js";
export { doctorReportHtml } from "./doctor/doctor-report-html.js";
