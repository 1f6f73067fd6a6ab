// Development experiment (docs/learning.md, "Learned fusion"): the learned field and co-usage as separately weighted
// signals. Fuses, min-max as the hybrid does (exact-name bonus 1, no vocabulary expansion): bm25 with the learned field
// folded into each tool's document (today's), against bm25 over the tools' text plus bm25 over the learned terms only
// at several weights, and a co-usage boost (tools used with the fused top 3, scaled to the best score). Prints R@5,
// MRR and Complete@10 per variant; "weak" as the fourth argument registers the 8-dimension hashed-trigram embeddings
// of weak-vector-fusion.mjs as the default.
//   node packages/core/scripts/separate-signals-fusion.mjs <catalog> <usage.jsonl> <queries.jsonl> [weak]
import { createBm25Strategy, createFuzzyStrategy, learnFromFile, loadCatalogFile } from "@dynamic-tools/core";
import { createStrategy } from "@dynamic-tools/core/internal";
import { loadQueriesFile, runEval } from "@dynamic-tools/core/eval";
import { registerWeakEmbeddings } from "./weak-embeddings.mjs";
const [catalogFile, usageFile, queriesFile, weak] = process.argv.slice(2);
if (weak === "weak") registerWeakEmbeddings();
const catalog = loadCatalogFile(catalogFile);
const queries = loadQueriesFile(queriesFile, catalog);
const usage = learnFromFile(catalog, usageFile);
const zero = { name: 0, keywords: 0, tags: 0, category: 0, description: 0, parameterNames: 0, parameterDescriptions: 0 };
const sources = {
  folded: createBm25Strategy({ usage }),
  text: createBm25Strategy(),
  learned: createBm25Strategy({ usage, fieldWeights: zero }),
  fuzzy: createFuzzyStrategy({ exactBonus: 0 }),
  vector: createStrategy("vector", { usage }),
};
for (const s of Object.values(sources)) await s.index(catalog);
const cache = new Map();
async function lists(query) {
  let got = cache.get(query);
  if (!got) {
    got = {};
    for (const [name, s] of Object.entries(sources)) got[name] = await s.rank({ query, limit: 100 });
    cache.set(query, got);
  }
  return got;
}
const position = new Map(catalog.names().map((n, i) => [n, i]));
function coUse(fused, w, limit) {
  if (w === 0) return fused.slice(0, limit);
  const boost = new Map();
  for (const top of fused.slice(0, 3))
    for (const { name, weight } of usage.oftenUsedWith(top.name, 10)) boost.set(name, (boost.get(name) ?? 0) + weight);
  const max = Math.max(0, ...boost.values());
  if (max === 0) return fused.slice(0, limit);
  const best = fused[0]?.score ?? 1;
  const byName = new Map(fused.map((t) => [t.name, t.score]));
  for (const [name, b] of boost) byName.set(name, (byName.get(name) ?? 0) + w * best * (b / max));
  return [...byName]
    .sort((a, b) => b[1] - a[1] || position.get(a[0]) - position.get(b[0]))
    .slice(0, limit)
    .map(([name, score]) => ({ name, score, signals: {} }));
}
function fuse(ranked, weights, limit) {
  const score = new Map();
  for (const [name, w] of Object.entries(weights)) {
    const list = ranked[name];
    if (!list.length || w === 0) continue;
    let max = -Infinity,
      min = Infinity;
    for (const t of list) {
      max = Math.max(max, t.score);
      min = Math.min(min, t.score);
    }
    for (const t of list) score.set(t.name, (score.get(t.name) ?? 0) + w * (max > min ? (t.score - min) / (max - min) : 1));
  }
  for (const t of ranked.fuzzy) if (t.signals.exact) score.set(t.name, (score.get(t.name) ?? 0) + 1);
  return [...score]
    .sort((a, b) => b[1] - a[1] || position.get(a[0]) - position.get(b[0]))
    .slice(0, limit)
    .map(([name, s]) => ({ name, score: s, signals: {} }));
}
const rows = [];
async function run(label, weights) {
  const { co = 0, ...rest } = weights;
  const strategy = {
    name: label,
    index() {},
    async rank(r) {
      return coUse(fuse(await lists(r.query), rest, 200), co, r.limit);
    },
  };
  const result = await runEval({ catalog, queries, strategy, name: label });
  rows.push({ label, r5: result.recall["5"].toFixed(3), mrr: result.mrr.toFixed(3), c10: result.complete?.["10"]?.toFixed?.(3) });
}
await run("folded 1/0.3/0.6", { folded: 1, fuzzy: 0.3, vector: 0.6 });
for (const l of [0.25, 0.5, 0.75, 1, 1.5, 2, 3])
  await run(`text 1 + learned ${l} /0.3/0.6`, { text: 1, learned: l, fuzzy: 0.3, vector: 0.6 });
for (const l of [0.5, 1, 2]) await run(`folded 1 + learned ${l} /0.3/0.6`, { folded: 1, learned: l, fuzzy: 0.3, vector: 0.6 });
for (const co of [0.05, 0.1, 0.2, 0.4]) await run(`folded 1/0.3/0.6 + co-usage ${co}`, { folded: 1, fuzzy: 0.3, vector: 0.6, co });
console.table(rows);
