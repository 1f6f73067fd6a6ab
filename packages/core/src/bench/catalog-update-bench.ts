/**
 * @module Measures live catalog updates: adding 10 tools to, and removing 10 tools from, a 10,000-tool catalog of
 * 300 categories whose keywords are all derived (zero-config), plus 10 loose tools arriving as an MCP server would.
 * Run it with `pnpm exec tsx packages/core/src/bench/catalog-update-bench.ts [runs]`; it prints medians in ms, then
 * how far derived keywords drift from a fresh build after 200 updates.
 */
import { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { CatalogKeywords } from "../retrieval/keyword/catalog-keywords.js";
import { percentile } from "./percentile.js";
import { seededRandom, syntheticCatalog } from "./synthetic-catalog.js";

/** One measured update, in milliseconds per run. */
export interface CatalogUpdateTimings {
  addTen: number[];
  removeTen: number[];
  addTenLoose: number[];
}

/** The bench catalog: the synthetic 10,000-tool catalog with its categories' declared keywords dropped. */
function derivedKeywordCatalog(): { config: ConstructorParameters<typeof ToolCatalog>[0]; vocabulary: string[] } {
  const { tools, categories = {}, core, vocabulary } = syntheticCatalog({ tools: 10_000, categories: 300, seed: 7 });
  const withoutKeywords = Object.fromEntries(Object.entries(categories).map(([name, { related = [] }]) => [name, { related }]));
  return { config: { tools, categories: withoutKeywords, core: core ?? [] }, vocabulary };
}

function newTools(vocabulary: readonly string[], categoryNames: readonly string[], run: number, loose: boolean): ToolDeclaration[] {
  const random = seededRandom(1000 + run);
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  return Array.from({ length: 10 }, (_, index) => ({
    name: `${loose ? "mcp_bench" : "added"}_${pick()}_${run}_${index}`,
    description: `find the ${pick()} ${pick()} for a ${pick()}`,
    ...(loose ? { source: "mcp" as const, sourceId: "bench" } : { category: categoryNames[(index * 31 + run) % categoryNames.length]! }),
  }));
}

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/**
 * Runs the three updates `runs` times, each on a freshly built catalog, after one warm-up run.
 * @example
 * ```ts
 * const { addTen } = measureCatalogUpdates(5);
 * console.log(percentile(addTen, 50));
 * ```
 */
export function measureCatalogUpdates(runs: number): CatalogUpdateTimings {
  const { config, vocabulary } = derivedKeywordCatalog();
  const timings: CatalogUpdateTimings = { addTen: [], removeTen: [], addTenLoose: [] };
  for (let run = 0; run <= runs; run++) {
    const catalog = new ToolCatalog(config);
    // The keyword strategy's index re-derives what an update touched: timed with the update it follows.
    const keywords = CatalogKeywords.of(catalog);
    const categoryNames = catalog.categories().map((category) => category.name);
    const addTen = time(() => {
      catalog.add(newTools(vocabulary, categoryNames, run, false));
      keywords.refresh();
    });
    const names = catalog.names();
    const gone = Array.from({ length: 10 }, (_, index) => names[100 + index * 997 + run]!);
    const removeTen = time(() => {
      catalog.remove(gone);
      keywords.refresh();
    });
    const addTenLoose = time(() => {
      catalog.add(newTools(vocabulary, categoryNames, run, true));
      keywords.refresh();
    });
    if (run === 0) continue; // warm-up
    timings.addTen.push(addTen);
    timings.removeTen.push(removeTen);
    timings.addTenLoose.push(addTenLoose);
  }
  return timings;
}

/** How far the derived keywords of a live catalog drift from a fresh build of the same tools. */
export interface KeywordDrift {
  updates: number;
  categories: number;
  /** Categories whose keywords differ from a fresh build's. */
  differing: number;
  /** Share of the fresh build's keywords missing from the live catalog's, over all categories. */
  missingShare: number;
}

/**
 * Applies `updates` updates (alternately 10 tools added to random categories and 10 random tools removed), then
 * compares every category's keywords with a fresh build of the final tools.
 * @example
 * ```ts
 * measureKeywordDrift(200).differing; // categories whose keywords differ from a fresh build's
 * ```
 */
export function measureKeywordDrift(updates: number): KeywordDrift {
  const { config, vocabulary } = derivedKeywordCatalog();
  const catalog = new ToolCatalog(config);
  const liveKeywords = CatalogKeywords.of(catalog);
  const categoryNames = catalog.categories().map((category) => category.name);
  const random = seededRandom(99);
  for (let update = 0; update < updates; update++) {
    if (update % 2 === 0) {
      catalog.add(
        newTools(vocabulary, categoryNames, 100 + update, false).map((tool) => ({
          ...tool,
          category: categoryNames[Math.floor(random() * categoryNames.length)]!,
        })),
      );
    } else {
      const names = catalog.names();
      catalog.remove(Array.from({ length: 10 }, () => names[8 + Math.floor(random() * (names.length - 8))]!));
    }
    // Each update reaches the keyword index on its own, as when selections run between updates.
    liveKeywords.refresh();
  }
  const tools = catalog.tools().map(({ name, description, parameters, category }) => ({
    name,
    description,
    parameters,
    ...(category === undefined ? {} : { category }),
  }));
  const fresh = new ToolCatalog({ ...config, tools });
  const freshKeywords = CatalogKeywords.of(fresh);
  let differing = 0;
  let missing = 0;
  let total = 0;
  for (const category of fresh.categories()) {
    const live = liveKeywords.keywordsOf(category.name);
    const rebuilt = freshKeywords.keywordsOf(category.name);
    if (live.join() !== rebuilt.join()) differing++;
    total += rebuilt.length;
    missing += rebuilt.filter((word) => !live.includes(word)).length;
  }
  return { updates, categories: fresh.categories().length, differing, missingShare: total === 0 ? 0 : missing / total };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const runs = Number(process.argv[2] ?? 7);
  const timings = measureCatalogUpdates(runs);
  const median = (values: number[]) => percentile(values, 50).toFixed(2);
  console.log(`10,000 tools, 300 categories (derived keywords); median of ${runs} runs, ms`);
  console.log(
    `add 10 tools (into categories): ${median(timings.addTen)}   [${timings.addTen.map((value) => value.toFixed(1)).join(", ")}]`,
  );
  console.log(
    `remove 10 tools:                ${median(timings.removeTen)}   [${timings.removeTen.map((value) => value.toFixed(1)).join(", ")}]`,
  );
  console.log(
    `add 10 loose tools (mcp_*):     ${median(timings.addTenLoose)}   [${timings.addTenLoose.map((value) => value.toFixed(1)).join(", ")}]`,
  );
  const drift = measureKeywordDrift(200);
  console.log(
    `after ${drift.updates} updates: ${drift.differing} of ${drift.categories} categories have keywords differing from a fresh build; ` +
      `${(drift.missingShare * 100).toFixed(1)}% of a fresh build's keywords missing`,
  );
}
