/**
 * @module The matches of `a` against a prepared `b`, found once per comparison: where each `a[i]` occurs in `b`
 * (difflib's `b2j[a[i]]`), and every diagonal run of two or more matches (`a[i + t]` equals `b[j + t]` through
 * `b2j`, so autojunk's popular elements never match here), found as chains of adjacent matching pairs. Every
 * `find_longest_match` of the Ratcliff/Obershelp recursion is then answered from these (see longest-match.ts),
 * instead of re-running difflib's row scan over each sub-rectangle.
 */
import { grownTo } from "../grown-array.js";
import type { PreparedSequence } from "./prepared-sequence.js";

/**
 * One comparison of `a` with a prepared `b`. `a[i]` occurs in `b` at `positions[rowStart[i] .. rowEnd[i])`.
 * Run `r` (r < count) starts at `a[runA[r]]` / `b[runB[r]]` and is `runSize[r]` ≥ 2 long. The arrays are shared
 * scratch space, valid until the next {@link compare}.
 */
export interface Comparison {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly positions: Int32Array;
  readonly rowStart: Int32Array;
  readonly rowEnd: Int32Array;
  readonly runA: Int32Array;
  readonly runB: Int32Array;
  readonly runSize: Int32Array;
  readonly count: number;
}

// Chain lengths of the previous and current row of pair matches, indexed by j + 1 (so the previous row's j - 1 is
// slot j), plus the slots each row wrote, so clearing costs what writing did; all zeros between calls.
let previousRow: Int32Array = new Int32Array(256);
let currentRow: Int32Array = new Int32Array(256);
let previousSlots: Int32Array = new Int32Array(256);
let currentSlots: Int32Array = new Int32Array(256);
let rowStarts: Int32Array = new Int32Array(256);
let rowEnds: Int32Array = new Int32Array(256);
let runA: Int32Array = new Int32Array(256);
let runB: Int32Array = new Int32Array(256);
let runSize: Int32Array = new Int32Array(256);

/** Fills `rowStart` / `rowEnd`: where each element of `a` occurs in `b`. */
function locateRows(a: Int32Array, b: PreparedSequence): void {
  rowStarts = grownTo(rowStarts, a.length);
  rowEnds = grownTo(rowEnds, a.length);
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
}

/**
 * Indexes the matches of `a` against `b`.
 * @example
 * ```ts
 * const { count, runA, runB, runSize } = compare(toCodePoints("abxcd"), prepareSequence("abcd"));
 * // count 2: runs (a, b, size) (0, 0, 2) "ab" and (3, 2, 2) "cd"
 * ```
 */
export function compare(a: Int32Array, b: PreparedSequence): Comparison {
  locateRows(a, b);
  const { codes, positions } = b;
  if (previousRow.length < b.codes.length + 2) {
    const size = (b.codes.length + 2) * 2;
    previousRow = new Int32Array(size);
    currentRow = new Int32Array(size);
    previousSlots = new Int32Array(size);
    currentSlots = new Int32Array(size);
  }
  const starts = rowStarts;
  const ends = rowEnds;
  const last = codes.length - 1;
  let runsA = runA;
  let runsB = runB;
  let runsSize = runSize;
  let previous = previousRow;
  let current = currentRow;
  let previousTouched = previousSlots;
  let currentTouched = currentSlots;
  let previousCount = 0;
  let count = 0;
  // Row i holds the pair matches (a[i], a[i + 1]) = (b[j], b[j + 1]); a chain of c of them along a diagonal is a run
  // of c + 1 matches. The last row has no pairs: it only closes the chains of the row before.
  for (let i = 0; i < a.length; i++) {
    let currentCount = 0;
    // The pairs are the positions j of a[i] whose next element b[j + 1] is a[i + 1] and is kept (not popular).
    if (i + 1 < a.length && ends[i + 1]! > starts[i + 1]!) {
      const next = a[i + 1]!;
      for (let p = starts[i]!, end = ends[i]!; p < end; p++) {
        const j = positions[p]!;
        if (j === last || codes[j + 1] !== next) continue;
        current[j + 1] = previous[j]! + 1;
        currentTouched[currentCount++] = j + 1;
      }
    }
    if (count + previousCount > runsA.length) {
      runsA = runA = grownTo(runA, count + previousCount);
      runsB = runB = grownTo(runB, count + previousCount);
      runsSize = runSize = grownTo(runSize, count + previousCount);
    }
    // A chain ending with the pair at (i - 1, j) (slot j + 1) goes on only if row i has a pair at j + 1 (slot j + 2).
    for (let t = 0; t < previousCount; t++) {
      const slot = previousTouched[t]!;
      if (current[slot + 1] === 0) {
        const chain = previous[slot]!;
        runsA[count] = i - chain;
        runsB[count] = slot - chain;
        runsSize[count] = chain + 1;
        count++;
      }
      previous[slot] = 0;
    }
    const rows = previous;
    previous = current;
    current = rows;
    const slots = previousTouched;
    previousTouched = currentTouched;
    currentTouched = slots;
    previousCount = currentCount;
  }
  for (let t = 0; t < previousCount; t++) previous[previousTouched[t]!] = 0;
  return { a, b: codes, positions, rowStart: starts, rowEnd: ends, runA: runsA, runB: runsB, runSize: runsSize, count };
}
