#!/usr/bin/env node
// A graph's tools step and the select step after it, with learning, measured on a dev set (built packages; run
// `pnpm build` first):
//   node packages/langgraph/scripts/node-usage-bench.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl> [--strategy bm25] [--store none|memory|jsonl]
// Each step runs one request's call (its first relevant tool, implemented by a source that answers "done") in
// DynamicToolNode, then selects for the conversation with its result. Times the pair without usage and with a
// UsageRecorder (model learned from --usage first; the tools node records what it ran, to the store), interleaved
// on the same steps, with a 1 ms pause after each pair (the model's turn, when background work may run). Prints the
// medians and their ratio.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { JsonlUsageStore, learnFromFile, loadCatalogFile, MemoryUsageStore, UsageRecorder } from "@dynamic-tools/core";
import { loadQueriesFile } from "@dynamic-tools/core/eval";
import { createStrategy } from "@dynamic-tools/core/internal";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { createToolSelectorNode, DynamicToolNode } from "../dist/index.js";

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
// Every catalog tool implemented by one source: the call runs and answers "done".
const implementations = new Map(
  catalog
    .tools()
    .map((metadata) => [
      metadata.name,
      tool(() => "done", { name: metadata.name, description: "bench", schema: z.object({}).passthrough() }),
    ]),
);
const implemented = [...implementations.values()];
const source = { tools: () => implemented };
const plainTools = new DynamicToolNode(catalog, { sources: [source] });
const learningTools = new DynamicToolNode(catalog, { sources: [source], usage: recorder });
const steps = queries.map(({ query, relevant }, index) => ({
  messages: [new HumanMessage(query), new AIMessage({ content: "", tool_calls: [{ id: `call-${index}`, name: relevant[0], args: {} }] })],
}));
const pairs = { plain: [plain, plainTools], learning: [learning, learningTools] };
const times = { plain: [], learning: [] };
for (let round = 0; round < 3; round++) {
  for (const [index, step] of steps.entries()) {
    const config = { configurable: { thread_id: `thread-${index % 7}` } };
    const order = (index + round) % 2 === 0 ? ["plain", "learning"] : ["learning", "plain"];
    for (const name of order) {
      const [select, tools] = pairs[name];
      const start = performance.now();
      const { messages } = await tools.invoke(step, config);
      await select({ messages: [...step.messages, ...messages] }, config);
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
  `tools step + select step (${values.strategy}, ${steps.length} steps × 2 rounds, store ${values.store}): without usage median ${(a * 1000).toFixed(0)} µs; with a learning recorder median ${(b * 1000).toFixed(0)} µs; ratio ${(b / a).toFixed(2)}×; ${recorder.model.size} observations learned in all`,
);
