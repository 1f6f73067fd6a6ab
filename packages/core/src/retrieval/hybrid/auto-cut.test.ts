import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autoCut } from "./auto-cut.js";

describe("autoCut: examples", () => {
  it("matches the documented examples", () => {
    expect(autoCut([0.9, 0.85, 0.3, 0.28])).toBe(2); // 0.85 / 0.3 ≈ 2.83 > 2
    expect(autoCut([5, 4, 3])).toBe(3);
  });

  it("cuts only on a ratio strictly above `ratio`", () => {
    expect(autoCut([4, 2, 1])).toBe(3); // 4/2 = 2 and 2/1 = 2: not above 2
    expect(autoCut([4, 2, 0.9])).toBe(2); // 2 / 0.9 ≈ 2.22
    expect(autoCut([10, 9, 2, 1])).toBe(2); // 9/2 = 4.5
    expect(autoCut([10, 9, 2, 1], { ratio: 5 })).toBe(4);
    expect(autoCut([10, 1], { ratio: 10 })).toBe(2);
    expect(autoCut([10, 1], { ratio: 9.99 })).toBe(1);
  });

  it("keeps at least `minimum`, and never more than there are", () => {
    expect(autoCut([10, 9, 2, 1], { minimum: 3 })).toBe(4); // from index 3 on: 2/1 = 2, not above 2
    expect(autoCut([10, 9, 2, 0.5], { minimum: 3 })).toBe(3); // 2 / 0.5 = 4
    expect(autoCut([10, 1, 0.1], { minimum: 2 })).toBe(2);
    expect(autoCut([10, 1], { minimum: 5 })).toBe(2);
    expect(autoCut([10, 1], { minimum: 0 })).toBe(1);
  });

  it("handles empty and single lists", () => {
    expect(autoCut([])).toBe(0);
    expect(autoCut([], { minimum: 3 })).toBe(0);
    expect(autoCut([7])).toBe(1);
  });

  it("counts a non-positive score as an infinite drop, even at ratio Infinity", () => {
    expect(autoCut([3, 0, 0])).toBe(1);
    expect(autoCut([3, -1])).toBe(1);
    expect(autoCut([3, 0], { minimum: 2 })).toBe(2);
    expect(autoCut([5, 0], { ratio: Infinity })).toBe(1);
  });

  it("keeps everything at ratio Infinity when all scores are positive", () => {
    expect(autoCut([1e300, 1e-300, 1e-310], { ratio: Infinity })).toBe(3);
  });
});

const positiveScores = fc
  .array(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), { maxLength: 30 })
  .map((scores) => [...scores].sort((a, b) => b - a));
const scoresWithZeros = fc
  .array(fc.oneof(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), fc.constant(0)), { maxLength: 30 })
  .map((scores) => [...scores].sort((a, b) => b - a));
const ratioArbitrary = fc.double({ min: 1, max: 10, noNaN: true });
const minimumArbitrary = fc.integer({ min: 0, max: 12 });

describe("autoCut: properties", () => {
  it("keeps between min(minimum, length) and length items", () => {
    fc.assert(
      fc.property(scoresWithZeros, ratioArbitrary, minimumArbitrary, (scores, ratio, minimum) => {
        const kept = autoCut(scores, { ratio, minimum });
        expect(kept).toBeGreaterThanOrEqual(Math.min(minimum, scores.length));
        expect(kept).toBeLessThanOrEqual(scores.length);
        expect(Number.isInteger(kept)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("has no adjacent ratio above `ratio` (nor a non-positive score) before the cut, and cuts at the first one", () => {
    fc.assert(
      fc.property(scoresWithZeros, ratioArbitrary, minimumArbitrary, (scores, ratio, minimum) => {
        const kept = autoCut(scores, { ratio, minimum });
        const drop = (index: number) => scores[index]! <= 0 || scores[index - 1]! / scores[index]! > ratio;
        for (let index = Math.max(1, minimum); index < kept; index++) expect(drop(index)).toBe(false);
        if (kept < scores.length) {
          expect(kept).toBeGreaterThanOrEqual(Math.max(1, minimum));
          expect(drop(kept)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keeps everything at ratio Infinity (positive scores)", () => {
    fc.assert(
      fc.property(positiveScores, minimumArbitrary, (scores, minimum) => {
        expect(autoCut(scores, { ratio: Infinity, minimum })).toBe(scores.length);
      }),
      { numRuns: 300 },
    );
  });
});
