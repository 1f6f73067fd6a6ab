import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeAt, ndcgAt, recallAt, reciprocalRank } from "./metrics.js";

const NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
const ranking = fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: NAMES.length });
const relevant = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 });
const k = fc.integer({ min: 1, max: 25 });

describe("metric properties", () => {
  it("every metric lies in [0, 1]", () => {
    fc.assert(
      fc.property(ranking, relevant, k, (ranked, wanted, cut) => {
        for (const value of [
          recallAt(ranked, wanted, cut),
          ndcgAt(ranked, wanted, cut),
          reciprocalRank(ranked, wanted),
          completeAt(ranked, wanted, cut),
        ]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
    );
  });

  it("recall@k never decreases as k grows", () => {
    fc.assert(
      fc.property(ranking, relevant, k, k, (ranked, wanted, k1, k2) => {
        const [low, high] = k1 <= k2 ? [k1, k2] : [k2, k1];
        expect(recallAt(ranked, wanted, low)).toBeLessThanOrEqual(recallAt(ranked, wanted, high));
      }),
    );
  });

  it("complete@k ≤ recall@k", () => {
    fc.assert(
      fc.property(ranking, relevant, k, (ranked, wanted, cut) => {
        expect(completeAt(ranked, wanted, cut)).toBeLessThanOrEqual(recallAt(ranked, wanted, cut));
      }),
    );
  });

  it("a perfect ranking (relevant tools first) scores 1 everywhere once k covers them", () => {
    fc.assert(
      fc.property(relevant, ranking, k, (wanted, rest, cut) => {
        const ranked = [...wanted, ...rest.filter((name) => !wanted.includes(name))];
        expect(reciprocalRank(ranked, wanted)).toBe(1);
        expect(ndcgAt(ranked, wanted, cut)).toBeCloseTo(1, 12);
        const covered = cut >= wanted.length;
        expect(recallAt(ranked, wanted, cut)).toBe(covered ? 1 : cut / wanted.length);
        expect(completeAt(ranked, wanted, cut)).toBe(covered ? 1 : 0);
      }),
    );
  });
});
