/**
 * @module Fusion of ranked lists (pure): Reciprocal Rank Fusion and weighted min-max score fusion.
 */

/** One ranked list to fuse: ids best first with their scores, and the list's weight. */
export interface RankedList {
  name: string;
  weight: number;
  items: ReadonlyArray<{ id: string; score: number }>;
}

/** A fused result: the fused score and each list's contribution. */
export interface FusedItem {
  id: string;
  score: number;
  contributions: Record<string, number>;
}

function sortFused(byId: Map<string, FusedItem>, order: (id: string) => number): FusedItem[] {
  return [...byId.values()].sort((a, b) => b.score - a.score || order(a.id) - order(b.id));
}

/**
 * Reciprocal Rank Fusion: score(d) = Σ weight / (k + rank(d)), ranks from 1.
 *
 * @param options.k - the damping constant. @defaultValue 60 (as in Cormack, Clarke and Büttcher, SIGIR 2009)
 * @example
 * ```ts
 * reciprocalRankFusion([{ name: "a", weight: 1, items: [{ id: "x", score: 9 }, { id: "y", score: 3 }] }]);
 * // [{ id: "x", score: 1/61, … }, { id: "y", score: 1/62, … }]
 * ```
 */
export function reciprocalRankFusion(
  lists: readonly RankedList[],
  { k = 60, order = () => 0 }: { k?: number; order?: (id: string) => number } = {},
): FusedItem[] {
  const byId = new Map<string, FusedItem>();
  for (const list of lists) {
    list.items.forEach((item, index) => {
      const contribution = list.weight / (k + index + 1);
      const fused = byId.get(item.id) ?? { id: item.id, score: 0, contributions: {} };
      fused.score += contribution;
      fused.contributions[list.name] = (fused.contributions[list.name] ?? 0) + contribution;
      byId.set(item.id, fused);
    });
  }
  return sortFused(byId, order);
}

/**
 * Weighted score fusion: each list's scores are min-max normalised to [0, 1] (a list whose scores are all equal
 * counts 1 for each item), multiplied by the list's weight and summed.
 *
 * @example
 * ```ts
 * weightedScoreFusion([
 *   { name: "bm25", weight: 1, items: [{ id: "x", score: 8 }, { id: "y", score: 4 }, { id: "z", score: 0 }] },
 *   { name: "vector", weight: 0.5, items: [{ id: "y", score: 0.9 }, { id: "x", score: 0.1 }] },
 * ]);
 * // y: 0.5 + 0.5 = 1, x: 1 + 0 = 1 (tie, catalog order), z: 0
 * ```
 */
export function weightedScoreFusion(
  lists: readonly RankedList[],
  { order = () => 0 }: { order?: (id: string) => number } = {},
): FusedItem[] {
  const byId = new Map<string, FusedItem>();
  for (const list of lists) {
    if (list.items.length === 0) continue;
    let max = -Infinity;
    let min = Infinity;
    for (const { score } of list.items) {
      if (score > max) max = score;
      if (score < min) min = score;
    }
    const range = max - min;
    for (const item of list.items) {
      const contribution = list.weight * (range > 0 ? (item.score - min) / range : 1);
      const fused = byId.get(item.id) ?? { id: item.id, score: 0, contributions: {} };
      fused.score += contribution;
      fused.contributions[list.name] = (fused.contributions[list.name] ?? 0) + contribution;
      byId.set(item.id, fused);
    }
  }
  return sortFused(byId, order);
}
