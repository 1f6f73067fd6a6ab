/**
 * @module `dynamic-tools bench`: for the gym catalog (137 tools) and 1,000- and 10,000-tool catalogs, per strategy:
 * index build ms, selection latency p50/p99 (µs) and resident memory added.
 */
import { existsSync } from "node:fs";
import { gymBenchCatalog, scaledBenchCatalogs, type BenchCatalog } from "../bench/bench-catalogs.js";
import { measureSelector, type BenchResult } from "../bench/measure-selector.js";
import { BUILTIN_STRATEGY_NAMES } from "../retrieval/strategy-registry.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, parseCount, STRATEGY } from "./usage-error.js";

export const BENCH_USAGE = `dynamic-tools bench [--catalog <file>] [--datasets <dir>] [--strategy <name>]... [--iterations N] [--json]

  --catalog <file>    the small real catalog (default: examples/gym-agent/catalog.yaml when present)
  --datasets <dir>    dev set whose tools build the 1,000- and 10,000-tool catalogs, or "synthetic" for generated
                      catalogs (30 and 300 categories) (default: datasets/sealtools-dev when present,
                      else synthetic)
  --strategy <name>   measure only these strategies (repeatable; default: every built-in one)
  --iterations N      most timed selections per row (default 2000; each row stops after 3 s)
  --json              print { "results": [{ strategy, tools, indexMs, p50Us, p99Us, memoryMb, ... }] }
  -h, --help          print this help

p50/p99 µs is selection latency without the query's embedding; vector and hybrid report the time spent embedding
(the current message, its clauses and new history messages, offline embedder) as embed p50/p99 µs (embedP50Us,
embedP99Us). memory MB is the JavaScript heap plus external memory the strategy's index holds (after a full GC);
an HNSW graph's native memory is not in it (about 480 bytes a tool at 100 dimensions: ~5 MB at 10,000).`;

const GYM_CATALOG = "examples/gym-agent/catalog.yaml";
const DEV_SET = "datasets/sealtools-dev";

function formatTable(results: readonly BenchResult[]): string {
  const header = ["strategy", "catalog", "tools", "catalog ms", "index ms", "p50 µs", "p99 µs", "embed p50 µs", "embed p99 µs", "memory MB", "samples"];
  const rows = results.map((row) =>
    [row.strategy, row.catalog, row.tools, row.catalogMs, row.indexMs, row.p50Us, row.p99Us, row.embedP50Us ?? "-", row.embedP99Us ?? "-", row.memoryMb, row.samples].map(String),
  );
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join("  ")).join("\n");
}

/** Runs `bench`; resolves to the exit code. */
export async function benchCommand(argv: string[], out: (text: string) => void, err: (text: string) => void = () => {}): Promise<number> {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        catalog: { type: "string" },
        datasets: { type: "string" },
        strategy: { type: "string", multiple: true },
        iterations: { type: "string" },
        json: { type: "boolean", default: false },
        help: HELP_OPTION,
      },
    },
    BENCH_USAGE,
  );
  if (values.help) {
    out(`${BENCH_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  const iterations = parseCount(values.iterations, "--iterations", BENCH_USAGE) ?? 2000;
  const strategies = values.strategy ?? [...BUILTIN_STRATEGY_NAMES];
  for (const name of strategies) checkChoice(name, BUILTIN_STRATEGY_NAMES, STRATEGY, BENCH_USAGE);
  const catalogs: BenchCatalog[] = [];
  const catalogFile = values.catalog ?? (existsSync(GYM_CATALOG) ? GYM_CATALOG : undefined);
  if (catalogFile !== undefined) catalogs.push(gymBenchCatalog(catalogFile));
  catalogs.push(...scaledBenchCatalogs(values.datasets ?? (existsSync(DEV_SET) ? DEV_SET : "synthetic"), [1_000, 10_000]));

  const results: BenchResult[] = [];
  for (const catalog of catalogs) {
    for (const strategy of strategies) {
      err(`bench: ${strategy} on ${catalog.label}…`);
      results.push(await measureSelector({ strategy, label: catalog.label, build: catalog.build, queries: catalog.queries, iterations }));
    }
  }
  out(values.json ? JSON.stringify({ results }) : formatTable(results));
  return 0;
}
