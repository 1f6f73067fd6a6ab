import { describe, expect, it } from "vitest";
import { formatTargets, speedTargets, type TargetRow } from "./speed-targets.js";
import type { VectorPeerComparison } from "./vector-peer.js";

const row = (strategy: string, tools: number, fields: Partial<TargetRow> = {}): TargetRow => ({
  strategy,
  tools,
  p50Us: 100,
  p99Us: 250,
  memoryMb: 20,
  ...fields,
});

describe("speedTargets", () => {
  it("checks each strategy's tail at 10,000 and 100,000 tools, and only there", () => {
    const checks = speedTargets([row("bm25", 137, { p99Us: 9_000 }), row("bm25", 10_000), row("fuzzy", 100_000, { p99Us: 301 })], []);
    expect(checks).toEqual([
      { target: "bm25 p99 ≤ 3× p50 at 10,000 tools (in process)", measured: "2.5× (100 / 250 µs)", met: true },
      { target: "fuzzy p99 ≤ 3× p50 at 100,000 tools (in process)", measured: "3.0× (100 / 301 µs)", met: false },
    ]);
  });

  it("judges the hybrid's start, snapshot, latency and memory targets from its rows", () => {
    const checks = speedTargets(
      [
        row("hybrid", 10_000, { p99Us: 5_900, firstSelectionMs: 1_250, snapshotFirstSelectionMs: 280 }),
        row("hybrid", 100_000, {
          p50Us: 4_000,
          p99Us: 11_000,
          memoryMb: 130,
          firstSelectionMs: 7_900,
          steadyP50Us: 6_100,
          rssMb: 700,
          snapshotRssMb: 650,
        }),
      ],
      [],
    );
    const verdicts = Object.fromEntries(checks.map((check) => [check.target, check.met]));
    expect(verdicts).toEqual({
      "hybrid p99 ≤ 3× p50 at 10,000 tools (in process)": false,
      "hybrid p99 ≤ 3× p50 at 100,000 tools (in process)": true,
      "hybrid p99 at 10,000 tools ≤ 6 ms (in process)": true,
      "hybrid at 10,000 tools, new process to first selection ≤ 1.2 s": false,
      "hybrid at 10,000 tools, from a snapshot ≤ 300 ms (module load included)": true,
      "hybrid at 100,000 tools, first selection ≤ 8 s": true,
      "hybrid at 100,000 tools, p50 ≤ 6 ms": false,
      "hybrid index heap at 100,000 tools ≤ 120 MB (after indexing)": false,
      "hybrid at 100,000 tools, RSS from a snapshot ≤ RSS from scratch": true,
    });
  });

  it("compares the vector strategy with the store at p50 and p99", () => {
    const peer: VectorPeerComparison = {
      tools: 10_000,
      samples: 500,
      ours: { p50Us: 90, p99Us: 400, p99PooledUs: 400 },
      peer: { p50Us: 100, p99Us: 300, p99PooledUs: 300 },
      oursIndexMs: 900,
      peerIndexMs: 1_500,
      recallAt10: { ours: 0.98, peer: 0.9 },
    };
    expect(speedTargets([], [peer])).toEqual([
      {
        target: "vector p50 ≤ LangChain HNSWLib store's at 10,000 tools",
        measured: "90 µs vs 100 µs (0.90×; recall@10 0.98 vs 0.9)",
        met: true,
      },
      {
        target: "vector p99 ≤ LangChain HNSWLib store's at 10,000 tools",
        measured: "400 µs vs 300 µs (1.33×; recall@10 0.98 vs 0.9)",
        met: false,
      },
    ]);
  });

  it("prints each target with its measurement and a count of those met", () => {
    const text = formatTargets(speedTargets([row("bm25", 10_000), row("vector", 10_000, { p99Us: 400 })], []));
    expect(text.split("\n")).toEqual([
      "target                                            measured             met",
      "bm25 p99 ≤ 3× p50 at 10,000 tools (in process)    2.5× (100 / 250 µs)  yes",
      "vector p99 ≤ 3× p50 at 10,000 tools (in process)  4.0× (100 / 400 µs)  no",
      "",
      "1 of 2 targets met.",
    ]);
  });
});
