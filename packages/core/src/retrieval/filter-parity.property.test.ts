/**
 * A filter (permissions, scope, tools already bound) only removes tools: a filtered ranking is the unfiltered ranking
 * with the refused tools taken out, for the sources whose scores do not depend on which tools are allowed. The fuzzy
 * and bm25 sources ask the filter about their best tools first; this checks that no order of asking changes a result.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { splitWords } from "../text/tokenize.js";
import { createFuzzyStrategy } from "./fuzzy/fuzzy-strategy.js";
import { createBm25Strategy } from "./lexical/bm25-strategy.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";

let catalog: ToolCatalog;
let words: string[];
const strategies: Record<string, RetrievalStrategy> = {};

beforeAll(async () => {
  catalog = gymCatalog();
  words = [...new Set(catalog.tools().flatMap((tool) => splitWords(`${tool.name} ${tool.description}`)))];
  strategies.fuzzy = createFuzzyStrategy();
  strategies.bm25 = createBm25Strategy();
  for (const strategy of Object.values(strategies)) await strategy.index(catalog);
});

describe.each(["fuzzy", "bm25"])("%s with a filter", (name) => {
  it("property: ranks exactly the allowed tools of the unfiltered ranking, in its order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 40 }),
        // Refuse the tools at these positions of the unfiltered ranking (the best ones are the interesting case),
        // and every tool whose name hashes into this share.
        fc.array(fc.nat({ max: 12 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
        async (picks, limit, refusedPositions, share) => {
          const strategy = strategies[name]!;
          const query = picks.map((pick) => words[pick % words.length]!).join(" ");
          const all = (await strategy.rank({ query, limit: catalog.size })).map((tool) => tool.name);
          const refused = new Set(refusedPositions.map((position) => all[position]).filter((tool) => tool !== undefined));
          const allowed = (tool: string) => !refused.has(tool) && (share === 0 || tool.length % 4 !== share);
          const filtered = (await strategy.rank({ query, limit, filter: allowed })).map((tool) => tool.name);
          expect(filtered).toEqual(all.filter(allowed).slice(0, limit));
        },
      ),
      { numRuns: 150 },
    );
  });
});
