import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestK } from "./best-k.js";

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
