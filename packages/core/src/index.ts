/**
 * @module @dynamic-tools/core: a catalog of every tool an agent owns, and the selection of the few that matter for
 * each turn (category keywords, related expansion, multi-turn context, a budget by count and tokens), with an
 * explanation of every choice. No LangGraph dependency.
 */
export { ListenerSet, type Unsubscribe } from "./events/listener-set.js";
export { DynamicToolsError, type DynamicToolsErrorCode, type DynamicToolsProblem } from "./errors/dynamic-tools-error.js";

export {
  ToolCatalog,
  OPENAI_MAX_TOOLS,
  type ToolCatalogOptions,
  type CategoryInfo,
  type NamespaceInfo,
  type ResolvedSettings,
} from "./catalog/tool-catalog.js";
export type { ToolsUpdate, ToolsUpdatedEvent as CatalogToolsUpdatedEvent, CatalogListener } from "./catalog/catalog-events.js";
export { mayBePending } from "./catalog/catalog-state.js";
export { checkParameters, MAX_PARAMETERS_DEPTH, type CheckParametersOptions } from "./catalog/parameters-schema.js";
export { loadCatalogFile, type CatalogWarning, type LoadCatalogOptions } from "./catalog/catalog-file.js";
export { parseCatalogConfig, parseToolDeclaration } from "./catalog/parse-config.js";
export { describeValue, formatPath, isRecord, quote, MAX_QUOTED_LENGTH } from "./errors/describe-value.js";
export type { CatalogConfig, CatalogSettings, CategoryDeclaration, HistoryOptions, NamespaceDeclaration } from "./catalog/catalog-config.js";
export {
  PERMISSION_KINDS,
  DEFAULT_PERMISSION,
  TOOL_SOURCES,
  TOOL_NAME_PATTERN,
  toMetadata,
  type ToolMetadata,
  type ToolDeclaration,
  type ToolSource,
  type PermissionKind,
  type JsonSchema,
} from "./catalog/tool-metadata.js";
export { isLangChainTool, declarationFromLangChainTool, describeLangChainTool } from "./catalog/langchain-tool.js";

export { clipMessage, MAX_MESSAGE_CHARS, readConversation, textOf, type ConversationMessage, type ConversationText } from "./conversation/conversation-text.js";

export {
  createSelector,
  selectTools,
  type SelectToolsOptions,
  type SelectionInput,
  type Selector,
} from "./selection/select-tools.js";
export {
  SOURCE_PRIORITY,
  type ToolSelection,
  type SelectedCategory,
  type SelectedTool,
  type SelectionSource,
  type RankedSelection,
} from "./selection/tool-selection.js";
export {
  createToolSelector,
  type ToolSelectorOptions,
  type ToolSelector,
  type ClosableToolSelector,
  type AutoCutOptions,
} from "./selection/select-ranked.js";
export type { SelectionScope, SelectionDraft } from "./selection/selection-scope.js";
export { unbindableTools } from "./selection/selection-scope.js";
export { expandRelated, type RelatedCategory } from "./selection/expand-related.js";
export {
  CO_USAGE_DEFAULTS,
  coUsageSourceOf,
  expandCoUsage,
  resolveCoUsageOptions,
  type CoUsageInput,
  type CoUsageOptions,
  type CoUsageSource,
  type CoUsedTool,
} from "./selection/expand-co-usage.js";
export { deriveKeywords, type CategoryText, type DeriveKeywordsOptions } from "./selection/derive-keywords.js";
export { KeywordIndex, type KeywordMatch, type KeywordTarget } from "./selection/keyword-index.js";
export { isBindable, isExecutable, type ToolFilterOptions } from "./selection/tool-filter.js";

export type { RetrievalStrategy, RankedTool, RankRequest, SignalName } from "./retrieval/retrieval-strategy.js";
export { BUILTIN_STRATEGY_NAMES, createStrategy, type CreateStrategyOptions } from "./retrieval/strategy-registry.js";
export { createBm25Strategy, DEFAULT_FIELD_WEIGHTS, type Bm25StrategyOptions } from "./retrieval/lexical/bm25-strategy.js";
export { Bm25Index, type FieldTerms, type ScoredDocument } from "./retrieval/lexical/bm25-index.js";
export { idf, termScore, DEFAULT_BM25, type Bm25Parameters } from "./retrieval/lexical/bm25-score.js";
export { analyze, type AnalyzeOptions } from "./text/analyzer.js";
export { createFuzzyStrategy, type FuzzyStrategyOptions } from "./retrieval/fuzzy/fuzzy-strategy.js";
export { createHybridStrategy, type HybridStrategyOptions, type FusionMethod } from "./retrieval/hybrid/hybrid-strategy.js";
export { reciprocalRankFusion, weightedScoreFusion, type RankedList, type FusedItem } from "./retrieval/hybrid/fusion.js";
export { autoCut } from "./retrieval/hybrid/auto-cut.js";
export { rewriteQuery, queryVariants, type QueryVariant } from "./retrieval/hybrid/query-rewrite.js";
export { createKeywordStrategy } from "./retrieval/keyword-strategy.js";
export {
  createSequenceMatcherStrategy,
  sequenceHaystack,
  sequenceRatio,
  getMatchingBlocks,
  type SequenceMatcherOptions,
} from "./retrieval/sequence-matcher/index.js";
export {
  recallAt,
  ndcgAt,
  reciprocalRank,
  completeAt,
  queryMetrics,
  meanMetrics,
  RECALL_KS,
  NDCG_KS,
  COMPLETE_KS,
  loadQueriesFile,
  parseQueries,
  runEval,
  formatEvalTable,
  type RetrievalMetrics,
  type EvalQuery,
  type EvalResult,
  type RunEvalOptions,
} from "./eval/index.js";
export { toolText, toolDocument, type ToolField, type ToolText } from "./retrieval/tool-text.js";
export { BruteForceVectorIndex, type VectorIndex, type VectorIndexFactory, type VectorMatch } from "./retrieval/vector/vector-index.js";
export { defaultVectorIndex, HNSW_THRESHOLD } from "./retrieval/vector/default-vector-index.js";
export {
  createVectorStrategy,
  embeddingModelName,
  VECTOR_INDEX_FORMAT_VERSION,
  type VectorStrategy,
  type VectorStrategyOptions,
  type SavedVectorIndex,
} from "./retrieval/vector/vector-strategy.js";
export { createVectorStoreStrategy, type VectorStoreStrategy, type VectorStoreStrategyOptions } from "./retrieval/vector/vector-store-strategy.js";
export { EmbeddingCache, textHash } from "./retrieval/vector/embedding-cache.js";
export { toolDocumentText } from "./retrieval/vector/tool-document-text.js";
export { queryClauses } from "./retrieval/vector/query-clauses.js";

export { applyBudget, type ApplyBudgetOptions, type BudgetResult } from "./budget/apply-budget.js";
export { countTokens, countDefinitionTokens, LONG_RUN_CHUNK, LONG_RUN_ERROR_PER_CHUNK } from "./catalog/tokens/token-counter.js";
export { estimateTokens, ESTIMATE_SAMPLE_SIZE, ESTIMATE_ERROR_BOUND } from "./catalog/tokens/estimate-tokens.js";
export {
  createCatalogSnapshot,
  writeSnapshot,
  loadSnapshot,
  SNAPSHOT_FORMAT_VERSION,
  type CatalogSnapshot,
  type LoadedSnapshot,
  type WriteSnapshotOptions,
} from "./snapshot/catalog-snapshot.js";
export { toToolDefinition, type ToolDefinition } from "./catalog/tokens/tool-definition.js";

export { splitWords, stem, normalizeTerms } from "./text/tokenize.js";
export { closestMatches, didYouMean, editDistance } from "./text/closest-matches.js";
export {
  definePolicy,
  matchesRule,
  visibleTo,
  DEFAULT_POLICY,
  ALLOW_ALL,
  type PermissionPolicy,
  type PermissionDecision,
  type Caller,
  type ToolRule,
  type RoleRules,
  type PolicyDefinition,
} from "./permissions/permission-policy.js";
export { followUpdate, followCatalogIndex, type FollowedIndex, type FollowCatalogIndexOptions } from "./retrieval/follow-update.js";
export { makeClosable, type Closable } from "./selection/closable.js";
export { followCatalog, type SelectionRequest } from "./selection/selection-scope.js";

export type { LearnedField } from "./retrieval/learned-field.js";
export { toObservation, checkObservation, type Observation, type ObservationInput } from "./usage/observation.js";
export { parseObservations, loadObservationsFile, type ParseObservationsOptions } from "./usage/observations-file.js";
export { UsageModel, type UsageModelOptions, type ObserveOutcome, type CategoryUsage } from "./usage/usage-model.js";
export { learnFromFile } from "./usage/learn-from-file.js";
export { MemoryUsageStore, type UsageStore, type UsageBatch } from "./usage/usage-store.js";
export { JsonlUsageStore } from "./usage/jsonl-usage-store.js";
export { UsageRecorder, redactMessage, type UsageRecorderOptions } from "./usage/usage-recorder.js";
export { toolResultsObservation, type ToolResultsObservationOptions } from "./usage/tool-results-observation.js";
export { oftenUsedWithLine, oftenUsedWithNames, type OftenUsedWithOptions } from "./usage/co-usage-line.js";
export { usageReport, formatUsageReport, type UsageReport, type UsageReportOptions, type CategoryReport } from "./usage/usage-report.js";
export { usageReportHtml } from "./usage/usage-report-html.js";
export { createUsageVectorStrategy, type UsageVectorStrategyOptions } from "./retrieval/vector/learned-vector-strategy.js";
