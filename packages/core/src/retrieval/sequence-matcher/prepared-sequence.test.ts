import { describe, expect, it } from "vitest";
import { compare } from "./diagonal-runs.js";
import { positionsOf, prepareSequence, toCodePoints } from "./prepared-sequence.js";

const code = (char: string) => char.codePointAt(0)!;

describe("prepareSequence", () => {
  it("indexes where each element occurs (difflib's b2j)", () => {
    const prepared = prepareSequence("abcab😀");
    expect([...positionsOf(prepared, code("a"))]).toEqual([0, 3]);
    expect([...positionsOf(prepared, code("b"))]).toEqual([1, 4]);
    expect([...positionsOf(prepared, code("😀"))]).toEqual([5]);
    expect([...positionsOf(prepared, code("z"))]).toEqual([]);
    expect(prepared.codes).toHaveLength(6); // code points, as Python's len()
  });

  it("junks popular elements when b has 200 or more: more than len // 100 + 1 occurrences", () => {
    // 200 elements: the limit is 200 // 100 + 1 = 3. "x" occurs 3 times (kept), "y" 4 times (junked).
    const b = `xxxyyyy${"0123456789".repeat(19)}abc`;
    expect(b).toHaveLength(200);
    const prepared = prepareSequence(b);
    expect([...positionsOf(prepared, code("x"))]).toEqual([0, 1, 2]);
    expect([...positionsOf(prepared, code("y"))]).toEqual([]);
    expect([...positionsOf(prepared, code("0"))]).toEqual([]); // 19 occurrences
    // One element shorter, autojunk does not apply.
    expect([...positionsOf(prepareSequence(b.slice(1)), code("y"))]).toEqual([2, 3, 4, 5]);
  });
});

describe("compare", () => {
  it("finds the diagonal runs of two or more matches", () => {
    const { count, runA, runB, runSize } = compare(toCodePoints("abxcd"), prepareSequence("abcd"));
    const runs = Array.from({ length: count }, (_, r) => [runA[r], runB[r], runSize[r]]);
    expect(runs).toEqual([
      [0, 0, 2],
      [3, 2, 2],
    ]);
  });
});
