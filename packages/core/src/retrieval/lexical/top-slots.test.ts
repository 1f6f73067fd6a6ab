import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestK } from "../best-k.js";
import { topSlots } from "./top-slots.js";

describe("topSlots", () => {
  it("ranks by score, ties by the lower slot, and skips slots scoring zero", () => {
    expect(topSlots(Float64Array.of(0.5, 0, 2, 0.5, 0.5), 5, 2)).toEqual([2, 0]);
    expect(topSlots(Float64Array.of(0.5, 0, 2, 0.5, 0.5), 5, 10)).toEqual([2, 0, 3, 4]);
    expect(topSlots(Float64Array.of(1, 2, 3), 2, 10)).toEqual([1, 0]);
    expect(topSlots(Float64Array.of(1, 2, 3), 3, 0)).toEqual([]);
  });

  it("asks the filter only about the best slots when it accepts them, and ranks again past the ones it rejects", () => {
    const scores = Float64Array.of(1, 5, 2, 4, 3, 0, 6);
    const asked: number[] = [];
    expect(topSlots(scores, scores.length, 3, (slot) => asked.push(slot) > 0)).toEqual([6, 1, 3]);
    expect(asked).toEqual([6, 1, 3]);
    asked.length = 0;
    expect(topSlots(scores, scores.length, 3, (slot) => (asked.push(slot), slot !== 1))).toEqual([6, 3, 4]);
    expect(asked.slice(0, 2)).toEqual([6, 1]);
  });

  // Limits up to 40 cover both the sorted array (up to 32) and the heap (beyond).
  it("equals bestK over the slots scoring above zero, with and without a filter, for small and large limits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 0.25, 0.5, 1, 1.5, 3), { maxLength: 80 }),
        fc.integer({ min: 1, max: 40 }),
        fc.option(fc.uniqueArray(fc.nat({ max: 79 }), { maxLength: 40 }), { nil: undefined }),
        (values, limit, excluded) => {
          const scores = Float64Array.from(values);
          const keep = excluded === undefined ? undefined : (slot: number) => !excluded.includes(slot);
          const positive = values.flatMap((score, slot) => (score > 0 ? [slot] : []));
          const expected = bestK(positive, limit, (a, b) => scores[b]! - scores[a]! || a - b, keep);
          expect(topSlots(scores, scores.length, limit, keep)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
