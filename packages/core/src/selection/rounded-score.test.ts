import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundedScore } from "./rounded-score.js";

const byToFixed = (x: number) => Number(x.toFixed(3));

describe("roundedScore", () => {
  it("is Number(x.toFixed(3)) for every double, ties, signs, zeros and non-finite values included", () => {
    for (const x of [
      0,
      -0,
      1.0005,
      -1.0005,
      0.0005,
      2.5e-4,
      -0.0004,
      0.0004,
      1e6,
      -1e6,
      123456.7895,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      5.31234,
      0.1 + 0.2,
    ])
      expect(Object.is(roundedScore(x), byToFixed(x)), String(x)).toBe(true);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.double({ min: -100, max: 100 }),
          fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 2000),
        ),
        (x) => {
          expect(Object.is(roundedScore(x), byToFixed(x))).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
