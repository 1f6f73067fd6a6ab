#!/usr/bin/env node
// The select node's step with learning, measured on a dev set (built packages; run `pnpm build` first):
//   node packages/langgraph/scripts/node-usage-bench.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl> [--strategy bm25] [--store none|memory|jsonl]
// Each step ends with the tool results of one request (its first relevant tool, called successfully), as a graph's
// tools node leaves them. Times a select node without usage and one with a UsageRecorder (model learned from --usage
// first, recording to the store), interleaved on the same steps, with a 1 ms pause after each step pair (the model's
// turn, when background work may run). Prints the medians and their ratio.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { JsonlUsageStore, learnFromFile, loadCatalogFile, MemoryUsageStore, UsageRecorder } from "@dynamic-tools/core";
import { loadQueriesFile } from "@dynamic-tools/core/eval";
import { createStrategy } from "@dynamic-tools/core/internal";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createToolSelectorNode } from "../dist/index.js";

const { values } = parseArgs({
  options: {
    catalog: { type: "string" },
    usage: { type: "string" },
    queries: { type: "string" },
    strategy: { type: "string", default: "bm25" },
    store: { type: "string", default: "jsonl" },
  },
});
if (!values.catalog || !values.usage || !values.queries || !["none", "memory", "jsonl"].includes(values.store)) {
  console.error(
    "usage: node-usage-bench.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl> [--strategy bm25] [--store none|memory|jsonl]",
  );
  process.exit(2);
}
const catalog = loadCatalogFile(values.catalog);
const queries = loadQueriesFile(values.queries, catalog).slice(0, 600);
const model = learnFromFile(catalog, values.usage);
const stores = {
  none: () => undefined,
  memory: () => new MemoryUsageStore(),
  jsonl: () => new JsonlUsageStore(join(mkdtempSync(join(tmpdir(), "node-usage-bench-")), "usage.jsonl")),
};
const store = stores[values.store]();
const recorder = new UsageRecorder({ model, ...(store === undefined ? {} : { store }) });
const plain = createToolSelectorNode({ catalog, strategy: createStrategy(values.strategy), countTokens: false });
const learning = createToolSelectorNode({
  catalog,
  strategy: createStrategy(values.strategy, { usage: model }),
  usage: recorder,
  countTokens: false,
});
const steps = queries.map(({ query, relevant }, index) => ({
  messages: [
    new HumanMessage(query),
    new AIMessage({ content: "", tool_calls: [{ id: `call-${index}`, name: relevant[0], args: {} }] }),
    new ToolMessage({ tool_call_id: `call-${index}`, content: "done" }),
  ],
}));
const times = { plain: [], learning: [] };
for (let round = 0; round < 3; round++) {
  for (const [index, step] of steps.entries()) {
    const config = { configurable: { thread_id: `thread-${index % 7}` } };
    const order = (index + round) % 2 === 0 ? ["plain", "learning"] : ["learning", "plain"];
    for (const name of order) {
      const node = name === "plain" ? plain : learning;
      const start = performance.now();
      await node(step, config);
      // The first round warms up.
      if (round > 0) times[name].push(performance.now() - start);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
await recorder.flush?.(); // (a build before recordLater records in the step and has no flush)
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const [a, b] = [median(times.plain), median(times.learning)];
console.log(
  `select node (${values.strategy}, ${steps.length} steps × 2 rounds, store ${values.store}): without usage median ${(a * 1000).toFixed(0)} µs; with a learning recorder median ${(b * 1000).toFixed(0)} µs; ratio ${(b / a).toFixed(2)}×; ${recorder.model.size} observations learned in all`,
);
