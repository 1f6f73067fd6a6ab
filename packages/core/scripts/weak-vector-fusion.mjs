// Development experiment (docs/learning.md, "Fitted fusion"): the held-out case where a weak vector signal drags the
// hybrid below bm25 with usage, simulated by registering deliberately weak default embeddings (8 dimensions of hashed
// character trigrams). Learns from the usage file, scores on the queries file, prints R@5 and MRR of bm25+usage,
// hybrid+usage with the fixed weights, hybrid+usage with weights fitted from held-out observations, and the same with
// the learned field as a fused source of its own (`separateLearnedField`).
//   node packages/core/scripts/weak-vector-fusion.mjs --catalog <file> --usage <file.jsonl> --queries <file.jsonl>
import { parseArgs } from "node:util";
import { createBm25Strategy, createHybridStrategy, learnFromFile, loadCatalogFile } from "@dynamic-tools/core";
import { loadQueriesFile, runEval } from "@dynamic-tools/core/eval";
import { registerWeakEmbeddings } from "./weak-embeddings.mjs";

const { values } = parseArgs({
  options: {
    catalog: { type: "string" },
    usage: { type: "string" },
    queries: { type: "string" },
    dimensions: { type: "string", default: "8" },
  },
});
registerWeakEmbeddings(Number(values.dimensions));
const catalog = loadCatalogFile(values.catalog);
const queries = loadQueriesFile(values.queries, catalog);
const rows = [];
const score = async (name, make) => {
  const usage = learnFromFile(catalog, values.usage);
  const strategy = make(usage);
  const result = await runEval({ catalog, queries, strategy, name });
  rows.push({
    name,
    r5: result.recall["5"].toFixed(3),
    mrr: result.mrr.toFixed(3),
    fitted: JSON.stringify(strategy.fittedFusion?.()?.weights ?? null),
  });
};
const never = {
  formatVersion: 1,
  weights: { bm25: 1, fuzzy: 0.3, vector: 0.6 },
  observations: 2 ** 40,
  probes: 0,
  mrr: { fixed: 0, fitted: 0 },
};
await score("bm25+usage", (usage) => createBm25Strategy({ usage }));
await score("hybrid+usage fixed", (usage) => createHybridStrategy({ usage, fitted: never }));
await score("hybrid+usage fitted", (usage) => createHybridStrategy({ usage }));
await score("hybrid+usage fitted, learned field apart", (usage) => createHybridStrategy({ usage, separateLearnedField: true }));
console.table(rows);
