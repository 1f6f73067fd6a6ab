/**
 * @module The metric set `dynamic-tools eval` reports — recall@1/3/5/10/20, nDCG@5/10, MRR, complete@5/10/20 — for
 * one query and averaged over many. Pure.
 */
import { completeAt, ndcgAt, recallAt, reciprocalRank } from "./metrics.js";

/** The cut-offs recall is reported at. */
export const RECALL_KS = [1, 3, 5, 10, 20] as const;
/** The cut-offs nDCG is reported at. */
export const NDCG_KS = [5, 10] as const;
/** The cut-offs complete (all relevant tools found) is reported at. */
export const COMPLETE_KS = [5, 10, 20] as const;

/** Every reported metric; per query, or their means over a query set. Keys are the cut-offs, as strings. */
export interface RetrievalMetrics {
  recall: Record<"1" | "3" | "5" | "10" | "20", number>;
  ndcg: Record<"5" | "10", number>;
  mrr: number;
  complete: Record<"5" | "10" | "20", number>;
}

function atEach<K extends number>(ks: readonly K[], metric: (k: K) => number): Record<`${K}`, number> {
  return Object.fromEntries(ks.map((k) => [String(k), metric(k)])) as Record<`${K}`, number>;
}

/**
 * Every reported metric for one query.
 * @example
 * ```ts
 * queryMetrics(["a", "b"], ["b"]).mrr; // 0.5
 * ```
 */
export function queryMetrics(ranking: readonly string[], relevant: readonly string[]): RetrievalMetrics {
  return {
    recall: atEach(RECALL_KS, (k) => recallAt(ranking, relevant, k)),
    ndcg: atEach(NDCG_KS, (k) => ndcgAt(ranking, relevant, k)),
    mrr: reciprocalRank(ranking, relevant),
    complete: atEach(COMPLETE_KS, (k) => completeAt(ranking, relevant, k)),
  };
}

/**
 * The mean of each metric over queries; NaN everywhere for no queries.
 * @example
 * ```ts
 * meanMetrics([queryMetrics(["a"], ["a"]), queryMetrics(["x"], ["a"])]).mrr; // 0.5
 * ```
 */
export function meanMetrics(perQuery: readonly RetrievalMetrics[]): RetrievalMetrics {
  const mean = (pick: (metrics: RetrievalMetrics) => number) => perQuery.reduce((sum, metrics) => sum + pick(metrics), 0) / perQuery.length;
  return {
    recall: atEach(RECALL_KS, (k) => mean((metrics) => metrics.recall[`${k}`])),
    ndcg: atEach(NDCG_KS, (k) => mean((metrics) => metrics.ndcg[`${k}`])),
    mrr: mean((metrics) => metrics.mrr),
    complete: atEach(COMPLETE_KS, (k) => mean((metrics) => metrics.complete[`${k}`])),
  };
}
