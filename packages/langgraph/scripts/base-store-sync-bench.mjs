#!/usr/bin/env node
// BaseStoreUsageStore: the cost of one recorded step's sync, by how much the store holds (built packages; run
// `pnpm build` first):
//   node packages/langgraph/scripts/base-store-sync-bench.mjs [--sizes 1000,20000] [--steps 50] [--postgres <url>]
// (with --postgres, a PostgresStore at that URL, one fresh namespace per size, instead of an InMemoryStore, whose
// search scans every item in JavaScript whatever the filter).
// For each size: a store filled with that many observations by another replica, a recorder synced once (its first,
// full read),
// then `steps` recorded steps (append one observation and sync), timed: median and p95 per step. Also times a full
// read of the store (what every sync cost when reads were not incremental).
import { parseArgs } from "node:util";
import { ToolCatalog, UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { InMemoryStore } from "@langchain/langgraph";
import { BaseStoreUsageStore } from "../dist/index.js";

const { values } = parseArgs({
  options: { sizes: { type: "string", default: "1000,20000" }, steps: { type: "string", default: "50" }, postgres: { type: "string" } },
});
const postgres =
  values.postgres === undefined
    ? undefined
    : (await import("@langchain/langgraph-checkpoint-postgres/store")).PostgresStore.fromConnString(values.postgres);
await postgres?.setup();
const sizes = values.sizes.split(",").map(Number);
const STEPS = Number(values.steps);
const catalog = new ToolCatalog({
  tools: Array.from({ length: 50 }, (_, index) => ({ name: `tool_${index}`, description: `Tool ${index}` })),
});
const observation = (index) => ({ message: `request ${index} words here`, tools: [`tool_${index % 50}`], ok: true, at: Date.now() });
const quantile = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))];

for (const size of sizes) {
  const store = postgres ?? new InMemoryStore();
  const namespace = ["dynamic-tools", `usage-${size}-${Date.now()}`];
  const usage = new BaseStoreUsageStore(store, { namespace });
  // Another replica's history: `size` observations in its log.
  const other = new BaseStoreUsageStore(store, { namespace });
  for (let from = 0; from < size; from += 1000) {
    await other.append(Array.from({ length: Math.min(1000, size - from) }, (_, index) => observation(from + index)));
  }
  const recorder = new UsageRecorder({ model: new UsageModel({ catalog }), store: usage });
  let begin = performance.now();
  await recorder.sync();
  const first = performance.now() - begin;
  const steps = [];
  for (let step = 0; step < STEPS; step++) {
    begin = performance.now();
    await recorder.record(observation(size + step));
    steps.push(performance.now() - begin);
  }
  begin = performance.now();
  await new BaseStoreUsageStore(store, { namespace }).read();
  const full = performance.now() - begin;
  console.log(
    `${postgres === undefined ? "InMemoryStore" : "PostgresStore"}, ${size} observations: sync per recorded step median ${quantile(steps, 0.5).toFixed(2)} ms, p95 ${quantile(steps, 0.95).toFixed(2)} ms (first sync ${first.toFixed(0)} ms; a full read ${full.toFixed(0)} ms)`,
  );
}
await postgres?.stop();
