import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  reciprocalRankFusion,
  reciprocalRankScores,
  weightedScoreFusion,
  weightedScores,
  type FusedItem,
  type RankedList,
} from "./fusion.js";

const list = (name: string, weight: number, items: Array<[string, number]>): RankedList => ({
  name,
  weight,
  items: items.map(([id, score]) => ({ id, score })),
});
const ids = (items: readonly FusedItem[]) => items.map((item) => item.id);
const byOrder = (order: readonly string[]) => (id: string) => order.indexOf(id);

describe("reciprocalRankFusion", () => {
  it("matches the documented example: one list, 1/61 and 1/62", () => {
    expect(
      reciprocalRankFusion([
        list("a", 1, [
          ["x", 9],
          ["y", 3],
        ]),
      ]),
    ).toEqual([
      { id: "x", score: 1 / 61, contributions: { a: 1 / 61 } },
      { id: "y", score: 1 / 62, contributions: { a: 1 / 62 } },
    ]);
  });

  it("sums weight / (k + rank) over the lists (k = 60)", () => {
    // x: 1/61 ≈ 0.016393;  y: 1/62 + 0.5/61 ≈ 0.016129 + 0.008197 = 0.024326;  z: 1/63 ≈ 0.015873;  w: 0.5/62 ≈ 0.008065
    // Scores are ignored: only ranks count.
    const fused = reciprocalRankFusion([
      list("bm25", 1, [
        ["x", 9],
        ["y", 5],
        ["z", 1],
      ]),
      list("vector", 0.5, [
        ["y", 0.9],
        ["w", 0.3],
      ]),
    ]);
    expect(ids(fused)).toEqual(["y", "x", "z", "w"]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 0.5 / 61, 15);
    expect(fused[0]!.contributions).toEqual({ bm25: 1 / 62, vector: 0.5 / 61 });
    expect(fused[1]).toEqual({ id: "x", score: 1 / 61, contributions: { bm25: 1 / 61 } });
    expect(fused[2]).toEqual({ id: "z", score: 1 / 63, contributions: { bm25: 1 / 63 } });
    expect(fused[3]).toEqual({ id: "w", score: 0.5 / 62, contributions: { vector: 0.5 / 62 } });
  });

  it("uses k", () => {
    // k = 0: x 1/1 = 1, y 1/2 + 0.5/1 = 1 (a tie), z 1/3, w 0.5/2 = 0.25
    const lists = [
      list("bm25", 1, [
        ["x", 9],
        ["y", 5],
        ["z", 1],
      ]),
      list("vector", 0.5, [
        ["y", 0.9],
        ["w", 0.3],
      ]),
    ];
    const fused = reciprocalRankFusion(lists, { k: 0 });
    expect(fused.map((item) => [item.id, item.score])).toEqual([
      ["x", 1],
      ["y", 1],
      ["z", 1 / 3],
      ["w", 0.25],
    ]);
  });

  it("breaks ties by the order function, else by first appearance", () => {
    const lists = [list("a", 1, [["p", 1]]), list("b", 1, [["q", 1]])];
    expect(ids(reciprocalRankFusion(lists))).toEqual(["p", "q"]);
    expect(ids(reciprocalRankFusion(lists, { order: byOrder(["q", "p"]) }))).toEqual(["q", "p"]);
  });

  it("returns [] for no lists or empty lists", () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([list("a", 1, [])])).toEqual([]);
  });
});

describe("weightedScoreFusion", () => {
  it("matches the documented example: min-max normalised, weighted, summed", () => {
    // bm25 (weight 1): x 8 → 1, y 4 → 0.5, z 0 → 0.   vector (weight 0.5): y 0.9 → 0.5 × 1, x 0.1 → 0.5 × 0.
    // x = 1 + 0 = 1, y = 0.5 + 0.5 = 1 (a tie: first appearance, or the order function), z = 0.
    const lists = [
      list("bm25", 1, [
        ["x", 8],
        ["y", 4],
        ["z", 0],
      ]),
      list("vector", 0.5, [
        ["y", 0.9],
        ["x", 0.1],
      ]),
    ];
    const fused = weightedScoreFusion(lists);
    expect(ids(fused)).toEqual(["x", "y", "z"]);
    expect(fused[0]).toEqual({ id: "x", score: 1, contributions: { bm25: 1, vector: 0 } });
    expect(fused[1]!.score).toBeCloseTo(1, 15);
    expect(fused[1]!.contributions.bm25).toBe(0.5);
    expect(fused[1]!.contributions.vector).toBeCloseTo(0.5, 15);
    expect(fused[2]).toEqual({ id: "z", score: 0, contributions: { bm25: 0 } });
    expect(ids(weightedScoreFusion(lists, { order: byOrder(["y", "x", "z"]) }))).toEqual(["y", "x", "z"]);
  });

  it("counts each item of a list whose scores are all equal as 1 (times the weight)", () => {
    expect(
      weightedScoreFusion([
        list("a", 2, [
          ["p", 3],
          ["q", 3],
        ]),
      ]),
    ).toEqual([
      { id: "p", score: 2, contributions: { a: 2 } },
      { id: "q", score: 2, contributions: { a: 2 } },
    ]);
    expect(weightedScoreFusion([list("a", 0.7, [["only", -5]])])).toEqual([{ id: "only", score: 0.7, contributions: { a: 0.7 } }]);
  });

  it("normalises negative scores and weights each list", () => {
    // a: p −1 → 1, q −3 → 0 (weight 1).  b (weight 3): q 10 → 1, r 6 → 0.5, p 2 → 0.
    // p = 1 + 0 = 1, q = 0 + 3 = 3, r = 1.5
    const fused = weightedScoreFusion([
      list("a", 1, [
        ["p", -1],
        ["q", -3],
      ]),
      list("b", 3, [
        ["q", 10],
        ["r", 6],
        ["p", 2],
      ]),
    ]);
    expect(fused.map((item) => [item.id, item.score])).toEqual([
      ["q", 3],
      ["r", 1.5],
      ["p", 1],
    ]);
    expect(fused[0]!.contributions).toEqual({ a: 0, b: 3 });
  });

  it("skips empty lists and returns [] for none", () => {
    expect(weightedScoreFusion([])).toEqual([]);
    expect(weightedScoreFusion([list("a", 1, []), list("b", 1, [["p", 1]])])).toEqual([{ id: "p", score: 1, contributions: { b: 1 } }]);
  });
});

const ID_POOL = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/** Lists with unique ids each and scores best first (ties allowed). */
const listsArbitrary = fc
  .array(
    fc.record({
      name: fc.constantFrom("bm25", "fuzzy", "vector"),
      weight: fc.double({ min: 0, max: 3, noNaN: true }),
      ids: fc.uniqueArray(fc.constantFrom(...ID_POOL), { maxLength: ID_POOL.length }),
      scores: fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: ID_POOL.length, maxLength: ID_POOL.length }),
    }),
    { maxLength: 4 },
  )
  .map((raw) =>
    raw.map(({ name, weight, ids: listIds, scores }) => {
      const sorted = [...scores].sort((x, y) => y - x);
      return { name, weight, items: listIds.map((id, index) => ({ id, score: sorted[index]! })) };
    }),
  );

/** Lists that all rank "top" first, with strictly decreasing integer scores and positive weights. */
const topFirstArbitrary = fc
  .array(
    fc.record({
      name: fc.constantFrom("bm25", "fuzzy", "vector"),
      weight: fc.double({ min: 0.1, max: 3, noNaN: true }),
      others: fc.uniqueArray(fc.constantFrom(...ID_POOL), { maxLength: ID_POOL.length }),
      scores: fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: ID_POOL.length + 1, maxLength: ID_POOL.length + 1 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((raw) =>
    raw.map(({ name, weight, others, scores }) => {
      const sorted = [...scores].sort((x, y) => y - x);
      return { name, weight, items: ["top", ...others].map((id, index) => ({ id, score: sorted[index]! })) };
    }),
  );

const METHODS = [
  ["reciprocalRankFusion", reciprocalRankFusion],
  ["weightedScoreFusion", weightedScoreFusion],
] as const;

describe.each(METHODS)("%s properties", (_, fuse) => {
  it("returns a permutation of the union of the input ids, scores non-increasing, ties in `order`", () => {
    fc.assert(
      fc.property(listsArbitrary, fc.shuffledSubarray([...ID_POOL], { minLength: ID_POOL.length }), (lists, permutation) => {
        const order = byOrder(permutation);
        const fused = fuse(lists, { order });
        const union = new Set(lists.flatMap((item) => item.items.map((entry) => entry.id)));
        expect(ids(fused).sort()).toEqual([...union].sort());
        for (let index = 1; index < fused.length; index++) {
          const previous = fused[index - 1]!;
          const current = fused[index]!;
          expect(previous.score).toBeGreaterThanOrEqual(current.score);
          if (previous.score === current.score) expect(order(previous.id)).toBeLessThan(order(current.id));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("ranks first an id that every list ranks first", () => {
    fc.assert(
      fc.property(topFirstArbitrary, (lists) => {
        expect(fuse(lists)[0]!.id).toBe("top");
      }),
      { numRuns: 300 },
    );
  });
});

describe.each([
  ["reciprocalRankScores", (lists: Parameters<typeof weightedScores>[0]) => reciprocalRankScores(lists, 60)],
  ["weightedScores", weightedScores],
] as const)("%s", (_, scoresOf) => {
  it("gives each id once, the sum of its lists' contributions, and where each list has it first", () => {
    fc.assert(
      fc.property(listsArbitrary, (lists) => {
        const { ids: fusedIds, scores, contributions, firstAt } = scoresOf(lists);
        expect(fusedIds).toEqual([...new Set(lists.flatMap((list) => list.items.map((item) => item.id)))]);
        fusedIds.forEach((id, slot) => {
          let sum = 0;
          lists.forEach((list, index) => {
            const first = list.items.findIndex((item) => item.id === id);
            expect(firstAt[index]![slot]).toBe(first);
            if (first === -1) expect(contributions[index]![slot]).toBe(0);
            sum += contributions[index]![slot]!;
          });
          expect(scores[slot]).toBeCloseTo(sum, 9);
        });
      }),
      { numRuns: 300 },
    );
  });
});
