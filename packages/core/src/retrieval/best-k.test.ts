import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestK, bestSlots } from "./best-k.js";

interface Item {
  id: number;
  score: number;
}
// Best score first, ties by lower id: a total order, as bestK requires.
const compare = (a: Item, b: Item) => b.score - a.score || a.id - b.id;

describe("bestK", () => {
  it("returns the best items, best first, ties by the comparator", () => {
    const items = [5, 1, 5, 3, 9].map((score, id) => ({ id, score }));
    expect(bestK(items, 3, compare)).toEqual([
      { id: 4, score: 9 },
      { id: 0, score: 5 },
      { id: 2, score: 5 },
    ]);
    expect(bestK(items, 0, compare)).toEqual([]);
    expect(bestK([], 5, compare)).toEqual([]);
  });

  it("equals a full sort cut to the limit, with rejected items left out, for any input", () => {
    const items = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 80 }).map((scores) => scores.map((score, id) => ({ id, score })));
    fc.assert(
      fc.property(items, fc.integer({ min: 0, max: 90 }), fc.integer({ min: 1, max: 5 }), (list, limit, modulus) => {
        const keep = (item: Item) => item.id % modulus !== 0;
        expect(bestK(list, limit, compare)).toEqual([...list].sort(compare).slice(0, limit));
        expect(bestK(list, limit, compare, keep)).toEqual(list.filter(keep).sort(compare).slice(0, limit));
      }),
      { numRuns: 1000 },
    );
  });

  it("asks keep only about items that would enter the result", () => {
    const asked: number[] = [];
    const list = [10, 9, 8, 1, 2].map((score, id) => ({ id, score }));
    bestK(list, 2, compare, (item) => (asked.push(item.id), true));
    expect(asked).toEqual([0, 1]);
  });
});

describe("bestSlots", () => {
  it("property: equals bestK with the same order (score, then tie key, then slot), any slots, limit and filter", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3, max: 6 }), { minLength: 1, maxLength: 80 }),
        fc.array(fc.nat({ max: 79 }), { maxLength: 100 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (values, picks, limit, modulus, withTies) => {
          const scores = Float64Array.from(values);
          // Distinct slots in arbitrary order (as a search reaches them), some of them past none.
          const slots = [...new Set(picks.map((pick) => pick % values.length))];
          const ties = withTies ? values.map((_, slot) => (slot * 7) % 5) : undefined;
          const order = (a: number, b: number) => scores[b]! - scores[a]! || (ties === undefined ? 0 : ties[a]! - ties[b]!) || a - b;
          const keep = (slot: number) => slot % modulus !== 0;
          expect(bestSlots(scores, Uint32Array.from(slots), slots.length, limit, undefined, ties)).toEqual(bestK(slots, limit, order));
          expect(bestSlots(scores, slots, slots.length, limit, keep, ties)).toEqual(bestK(slots, limit, order, keep));
        },
      ),
    );
  });

  it("reads only the first `count` slots", () => {
    expect(bestSlots(Float64Array.of(1, 5, 9), [0, 1, 2], 2, 3)).toEqual([1, 0]);
  });
});
