/**
 * @module Measures one strategy on one catalog: index build time, resident memory added, and selection latency
 * percentiles over a time-bounded loop.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { createToolSelector } from "../selection/select-ranked.js";
import type { BenchQuery } from "./bench-catalogs.js";
import { percentile } from "./percentile.js";

/** One row of the bench. */
export interface BenchResult {
  strategy: string;
  catalog: string;
  tools: number;
  /** Building the catalog itself (validation, categories, keyword index). */
  catalogMs: number;
  /** Building the strategy's index (up to its first selection). */
  indexMs: number;
  p50Us: number;
  p99Us: number;
  memoryMb: number;
  samples: number;
}

function collectGarbage(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const gc = collectGarbage();

/** JavaScript heap plus memory held outside it (buffers, native addons' external allocations), after a full GC. */
function heldMb(): number {
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 2 ** 20;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Options of {@link measureSelector}. */
export interface MeasureOptions {
  strategy: string;
  label: string;
  build: () => ToolCatalog;
  queries: readonly BenchQuery[];
  /** Most timed selections. */
  iterations: number;
  /** Stop the timed loop after this long. @defaultValue 3000 */
  budgetMs?: number;
}

/**
 * Builds the catalog (timed), then the selector and its index (timed up to the first selection), then times
 * selections. Each timed conversation's current message is made unique, as every new user message is, while its
 * history repeats as it does from turn to turn. Token accounting is off (`countTokens: false`): counting every
 * definition once is a cost of the explanation, not of selection, and is not what these rows measure.
 */
export async function measureSelector({ strategy, label, build, queries, iterations, budgetMs = 3000 }: MeasureOptions): Promise<BenchResult> {
  const catalogStarted = performance.now();
  const catalog = build();
  const catalogMs = performance.now() - catalogStarted;
  const memoryBefore = heldMb();
  const started = performance.now();
  const select = createToolSelector(catalog, { strategy, countTokens: false });
  const asConversation = (query: BenchQuery, index: number) =>
    [...query.history, `${query.current} (${index})`].map((content) => ({ role: "user", content }));
  await select(asConversation(queries[0]!, -1));
  const indexMs = performance.now() - started;
  const memoryMb = Math.max(0, heldMb() - memoryBefore);
  for (let index = 0; index < Math.min(200, iterations); index++) await select(asConversation(queries[index % queries.length]!, -index - 2));
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let index = 0; index < iterations && performance.now() < deadline; index++) {
    const input = asConversation(queries[index % queries.length]!, index);
    const start = process.hrtime.bigint();
    await select(input);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return {
    strategy,
    catalog: label,
    tools: catalog.size,
    catalogMs: round(catalogMs),
    indexMs: round(indexMs),
    p50Us: round(percentile(samples, 50)),
    p99Us: round(percentile(samples, 99)),
    memoryMb: round(memoryMb),
    samples: samples.length,
  };
}
