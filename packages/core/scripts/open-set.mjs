#!/usr/bin/env node
// Abstention on requests that no tool of the catalog serves (the open set): random subsets of a labelled catalog,
// where a query whose tools are all in the subset should bind them and a query whose tools are all outside it should
// bind nothing. For each subset size and `abstain.quantile`, the share of in-subset queries abstained on (lost) and of
// out-of-subset queries abstained on (caught), hybrid, the selector's defaults otherwise. Run after a build:
//   node packages/core/scripts/open-set.mjs <catalog> <queries.jsonl> [--sizes 20,60] [--seeds 3] [--quantiles 0.25,0.5,0.75]
import { parseArgs } from "node:util";
import { createToolSelector, loadCatalogFile } from "@dynamic-tools/core";
import { loadQueriesFile } from "@dynamic-tools/core/eval";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sizes: { type: "string", default: "20,60" },
    seeds: { type: "string", default: "3" },
    quantiles: { type: "string", default: "0.25,0.5,0.75" },
  },
});
const [catalogFile, queriesFile] = positionals;
if (catalogFile === undefined || queriesFile === undefined) {
  console.error(
    "usage: node packages/core/scripts/open-set.mjs <catalog> <queries.jsonl> [--sizes 20,60] [--seeds 3] [--quantiles 0.25,0.5,0.75]",
  );
  process.exit(2);
}
const numbers = (text) => text.split(",").map(Number);
const queries = loadQueriesFile(queriesFile, loadCatalogFile(catalogFile));

/** A deterministic subset of `size` of the catalog's tools (a linear congruential generator seeded by `seed`). */
function subset(names, size, seed) {
  let state = (seed * 2654435761) >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const picked = new Set();
  while (picked.size < Math.min(size, names.length)) picked.add(names[Math.floor(next() * names.length)]);
  return picked;
}

for (const size of numbers(values.sizes)) {
  for (const quantile of numbers(values.quantiles)) {
    let inside = 0,
      lost = 0,
      outside = 0,
      caught = 0;
    for (let seed = 1; seed <= Number(values.seeds); seed++) {
      const catalog = loadCatalogFile(catalogFile);
      const kept = subset(catalog.names(), size, seed);
      catalog.remove(catalog.names().filter((name) => !kept.has(name)));
      const select = createToolSelector(catalog, { strategy: "hybrid", abstain: { quantile } });
      for (const query of queries) {
        const within = query.relevant.filter((name) => kept.has(name)).length;
        if (within > 0 && within < query.relevant.length) continue;
        const { abstained } = await select(query.query);
        if (within > 0) {
          inside++;
          if (abstained !== undefined) lost++;
        } else {
          outside++;
          if (abstained !== undefined) caught++;
        }
      }
    }
    console.log(
      `${size} tools, quantile ${quantile}: in-subset abstained ${lost}/${inside} (${(lost / inside).toFixed(3)}), ` +
        `out-of-subset abstained ${caught}/${outside} (${(caught / outside).toFixed(3)})`,
    );
  }
}
