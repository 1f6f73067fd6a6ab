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

/**
 * The fused scores of several lists, by id: each id once, in order of first appearance, with its score and, per
 * list, its contribution and the index of its first item there. Plain arrays of numbers, so fusing allocates no
 * object per item (and no typed array's backing store per ranking).
 */
export interface FusedScores {
  ids: string[];
  scores: number[];
  /** Per list (in the lists' order), each id's contribution (0 where the list does not have it). */
  contributions: number[][];
  /** Per list, the index of each id's first item in it, or -1. */
  firstAt: number[][];
}

/** Sums each list's contributions (`contribution(list)` gives one per item index), list by list, in order. */
function accumulate(lists: readonly RankedList[], contribution: (list: RankedList) => (index: number) => number): FusedScores {
  const slotOf = new Map<string, number>();
  const ids: string[] = [];
  const scores: number[] = [];
  const contributions: number[][] = lists.map(() => []);
  const firstAt: number[][] = lists.map(() => []);
  lists.forEach((list, listIndex) => {
    if (list.items.length === 0) return;
    const of = contribution(list);
    const contributed = contributions[listIndex]!;
    const first = firstAt[listIndex]!;
    list.items.forEach((item, index) => {
      let slot = slotOf.get(item.id);
      if (slot === undefined) {
        slot = ids.push(item.id) - 1;
        slotOf.set(item.id, slot);
        scores.push(0);
        for (let other = 0; other < lists.length; other++) {
          contributions[other]!.push(0);
          firstAt[other]!.push(-1);
        }
      }
      const value = of(index);
      scores[slot]! += value;
      contributed[slot]! += value;
      if (first[slot] === -1) first[slot] = index;
    });
  });
  return { ids, scores, contributions, firstAt };
}

/**
 * Reciprocal Rank Fusion's scores (see {@link reciprocalRankFusion}), unsorted.
 *
 * @example
 * ```ts
 * reciprocalRankScores([{ name: "a", weight: 1, items: [{ id: "x", score: 9 }] }], 60).scores; // [1/61]
 * ```
 */
export function reciprocalRankScores(lists: readonly RankedList[], k = 60): FusedScores {
  return accumulate(lists, (list) => (index) => list.weight / (k + index + 1));
}

/**
 * Weighted score fusion's scores (see {@link weightedScoreFusion}), unsorted.
 *
 * @example
 * ```ts
 * weightedScores([{ name: "a", weight: 2, items: [{ id: "x", score: 9 }, { id: "y", score: 3 }] }]).scores; // [2, 0]
 * ```
 */
export function weightedScores(lists: readonly RankedList[]): FusedScores {
  return accumulate(lists, (list) => {
    let max = -Infinity;
    let min = Infinity;
    for (const { score } of list.items) {
      if (score > max) max = score;
      if (score < min) min = score;
    }
    const range = max - min;
    return (index) => list.weight * (range > 0 ? (list.items[index]!.score - min) / range : 1);
  });
}

/** The fused items, best first (ties by `order`, then first appearance), each with its lists' contributions. */
function fusedItems(lists: readonly RankedList[], fused: FusedScores, order: (id: string) => number): FusedItem[] {
  const items = fused.ids.map((id, slot) => {
    const contributions: Record<string, number> = {};
    lists.forEach((list, listIndex) => {
      if (fused.firstAt[listIndex]![slot] === -1) return;
      contributions[list.name] = (contributions[list.name] ?? 0) + fused.contributions[listIndex]![slot]!;
    });
    return { id, score: fused.scores[slot]!, contributions };
  });
  return items.sort((a, b) => b.score - a.score || order(a.id) - order(b.id));
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
  return fusedItems(lists, reciprocalRankScores(lists, k), order);
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
  return fusedItems(lists, weightedScores(lists), order);
}
