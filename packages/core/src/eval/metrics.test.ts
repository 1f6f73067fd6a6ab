import { describe, expect, it } from "vitest";
import { completeAt, ndcgAt, recallAt, reciprocalRank } from "./metrics.js";

// Relevant a, b, c at ranks 1, 3 and 5.
const RANKING = ["a", "x", "b", "y", "c", "z"];
const RELEVANT = ["a", "b", "c"];

describe("recallAt", () => {
  it("counts the relevant tools in the top k over all relevant tools", () => {
    expect(recallAt(RANKING, RELEVANT, 1)).toBe(1 / 3); // {a} of 3
    expect(recallAt(RANKING, RELEVANT, 3)).toBe(2 / 3); // {a, b} of 3
    expect(recallAt(RANKING, RELEVANT, 5)).toBe(1); // {a, b, c} of 3
    expect(recallAt(RANKING, RELEVANT, 100)).toBe(1); // k beyond the ranking
    expect(recallAt(["x", "y"], ["a"], 10)).toBe(0);
  });

  it("treats relevant as a set and counts a repeated ranked tool once", () => {
    expect(recallAt(["a", "a", "b"], ["a", "a", "c"], 3)).toBe(1 / 2); // {a} of {a, c}
  });

  it("rejects an empty relevant set", () => {
    expect(() => recallAt(RANKING, [], 5)).toThrow(/at least one relevant tool/);
  });
});

describe("ndcgAt", () => {
  it("discounts each relevant tool by 1 / log2(rank + 1) over the ideal DCG", () => {
    // DCG@5 = 1/log2(2) + 1/log2(4) + 1/log2(6) = 1 + 0.5 + 0.38685 = 1.88685
    // IDCG@5 over min(5, 3) = 3 ranks = 1 + 1/log2(3) + 1/log2(4) = 1 + 0.63093 + 0.5 = 2.13093
    // nDCG@5 = 1.88685 / 2.13093 = 0.88546
    expect(ndcgAt(RANKING, RELEVANT, 5)).toBeCloseTo(0.8854598815714874, 12);
    // DCG@2 = 1 (only a); IDCG@2 = 1 + 1/log2(3) = 1.63093; nDCG@2 = 0.61315
    expect(ndcgAt(RANKING, RELEVANT, 2)).toBeCloseTo(0.6131471927654584, 12);
    // DCG@1 = 1 = IDCG@1
    expect(ndcgAt(RANKING, RELEVANT, 1)).toBe(1);
    // One relevant tool at rank 3: (1/log2(4)) / 1 = 0.5
    expect(ndcgAt(["x", "y", "b"], ["b"], 5)).toBe(0.5);
    expect(ndcgAt(["x", "y", "b"], ["b"], 2)).toBe(0);
  });
});

describe("reciprocalRank", () => {
  it("is 1 / the rank of the first relevant tool over the whole ranking", () => {
    expect(reciprocalRank(RANKING, RELEVANT)).toBe(1); // a at rank 1
    expect(reciprocalRank(["x", "y", "b"], ["b"])).toBe(1 / 3);
    expect(reciprocalRank(["x", "y", "b", "c"], ["c", "b"])).toBe(1 / 3); // b comes first, at rank 3
    expect(reciprocalRank(["x", "y"], ["b"])).toBe(0);
  });
});

describe("completeAt", () => {
  it("is 1 only when every relevant tool is in the top k", () => {
    expect(completeAt(RANKING, RELEVANT, 3)).toBe(0); // c is at rank 5
    expect(completeAt(RANKING, RELEVANT, 5)).toBe(1);
    expect(completeAt(["a", "b", "x"], ["a", "b"], 2)).toBe(1);
    expect(completeAt(["a", "x", "b"], ["a", "b"], 2)).toBe(0);
  });
});
