/**
 * @module Runs a retrieval strategy over labelled queries: index time, per-query latency and the mean metrics.
 */
import { percentile } from "../bench/percentile.js";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { LearnedField } from "../retrieval/learned-field.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import {
  calibrateRelevanceFloor,
  judgeRanking,
  judgeSettingsOf,
  resolveAbstentionOptions,
  type AbstentionOptions,
} from "../selection/abstention.js";
import { meanMetrics, queryMetrics, type RetrievalMetrics } from "./aggregate-metrics.js";
import type { EvalQuery } from "./queries-file.js";
import type { CalledTool } from "../conversation/called-tools.js";
import { continuedTools, rememberCalledTools, type ConversationMemoryOptions } from "../selection/conversation-memory.js";
import { loadRemarkReader } from "../selection/remark-model.js";
import { queryMiss, type QueryMiss } from "./query-misses.js";

/** One strategy's results: exactly what `dynamic-tools eval --json` prints. */
export interface EvalResult extends RetrievalMetrics {
  strategy: string;
  /** Tools in the catalog. */
  tools: number;
  /** Queries scored. */
  queries: number;
  /** Per-query `rank` latency, nearest-rank percentiles, in milliseconds. */
  latencyMs: { p50: number; p95: number };
  /** Time `index(catalog)` took, in milliseconds. */
  indexMs: number;
  /**
   * With abstention: how many queries a selector would have abstained on (their ranking scored as empty), the
   * floor in force, and how long calibrating it took; with `offTopic`, how many of those messages it abstained on;
   * with `requests`, how many real past requests the floor was checked against.
   */
  abstention?: {
    abstained: number;
    floor: Record<string, number>;
    /** The floor a remark is held to (see `isRemark`). */
    remarkFloor?: Record<string, number>;
    calibrationMs: number;
    requests?: number;
    offTopic?: { messages: number; abstained: number; share: number };
  };
  /** With `misses`: each query whose relevant tools are not all in the first 10 places, in the file's order. */
  misses?: QueryMiss[];
}

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  catalog: ToolCatalog;
  queries: readonly EvalQuery[];
  /** A fresh strategy: `runEval` indexes it. */
  strategy: RetrievalStrategy;
  /** Called after each query with the number done and the total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Turns each query's ranking into the list scored (e.g. `rankWithCoUsage`); timed with the ranking.
   * @defaultValue the names in ranked order
   */
  reorder?: (ranked: RankedTool[]) => string[];
  /** The name reported for the strategy. @defaultValue `strategy.name` */
  name?: string;
  /**
   * Score as a selector with abstention does: a query whose ranking is not credible scores as an empty ranking.
   * @defaultValue off
   */
  abstention?: AbstentionOptions;
  /** With `abstention`: messages that should bind nothing (small talk, off-topic); the share abstained is reported. */
  offTopic?: readonly string[];
  /**
   * With `abstention` and usage: real past requests (messages that called a tool, e.g. the usage's held-out probes)
   * the floor is checked against, as a selector given that usage does (see `calibrateRelevanceFloor`). @defaultValue none
   */
  requests?: readonly string[];
  /** With `abstention`: the usage the strategy learned from (a tool's learned words count as its words for a remark). */
  learned?: LearnedField;
  /**
   * Conversation memory, as a selector applies it: the tools each query's history turns called (`turns[i].tools`)
   * are ranked up by recency. @defaultValue off
   */
  memory?: ConversationMemoryOptions;
  /** Also list the queries with a relevant tool past place 10 (`misses` of the result). @defaultValue false */
  misses?: boolean;
}

/** The called tools of a query's history, as a live thread would show them: the last turn is 1 turn ago. */
export function calledToolsOf(query: EvalQuery): CalledTool[] {
  const turns = query.turns ?? [];
  return turns.flatMap((turn, index) => turn.tools.map((name) => ({ name, turnsAgo: turns.length - index })));
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * Indexes `catalog` with `strategy` (timed), ranks the whole catalog for every query (each timed), and averages
 * recall@1/3/5/10/20, nDCG@5/10, MRR and complete@5/10/20 over the queries. Times are rounded to the microsecond.
 *
 * @example
 * ```ts
 * const catalog = loadCatalogFile("catalog.json");
 * const queries = loadQueriesFile("queries.jsonl", catalog);
 * const result = await runEval({ catalog, queries, strategy: createStrategy("sequence-matcher") });
 * result.recall["5"]; // 0.61…
 * ```
 */
export async function runEval({
  catalog,
  queries,
  strategy,
  onProgress,
  reorder,
  name,
  abstention,
  offTopic,
  memory,
  requests,
  learned,
  misses = false,
}: RunEvalOptions): Promise<EvalResult> {
  const indexStart = performance.now();
  const indexing = strategy.index(catalog);
  if (indexing instanceof Promise) await indexing;
  const indexMs = performance.now() - indexStart;
  const calibrationStart = performance.now();
  const settings = abstention === undefined ? undefined : resolveAbstentionOptions(abstention);
  const floor =
    settings === undefined
      ? undefined
      : await calibrateRelevanceFloor({ strategy, catalog, options: settings, ...(requests === undefined ? {} : { requests }) });
  const readRemark = settings !== undefined && settings.remarkThreshold < 1 ? await loadRemarkReader() : undefined;
  const calibrationMs = performance.now() - calibrationStart;
  const judgeSettings = settings === undefined ? undefined : judgeSettingsOf(settings);
  const abstains = (ranked: readonly RankedTool[], message: string) =>
    floor !== undefined &&
    judgeRanking({
      ranked,
      floor,
      ...judgeSettings,
      ...(readRemark === undefined ? {} : { readRemark }),
      message,
      catalog,
      learned,
    }) !== undefined;
  let abstained = 0;
  const missed: QueryMiss[] = [];
  const latencies: number[] = new Array(queries.length);
  const perQuery: RetrievalMetrics[] = new Array(queries.length);
  for (let index = 0; index < queries.length; index++) {
    const { query, history, relevant } = queries[index]!;
    const start = performance.now();
    const ranking = strategy.rank({ query, limit: catalog.size, ...(history === undefined ? {} : { history }) });
    const strategyRanked = ranking instanceof Promise ? await ranking : ranking;
    const called = memory === undefined ? [] : calledToolsOf(queries[index]!);
    const ranked = called.length === 0 ? strategyRanked : rememberCalledTools({ ranked: strategyRanked, called, ...memory });
    const abstain = abstains(ranked, query);
    if (abstain) abstained++;
    // Abstained: only the tools the thread last called stay, as a selection keeps them.
    const names = abstain
      ? continuedTools(ranked).map((tool) => tool.name)
      : reorder === undefined
        ? ranked.map((tool) => tool.name)
        : reorder(ranked);
    latencies[index] = performance.now() - start;
    perQuery[index] = queryMetrics(names, relevant);
    const miss = misses ? queryMiss(queries[index]!, names, abstain) : undefined;
    if (miss !== undefined) missed.push(miss);
    onProgress?.(index + 1, queries.length);
  }
  let offTopicAbstained = 0;
  for (const message of floor === undefined ? [] : (offTopic ?? [])) {
    const ranking = strategy.rank({ query: message, limit: settings!.depth });
    if (abstains(ranking instanceof Promise ? await ranking : ranking, message)) offTopicAbstained++;
  }
  const result: EvalResult = {
    strategy: name ?? strategy.name,
    tools: catalog.size,
    queries: queries.length,
    ...meanMetrics(perQuery),
    latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
    indexMs: round(indexMs),
  };
  if (misses) result.misses = missed;
  if (floor !== undefined) {
    result.abstention = {
      abstained,
      floor: { ...floor.signals },
      ...(floor.remarks === undefined ? {} : { remarkFloor: { ...floor.remarks } }),
      calibrationMs: round(calibrationMs),
      ...(floor.requests === undefined ? {} : { requests: floor.requests }),
    };
    if (offTopic !== undefined && offTopic.length > 0) {
      const share = Math.round((offTopicAbstained / offTopic.length) * 1000) / 1000;
      result.abstention.offTopic = { messages: offTopic.length, abstained: offTopicAbstained, share };
    }
  }
  return result;
}
