import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { medianOfRounds, percentile, roundCount } from "./percentile.js";

describe("percentile", () => {
  it("is the nearest-rank percentile", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("medianOfRounds", () => {
  it("leaves out a burst of noise that spoils one round, not a latency present in every round", () => {
    const burst = Array.from({ length: 500 }, (_, index) => (index >= 100 && index < 200 ? 900 : 100));
    expect(percentile(burst, 99)).toBe(900);
    expect(medianOfRounds(burst, 99, 5)).toBe(100);
    // 2% of the requests slow in every round: that is the code's own tail, and the p99 reports it.
    const slowRequests = Array.from({ length: 500 }, (_, index) => (index % 50 === 0 || index % 50 === 1 ? 700 : 100));
    expect(medianOfRounds(slowRequests, 99, 5)).toBe(700);
  });

  it("is the plain percentile when rounds would hold fewer than 100 samples", () => {
    const samples = Array.from({ length: 199 }, (_, index) => index);
    expect(roundCount(samples.length, 5)).toBe(1);
    expect(medianOfRounds(samples, 99, 5)).toBe(percentile(samples, 99));
    expect(roundCount(250, 5)).toBe(2);
    expect(roundCount(2000, 5)).toBe(5);
  });

  it("lies between the smallest and the largest round's percentile", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 900 }),
        fc.integer({ min: 1, max: 9 }),
        (values, rounds) => {
          const result = medianOfRounds(values, 99, rounds);
          expect(result).toBeGreaterThanOrEqual(Math.min(...values));
          expect(result).toBeLessThanOrEqual(percentile(values, 100));
          expect(values).toContain(result);
        },
      ),
    );
  });
});
