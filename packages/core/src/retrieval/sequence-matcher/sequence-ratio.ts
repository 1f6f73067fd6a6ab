/**
 * @module difflib's `get_matching_blocks` and `ratio` (Ratcliff/Obershelp) for `SequenceMatcher(None, a, b)`. Pure.
 */
import { compare, findLongestMatchInto, lastMatch, type Comparison, type Match } from "./longest-match.js";
import { prepareSequence, toCodePoints, type PreparedSequence } from "./prepared-sequence.js";

// The work queue of (alo, ahi, blo, bhi) ranges, reused between calls.
const queue: number[] = [];

/**
 * Walks the matching blocks of `a` and `b` (unsorted, unmerged) and returns the number of matched elements.
 * @param onBlock - called with each block found, if given.
 */
function walkBlocks(comparison: Comparison, onBlock?: (i: number, j: number, k: number) => void): number {
  let matches = 0;
  queue.length = 0;
  queue.push(0, comparison.a.length, 0, comparison.b.codes.length);
  while (queue.length > 0) {
    const bhi = queue.pop()!;
    const blo = queue.pop()!;
    const ahi = queue.pop()!;
    const alo = queue.pop()!;
    const k = findLongestMatchInto(comparison, alo, ahi, blo, bhi);
    if (k === 0) continue;
    const i = lastMatch.a;
    const j = lastMatch.b;
    matches += k;
    onBlock?.(i, j, k);
    if (alo < i && blo < j) queue.push(alo, i, blo, j);
    if (i + k < ahi && j + k < bhi) queue.push(i + k, ahi, j + k, bhi);
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
  walkBlocks(compare(codesA, prepared), (i, j, k) => blocks.push({ a: i, b: j, size: k }));
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
 * the hot path when one `b` is compared with many `a`s, or one `a` with many prepared `b`s.
 * @example
 * ```ts
 * preparedRatio(toCodePoints("abcd"), prepareSequence("bcde")); // 0.75
 * ```
 */
export function preparedRatio(a: Int32Array, b: PreparedSequence): number {
  const length = a.length + b.codes.length;
  if (length === 0) return 1;
  return (2 * walkBlocks(compare(a, b))) / length;
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
