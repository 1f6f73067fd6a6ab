/**
 * @module The human-readable table of `dynamic-tools eval`: one row per strategy, numbers to 3 decimals. Pure.
 */
import type { EvalResult } from "./run-eval.js";

const COLUMNS: ReadonlyArray<[header: string, value: (result: EvalResult) => number]> = [
  ["R@1", (result) => result.recall["1"]],
  ["R@3", (result) => result.recall["3"]],
  ["R@5", (result) => result.recall["5"]],
  ["R@10", (result) => result.recall["10"]],
  ["R@20", (result) => result.recall["20"]],
  ["nDCG@5", (result) => result.ndcg["5"]],
  ["nDCG@10", (result) => result.ndcg["10"]],
  ["MRR", (result) => result.mrr],
  ["C@5", (result) => result.complete["5"]],
  ["C@10", (result) => result.complete["10"]],
  ["C@20", (result) => result.complete["20"]],
  ["p50 ms", (result) => result.latencyMs.p50],
  ["p95 ms", (result) => result.latencyMs.p95],
  ["index ms", (result) => result.indexMs],
];

/**
 * A table with a header row and one row per result: the strategy name left-aligned, then R@1…R@20, nDCG@5/10,
 * MRR, C@5/10/20, p50/p95 latency and index time, right-aligned to 3 decimals.
 * @example
 * ```ts
 * formatEvalTable([result]);
 * // strategy           R@1    R@3  …
 * // sequence-matcher  0.500  0.750  …
 * ```
 */
export function formatEvalTable(results: readonly EvalResult[]): string {
  const header = ["strategy", ...COLUMNS.map(([name]) => name)];
  const rows = results.map((result) => [result.strategy, ...COLUMNS.map(([, value]) => value(result).toFixed(3))]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows]
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "))
    .join("\n");
}
