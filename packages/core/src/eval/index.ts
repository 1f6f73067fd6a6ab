/**
 * @module @dynamic-tools/core/eval: offline evaluation of retrieval strategies: the metrics (recall, nDCG,
 * reciprocal rank, completeness), queries files (readers and types), the eval runner and its table.
 */
export { completeAt, ndcgAt, recallAt, reciprocalRank } from "./metrics.js";
export { COMPLETE_KS, meanMetrics, NDCG_KS, queryMetrics, RECALL_KS, type RetrievalMetrics } from "./aggregate-metrics.js";
export { loadMessagesFile, loadQueriesFile, parseQueries, type EvalQuery, type HistoryTurn } from "./queries-file.js";
export { calledToolsOf, runEval, type EvalResult, type RunEvalOptions } from "./run-eval.js";
export { formatEvalTable } from "./format-eval-table.js";
