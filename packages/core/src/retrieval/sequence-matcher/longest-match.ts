/**
 * @module difflib's `find_longest_match` (isjunk = None) for one comparison of `a` with a prepared `b`, on reused
 * scratch buffers so the hot path allocates nothing.
 */
import type { PreparedSequence } from "./prepared-sequence.js";

/** A matching block: `a[a : a + size]` equals `b[b : b + size]`. */
export interface Match {
  a: number;
  b: number;
  size: number;
}

/** One comparison: `a`, the prepared `b`, and for each `a[i]` the range of its positions in `b.positions`. */
export interface Comparison {
  readonly a: Int32Array;
  readonly b: PreparedSequence;
  readonly rowStart: Int32Array;
  readonly rowEnd: Int32Array;
}

// difflib's j2len and newj2len as dense arrays indexed by j + 1 (so j2len[j - 1] is slot j), plus the slots each
// row wrote, so clearing costs what writing did. Both are all zeros between calls.
let j2lenA = new Int32Array(256);
let j2lenB = new Int32Array(256);
let touchedA = new Int32Array(256);
let touchedB = new Int32Array(256);
let rowStarts = new Int32Array(256);
let rowEnds = new Int32Array(256);

/**
 * Starts a comparison of `a` with `b`: looks up each element of `a` in `b`'s index once. The result shares scratch
 * buffers: it is valid until the next call.
 * @example
 * ```ts
 * const comparison = compare(toCodePoints("abcd"), prepareSequence("bcde"));
 * findLongestMatchInto(comparison, 0, 4, 0, 4); // 3 ("bcd")
 * ```
 */
export function compare(a: Int32Array, b: PreparedSequence): Comparison {
  if (rowStarts.length < a.length) {
    rowStarts = new Int32Array(a.length * 2);
    rowEnds = new Int32Array(a.length * 2);
  }
  if (j2lenA.length <= b.codes.length + 1) {
    const size = (b.codes.length + 1) * 2;
    j2lenA = new Int32Array(size);
    j2lenB = new Int32Array(size);
    touchedA = new Int32Array(size);
    touchedB = new Int32Array(size);
  }
  const { ascii, other } = b;
  for (let i = 0; i < a.length; i++) {
    const code = a[i]!;
    if (code < 128) {
      rowStarts[i] = ascii[2 * code]!;
      rowEnds[i] = ascii[2 * code + 1]!;
    } else {
      const range = other.get(code);
      rowStarts[i] = range === undefined ? 0 : range[0];
      rowEnds[i] = range === undefined ? 0 : range[1];
    }
  }
  return { a, b, rowStart: rowStarts, rowEnd: rowEnds };
}

/** The block found by the last {@link findLongestMatchInto} call, reused to avoid allocating. */
export const lastMatch: Match = { a: 0, b: 0, size: 0 };

/**
 * Finds the longest matching block of `a[alo:ahi]` and `b[blo:bhi]` into {@link lastMatch} and returns its size.
 * Of equally long blocks it takes the one starting earliest in `a`, then earliest in `b`; the block is then
 * extended over equal elements autojunk left out of the index, exactly as difflib does.
 * @example
 * ```ts
 * findLongestMatchInto(compare(toCodePoints(" abcd"), prepareSequence("abcd abcd")), 0, 5, 0, 9);
 * // 5, lastMatch { a: 0, b: 4, size: 5 }
 * ```
 */
export function findLongestMatchInto(comparison: Comparison, alo: number, ahi: number, blo: number, bhi: number): number {
  const { a, rowStart, rowEnd } = comparison;
  const { codes, positions } = comparison.b;
  let previous = j2lenA;
  let current = j2lenB;
  let previousTouched = touchedA;
  let currentTouched = touchedB;
  let previousCount = 0;
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  for (let i = alo; i < ahi; i++) {
    let currentCount = 0;
    let p = rowStart[i]!;
    const end = rowEnd[i]!;
    while (p < end && positions[p]! < blo) p++;
    for (; p < end; p++) {
      const j = positions[p]!;
      if (j >= bhi) break;
      const k = previous[j]! + 1;
      current[j + 1] = k;
      currentTouched[currentCount++] = j + 1;
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    for (let t = 0; t < previousCount; t++) previous[previousTouched[t]!] = 0;
    const rows = previous;
    previous = current;
    current = rows;
    const touched = previousTouched;
    previousTouched = currentTouched;
    currentTouched = touched;
    previousCount = currentCount;
  }
  for (let t = 0; t < previousCount; t++) previous[previousTouched[t]!] = 0;
  // With isjunk = None, bjunk is empty: only these two of difflib's four extension loops can move.
  while (besti > alo && bestj > blo && a[besti - 1] === codes[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === codes[bestj + bestsize]) bestsize++;
  lastMatch.a = besti;
  lastMatch.b = bestj;
  lastMatch.size = bestsize;
  return bestsize;
}
