/**
 * @module The speed and memory targets `dynamic-tools bench --targets` checks, judged from its rows. Pure.
 */
import type { VectorPeerComparison } from "./vector-peer.js";

/** One bench row, as far as the targets read it (see `BenchRow` in the bench command). */
export interface TargetRow {
  strategy: string;
  tools: number;
  p50Us: number;
  p99Us: number;
  memoryMb: number;
  firstSelectionMs?: number;
  snapshotFirstSelectionMs?: number;
  steadyP50Us?: number;
  rssMb?: number;
  snapshotRssMb?: number;
}

/** A target and what was measured against it. */
export interface TargetCheck {
  /** What is promised, e.g. "hybrid p99 at 10,000 tools ≤ 6 ms". */
  target: string;
  /** What was measured, in the target's terms, e.g. "2.5 ms". */
  measured: string;
  met: boolean;
}

/** Most p99 over p50 for any strategy at 10,000 and 100,000 tools. */
export const MAX_TAIL_RATIO = 3;

const count = (tools: number) => tools.toLocaleString("en-US");
const ms = (us: number) => `${(us / 1000).toFixed(us < 10_000 ? 2 : 1)} ms`;

/**
 * Judges the rows and the vector-store comparisons against the targets. In-process figures are one selection without
 * the query's embedding (the bench's `p50Us`/`p99Us`, medians over the timed loop's rounds) and the heap the index holds after indexing; cold-process ones
 * count from the process's start (Node's boot included); RSS is at the end of the steady loop. The targets: every strategy's p99 ≤ 3× its p50 at 10,000 and 100,000 tools; hybrid p99 ≤ 6 ms at 10,000; vector
 * p50 and p99 ≤ LangChain's HNSWLib store; hybrid at 10,000 from a new process to its first selection ≤ 1.2 s, from a
 * snapshot ≤ 300 ms; hybrid at 100,000: first selection ≤ 8 s, whole-selection p50 ≤ 6 ms, heap ≤ 120 MB, RSS from a
 * snapshot ≤ RSS from scratch. A target whose measurement is missing (that size or strategy was not run) is left out.
 *
 * @example
 * ```ts
 * speedTargets([{ strategy: "bm25", tools: 10_000, p50Us: 90, p99Us: 400, memoryMb: 10 }], []);
 * // [{ target: "bm25 p99 ≤ 3× p50 at 10,000 tools (in process)", measured: "4.4× (90 / 400 µs)", met: false }]
 * ```
 */
export function speedTargets(rows: readonly TargetRow[], peers: readonly VectorPeerComparison[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const at = (tools: number) => rows.filter((row) => row.tools === tools);
  for (const tools of [10_000, 100_000]) {
    for (const row of at(tools)) {
      const ratio = row.p99Us / row.p50Us;
      checks.push({
        target: `${row.strategy} p99 ≤ ${MAX_TAIL_RATIO}× p50 at ${count(tools)} tools (in process)`,
        measured: `${ratio.toFixed(1)}× (${row.p50Us} / ${row.p99Us} µs)`,
        met: ratio <= MAX_TAIL_RATIO,
      });
    }
  }
  const hybrid = (tools: number) => rows.find((row) => row.strategy === "hybrid" && row.tools === tools);
  const small = hybrid(10_000);
  if (small !== undefined) {
    checks.push({ target: "hybrid p99 at 10,000 tools ≤ 6 ms (in process)", measured: ms(small.p99Us), met: small.p99Us <= 6_000 });
  }
  for (const peer of peers) {
    for (const field of ["p50Us", "p99Us"] as const) {
      const label = field === "p50Us" ? "p50" : "p99";
      checks.push({
        target: `vector ${label} ≤ LangChain HNSWLib store's at ${count(peer.tools)} tools`,
        measured:
          `${peer.ours[field]} µs vs ${peer.peer[field]} µs (${(peer.ours[field] / peer.peer[field]).toFixed(2)}×; ` +
          `recall@10 ${peer.recallAt10.ours} vs ${peer.recallAt10.peer})`,
        met: peer.ours[field] <= peer.peer[field],
      });
    }
  }
  if (small?.firstSelectionMs !== undefined) {
    checks.push({
      target: "hybrid at 10,000 tools, new process to first selection ≤ 1.2 s",
      measured: `${(small.firstSelectionMs / 1000).toFixed(2)} s`,
      met: small.firstSelectionMs <= 1_200,
    });
  }
  if (small?.snapshotFirstSelectionMs !== undefined) {
    checks.push({
      target: "hybrid at 10,000 tools, from a snapshot ≤ 300 ms (module load included)",
      measured: `${Math.round(small.snapshotFirstSelectionMs)} ms`,
      met: small.snapshotFirstSelectionMs <= 300,
    });
  }
  const large = hybrid(100_000);
  if (large?.firstSelectionMs !== undefined) {
    checks.push({
      target: "hybrid at 100,000 tools, first selection ≤ 8 s",
      measured: `${(large.firstSelectionMs / 1000).toFixed(1)} s`,
      met: large.firstSelectionMs <= 8_000,
    });
  }
  if (large?.steadyP50Us !== undefined) {
    checks.push({ target: "hybrid at 100,000 tools, p50 ≤ 6 ms", measured: ms(large.steadyP50Us), met: large.steadyP50Us <= 6_000 });
  }
  if (large !== undefined) {
    checks.push({
      target: "hybrid index heap at 100,000 tools ≤ 120 MB (after indexing)",
      measured: `${large.memoryMb} MB`,
      met: large.memoryMb <= 120,
    });
  }
  if (large?.rssMb !== undefined && large.snapshotRssMb !== undefined) {
    checks.push({
      target: "hybrid at 100,000 tools, RSS from a snapshot ≤ RSS from scratch",
      measured: `${large.snapshotRssMb} MB vs ${large.rssMb} MB`,
      met: large.snapshotRssMb <= large.rssMb,
    });
  }
  return checks;
}

/** The checks as a table: target, measured, met. */
export function formatTargets(checks: readonly TargetCheck[]): string {
  const width = Math.max(6, ...checks.map((check) => check.target.length));
  const measured = Math.max(8, ...checks.map((check) => check.measured.length));
  return [
    `${"target".padEnd(width)}  ${"measured".padEnd(measured)}  met`,
    ...checks.map((check) => `${check.target.padEnd(width)}  ${check.measured.padEnd(measured)}  ${check.met ? "yes" : "no"}`),
    "",
    `${checks.filter((check) => check.met).length} of ${checks.length} targets met.`,
  ].join("\n");
}
