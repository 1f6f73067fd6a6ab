/**
 * @module @dynamic-tools/core/internal: what the sibling packages (`@dynamic-tools/langgraph`, `/mcp`, `/hnswlib`)
 * share with core beyond its public API. NOT semver-stable: names here may change or go in any release. Applications
 * import from `@dynamic-tools/core` (and `@dynamic-tools/core/eval`) only.
 */
export { ListenerSet, type Unsubscribe } from "./events/listener-set.js";
export { describeValue, formatPath, isRecord, quote } from "./errors/describe-value.js";
export { checkOptionKeys, keysOf } from "./options/option-keys.js";
export { closestMatches, didYouMean } from "./text/closest-matches.js";
/**
 * The words of a text as the library reads them (the remark model's training script marks some), and the Porter
 * stemmer bundled into the build (the repository's build checks compare it with natural's).
 */
export { splitWords, stem } from "./text/tokenize.js";
/** The bench's requests and scaled catalogs, for scripts that time selection as it does (`scripts/selection-latency-ab.mjs`). */
export { scaledBenchCatalogs, smallBenchCatalog, type BenchCatalog, type BenchQuery } from "./bench/bench-catalogs.js";
/** The remark model's features, for its training script (`scripts/train-remark-model.mjs`). */
export { canReadRemark, remarkFeatures, remarkProbability, type RemarkFeatures, type RemarkModel } from "./selection/remark-model.js";

export { OPENAI_MAX_TOOLS, checkCatalogOption } from "./catalog/tool-catalog.js";
export { checkParameters } from "./catalog/parameters-schema.js";
export type { NamespaceDeclaration } from "./catalog/catalog-config.js";
export { PERMISSION_KINDS, TOOL_NAME_PATTERN, toMetadata } from "./catalog/tool-metadata.js";
export { isLangChainTool, declarationFromLangChainTool } from "./catalog/langchain-tool.js";
export { registerSchemaConverter, type SchemaConverter } from "./catalog/schema-converter.js";
export { ESTIMATE_ERROR_BOUND } from "./catalog/tokens/estimate-tokens.js";
export { countTokens } from "./catalog/tokens/token-counter.js";

export { clipMessage, readConversation, textOf } from "./conversation/conversation-text.js";
export { checkPolicyOption, decidePermission, visibleTo } from "./permissions/permission-policy.js";

export { createStrategy } from "./retrieval/strategy-registry.js";
export { createCatalogIndex } from "./retrieval/catalog-index.js";
export { defaultVectorIndex } from "./retrieval/vector/default-vector-index.js";

export { coUsageReaderOf, type CoUsageInput } from "./usage/co-usage-reader.js";
export { oftenUsedWithNames } from "./usage/co-usage-line.js";
export { checkObservation } from "./usage/observation.js";
export { loadObservationsFile } from "./usage/observations-file.js";
export { parseSavedFusionFits } from "./usage/saved-fusion-fits.js";
export type { UsageBatch, SkippedRecord } from "./usage/usage-store.js";

export { applyBudget } from "./budget/apply-budget.js";

export { isBindable, isExecutable, type ToolFilterOptions } from "./selection/tool-filter.js";
export { followCatalog, unbindableTools } from "./selection/selection-scope.js";
export { SELECTOR_OPTION_KEYS } from "./selection/tool-selector.js";
export { finishSelection } from "./selection/explain-selection.js";
export { rankedCandidates } from "./selection/ranked-candidates.js";
export { expandToNamespaces } from "./selection/expand-namespaces.js";
export { describeToolSearch, toolSearchParameters } from "./eval/tool-search-definition.js";
/** The check of an HNSW graph file and its sidecar before hnswlib reads them (`@dynamic-tools/hnswlib`). */
export { hnswGraphProblem } from "./snapshot/hnsw-graph-check.js";
