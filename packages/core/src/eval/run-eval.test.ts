import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import type { RankRequest, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { calledToolsOf, runEval } from "./run-eval.js";

const catalog = new ToolCatalog({ tools: [{ name: "a" }, { name: "b" }, { name: "c" }] });

/** Ranks a fixed order per query text; records what it was asked. */
function scripted(orders: Record<string, string[]>, calls: RankRequest[] = []): RetrievalStrategy {
  return {
    name: "scripted",
    index: async () => {},
    rank: async (request) => {
      calls.push(request);
      return (orders[request.query] ?? []).map((name, index) => ({ name, score: -index, signals: {} }));
    },
  };
}

describe("runEval", () => {
  it("indexes, ranks the whole catalog per query and averages the metrics", async () => {
    const calls: RankRequest[] = [];
    const progress: Array<[number, number]> = [];
    const result = await runEval({
      catalog,
      queries: [
        { id: "1", query: "q1", relevant: ["b"], history: ["earlier"] },
        { id: "2", query: "q2", relevant: ["a", "c"] },
      ],
      strategy: scripted({ q1: ["a", "b", "c"], q2: ["a", "b"] }, calls),
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(calls).toEqual([
      { query: "q1", history: ["earlier"], limit: 3 },
      { query: "q2", limit: 3 },
    ]);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // q1: b at rank 2 → R@1 0, R@3+ 1, nDCG = 1/log2(3) = 0.63093, RR 1/2, complete@5 1.
    // q2: a at rank 1, c unranked → R@k 1/2, nDCG@5 = 1 / (1 + 1/log2(3)) = 0.61315, RR 1, complete 0.
    expect(result).toMatchObject({
      strategy: "scripted",
      tools: 3,
      queries: 2,
      recall: { "1": 0.25, "3": 0.75, "5": 0.75, "10": 0.75, "20": 0.75 },
      mrr: 0.75,
      complete: { "5": 0.5, "10": 0.5, "20": 0.5 },
    });
    expect(result.ndcg["5"]).toBeCloseTo((0.6309297535714575 + 0.6131471927654584) / 2, 12);
    expect(Object.keys(result)).toEqual(["strategy", "tools", "queries", "recall", "ndcg", "mrr", "complete", "latencyMs", "indexMs"]);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(0);
    expect(result.latencyMs.p95).toBeGreaterThanOrEqual(result.latencyMs.p50);
    expect(result.indexMs).toBeGreaterThanOrEqual(0);
  });

  it("works with synchronous strategies", async () => {
    const strategy: RetrievalStrategy = { name: "sync", index: () => {}, rank: () => [{ name: "c", score: 1, signals: {} }] };
    const result = await runEval({ catalog, queries: [{ id: "1", query: "x", relevant: ["c"] }], strategy });
    expect(result.mrr).toBe(1);
  });

  it("with memory, ranks up the tools the history turns called, as a selector does", async () => {
    const ranks = (names: string[]) => ({
      name: "ranks",
      index: () => {},
      rank: () => names.map((name, index) => ({ name, score: 3 - index, signals: {} })),
    });
    const query = { id: "1", query: "q", relevant: ["a", "c"], history: ["earlier"], turns: [{ query: "earlier", tools: ["c"] }] };
    const plain = await runEval({ catalog, queries: [query], strategy: ranks(["a", "b"]) });
    expect(plain.complete["5"]).toBe(0);
    const remembered = await runEval({ catalog, queries: [query], strategy: ranks(["a", "b"]), memory: {} });
    expect(remembered.complete["5"]).toBe(1);
    expect(
      calledToolsOf({
        ...query,
        turns: [
          { query: "x", tools: ["a"] },
          { query: "y", tools: ["b", "c"] },
        ],
      }),
    ).toEqual([
      { name: "a", turnsAgo: 2 },
      { name: "b", turnsAgo: 1 },
      { name: "c", turnsAgo: 1 },
    ]);
  });

  it("abstaining with memory, keeps the tools the previous turn called, as a selector does", async () => {
    const ranks = { name: "ranks", index: () => {}, rank: () => [{ name: "a", score: 3, signals: {} }] };
    const query = { id: "1", query: "thanks!", relevant: ["c"], history: ["earlier"], turns: [{ query: "earlier", tools: ["c"] }] };
    const remembered = await runEval({ catalog, queries: [query], strategy: ranks, memory: {}, abstention: {} });
    expect(remembered.abstention?.abstained).toBe(1);
    expect(remembered.complete["5"]).toBe(1);
    const forgotten = await runEval({ catalog, queries: [query], strategy: ranks, abstention: {} });
    expect(forgotten.complete["5"]).toBe(0);
  });
});
