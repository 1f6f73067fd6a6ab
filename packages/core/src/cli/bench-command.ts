/**
 * @module `dynamic-tools bench`: for the gym catalog (137 tools) and catalogs of 10,000 tools (or --sizes), per strategy:
 * index build ms, selection latency p50/p99 (µs) and resident memory added.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { scaledBenchCatalogs, smallBenchCatalog, type BenchCatalog, type BenchQuery } from "../bench/bench-catalogs.js";
import { medianColdStart, type ColdStartResult } from "../bench/cold-start.js";
import { measureSelector, type BenchResult } from "../bench/measure-selector.js";
import { BENCH_ROUNDS } from "../bench/percentile.js";
import { formatTargets, speedTargets } from "../bench/speed-targets.js";
import { compareVectorPeer, type VectorPeerComparison } from "../bench/vector-peer.js";
import { loadQueriesFile } from "../eval/queries-file.js";
import { writeSnapshot } from "../snapshot/catalog-snapshot.js";
import { loadObservationsFile } from "../usage/observations-file.js";
import { learnFrom } from "../usage/learn-from-file.js";
import { BUILTIN_STRATEGY_NAMES } from "../retrieval/strategy-registry.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, parseCount, STRATEGY, UsageError } from "./usage-error.js";

/** What `bench` measures when no --strategy is given: the defaults of selectors (keyword, hybrid) and bm25. */
const DEFAULT_STRATEGIES = ["keyword", "bm25", "hybrid"] as const;

export const BENCH_USAGE = `dynamic-tools bench [--catalog <file>] [--datasets <dir>] [--strategy <name>]... [--iterations N]
                    [--sizes N,N,...] [--runs N] [--snapshot] [--usage <file.jsonl> [--queries <file.jsonl>]]
                    [--budget-ms N] [--targets] [--wide] [--json]

  --catalog <file>    the small real catalog (default: examples/gym-agent/catalog.yaml when present)
  --usage <file>      past usage of that catalog (JSON Lines, as for eval --usage): its row also times selections
                      with the model learned from it (in the strategy and as the co-usage stage), interleaved with
                      the plain ones: learned p50/p99 µs and their ratio to p50 (learnedP50Us, learnedP99Us,
                      learnedRatio, observations)
  --queries <file>    the requests timed on that catalog's row (JSON Lines, as for eval; default: the gym turns)
  --datasets <dir>    dev set whose tools build the 1,000- and 10,000-tool catalogs, or "synthetic" for generated
                      catalogs (30 and 300 categories) (default: datasets/sealtools-dev when present,
                      else synthetic)
  --strategy <name>   measure these strategies (repeatable, or "all"; default: ${DEFAULT_STRATEGIES.join(", ")}, the
                      ones selectors use by default)
  --iterations N      most timed selections per row (default 2000; each row stops after --budget-ms)
  --budget-ms N       most time spent timing selections per row, in process and in each cold process
                      (default 1000; 3000 with --wide)
  --sizes N,N,...     sizes of the catalogs built from the dev set (default 10000; 1000,10000 with --wide)
  --runs N            cold processes per row for the end-to-end columns; their medians are shown (default 1)
  --snapshot          also start each cold process from a snapshot of its catalog (written once per row)
  --targets           check the speed and memory targets: every strategy (or --strategy) at 10,000 and 100,000
                      tools (or --sizes), from scratch and from a snapshot, and the vector strategy against
                      LangChain's HNSWLib store on the same embeddings (where @langchain/community is installed, as
                      in this repository); prints the rows, the comparison, then each target with what was measured
                      (JSON: "targets": [{ target, measured, met }], "peers": [...])
  --wide              print every column (catalog ms, embed p50/p99, samples, tokens ms, steady p99, learned p99 …)
                      instead of the compact summary; the default strategies become all of them
  --json              print { "results": [{ strategy, tools, indexMs, p50Us, p99Us, memoryMb, firstSelectionMs,
                      ... }] }
  -h, --help          print this help

p50/p99 µs is selection latency without the query's embedding, each the median over the timed loop's rounds (its
samples cut in ${BENCH_ROUNDS} consecutive rounds, fewer when a round would hold under 100: rounds, p99PooledUs the p99 of
all of them at once), so a burst of noise from the machine spoils a round, not the figure; vector and hybrid report the time spent embedding
(the current message, its clauses and new history messages, offline embedder) as embed p50/p99 µs (embedP50Us,
embedP99Us). memory MB is the JavaScript heap plus external memory the strategy's index holds (after a full GC);
an HNSW graph's native memory is not in it (about 480 bytes a tool at 100 dimensions: ~5 MB at 10,000).

End to end, for the dev-set catalogs, each row also starts a new Node process that imports the package, builds the
catalog and selects once with the strategy's defaults (tokens counted): first ms is process start to that first
selection (firstSelectionMs; from a snapshot: snapshotFirstSelectionMs), tokens ms to the exact count of every
definition finishing in the background (exactTokensMs), steady p50/p99 µs whole selections after it
(steadyP50Us, steadyP99Us), RSS MB at the end (rssMb) and resident bytes a tool (bytesPerTool).`;

const GYM_CATALOG = "examples/gym-agent/catalog.yaml";
const DEV_SET = "datasets/sealtools-dev";

/** A bench row with the end-to-end columns of its cold processes, for dev-set catalogs. */
type BenchRow = BenchResult & Partial<EndToEnd>;

interface EndToEnd {
  firstSelectionMs: number;
  snapshotFirstSelectionMs: number;
  snapshotRssMb: number;
  exactTokensMs: number;
  steadyP50Us: number;
  steadyP99Us: number;
  rssMb: number;
  bytesPerTool: number;
  coldRuns: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

function endToEnd(cold: ColdStartResult, runs: number, fromSnapshot: ColdStartResult | undefined): Partial<EndToEnd> {
  return {
    firstSelectionMs: round(cold.firstSelectionMs),
    ...(fromSnapshot === undefined
      ? {}
      : { snapshotFirstSelectionMs: round(fromSnapshot.firstSelectionMs), snapshotRssMb: round(fromSnapshot.rssMb) }),
    exactTokensMs: round(cold.exactTokensMs),
    steadyP50Us: round(cold.steadyP50Us),
    steadyP99Us: round(cold.steadyP99Us),
    rssMb: round(cold.rssMb),
    bytesPerTool: Math.round(cold.bytesPerTool),
    coldRuns: runs,
  };
}

function parseSizes(value: string | undefined, wide: boolean, targets: boolean): number[] {
  if (value === undefined) return targets ? [10_000, 100_000] : wide ? [1_000, 10_000] : [10_000];
  return value.split(",").map((part) => {
    const size = Number(part.trim());
    if (!/^\d+$/.test(part.trim()) || !Number.isSafeInteger(size) || size < 1)
      throw new UsageError(`--sizes must be whole numbers ≥ 1 separated by commas, got "${value}".`, BENCH_USAGE);
    return size;
  });
}

function formatTable(results: readonly BenchRow[]): string {
  const header = [
    "strategy",
    "catalog",
    "tools",
    "catalog ms",
    "index ms",
    "p50 µs",
    "p99 µs",
    "p99 pooled µs",
    "embed p50 µs",
    "embed p99 µs",
    "memory MB",
    "samples",
    "first ms",
    "snapshot first ms",
    "tokens ms",
    "steady p50 µs",
    "steady p99 µs",
    "RSS MB",
    "bytes/tool",
    "learned p50 µs",
    "learned p99 µs",
    "learned ×",
  ];
  const rows = results.map((row) =>
    [
      row.strategy,
      row.catalog,
      row.tools,
      row.catalogMs,
      row.indexMs,
      row.p50Us,
      row.p99Us,
      row.p99PooledUs,
      row.embedP50Us ?? "-",
      row.embedP99Us ?? "-",
      row.memoryMb,
      row.samples,
      row.firstSelectionMs ?? "-",
      row.snapshotFirstSelectionMs ?? "-",
      row.exactTokensMs ?? "-",
      row.steadyP50Us ?? "-",
      row.steadyP99Us ?? "-",
      row.rssMb ?? "-",
      row.bytesPerTool ?? "-",
      row.learnedP50Us ?? "-",
      row.learnedP99Us ?? "-",
      row.learnedRatio ?? "-",
    ].map(String),
  );
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join("  ")).join("\n");
}

/** The summary: one row per strategy and catalog, the columns a reader compares first. */
function formatCompact(results: readonly BenchRow[]): string {
  const header = ["strategy", "catalog", "tools", "index ms", "p50 µs", "p99 µs", "memory MB", "first ms", "RSS MB"];
  const learned = results.some((row) => row.learnedRatio !== undefined);
  const snapshot = results.some((row) => row.snapshotFirstSelectionMs !== undefined);
  if (snapshot) header.splice(8, 0, "snapshot first ms");
  if (learned) header.push("learned ×");
  const rows = results.map((row) => {
    const cells = [
      row.strategy,
      row.catalog,
      row.tools,
      row.indexMs,
      row.p50Us,
      row.p99Us,
      row.memoryMb,
      row.firstSelectionMs ?? "-",
      row.rssMb ?? "-",
    ];
    if (snapshot) cells.splice(8, 0, row.snapshotFirstSelectionMs ?? "-");
    if (learned) cells.push(row.learnedRatio ?? "-");
    return cells.map(String);
  });
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const table = [header, ...rows].map((row) =>
    row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "),
  );
  return [
    ...table,
    "",
    `p50/p99: one selection in process, without the query's embedding (medians of ${BENCH_ROUNDS} rounds).`,
    "first ms: a new process to its first selection. --wide prints every column, --json every field.",
  ].join("\n");
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
        sizes: { type: "string" },
        runs: { type: "string" },
        snapshot: { type: "boolean", default: false },
        usage: { type: "string" },
        queries: { type: "string" },
        "budget-ms": { type: "string" },
        targets: { type: "boolean", default: false },
        wide: { type: "boolean", default: false },
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
  const runs = parseCount(values.runs, "--runs", BENCH_USAGE) ?? 1;
  const sizes = parseSizes(values.sizes, values.wide, values.targets);
  const snapshot = values.snapshot || values.targets;
  const budgetMs = parseCount(values["budget-ms"], "--budget-ms", BENCH_USAGE) ?? (values.wide ? 3000 : 1000);
  const strategies =
    values.strategy === undefined
      ? values.wide || values.targets
        ? [...BUILTIN_STRATEGY_NAMES]
        : [...DEFAULT_STRATEGIES]
      : values.strategy.includes("all")
        ? [...BUILTIN_STRATEGY_NAMES]
        : values.strategy;
  for (const name of strategies) checkChoice(name, BUILTIN_STRATEGY_NAMES, STRATEGY, BENCH_USAGE);
  const catalogs: BenchCatalog[] = [];
  const catalogFile = values.catalog ?? (existsSync(GYM_CATALOG) ? GYM_CATALOG : undefined);
  if ((values.usage !== undefined || values.queries !== undefined) && catalogFile === undefined)
    throw new UsageError("--usage and --queries apply to the catalog of --catalog <file>, and there is none.", BENCH_USAGE);
  // The gym catalog's row is "gym" when it is the default; a catalog given is named by its file.
  const small = catalogFile === undefined ? undefined : smallBenchCatalog(catalogFile, values.catalog === undefined ? "gym" : undefined);
  if (small !== undefined && values.queries !== undefined) small.queries = benchQueries(small, values.queries);
  // Read once, up front: a bad file fails before anything is measured.
  const observations = values.usage === undefined ? undefined : loadObservationsFile(values.usage);
  if (small !== undefined) catalogs.push(small);
  const datasets = values.datasets ?? (existsSync(DEV_SET) ? DEV_SET : "synthetic");
  const scaled = scaledBenchCatalogs(datasets, sizes);
  catalogs.push(...scaled);

  const results: BenchRow[] = [];
  for (const catalog of catalogs) {
    const size = sizes[scaled.indexOf(catalog)];
    for (const strategy of strategies) {
      err(`bench: ${strategy} on ${catalog.label}…`);
      const row: BenchRow = await measureSelector({
        strategy,
        label: catalog.label,
        build: catalog.build,
        queries: catalog.queries,
        iterations,
        budgetMs,
        ...(observations !== undefined && catalog === small ? { learn: (built) => learnFrom(built, observations) } : {}),
      });
      if (size !== undefined && catalog.file !== undefined) {
        err(`bench: ${strategy} on ${catalog.label}, from a cold process (${runs} run${runs === 1 ? "" : "s"})…`);
        // Each cold process loads the catalog from a file, as a replica does; the snapshot is written from that file.
        const folder = mkdtempSync(join(tmpdir(), "dynamic-tools-bench-"));
        let cold: ColdStartResult;
        let fromSnapshot: ColdStartResult | undefined;
        try {
          const catalogFile = join(folder, "catalog.json");
          const queriesFile = join(folder, "queries.json");
          writeFileSync(catalogFile, JSON.stringify(catalog.file()));
          writeFileSync(queriesFile, JSON.stringify(catalog.queries));
          const request = { strategy, catalogFile, queriesFile, iterations, budgetMs };
          cold = await medianColdStart(request, runs);
          if (snapshot) {
            const file = join(folder, "catalog.snapshot");
            const indexes = strategy === "vector" || strategy === "hybrid" || strategy === "bm25" || strategy === "fuzzy";
            await writeSnapshot(file, loadCatalogFile(catalogFile, { onWarning: () => {} }), { vectors: indexes });
            fromSnapshot = await medianColdStart({ ...request, snapshot: file }, runs);
          }
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
        Object.assign(row, endToEnd(cold, runs, fromSnapshot));
      }
      results.push(row);
    }
  }
  if (!values.targets) {
    out(values.json ? JSON.stringify({ results }) : values.wide ? formatTable(results) : formatCompact(results));
    return 0;
  }
  const peers: VectorPeerComparison[] = [];
  for (const catalog of scaled) {
    err(`bench: vector against LangChain's HNSWLib store on ${catalog.label}…`);
    const peer = await compareVectorPeer({ catalog: catalog.build(), queries: catalog.queries, iterations, budgetMs });
    if (peer === undefined) {
      err(
        "bench: LangChain's HNSWLib store cannot run here (@langchain/community or hnswlib-node's native build is missing): the vector-store comparison is left out.",
      );
      break;
    }
    peers.push(peer);
  }
  const targets = speedTargets(results, peers);
  if (values.json) out(JSON.stringify({ results, peers, targets }));
  else out([values.wide ? formatTable(results) : formatCompact(results), "", formatPeers(peers), "", formatTargets(targets)].join("\n"));
  return 0;
}

/** The vector strategy and the HNSWLib store, side by side per catalog size. */
function formatPeers(peers: readonly VectorPeerComparison[]): string {
  if (peers.length === 0)
    return "vector vs LangChain's HNSWLib store: not measured (@langchain/community or hnswlib-node's build is missing).";
  const header = [
    "tools",
    "ours p50 µs",
    "ours p99 µs",
    "store p50 µs",
    "store p99 µs",
    "ours recall@10",
    "store recall@10",
    "ours index ms",
    "store index ms",
  ];
  const rows = peers.map((peer) =>
    [
      peer.tools,
      peer.ours.p50Us,
      peer.ours.p99Us,
      peer.peer.p50Us,
      peer.peer.p99Us,
      peer.recallAt10.ours,
      peer.recallAt10.peer,
      peer.oursIndexMs,
      peer.peerIndexMs,
    ].map(String),
  );
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  return [
    "vector vs LangChain's HNSWLib store, same embeddings, query embedding included, interleaved (recall@10: of the exact top 10):",
    ...[header, ...rows].map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join("  ")),
  ].join("\n");
}

/** A queries file (eval's format) as the bench's turns: each request with its earlier human messages. */
function benchQueries(catalog: BenchCatalog, file: string): BenchQuery[] {
  const queries = loadQueriesFile(file, catalog.build());
  if (queries.length === 0) throw new UsageError(`--queries ${file} holds no request.`, BENCH_USAGE);
  return queries.map(({ query, history }) => ({ current: query, history: history ?? [] }));
}
