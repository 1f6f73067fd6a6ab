/**
 * @module difflib's `get_matching_blocks` and `ratio` (Ratcliff/Obershelp) for `SequenceMatcher(None, a, b)`. Pure.
 */
import { compare } from "./diagonal-runs.js";
import { findLongestMatchInto, lastMatch, partitionRuns, type Match } from "./longest-match.js";
import { prepareSequence, toCodePoints, type PreparedSequence } from "./prepared-sequence.js";

// The work stack of (alo, ahi, blo, bhi, first run, end of runs) sub-problems, reused between calls.
const stack: number[] = [];

/**
 * Walks the matching blocks of `a` and `b` (unsorted, unmerged) as difflib's `get_matching_blocks` finds them
 * and returns the number of matched elements.
 * @param onBlock - called with each block found, if given.
 */
function walkBlocks(a: Int32Array, b: PreparedSequence, onBlock?: (i: number, j: number, k: number) => void): number {
  const comparison = compare(a, b);
  let matches = 0;
  stack.length = 0;
  stack.push(0, a.length, 0, b.codes.length, 0, comparison.count);
  while (stack.length > 0) {
    const to = stack.pop()!;
    const from = stack.pop()!;
    const bhi = stack.pop()!;
    const blo = stack.pop()!;
    const ahi = stack.pop()!;
    const alo = stack.pop()!;
    const k = findLongestMatchInto(comparison, from, to, alo, ahi, blo, bhi);
    if (k === 0) continue;
    const i = lastMatch.a;
    const j = lastMatch.b;
    matches += k;
    onBlock?.(i, j, k);
    const [beforeEnd, afterStart] = partitionRuns(comparison, from, to, alo, ahi, blo, bhi, i, j, k);
    if (alo < i && blo < j) stack.push(alo, i, blo, j, from, beforeEnd);
    if (i + k < ahi && j + k < bhi) stack.push(i + k, ahi, j + k, bhi, afterStart, to);
  }
  return matches;
}

/**
 * difflib's `get_matching_blocks()`: the matching blocks in increasing order, adjacent ones merged, ending with the
 * dummy `{ a: len(a), b: len(b), size: 0 }`. Positions count code points.
 * @example
 * ```ts
 * getMatchingBlocks("abxcd", "abcd");
 * // [{ a: 0, b: 0, size: 2 }, { a: 3, b: 2, size: 2 }, { a: 5, b: 4, size: 0 }]
 * ```
 */
export function getMatchingBlocks(a: string, b: string): Match[] {
  const codesA = toCodePoints(a);
  const prepared = prepareSequence(b);
  const blocks: Match[] = [];
  walkBlocks(codesA, prepared, (i, j, k) => blocks.push({ a: i, b: j, size: k }));
  blocks.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
  const merged: Match[] = [];
  let last: Match = { a: 0, b: 0, size: 0 };
  for (const block of blocks) {
    if (last.a + last.size === block.a && last.b + last.size === block.b) {
      last.size += block.size;
    } else {
      if (last.size > 0) merged.push(last);
      last = { ...block };
    }
  }
  if (last.size > 0) merged.push(last);
  merged.push({ a: codesA.length, b: prepared.codes.length, size: 0 });
  return merged;
}

/**
 * `SequenceMatcher(None, a, b).ratio()` with `a` as code points and `b` prepared (see {@link prepareSequence}):
 * the hot path when one `a` is compared with many prepared `b`s.
 * @example
 * ```ts
 * preparedRatio(toCodePoints("abcd"), prepareSequence("bcde")); // 0.75
 * ```
 */
export function preparedRatio(a: Int32Array, b: PreparedSequence): number {
  const length = a.length + b.codes.length;
  if (length === 0) return 1;
  return (2 * walkBlocks(a, b)) / length;
}

/**
 * Python's `difflib.SequenceMatcher(None, a, b).ratio()`: 2·M / T, where M is the number of elements in the
 * Ratcliff/Obershelp matching blocks and T the total length; autojunk applies to `b` when it has ≥ 200 elements.
 * 1 for two empty strings.
 * @example
 * ```ts
 * sequenceRatio("abcd", "bcde"); // 0.75
 * sequenceRatio("abc", "abc");   // 1
 * sequenceRatio("abc", "xyz");   // 0
 * ```
 */
export function sequenceRatio(a: string, b: string): number {
  return preparedRatio(toCodePoints(a), prepareSequence(b));
}
