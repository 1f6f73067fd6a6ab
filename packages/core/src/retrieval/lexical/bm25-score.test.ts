import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  backgroundShare,
  DEFAULT_BM25,
  idf,
  LEARNED_LIFT_WEIGHT,
  LEARNED_PRIOR_OBSERVATIONS,
  learnedLift,
  learnedPrior,
  learnedTermScore,
  termScore,
} from "./bm25-score.js";

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

describe("learnedLift, backgroundShare, learnedPrior and learnedTermScore", () => {
  it("are the documented examples", () => {
    expect(LEARNED_PRIOR_OBSERVATIONS).toBe(500);
    expect(LEARNED_LIFT_WEIGHT).toBe(3);
    const lift = (60 + 500 * 0.08) / (600 * 0.08);
    expect(learnedLift({ count: 60, observations: 100, background: 0.08, prior: 500 })).toBeCloseTo(lift, 12);
    expect(learnedTermScore({ count: 60, observations: 100, background: 0.08, prior: 500 })).toBeCloseTo(3 * Math.log(lift), 12);
    expect(backgroundShare({ said: 80, observations: 1000, inTexts: 2, texts: 200 })).toBeCloseTo(82 / 1200, 15);
    expect(backgroundShare({ said: 0, observations: 0, inTexts: 0, texts: 0 })).toBe(0);
    expect([learnedPrior(0), learnedPrior(120), learnedPrior(500), learnedPrior(19102)]).toEqual([0, 120, 500, 500]);
  });

  it("say nothing of a term a tool's users say no more than everyone (its share of it is its share of everything)", () => {
    // 300 of 1,000 observations, 30 of the 100 that say the term.
    expect(learnedLift({ count: 30, observations: 300, background: 0.1, prior: 500 })).toBeCloseTo(1, 12);
    expect(learnedTermScore({ count: 30, observations: 300, background: 0.1, prior: 500 })).toBe(0);
    expect(learnedTermScore({ count: 0, observations: 300, background: 0.1, prior: 500 })).toBe(0);
    expect(learnedTermScore({ count: 1, observations: 1, background: 0, prior: 0 })).toBe(0);
  });

  it("do not grow with the evidence when the tool's share of the term stays its share of everything", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (share, total, background, prior) => {
          // A tool with `share` of all observations, of which the same part as everyone's says the term.
          const observations = share * total;
          expect(learnedTermScore({ count: background * observations, observations, background, prior })).toBeLessThanOrEqual(1e-9);
        },
      ),
    );
  });

  it("rise with the tool's share of the term, and fall with a larger prior for a tool with less evidence than it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        (observations, more, fraction) => {
          const background = 0.05;
          const count = fraction * observations;
          expect(learnedLift({ count: count + more, observations: observations + more, background, prior: 200 })).toBeGreaterThan(
            learnedLift({ count, observations: observations + more, background, prior: 200 }),
          );
          expect(learnedLift({ count, observations, background, prior: 500 })).toBeLessThan(
            learnedLift({ count, observations, background, prior: 200 }),
          );
        },
      ),
    );
  });
});
