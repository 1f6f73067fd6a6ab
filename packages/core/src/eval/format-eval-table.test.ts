import { describe, expect, it } from "vitest";
import { formatEvalTable } from "./format-eval-table.js";
import type { EvalResult } from "./run-eval.js";

const RESULT: EvalResult = {
  strategy: "sequence-matcher",
  tools: 6,
  queries: 5,
  recall: { "1": 0.5, "3": 0.6, "5": 0.8, "10": 0.8, "20": 0.8 },
  ndcg: { "5": 0.6773705614469083, "10": 0.6773705614469083 },
  mrr: 0.64,
  complete: { "5": 0.8, "10": 0.8, "20": 0.8 },
  latencyMs: { p50: 0.0123, p95: 0.25 },
  indexMs: 1.5,
};

describe("formatEvalTable", () => {
  it("prints a header and one row per strategy, numbers to 3 decimals", () => {
    const lines = formatEvalTable([RESULT, { ...RESULT, strategy: "bm25" }]).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split(/\s+/)).toEqual([
      "strategy",
      "R@1",
      "R@3",
      "R@5",
      "R@10",
      "R@20",
      "nDCG@5",
      "nDCG@10",
      "MRR",
      "C@5",
      "C@10",
      "C@20",
      "p50",
      "ms",
      "p95",
      "ms",
      "index",
      "ms",
    ]);
    expect(lines[1]!.split(/\s+/)).toEqual([
      "sequence-matcher",
      "0.500",
      "0.600",
      "0.800",
      "0.800",
      "0.800",
      "0.677",
      "0.677",
      "0.640",
      "0.800",
      "0.800",
      "0.800",
      "0.012",
      "0.250",
      "1.500",
    ]);
    expect(lines[2]!.startsWith("bm25             ")).toBe(true);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
