/**
 * @module difflib's `find_longest_match` (isjunk = None) answered from a {@link Comparison}, and the split of its
 * runs between the two sub-problems of the Ratcliff/Obershelp recursion.
 */
import type { Comparison } from "./diagonal-runs.js";

/** A matching block: `a[a : a + size]` equals `b[b : b + size]`. */
export interface Match {
  a: number;
  b: number;
  size: number;
}

/** The block found by the last {@link findLongestMatchInto} call, reused to avoid allocating. */
export const lastMatch: Match = { a: 0, b: 0, size: 0 };

/** Whether run `r` has at least one cell in `[alo, ahi) × [blo, bhi)`. */
function meets(c: Comparison, r: number, alo: number, ahi: number, blo: number, bhi: number): boolean {
  const i = c.runA[r]!;
  const j = c.runB[r]!;
  const skip = Math.max(0, alo - i, blo - j);
  return Math.min(c.runSize[r]!, ahi - i, bhi - j) > skip;
}

/**
 * `find_longest_match(alo, ahi, blo, bhi)`, considering the runs `from .. to` of the comparison (those that can
 * meet the rectangle): stores the block in {@link lastMatch} and returns its size.
 *
 * difflib scans rows i, then positions j, keeping the first cell where the diagonal run (clipped to the rectangle)
 * is strictly longest: so the longest block wins, then the one starting earliest in `a`, then in `b`. A block of 2
 * or more is a clipped run; a block of 1 is the first match in row order. The block is then extended over equal
 * elements autojunk left out of `b2j`, exactly as difflib does.
 * @example
 * ```ts
 * const c = compare(toCodePoints(" abcd"), prepareSequence("abcd abcd"));
 * findLongestMatchInto(c, 0, c.count, 0, 5, 0, 9); // 5, lastMatch { a: 0, b: 4, size: 5 }
 * ```
 */
export function findLongestMatchInto(c: Comparison, from: number, to: number, alo: number, ahi: number, blo: number, bhi: number): number {
  const { a, b, runA, runB, runSize } = c;
  let besti = alo;
  let bestj = blo;
  let bestsize = 1;
  let found = false;
  for (let r = from; r < to; r++) {
    const i0 = runA[r]!;
    const j0 = runB[r]!;
    let skip = alo - i0;
    if (blo - j0 > skip) skip = blo - j0;
    if (skip < 0) skip = 0;
    let end = runSize[r]!;
    if (ahi - i0 < end) end = ahi - i0;
    if (bhi - j0 < end) end = bhi - j0;
    const size = end - skip;
    if (size < bestsize || size < 2) continue;
    const i = i0 + skip;
    if (size > bestsize || !found || i < besti || (i === besti && j0 + skip < bestj)) {
      besti = i;
      bestj = j0 + skip;
      bestsize = size;
      found = true;
    }
  }
  if (!found) {
    bestsize = 0;
    const { positions, rowStart, rowEnd } = c;
    search: for (let i = alo; i < ahi; i++) {
      for (let p = rowStart[i]!, end = rowEnd[i]!; p < end; p++) {
        const j = positions[p]!;
        if (j < blo) continue;
        if (j >= bhi) break;
        besti = i;
        bestj = j;
        bestsize = 1;
        break search;
      }
    }
  }
  // With isjunk = None, bjunk is empty: only these two of difflib's four extension loops can move.
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  lastMatch.a = besti;
  lastMatch.b = bestj;
  lastMatch.size = bestsize;
  return bestsize;
}

function swap(c: Comparison, x: number, y: number): void {
  const { runA, runB, runSize } = c;
  [runA[x], runA[y]] = [runA[y]!, runA[x]!];
  [runB[x], runB[y]] = [runB[y]!, runB[x]!];
  [runSize[x], runSize[y]] = [runSize[y]!, runSize[x]!];
}

/**
 * Reorders runs `from .. to` in place: first those meeting `[alo, i) × [blo, j)` (the part before the block),
 * last those meeting `[i + k, ahi) × [j + k, bhi)` (after it), the rest (which can meet neither) between. No run
 * meets both: it would be a longer match than the block. Returns the end of the first group and the start of the
 * last.
 * @example
 * ```ts
 * const c = compare(toCodePoints("abxcd"), prepareSequence("abcd")); // runs "ab" (0, 0) and "cd" (3, 2)
 * // Split at a[2] / b[2]: "ab" lies before, "cd" after.
 * partitionRuns(c, 0, c.count, 0, 5, 0, 4, 2, 2, 0); // [1, 1]
 * ```
 */
export function partitionRuns(
  c: Comparison,
  from: number,
  to: number,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
  i: number,
  j: number,
  k: number,
): [number, number] {
  let before = from;
  let index = from;
  let after = to;
  while (index < after) {
    if (meets(c, index, alo, i, blo, j)) swap(c, before++, index++);
    else if (meets(c, index, i + k, ahi, j + k, bhi)) swap(c, index, --after);
    else index++;
  }
  return [before, after];
}
