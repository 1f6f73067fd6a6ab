/**
 * @module AutoCut (after Weaviate's): cut a ranked list at the first large drop in score. Pure.
 */

/**
 * How many items to keep: everything before the first adjacent pair whose score ratio exceeds `ratio` (a drop of
 * more than 50% at the default 2.0), and at least `minimum`. Scores must be sorted best first; a non-positive score
 * counts as an infinite drop.
 *
 * @example
 * ```ts
 * autoCut([0.9, 0.85, 0.3, 0.28]); // 2: 0.85 → 0.3 is a drop of more than half
 * autoCut([5, 4, 3]);              // 3: no jump
 * ```
 */
export function autoCut(scores: readonly number[], { ratio = 2, minimum = 1 }: { ratio?: number; minimum?: number } = {}): number {
  for (let index = Math.max(1, minimum); index < scores.length; index++) {
    const previous = scores[index - 1]!;
    const current = scores[index]!;
    if (current <= 0 || previous / current > ratio) return index;
  }
  return scores.length;
}
