import { loadCatalogFile } from "./src/catalog/catalog-file.js";
import { loadQueriesFile } from "./src/eval/queries-file.js";
import { createStrategy } from "./src/retrieval/strategy-registry.js";
import { calledToolsOf } from "./src/eval/run-eval.js";
import { rememberCalledTools } from "./src/selection/conversation-memory.js";
import { queryMetrics, meanMetrics } from "./src/eval/aggregate-metrics.js";
const D = "/work/main/datasets";
const catalog = loadCatalogFile(`${D}/metatool/catalog.json`);
const s = createStrategy("hybrid", {});
await s.index(catalog);
const floors: Array<[number, number]> = JSON.parse(process.argv[2] ?? "[[0,0]]");
for (const f of ["follow-ups", "topic-switches"]) {
  const queries = loadQueriesFile(`${D}/metatool-multiturn/${f}.jsonl`, catalog);
  const ranked = [];
  for (const q of queries) {
    const r0 = await s.rank({ query: q.query, limit: catalog.size, ...(q.history ? { history: q.history } : {}) });
    ranked.push(rememberCalledTools({ ranked: r0, called: calledToolsOf(q) }).map((t) => t.name));
  }
  for (const [f1, f2] of floors) {
    const per = queries.map((q, i) => {
      const names = [...ranked[i]!];
      for (const c of calledToolsOf(q).sort((a, b) => b.turnsAgo - a.turnsAgo)) {
        const floor = c.turnsAgo === 1 ? f1 : c.turnsAgo === 2 ? f2 : 0;
        const at = names.indexOf(c.name);
        if (floor > 0 && at >= floor) {
          names.splice(at, 1);
          names.splice(floor - 1, 0, c.name);
        }
      }
      return queryMetrics(names, q.relevant);
    });
    const m = meanMetrics(per);
    console.log(f, f1, f2, "R@5", m.recall["5"].toFixed(4), "C@10", m.complete["10"].toFixed(4), "C@5", m.complete["5"].toFixed(4));
  }
}
