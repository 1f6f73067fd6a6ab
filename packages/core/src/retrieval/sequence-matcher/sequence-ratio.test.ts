import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getMatchingBlocks, preparedRatio, sequenceRatio } from "./sequence-ratio.js";
import { prepareSequence, toCodePoints } from "./prepared-sequence.js";

const WEB_SEARCH = "search the web with a configurable provider and return the top results. ".repeat(4); // 288 chars
const OPEN_URL =
  "fetch a url and return a clean text excerpt. use this when you need exact content from a specific url. " +
  "prefer this after search results identify a likely source. works with http and https pages, " +
  "follows redirects, strips scripts and styles, and trims the output to a readable length."; // 283 chars

// Every expected value below came from CPython 3.11.7: difflib.SequenceMatcher(None, a, b).ratio().
const CPYTHON: Array<[a: string, b: string, ratio: number]> = [
  ["abcd", "bcde", 0.75],
  ["abcd", "abcd", 1.0],
  ["abc", "xyz", 0.0],
  ["", "", 1.0],
  ["", "abc", 0.0],
  ["abxcd", "abcd", 0.8888888888888888],
  [" abcd", "abcd abcd", 0.7142857142857143],
  ["private thread", "private volatile thread", 0.7567567567567568],
  [
    "fetch a specific url",
    "open_url fetch a url and return a clean text excerpt. use this when you need exact content from a specific url.",
    0.3053435114503817,
  ],
  ["what is pending salary?", "get_pending_salaries salaries not yet paid ", 0.45454545454545453],
  // Autojunk (len(b) >= 200): every letter of "web search" is popular in WEB_SEARCH, so nothing matches
  // (with autojunk=False CPython gives 0.06711409395973154).
  ["web search", WEB_SEARCH, 0.0],
  // Autojunk: only "fetch a " survives (autojunk=False gives 0.132013201320132).
  ["fetch a specific url", OPEN_URL, 0.052805280528052806],
  // Autojunk drops "a" from b2j; the "b" match is then extended back over ten a's: 2·11 / 262.
  [`${"a".repeat(10)}b`, `${"a".repeat(250)}b`, 0.08396946564885496],
  // Autojunk drops "a" and "b": only the "x" matches, 2·1 / 312 (autojunk=False gives 0.6410256410256411).
  [`x${"ab".repeat(50)}`, `${"ab".repeat(100)}x${"c".repeat(10)}`, 0.00641025641025641],
  // Code points, not UTF-16 units: the emoji is one element, as in Python.
  ["café 😀 party", "😀 party at the café", 0.45161290322580644],
];

describe("sequenceRatio", () => {
  it.each(CPYTHON)("ratio(%j, …) matches CPython difflib", (a, b, expected) => {
    expect(sequenceRatio(a, b)).toBe(expected);
  });

  it("is 0.75 for abcd / bcde by hand: one block 'bcd' of 3, 2·3 / 8", () => {
    expect(sequenceRatio("abcd", "bcde")).toBe(0.75);
  });

  it("gives the same result through a reused prepared haystack", () => {
    const prepared = prepareSequence(OPEN_URL);
    expect(preparedRatio(toCodePoints("fetch a specific url"), prepared)).toBe(0.052805280528052806);
    expect(preparedRatio(toCodePoints("web search"), prepared)).toBe(sequenceRatio("web search", OPEN_URL));
    expect(preparedRatio(toCodePoints("fetch a specific url"), prepared)).toBe(0.052805280528052806);
  });
});

describe("getMatchingBlocks", () => {
  // Expected blocks from CPython 3.11.7 get_matching_blocks().
  it("matches CPython's blocks", () => {
    expect(getMatchingBlocks("abxcd", "abcd")).toEqual([
      { a: 0, b: 0, size: 2 },
      { a: 3, b: 2, size: 2 },
      { a: 5, b: 4, size: 0 },
    ]);
    expect(getMatchingBlocks(" abcd", "abcd abcd")).toEqual([
      { a: 0, b: 4, size: 5 },
      { a: 5, b: 9, size: 0 },
    ]);
    expect(getMatchingBlocks("what is pending salary?", "get_pending_salaries salaries not yet paid ")).toEqual([
      { a: 3, b: 2, size: 1 },
      { a: 8, b: 4, size: 7 },
      { a: 15, b: 20, size: 6 },
      { a: 21, b: 34, size: 1 },
      { a: 23, b: 43, size: 0 },
    ]);
    expect(getMatchingBlocks(`${"a".repeat(10)}b`, `${"a".repeat(250)}b`)).toEqual([
      { a: 0, b: 240, size: 11 },
      { a: 11, b: 251, size: 0 },
    ]);
  });
});

/** A literal, unoptimised port of difflib (dict-based j2len, recursion), to check the buffer-reusing one against. */
function naiveRatio(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  const b2j = new Map<string, number[]>();
  B.forEach((element, index) => b2j.set(element, [...(b2j.get(element) ?? []), index]));
  if (B.length >= 200) for (const [element, list] of [...b2j]) if (list.length > Math.floor(B.length / 100) + 1) b2j.delete(element);
  const longest = (alo: number, ahi: number, blo: number, bhi: number): [number, number, number] => {
    let [bi, bj, bk] = [alo, blo, 0];
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const next = new Map<number, number>();
      for (const j of b2j.get(A[i]!) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        next.set(j, k);
        if (k > bk) [bi, bj, bk] = [i - k + 1, j - k + 1, k];
      }
      j2len = next;
    }
    while (bi > alo && bj > blo && A[bi - 1] === B[bj - 1]) [bi, bj, bk] = [bi - 1, bj - 1, bk + 1];
    while (bi + bk < ahi && bj + bk < bhi && A[bi + bk] === B[bj + bk]) bk++;
    return [bi, bj, bk];
  };
  const matched = (alo: number, ahi: number, blo: number, bhi: number): number => {
    const [i, j, k] = longest(alo, ahi, blo, bhi);
    if (k === 0) return 0;
    return k + (alo < i && blo < j ? matched(alo, i, blo, j) : 0) + (i + k < ahi && j + k < bhi ? matched(i + k, ahi, j + k, bhi) : 0);
  };
  return A.length + B.length === 0 ? 1 : (2 * matched(0, A.length, 0, B.length)) / (A.length + B.length);
}

describe("sequenceRatio properties", () => {
  const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(..."abcde _😀"), maxLength });

  it("equals a literal port of difflib, short and autojunked haystacks alike", () => {
    fc.assert(
      fc.property(text(40), fc.oneof(text(40), text(400)), (a, b) => {
        expect(sequenceRatio(a, b)).toBe(naiveRatio(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it("equals a literal port of difflib on text-like pairs: long queries, long haystacks, near-copies", () => {
    const words = fc
      .array(fc.constantFrom("the", "a", "tool", "get", "weather", "search", "web", "data", "é", "😀", "_", "url"), { maxLength: 80 })
      .map((list) => list.join(" "));
    const pair = fc.oneof(
      fc.tuple(words, words),
      words.chain((a) => fc.tuple(fc.constant(a), fc.constant(`${a} ${a}`))),
      words.chain((a) => fc.tuple(fc.constant(a.slice(3)), fc.constant(a + a + a))),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sequenceRatio(a, b)).toBe(naiveRatio(a, b));
        expect(sequenceRatio(b, a)).toBe(naiveRatio(b, a));
      }),
      { numRuns: 300 },
    );
  });

  it("is within [0, 1], 1 for identical short strings", () => {
    fc.assert(
      fc.property(text(60), text(60), (a, b) => {
        const ratio = sequenceRatio(a, b);
        expect(ratio).toBeGreaterThanOrEqual(0);
        expect(ratio).toBeLessThanOrEqual(1);
        expect(sequenceRatio(a, a)).toBe(1);
      }),
    );
  });
});
