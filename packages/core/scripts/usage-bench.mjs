#!/usr/bin/env node
// Learning from usage, measured on a dev set (built package; run `pnpm build` first):
//   node --expose-gc packages/core/scripts/usage-bench.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl> [--strategy hybrid]
// Prints: time to learn one observation (the model and the strategy's incremental index update), ranking latency
// with and without a learned model (the strategy alone), whole selections with and without it, memory per 10,000
// observations, and R@5 / Complete@10 after 100, 1,000, 10,000 and all observations (the learning curve). Learning
// reads only --usage; --queries is only scored.
import { parseArgs } from "node:util";
import { createToolSelector, learnFromFile, loadCatalogFile, UsageModel } from "../dist/index.js";
import { loadQueriesFile, runEval } from "../dist/eval.js";
import { createStrategy, loadObservationsFile } from "../dist/internal.js";

const { values } = parseArgs({
  options: {
    catalog: { type: "string" },
    usage: { type: "string" },
    queries: { type: "string" },
    strategy: { type: "string", default: "hybrid" },
  },
});
if (!values.catalog || !values.usage || !values.queries) {
  console.error("usage: node --expose-gc usage-bench.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl> [--strategy hybrid]");
  process.exit(2);
}
const catalog = loadCatalogFile(values.catalog);
const observations = loadObservationsFile(values.usage);
const queries = loadQueriesFile(values.queries, catalog);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const p95 = (list) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * 0.95) - 1)];
const fmt = (value) => value.toFixed(4);

// 1. One observation: observe() plus the strategy's catch-up with it (pulled from the usage log by `add`),
// the vector source's re-embedding included. The strategy, having learned live, is timed again in 2.
let learnedLive;
{
  const model = new UsageModel({ catalog });
  const strategy = createStrategy(values.strategy, { usage: model });
  learnedLive = strategy;
  await strategy.index(catalog);
  const times = [];
  for (const observation of observations) {
    const start = performance.now();
    model.observe(observation);
    // The vector source re-embeds the observed tool in the background: wait for it (an empty add flushes it).
    await strategy.add?.([]);
    times.push(performance.now() - start);
  }
  console.log(
    `learn one observation (${values.strategy}, ${observations.length} in order): median ${fmt(median(times))} ms, p95 ${fmt(p95(times))} ms, max ${fmt(Math.max(...times))} ms`,
  );
}

/**
 * Times `run(variant, query)` for every variant on every query: a warm-up pass, then 6 rounds in an order that rotates
 * per query and round, so load from other processes and warm caches fall on all alike. Returns each variant's times.
 */
async function interleaved(variants, run, before) {
  const times = variants.map(() => []);
  const time = async (index, query) => {
    before?.(variants[index], query);
    const start = performance.now();
    await run(variants[index], query);
    return performance.now() - start;
  };
  for (const query of queries) for (let index = 0; index < variants.length; index++) await time(index, query);
  for (let round = 0; round < 6; round++) {
    for (const [position, query] of queries.entries()) {
      for (let offset = 0; offset < variants.length; offset++) {
        const index = (round + position + offset) % variants.length;
        times[index].push(await time(index, query));
      }
    }
  }
  return times;
}

// 2. Ranking latency, the same queries, with and without the learned model (built after learning, and learned live one
// observation at a time as in 1), interleaved (medians over all rounds).
{
  const plain = createStrategy(values.strategy);
  const learned = createStrategy(values.strategy, { usage: learnFromFile(catalog, values.usage) });
  await plain.index(catalog);
  await learned.index(catalog);
  const [a, b, c] = await interleaved([plain, learned, learnedLive], (strategy, { query, history }) =>
    strategy.rank({ query, limit: 10, ...(history ? { history } : {}) }),
  );
  console.log(
    `selection latency (${values.strategy}, top 10, ${queries.length} queries × 6 rounds, interleaved): without usage median ${fmt(median(a))} ms p95 ${fmt(p95(a))} ms; with usage median ${fmt(median(b))} ms p95 ${fmt(p95(b))} ms; ratio of medians ${(median(b) / median(a)).toFixed(2)}×; learned live median ${fmt(median(c))} ms, ratio ${(median(c) / median(a)).toFixed(2)}×`,
  );
}

// 2b. Whole selections, as an agent makes them each turn: createToolSelector with the strategy alone, and with the
// learned model in the strategy and as `usage` (its co-usage expansion stage included), interleaved as in 2.
{
  const model = learnFromFile(catalog, values.usage);
  const plain = createToolSelector(catalog, { strategy: createStrategy(values.strategy) });
  const learned = createToolSelector(catalog, { strategy: createStrategy(values.strategy, { usage: model }), usage: model });
  const [a, b] = await interleaved([plain, learned], (select, { query, history }) =>
    select([...(history ?? []), query].map((content) => ({ role: "user", content }))),
  );
  console.log(
    `whole selection (createToolSelector, ${values.strategy}, ${queries.length} queries × 6 rounds, interleaved): without usage median ${fmt(median(a))} ms p95 ${fmt(p95(a))} ms; with usage (strategy and co-usage stage) median ${fmt(median(b))} ms p95 ${fmt(p95(b))} ms; ratio of medians ${(median(b) / median(a)).toFixed(2)}×`,
  );
}

// 2c. Learning while serving, as a live agent does: each selection of the learning strategy comes right after it
// learned one new observation (untimed: "learn one observation" above is its cost), so it pays for whatever that
// observation left to do (index entries to recompute, a re-embedding to wait for). Against the plain strategy,
// interleaved as in 2. The model first learns the usage file but its last 2,000 observations, then one per selection.
{
  const held = Math.max(0, observations.length - 2_000);
  const model = new UsageModel({ catalog });
  model.observe(observations.slice(0, held));
  const plain = createStrategy(values.strategy);
  const learning = createStrategy(values.strategy, { usage: model });
  await plain.index(catalog);
  await learning.index(catalog);
  let next = held;
  const [a, b] = await interleaved(
    [plain, learning],
    (strategy, { query, history }) => strategy.rank({ query, limit: 10, ...(history ? { history } : {}) }),
    (strategy) => strategy === learning && model.observe(observations[next++ % observations.length]),
  );
  console.log(
    `learning while serving (${values.strategy}, each learning selection right after one new observation, interleaved): without usage median ${fmt(median(a))} ms; with usage median ${fmt(median(b))} ms; ratio of medians ${(median(b) / median(a)).toFixed(2)}×`,
  );
}

// 3. Memory of the model per 10,000 observations (heap after a full GC).
if (globalThis.gc) {
  const sample = observations.slice(0, 10_000);
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const model = new UsageModel({ catalog });
  model.observe(sample);
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `memory: ${((after - before) / 1024 / 1024).toFixed(2)} MB of heap for a model of ${sample.length} observations (${model.learnedTools().length} tools)`,
  );
} else console.log("memory: run with node --expose-gc to measure");

// 4. The learning curve, in file order (a usage file may be grouped by tool) and in a shuffled order (seeded), which
// is closer to live traffic where every tool's requests arrive interleaved.
function shuffled(list, seed = 1) {
  const copy = [...list];
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}
for (const [order, list] of [
  ["file order", observations],
  ["shuffled", shuffled(observations)],
]) {
  for (const count of [0, 100, 1_000, 10_000, list.length]) {
    const model = new UsageModel({ catalog });
    model.observe(list.slice(0, count));
    const result = await runEval({ catalog, queries, strategy: createStrategy(values.strategy, { usage: model }) });
    console.log(
      `${order}, after ${String(count).padStart(6)} observations: R@5 ${result.recall["5"].toFixed(3)}  Complete@10 ${result.complete["10"].toFixed(3)}`,
    );
  }
}
