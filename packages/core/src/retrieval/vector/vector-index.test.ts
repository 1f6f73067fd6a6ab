import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BruteForceVectorIndex } from "./vector-index.js";

describe("BruteForceVectorIndex", () => {
  it("finds the nearest by cosine, best first, and respects k and the filter", () => {
    const index = new BruteForceVectorIndex(2, 1);
    index.add("east", [10, 0]);
    index.add("north", [0, 1]);
    index.add("north-east", [1, 1]);
    expect(index.size).toBe(3);
    const hits = index.search([1, 0.1], 3);
    expect(hits.map((hit) => hit.id)).toEqual(["east", "north-east", "north"]);
    expect(hits[0]!.score).toBeCloseTo(1 / Math.hypot(1, 0.1), 6);
    expect(index.search([1, 0.1], 1).map((hit) => hit.id)).toEqual(["east"]);
    expect(index.search([1, 0.1], 2, (id) => id !== "east").map((hit) => hit.id)).toEqual(["north-east", "north"]);
  });

  it("replaces in place, removes, and keeps insertion order for ties through compaction", () => {
    const index = new BruteForceVectorIndex(2);
    for (let i = 0; i < 200; i++) index.add(`t${i}`, [1, 0]);
    for (let i = 0; i < 150; i++) index.remove(`t${i}`);
    index.remove("unknown");
    expect(index.size).toBe(50);
    expect(index.search([1, 0], 3).map((hit) => hit.id)).toEqual(["t150", "t151", "t152"]);
    index.add("t151", [0, 1]);
    expect(index.search([1, 0], 2).map((hit) => hit.id)).toEqual(["t150", "t152"]);
    expect(index.search([0, 1], 1).map((hit) => hit.id)).toEqual(["t151"]);
  });

  it("returns nothing for a zero query and rejects a wrong length", () => {
    const index = new BruteForceVectorIndex(2);
    index.add("a", [0, 0]);
    expect(index.search([0, 0], 5)).toEqual([]);
    expect(index.search([1, 0], 5)).toEqual([{ id: "a", score: 0 }]);
    expect(() => index.add("b", [1, 2, 3])).toThrow(/3 numbers/);
  });

  it("searches alike when searches follow one another or a filter searches the same index meanwhile", () => {
    const index = new BruteForceVectorIndex(2);
    for (let i = 0; i < 40; i++) index.add(`t${i}`, [Math.cos(i / 7), Math.sin(i / 7)]);
    const alone = index.search([1, 0], 5);
    expect(index.search([0, 1], 3)).toHaveLength(3);
    const inner: string[][] = [];
    const nested = index.search([1, 0], 5, (id) => {
      inner.push(index.search([0, 1], 2).map((hit) => hit.id));
      return id !== "t1";
    });
    expect(nested).toEqual(index.search([1, 0], 5, (id) => id !== "t1"));
    expect(nested.map((hit) => hit.id)).toEqual(
      alone
        .map((hit) => hit.id)
        .filter((id) => id !== "t1")
        .concat(nested.at(-1)!.id),
    );
    expect(new Set(inner.map((ids) => ids.join()))).toEqual(
      new Set([
        index
          .search([0, 1], 2)
          .map((hit) => hit.id)
          .join(),
      ]),
    );
    expect(index.search([1, 0], 5)).toEqual(alone);
  });

  it("agrees with a sort of every cosine (property)", () => {
    const vector = fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 30 }), vector, fc.integer({ min: 1, max: 10 }), (vectors, query, k) => {
        const index = new BruteForceVectorIndex(3);
        vectors.forEach((v, i) => index.add(`v${i}`, v));
        const cos = (v: number[]) => {
          const norm = Math.hypot(...v) * Math.hypot(...query);
          return norm === 0 ? 0 : v.reduce((sum, x, d) => sum + x * query[d]!, 0) / norm;
        };
        const expected = vectors.map((v, i) => ({ id: `v${i}`, score: cos(v) })).sort((a, b) => b.score - a.score);
        const hits = index.search(query, k);
        if (Math.hypot(...query) === 0) return hits.length === 0;
        return hits.length === Math.min(k, vectors.length) && hits.every((hit, i) => Math.abs(hit.score - expected[i]!.score) < 1e-5);
      }),
    );
  });

  it("searches several vectors at once as merging their search lists would, ties included (property)", () => {
    // Small integer vectors repeat, so equal cosines (ties, decided by the order ids were stored in) are common.
    const vector = fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(vector, { minLength: 1, maxLength: 30 }),
        fc.array(vector, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (stored, queries, k, filtered) => {
          const index = new BruteForceVectorIndex(3, 2);
          stored.forEach((v, i) => index.add(`v${i}`, v));
          index.remove("v1");
          const filter = filtered ? (id: string) => id !== "v2" : undefined;
          // Each id of the k-long lists at its best score, then the best k: score, then the order stored.
          const best = new Map<string, number>();
          for (const query of queries) {
            for (const { id, score } of index.search(query, k, filter)) best.set(id, Math.max(score, best.get(id) ?? -Infinity));
          }
          const slot = (id: string) => Number(id.slice(1));
          const merged = [...best]
            .map(([id, score]) => ({ id, score }))
            .sort((a, b) => b.score - a.score || slot(a.id) - slot(b.id))
            .slice(0, k);
          expect(index.searchAny(queries, k, filter)).toEqual(merged);
        },
      ),
    );
  });
});
