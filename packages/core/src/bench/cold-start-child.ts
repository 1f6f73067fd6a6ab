/**
 * @module The process `dynamic-tools bench` starts for each cold-start measurement: it imports the package, loads
 * the bench catalog's file, selects once with a strategy's default options (token accounting on), then times steady
 * selections, and prints one JSON line of {@link ColdStartResult}. Times are from this process's start.
 */
import { performance } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import type { BenchQuery } from "./bench-catalogs.js";
import type { ColdStartRequest, ColdStartResult } from "./cold-start.js";

// Node's `performance.now()` counts from the process's start: Node's own boot is in every figure, as a user waits for it.
const started = 0;

async function run(request: ColdStartRequest): Promise<ColdStartResult> {
  const rssBefore = process.memoryUsage().rss;
  const core = await import("../index.js");
  const { percentile } = await import("./percentile.js");
  const importedMs = performance.now();
  // From a snapshot: the file is read first, so the catalog takes its saved derivation (token counts, and the source
  // hash that vouches for the catalog file's validation).
  const snapshot = request.snapshot === undefined ? undefined : core.readSnapshot(request.snapshot);
  const catalog = core.loadCatalogFile(request.catalogFile, snapshot === undefined ? {} : { derived: snapshot.derived });
  const catalogReadyMs = performance.now();
  const rssCatalog = process.memoryUsage().rss;
  const strategy = snapshot === undefined ? request.strategy : snapshot.load(catalog).strategy(request.strategy);
  const select = core.createToolSelector(catalog, { strategy });
  let turn = 0;
  const queries = JSON.parse(readFileSync(request.queriesFile, "utf8")) as BenchQuery[];
  const conversation = (index: number) => {
    const query = queries[index % queries.length]!;
    return [...query.history, `${query.current} (${turn++})`].map((content) => ({ role: "user", content }));
  };
  const first = await select(conversation(0));
  const firstSelectionMs = performance.now();
  await catalog.exactTotalTokens();
  const exactTokensMs = performance.now();
  const warmUntil = performance.now() + request.budgetMs;
  for (let index = 0; index < 100 && performance.now() < warmUntil; index++) await select(conversation(index));
  const samples: number[] = [];
  const deadline = performance.now() + request.budgetMs;
  for (let index = 0; index < request.iterations && performance.now() < deadline; index++) {
    const input = conversation(index);
    const start = process.hrtime.bigint();
    await select(input);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  const rss = process.memoryUsage().rss;
  return {
    tools: catalog.size,
    importMs: importedMs - started,
    catalogMs: catalogReadyMs - importedMs,
    firstSelectionMs: firstSelectionMs - started,
    exactTokensMs: exactTokensMs - started,
    firstTools: first.tools,
    steadyP50Us: percentile(samples, 50),
    steadyP99Us: percentile(samples, 99),
    steadySamples: samples.length,
    rssMb: rss / 2 ** 20,
    bytesPerTool: Math.max(0, rss - rssBefore) / catalog.size,
    catalogBytesPerTool: Math.max(0, rssCatalog - rssBefore) / catalog.size,
  };
}

const request = JSON.parse(process.argv[2]!) as ColdStartRequest;
run(request).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
