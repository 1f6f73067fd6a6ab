/**
 * @module @dynamic-tools/core/eval: offline evaluation of retrieval strategies: the metrics (recall, nDCG,
 * reciprocal rank, completeness), queries files (readers and types), the eval runner, its table and its misses; the cost replay
 * behind `dynamic-tools cost` (conversations through the selection pipeline and each binding policy, billed with prompt
 * caching) and its table.
 */
export { completeAt, ndcgAt, recallAt, reciprocalRank } from "./metrics.js";
export { COMPLETE_KS, meanMetrics, NDCG_KS, queryMetrics, RECALL_KS, type RetrievalMetrics } from "./aggregate-metrics.js";
export {
  loadMessagesFile,
  loadQueriesFile,
  parseQueries,
  type EvalQuery,
  type HistoryTurn,
  type ParseQueriesOptions,
} from "./queries-file.js";
export { groupConversations, type ConversationTurn, type ReplayConversation } from "./conversation-turns.js";
export { replayCost, type CostReplayOptions, type CostReport, type PolicyCost } from "./cost-replay.js";
export { ALL_COST_POLICIES, COST_POLICIES, type CostPolicyName } from "./replay-policies.js";
export { formatCostTable } from "./format-cost-table.js";
export { calledToolsOf, runEval, type EvalResult, type RunEvalOptions } from "./run-eval.js";
export { formatEvalTable } from "./format-eval-table.js";
export { formatMisses, queryMiss, type QueryMiss } from "./query-misses.js";
