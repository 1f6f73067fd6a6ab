/**
 * @module Measures one strategy on one catalog: index build time, resident memory added, and selection latency
 * percentiles over a time-bounded loop.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { backgroundIdle } from "../events/background-steps.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import { loadDefaultEmbeddings } from "../retrieval/vector/default-embeddings.js";
import { createToolSelector } from "../selection/tool-selector.js";
import type { UsageModel } from "../usage/usage-model.js";
import type { BenchQuery } from "./bench-catalogs.js";
import { BENCH_ROUNDS, medianOfRounds, percentile, roundCount } from "./percentile.js";
import { timeEmbeddings } from "./timed-embeddings.js";

/** The built-in strategies that embed queries. */
const EMBEDDING_STRATEGIES = new Set(["vector", "hybrid"]);

/** One row of the bench. */
export interface BenchResult {
  strategy: string;
  catalog: string;
  tools: number;
  /** Building the catalog itself (validation, categories, keyword index). */
  catalogMs: number;
  /** Building the strategy's index (up to its first selection). */
  indexMs: number;
  /**
   * Selection latency without the query's embedding (see `embedP50Us`): the median over the timed loop's rounds of
   * each round's p50 and p99 (see `medianOfRounds`; `rounds` of them).
   */
  p50Us: number;
  p99Us: number;
  /** The p99 of every sample at once, rounds pooled: what a burst of noise from the machine lands in. */
  p99PooledUs: number;
  /** Rounds the timed loop was cut into for the percentiles (fewer with fewer than 100 samples a round). */
  rounds: number;
  /** Time the selection spent embedding its texts (current message, clauses, history), for vector and hybrid. */
  embedP50Us?: number;
  embedP99Us?: number;
  memoryMb: number;
  samples: number;
  /**
   * With a learned model (`learn`): selection latency with it, in the strategy and as the co-usage stage, timed
   * interleaved with the plain selections (embedding apart, as for `p50Us`); the ratio of the medians; observations learned.
   */
  learnedP50Us?: number;
  learnedP99Us?: number;
  learnedRatio?: number;
  observations?: number;
}

function collectGarbage(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

const gc = collectGarbage();

/**
 * JavaScript heap plus memory held outside it (buffers, native addons' external allocations), after a full GC. Twice,
 * with a turn of the event loop between: native addons and weak callbacks may release memory only after the first.
 */
async function heldMb(): Promise<number> {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 2 ** 20;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The p-th percentile of a row's samples, as the bench reports it: the median over its rounds. */
const ofRounds = (samples: readonly number[], p: number) => round(medianOfRounds(samples, p, BENCH_ROUNDS));

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
  /** Also time selections with the model this learns for the catalog, interleaved with the plain ones. */
  learn?: (catalog: ToolCatalog) => UsageModel;
}

/**
 * Builds the catalog (timed), then the selector and its index (timed up to the first selection), then times
 * selections. Each timed conversation's current message is made unique, as every new user message is, while its
 * history repeats as it does from turn to turn. Token accounting is off (`countTokens: false`): counting every
 * definition once is a cost of the explanation, not of selection, and is not what these rows measure.
 */
export async function measureSelector({
  strategy,
  label,
  build,
  queries,
  iterations,
  budgetMs = 3000,
  learn,
}: MeasureOptions): Promise<BenchResult> {
  const catalogStarted = performance.now();
  const catalog = build();
  const catalogMs = performance.now() - catalogStarted;
  const memoryBefore = await heldMb();
  const started = performance.now();
  const { select, timer } = await timedSelector(catalog, strategy);
  // Every selection's current message is new, even after query rewriting (which drops punctuation and signs):
  // a running turn number, so no query vector or match memo is reused across timed selections.
  let turn = 0;
  const asConversation = (query: BenchQuery) =>
    [...query.history, `${query.current} (${turn++})`].map((content) => ({ role: "user", content }));
  await select(asConversation(queries[0]!));
  const indexMs = performance.now() - started;
  // What the index builds in the background after it (the expansion vocabulary) is part of what it holds.
  await backgroundIdle();
  const memoryMb = Math.max(0, (await heldMb()) - memoryBefore);
  const usage = learn?.(catalog);
  const learned = usage === undefined ? undefined : await timedSelector(catalog, strategy, usage);
  await learned?.select([{ role: "user", content: "warm up" }]);
  // Warm-up: at most 200 selections or the budget, whichever ends first (a strategy that takes a second a query,
  // e.g. sequence-matcher at 100,000 tools, would otherwise warm up for minutes).
  const warmUntil = performance.now() + budgetMs;
  for (let index = 0; index < Math.min(200, iterations) && performance.now() < warmUntil; index++) {
    await select(asConversation(queries[index % queries.length]!));
    await learned?.select(asConversation(queries[index % queries.length]!));
  }
  /** One timed selection: its latency without the time spent embedding. */
  const timed = async (run: typeof select, input: Parameters<typeof select>[0], clock: typeof timer) => {
    clock?.reset();
    const start = process.hrtime.bigint();
    await run(input);
    return Number(process.hrtime.bigint() - start) / 1000 - (clock?.elapsedUs ?? 0);
  };
  const samples: number[] = [];
  const embedSamples: number[] = [];
  const learnedSamples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let index = 0; index < iterations && performance.now() < deadline; index++) {
    const query = queries[index % queries.length]!;
    // With a learned selector, the same request for both (each with its own turn number, so neither reuses what the
    // other analysed), in alternating order.
    if (learned !== undefined && index % 2 === 1) learnedSamples.push(await timed(learned.select, asConversation(query), learned.timer));
    samples.push(await timed(select, asConversation(query), timer));
    if (timer !== undefined) embedSamples.push(timer.elapsedUs);
    if (learned !== undefined && index % 2 === 0) learnedSamples.push(await timed(learned.select, asConversation(query), learned.timer));
  }
  return {
    strategy,
    catalog: label,
    tools: catalog.size,
    catalogMs: round(catalogMs),
    indexMs: round(indexMs),
    p50Us: ofRounds(samples, 50),
    p99Us: ofRounds(samples, 99),
    p99PooledUs: round(percentile(samples, 99)),
    rounds: roundCount(samples.length, BENCH_ROUNDS),
    ...(timer === undefined ? {} : { embedP50Us: ofRounds(embedSamples, 50), embedP99Us: ofRounds(embedSamples, 99) }),
    memoryMb: round(memoryMb),
    samples: samples.length,
    ...(usage === undefined
      ? {}
      : {
          learnedP50Us: ofRounds(learnedSamples, 50),
          learnedP99Us: ofRounds(learnedSamples, 99),
          learnedRatio:
            Math.round((medianOfRounds(learnedSamples, 50, BENCH_ROUNDS) / medianOfRounds(samples, 50, BENCH_ROUNDS)) * 100) / 100,
          observations: usage.size,
        }),
  };
}

/**
 * A selector for the bench, and the timer of its query embeddings for vector and hybrid (timed offline embeddings:
 * query embedding is measured apart from selection). With `usage`, its strategy learns from the model, which is also
 * its co-usage stage (keyword, which ranks no text, learns only through that stage). The strategy is passed by name
 * when nothing is given to it, exactly as users pass it ("keyword" selects by categories, not through a ranking
 * strategy).
 */
async function timedSelector(catalog: ToolCatalog, strategy: string, usage?: UsageModel) {
  const timer = EMBEDDING_STRATEGIES.has(strategy) ? timeEmbeddings(await loadDefaultEmbeddings()) : undefined;
  const given = { ...(usage === undefined ? {} : { usage }), ...(timer === undefined ? {} : { embeddings: timer.embeddings }) };
  const chosen = strategy === "keyword" || Object.keys(given).length === 0 ? strategy : createStrategy(strategy, given);
  const select = createToolSelector(catalog, { strategy: chosen, countTokens: false, ...(usage === undefined ? {} : { usage }) });
  return { select, timer };
}
