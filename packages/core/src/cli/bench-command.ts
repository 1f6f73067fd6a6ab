/**
 * @module `dynamic-tools bench`: selection latency (p50/p99 in µs), index build time and memory, for the gym
 * catalog with a 4-message history and for synthetic catalogs up to 10,000 tools.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { percentile } from "../bench/percentile.js";
import { syntheticCatalog, syntheticConversation } from "../bench/synthetic-catalog.js";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { countTokens } from "../budget/token-counter.js";
import { createSelector, type SelectionInput } from "../selection/select-tools.js";
import { parseCount } from "./usage-error.js";

export const BENCH_USAGE = `dynamic-tools bench [--catalog <file>] [--iterations N] [--json]

  --catalog <file>   the real catalog to measure (default: examples/gym-agent/catalog.yaml when present)
  --iterations N     timed selections per catalog (default 5000)
  --json             print { "results": [{ strategy, tools, indexMs, p50Us, p99Us, memoryMb }] }`;

/** One benchmark row. */
export interface BenchResult {
  strategy: string;
  catalog: string;
  tools: number;
  indexMs: number;
  p50Us: number;
  p99Us: number;
  memoryMb: number;
}

const GYM_CATALOG = "examples/gym-agent/catalog.yaml";
// A realistic gym conversation: the current message plus a 4-message human history (seed 004's context rule).
const GYM_CONVERSATION = [
  "show me all active clients",
  "freeze the first one",
  "what is pending salary?",
  "book appointment for client",
  "show me revenue and attendance stats",
].flatMap((content, index) => (index === 0 ? [] : [{ role: "assistant", content: "Done." }]).concat({ role: "user", content }));

function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 2 ** 20;
}

/**
 * The conversation for iteration `index`: its current (last) message made unique, as each new user message is,
 * while the history repeats as it does from turn to turn. So memoised history matches count, a memoised current
 * message never does.
 */
function variant(conversation: ReadonlyArray<{ role: string; content: string }>, index: number): SelectionInput {
  const last = conversation.at(-1)!;
  return [...conversation.slice(0, -1), { role: last.role, content: `${last.content} (${index})` }];
}

function measure(label: string, build: () => ToolCatalog, conversations: ReadonlyArray<ReadonlyArray<{ role: string; content: string }>>, iterations: number): BenchResult {
  countTokens("load the tokenizer before measuring memory");
  const memoryBefore = rssMb();
  const started = performance.now();
  const catalog = build();
  const select = createSelector(catalog);
  const indexMs = performance.now() - started;
  // Warm up: tokenizer, token counts, stem memo and the JIT, so the timed loop measures steady state.
  const warmup = Math.min(500, iterations);
  for (let index = 0; index < warmup; index++) select(variant(conversations[index % conversations.length]!, -index));
  const inputs = Array.from({ length: iterations }, (_, index) => variant(conversations[index % conversations.length]!, index));
  const samples: number[] = new Array(iterations);
  for (let index = 0; index < iterations; index++) {
    const input = inputs[index]!;
    const start = process.hrtime.bigint();
    select(input);
    samples[index] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return {
    strategy: "keyword",
    catalog: label,
    tools: catalog.size,
    indexMs: Math.round(indexMs * 10) / 10,
    p50Us: Math.round(percentile(samples, 50) * 10) / 10,
    p99Us: Math.round(percentile(samples, 99) * 10) / 10,
    memoryMb: Math.round((rssMb() - memoryBefore) * 10) / 10,
  };
}

function formatTable(results: readonly BenchResult[]): string {
  const header = ["strategy", "catalog", "tools", "index ms", "p50 µs", "p99 µs", "memory MB"];
  const rows = results.map((row) => [row.strategy, row.catalog, String(row.tools), String(row.indexMs), String(row.p50Us), String(row.p99Us), String(row.memoryMb)]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join("  ")).join("\n");
}

/** Runs `bench`; returns the exit code. */
export function benchCommand(argv: string[], out: (text: string) => void): number {
  const { values } = parseArgs({
    args: argv,
    options: { catalog: { type: "string" }, iterations: { type: "string" }, json: { type: "boolean", default: false } },
  });
  const iterations = parseCount(values.iterations, "--iterations") ?? 5000;
  const results: BenchResult[] = [];
  const catalogFile = values.catalog ?? (existsSync(GYM_CATALOG) ? GYM_CATALOG : undefined);
  if (catalogFile !== undefined) {
    results.push(measure(catalogFile, () => loadCatalogFile(catalogFile), [GYM_CONVERSATION], iterations));
  }
  for (const [tools, categories] of [
    [1_000, 30],
    [10_000, 300],
  ] as const) {
    const { vocabulary, tools: declarations, ...config } = syntheticCatalog({ tools, categories });
    const conversations = Array.from({ length: 64 }, (_, seed) => syntheticConversation(vocabulary, 5, seed));
    results.push(measure(`synthetic-${tools}`, () => new ToolCatalog({ tools: declarations, ...config }), conversations, iterations));
  }
  out(values.json ? JSON.stringify({ results }) : formatTable(results));
  return 0;
}
