#!/usr/bin/env node
// The pull-based usage model, measured (built package; run `pnpm build` first):
//   node --expose-gc packages/core/scripts/usage-model-bench.mjs [--tools 1000] [--selectors 300] [--observations 2000]
// Prints:
// 1. 300 selectors built with `usage` (a learning bm25 strategy and co-usage), each used once, then dropped: the heap
//    growth after a full GC, and observe()'s time (median, p99) with them dropped against a model that never had any.
// 2. Learn steps at 1,000 tools: observe() of one observation, and the next selection (which catches up with it),
//    p50/p99 over a stream in which one observation in 50 is dated far in the future; against a selection with
//    nothing new to catch up.
import { parseArgs } from "node:util";
import { createBm25Strategy, createToolSelector, ToolCatalog, UsageModel } from "../dist/index.js";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "1000" },
    selectors: { type: "string", default: "300" },
    observations: { type: "string", default: "2000" },
  },
});
if (typeof globalThis.gc !== "function") {
  console.error("run with node --expose-gc");
  process.exit(2);
}
const TOOLS = Number(values.tools);
const SELECTORS = Number(values.selectors);
const OBSERVATIONS = Number(values.observations);

/** Deterministic pseudo-random numbers. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const next = random(7);
const WORDS = Array.from({ length: 400 }, (_, index) => `w${index.toString(36)}x${"abcdefghij"[index % 10]}`);
const pick = () => WORDS[Math.floor(next() * WORDS.length)];
const catalog = new ToolCatalog({
  tools: Array.from({ length: TOOLS }, (_, index) => ({
    name: `tool_${index}`,
    description: `${pick()} ${pick()} ${pick()} ${pick()} ${pick()} records`,
    category: `group_${index % 40}`,
  })),
});
const message = () => `please ${pick()} the ${pick()} and ${pick()} for me`;
const observation = (at) => ({
  message: message(),
  tools: [`tool_${Math.floor(next() * TOOLS)}`],
  caller: `user_${Math.floor(next() * 50)}`,
  at,
});
const quantile = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))];
const fmt = (ms) => `${ms.toFixed(3)} ms`;
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const timeObserve = (usage, count, start) => {
  const times = [];
  for (let index = 0; index < count; index++) {
    const item = observation(start + index * 1000);
    const begin = performance.now();
    usage.observe(item);
    times.push(performance.now() - begin);
  }
  return times;
};

// 1. Selectors built with usage, dropped.
{
  const now = Date.now() - 10 * 24 * 3600 * 1000;
  const alone = new UsageModel({ catalog });
  alone.observe(Array.from({ length: 200 }, (_, index) => observation(now + index)));
  const usage = new UsageModel({ catalog });
  usage.observe(Array.from({ length: 200 }, (_, index) => observation(now + index)));
  const before = heap();
  for (let index = 0; index < SELECTORS; index++) {
    const select = createToolSelector(catalog, { strategy: createBm25Strategy({ usage }), usage, countTokens: false });
    await select([{ role: "user", content: message() }]);
  }
  const after = heap();
  const dropped = timeObserve(usage, 500, now + 1e6);
  const baseline = timeObserve(alone, 500, now + 1e6);
  console.log(
    `${SELECTORS} selectors built with usage and dropped (${TOOLS} tools): heap growth ${((after - before) / 2 ** 20).toFixed(2)} MB`,
  );
  console.log(
    `observe(): median ${fmt(quantile(dropped, 0.5))}, p99 ${fmt(quantile(dropped, 0.99))} after them; a model that never had selectors: median ${fmt(quantile(baseline, 0.5))}, p99 ${fmt(quantile(baseline, 0.99))}`,
  );
}

// 2. Learn steps at TOOLS tools.
{
  const start = Date.now() - 5 * 24 * 3600 * 1000;
  const usage = new UsageModel({ catalog, halfLifeMs: 24 * 3600 * 1000 });
  const select = createToolSelector(catalog, { strategy: createBm25Strategy({ usage }), usage, countTokens: false });
  await select([{ role: "user", content: message() }]);
  const observeTimes = [];
  const catchUpTimes = [];
  const steadyTimes = [];
  for (let index = 0; index < OBSERVATIONS; index++) {
    // One in 50 is dated ~300 years ahead (a wrong or hostile clock): it must neither stall nor wipe anything.
    const item = observation(index % 50 === 49 ? 1e13 : start + index * 60_000);
    let begin = performance.now();
    usage.observe(item);
    observeTimes.push(performance.now() - begin);
    const conversation = [{ role: "user", content: message() }];
    begin = performance.now();
    await select(conversation);
    catchUpTimes.push(performance.now() - begin);
    begin = performance.now();
    await select(conversation);
    steadyTimes.push(performance.now() - begin);
  }
  console.log(
    `learn step at ${TOOLS} tools (${OBSERVATIONS} observations, 1 in 50 dated in the future): observe() p50 ${fmt(quantile(observeTimes, 0.5))}, p99 ${fmt(quantile(observeTimes, 0.99))}, max ${fmt(Math.max(...observeTimes))}`,
  );
  console.log(
    `  next selection (catching up): p50 ${fmt(quantile(catchUpTimes, 0.5))}, p99 ${fmt(quantile(catchUpTimes, 0.99))}; with nothing new: p50 ${fmt(quantile(steadyTimes, 0.5))}, p99 ${fmt(quantile(steadyTimes, 0.99))}`,
  );
  console.log(`  learned: ${usage.size} observations, weight ${usage.totalWeight().toFixed(2)} (nothing wiped)`);
}
