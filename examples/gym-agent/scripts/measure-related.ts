/**
 * Measures `related:` with every strategy on the gym catalog: for each labelled request in
 * src/related-queries.jsonl, the share of the tools it needs that the selection binds (core excluded), how often it
 * binds all of them, and how many non-core tools it binds. Run: `pnpm exec tsx scripts/measure-related.ts`.
 */
import { readFileSync } from "node:fs";
import { createToolSelector, loadCatalogFile, type ToolSelection } from "@dynamic-tools/core";

const catalog = loadCatalogFile(new URL("../catalog.yaml", import.meta.url).pathname);
const queries = readFileSync(new URL("../src/related-queries.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { id: string; query: string; relevant: string[] });
const core = new Set(catalog.settings.core);

for (const strategy of ["keyword", "bm25", "hybrid"]) {
  for (const related of [false, true]) {
    const select = createToolSelector(catalog, { strategy, related, countTokens: false });
    let recall = 0;
    let complete = 0;
    let bound = 0;
    for (const { query, relevant } of queries) {
      const selection: ToolSelection = await select(query);
      const tools = new Set(selection.tools);
      const found = relevant.filter((name) => tools.has(name)).length;
      recall += found / relevant.length;
      if (found === relevant.length) complete++;
      bound += selection.tools.filter((name) => !core.has(name)).length;
    }
    const n = queries.length;
    console.log(
      `${strategy.padEnd(8)} related=${String(related).padEnd(5)}  recall ${(recall / n).toFixed(3)}  complete ${(complete / n).toFixed(2)}  tools bound (non-core) ${(bound / n).toFixed(1)}`,
    );
  }
}
