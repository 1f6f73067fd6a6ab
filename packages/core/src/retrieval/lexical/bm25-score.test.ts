import { describe, expect, it } from "vitest";
import { DEFAULT_BM25, idf, termScore } from "./bm25-score.js";

describe("idf", () => {
  it("is ln(1 + (N − df + 0.5) / (df + 0.5))", () => {
    // N = 10, df = 1: ln(1 + 9.5 / 1.5) = ln(1 + 19/3) = ln(22/3)
    expect(idf(10, 1)).toBeCloseTo(Math.log(22 / 3), 15);
    // N = 16, df = 1: ln(1 + 15.5 / 1.5) = ln(34/3)
    expect(idf(16, 1)).toBeCloseTo(Math.log(34 / 3), 15);
    // N = 2, df = 2: ln(1 + 0.5 / 2.5) = ln(1.2)
    expect(idf(2, 2)).toBeCloseTo(Math.log(1.2), 15);
    // N = 1, df = 1: ln(1 + 0.5 / 1.5) = ln(4/3)
    expect(idf(1, 1)).toBeCloseTo(Math.log(4 / 3), 15);
  });

  it("is positive even for a term in every document, and falls as df rises", () => {
    for (const n of [1, 2, 10, 1000]) expect(idf(n, n)).toBeGreaterThan(0);
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 2));
    expect(idf(100, 2)).toBeGreaterThan(idf(100, 50));
  });
});

describe("termScore", () => {
  it("has the classic defaults k1 = 1.2, b = 0.75", () => {
    expect(DEFAULT_BM25).toEqual({ k1: 1.2, b: 0.75 });
  });

  it("matches the documented example: tf 1 at average length with idf 2 scores 2", () => {
    // norm = 1.2 × (1 − 0.75 + 0.75 × 10/10) = 1.2; 2 × 1 × 2.2 / (1 + 1.2) = 2
    expect(termScore({ tf: 1, length: 10, averageLength: 10, idf: 2 })).toBeCloseTo(2, 15);
  });

  it("normalises by length: a document twice the average length", () => {
    // norm = 1.2 × (0.25 + 0.75 × 20/10) = 1.2 × 1.75 = 2.1; 1 × 2 × 2.2 / (2 + 2.1) = 4.4 / 4.1
    expect(termScore({ tf: 2, length: 20, averageLength: 10, idf: 1 })).toBeCloseTo(4.4 / 4.1, 15);
    // half the average: norm = 1.2 × (0.25 + 0.375) = 0.75; 1 × 1 × 2.2 / (1 + 0.75) = 2.2 / 1.75
    expect(termScore({ tf: 1, length: 5, averageLength: 10, idf: 1 })).toBeCloseTo(2.2 / 1.75, 15);
  });

  it("saturates term frequency", () => {
    // tf 3 at average length: 3 × 2.2 / (3 + 1.2) = 6.6 / 4.2
    expect(termScore({ tf: 3, length: 10, averageLength: 10, idf: 1 })).toBeCloseTo(6.6 / 4.2, 15);
    // tends to idf × (k1 + 1) = 2.2
    expect(termScore({ tf: 1e9, length: 10, averageLength: 10, idf: 1 })).toBeCloseTo(2.2, 6);
  });

  it("uses the given parameters", () => {
    // b = 0: no length normalisation; norm = k1 = 1.2 whatever the length: 2.2 / 2.2 = 1
    expect(termScore({ tf: 1, length: 100, averageLength: 10, idf: 1 }, { k1: 1.2, b: 0 })).toBeCloseTo(1, 15);
    // k1 = 0: binary, the score is idf whatever tf: 3 × 5 × 1 / (5 + 0) = 3
    expect(termScore({ tf: 5, length: 7, averageLength: 10, idf: 3 }, { k1: 0, b: 0.75 })).toBeCloseTo(3, 15);
    // k1 = 2, b = 1, length = 2 × average: norm = 2 × 2 = 4; 1 × 1 × 3 / (1 + 4) = 0.6
    expect(termScore({ tf: 1, length: 20, averageLength: 10, idf: 1 }, { k1: 2, b: 1 })).toBeCloseTo(0.6, 15);
  });

  it("treats an average length of 0 as 1", () => {
    // norm = 1.2 × (0.25 + 0.75 × 0/1) = 0.3; 1 × 1 × 2.2 / (1 + 0.3) = 2.2 / 1.3
    expect(termScore({ tf: 1, length: 0, averageLength: 0, idf: 1 })).toBeCloseTo(2.2 / 1.3, 15);
  });
});
