/**
 * @module @dynamic-tools/core/types: the types that public signatures of this package use beyond those its other
 * entry points export (options objects, strategy and snapshot shapes, seams such as `RankRequest`), so every type a
 * signature names can be imported. Types only: importing it loads nothing. `test/public-types.test.ts` fails on a type a
 * signature uses that no entry point exports.
 */
export type { ApplyBudgetOptions, BudgetResult } from "./budget/apply-budget.js";
export type { CatalogSettings, CategoryDeclaration, HistoryOptions } from "./catalog/catalog-config.js";
export type { CatalogChangeListener } from "./catalog/catalog-events.js";
export type { CategoryInfo, NamespaceInfo } from "./catalog/catalog-state.js";
export type { CheckParametersOptions, Path } from "./catalog/parameters-schema.js";
export type { ResolvedSettings } from "./catalog/tool-catalog.js";
export type { ConversationText, ReadConversationOptions } from "./conversation/conversation-text.js";
export type { DynamicToolsProblem } from "./errors/dynamic-tools-error.js";
export type { RoleRules, ToolRule } from "./permissions/permission-policy.js";
export type { CatalogIndex, CatalogIndexOptions } from "./retrieval/catalog-index.js";
export type { FuzzyStrategy, FuzzyStrategyOptions, SavedFuzzyIndex } from "./retrieval/fuzzy/fuzzy-strategy.js";
export type { FusionMethod, HybridStrategy, HybridStrategyOptions } from "./retrieval/hybrid/hybrid-strategy.js";
export type { FittedFusion, FusedSource, FusionWeights } from "./retrieval/hybrid/fusion-weights.js";
export type { HeldOutEvidence, HeldOutProbe, LearnedFieldChanges } from "./retrieval/learned-field.js";
export type { SavedBm25Postings } from "./retrieval/lexical/bm25-index.js";
export type { Bm25Strategy, Bm25StrategyOptions, SavedBm25Index } from "./retrieval/lexical/bm25-strategy.js";
export type { VocabularyExpansion, VocabularyExpansionOptions, WordVectors } from "./retrieval/lexical/vocabulary-expansion.js";
export type { RankRequest, SignalName } from "./retrieval/retrieval-strategy.js";
export type { CreateStrategyOptions } from "./retrieval/strategy-registry.js";
export type { ToolField } from "./retrieval/tool-text.js";
export type { VectorStoreStrategy, VectorStoreStrategyOptions } from "./retrieval/vector/vector-store-strategy.js";
export type { SavedVectorIndex, VectorStrategy, VectorStrategyOptions } from "./retrieval/vector/vector-strategy.js";
export type { CoUsageOptions, CoUsedTool } from "./selection/expand-co-usage.js";
export type { ExpandToNamespacesInput, NamespaceExpansion } from "./selection/expand-namespaces.js";
export type { SelectionDraft } from "./selection/explain-selection.js";
export type { AutoCutOptions } from "./selection/ranked-candidates.js";
export type { SelectionReserve, SelectionScope } from "./selection/selection-scope.js";
export type { RankedSelection } from "./selection/tool-selection.js";
export type {
  Bm25Header,
  CatalogSnapshot,
  FuzzyHeader,
  LoadSnapshotOptions,
  LoadedSnapshot,
  SnapshotOrRebuild,
  SnapshotSection,
  SnapshotStrategyOptions,
  VectorsHeader,
  WriteSnapshotOptions,
} from "./snapshot/catalog-snapshot.js";
export type { OftenUsedWithOptions } from "./usage/co-usage-line.js";
export type { CoUsageReader } from "./usage/co-usage-reader.js";
export type { JsonlUsageStoreOptions } from "./usage/jsonl-usage-store.js";
export type { SavedFusionFits } from "./usage/saved-fusion-fits.js";
export type { ObservationInput } from "./usage/observation.js";
export type { ParseObservationsOptions } from "./usage/observations-file.js";
export type { ToolResultsObservationOptions } from "./usage/tool-results-observation.js";
export type { CategoryUsage, ObserveOutcome, UsageModelOptions } from "./usage/usage-model.js";
export type { UsageRecorderOptions } from "./usage/usage-recorder.js";
export type { CategoryReport, UsageReport, UsageReportOptions } from "./usage/usage-report.js";
