import { describe, expect, it } from "vitest";
import { meanMetrics, queryMetrics } from "./aggregate-metrics.js";

describe("queryMetrics / meanMetrics", () => {
  it("reports every cut-off for one query", () => {
    // Relevant a, b at ranks 1 and 3 of 3.
    expect(queryMetrics(["a", "x", "b"], ["a", "b"])).toEqual({
      recall: { "1": 0.5, "3": 1, "5": 1, "10": 1, "20": 1 },
      // DCG = 1 + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3) = 1.63093; 1.5 / 1.63093 = 0.91972
      ndcg: { "5": expect.closeTo(0.9197207891481876, 12), "10": expect.closeTo(0.9197207891481876, 12) },
      mrr: 1,
      complete: { "5": 1, "10": 1, "20": 1 },
    });
  });

  it("averages each metric over queries", () => {
    // q1: relevant a, b at ranks 1, 3 (above). q2: relevant c at rank 2: recall@1 0, ndcg 1/log2(3) = 0.63093, rr 0.5.
    const mean = meanMetrics([queryMetrics(["a", "x", "b"], ["a", "b"]), queryMetrics(["y", "c"], ["c"])]);
    expect(mean.recall).toEqual({ "1": 0.25, "3": 1, "5": 1, "10": 1, "20": 1 }); // (0.5 + 0) / 2
    expect(mean.ndcg["5"]).toBeCloseTo((0.9197207891481876 + 0.6309297535714575) / 2, 12);
    expect(mean.mrr).toBe(0.75); // (1 + 0.5) / 2
    expect(mean.complete).toEqual({ "5": 1, "10": 1, "20": 1 });
  });

  it("is NaN over no queries", () => {
    expect(meanMetrics([]).mrr).toBeNaN();
  });
});
