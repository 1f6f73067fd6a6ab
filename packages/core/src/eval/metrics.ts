/**
 * @module Retrieval metrics for one query with binary relevance: recall@k, nDCG@k, reciprocal rank and
 * complete@k over a ranking of tool names, best first. Pure.
 *
 * Each relevant tool counts once, at its first rank; `relevant` is a set (repeats are ignored) and must not be
 * empty.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

function relevantSet(relevant: readonly string[]): ReadonlySet<string> {
  const set = new Set(relevant);
  if (set.size === 0) throw new DynamicToolsError("INVALID_OPTION", "A query needs at least one relevant tool to be scored.");
  return set;
}

/** The 1-based ranks of the relevant tools found among the first `k` of `ranking`, ascending. */
function relevantRanks(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number[] {
  const seen = new Set<string>();
  const ranks: number[] = [];
  const end = Math.min(k, ranking.length);
  for (let index = 0; index < end; index++) {
    const name = ranking[index]!;
    if (relevant.has(name) && !seen.has(name)) {
      seen.add(name);
      ranks.push(index + 1);
    }
  }
  return ranks;
}

/**
 * recall@k: the share of the relevant tools found in the top `k`.
 * @example
 * ```ts
 * recallAt(["a", "x", "b"], ["a", "b", "c"], 2); // 1/3
 * ```
 */
export function recallAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
  const set = relevantSet(relevant);
  return relevantRanks(ranking, set, k).length / set.size;
}

/**
 * nDCG@k: DCG of the top `k` (gain 1 per relevant tool at rank r, discounted by 1 / log2(r + 1)) over the ideal
 * DCG, the relevant tools filling the first min(k, |relevant|) ranks.
 * @example
 * ```ts
 * ndcgAt(["x", "a"], ["a"], 5); // (1 / log2 3) / 1 ≈ 0.631
 * ```
 */
export function ndcgAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
  const set = relevantSet(relevant);
  const dcg = relevantRanks(ranking, set, k).reduce((sum, rank) => sum + 1 / Math.log2(rank + 1), 0);
  let ideal = 0;
  for (let rank = 1; rank <= Math.min(k, set.size); rank++) ideal += 1 / Math.log2(rank + 1);
  return ideal === 0 ? 0 : dcg / ideal;
}

/**
 * The reciprocal of the rank of the first relevant tool in the whole ranking; 0 when none is ranked.
 * @example
 * ```ts
 * reciprocalRank(["x", "y", "a"], ["a"]); // 1/3
 * ```
 */
export function reciprocalRank(ranking: readonly string[], relevant: readonly string[]): number {
  const [first] = relevantRanks(ranking, relevantSet(relevant), ranking.length);
  return first === undefined ? 0 : 1 / first;
}

/**
 * complete@k: 1 when every relevant tool is in the top `k`, else 0.
 * @example
 * ```ts
 * completeAt(["a", "b", "x"], ["a", "b"], 2); // 1
 * completeAt(["a", "x", "b"], ["a", "b"], 2); // 0
 * ```
 */
export function completeAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
  const set = relevantSet(relevant);
  return relevantRanks(ranking, set, k).length === set.size ? 1 : 0;
}
