/**
 * The same catalog ranks the same whatever its history: a strategy that followed any sequence of live updates
 * (removals, additions, changed tools coming back) ranks every query exactly as one built fresh on the final catalog.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ToolCatalog,
  createBm25Strategy,
  createFuzzyStrategy,
  createHybridStrategy,
  createVectorStrategy,
  type RetrievalStrategy,
  type ToolDeclaration,
} from "@dynamic-tools/core";
import { createCatalogIndex } from "@dynamic-tools/core/internal";

const WORDS = [
  "salary",
  "pay",
  "client",
  "member",
  "yoga",
  "class",
  "booking",
  "staff",
  "freeze",
  "invoice",
  "goal",
  "diet",
  "photo",
  "note",
  "guest",
  "product",
  "campaign",
  "survey",
  "reward",
  "trainer",
  "report",
  "export",
  "email",
  "calendar",
  "weather",
  "search",
  "file",
  "read",
  "write",
  "delete",
  "list",
  "create",
  "update",
] as const;
const word = fc.constantFrom(...WORDS);

const toolBody = fc.record({
  words: fc.array(word, { minLength: 1, maxLength: 2 }),
  description: fc.array(word, { minLength: 1, maxLength: 6 }),
  category: fc.option(fc.constantFrom("salary", "clients", "classes", "files"), { nil: undefined }),
  keywords: fc.option(fc.uniqueArray(word, { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 4 }),
});
type ToolBody = typeof toolBody extends fc.Arbitrary<infer T> ? T : never;

const step = fc.record({
  /** Each current tool goes with this probability (per mille), decided by its index hash. */
  removeRatio: fc.integer({ min: 0, max: 400 }),
  added: fc.array(toolBody, { maxLength: 4 }),
  /** How many surviving tools come back with a changed description. */
  changed: fc.nat({ max: 2 }),
  changedText: fc.array(word, { minLength: 1, maxLength: 4 }),
  seed: fc.nat(),
});

const queries = fc.array(
  fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" ")),
  { minLength: 3, maxLength: 6 },
);

let serial = 0;
function declaration(body: ToolBody): ToolDeclaration {
  return {
    name: `t${serial++}_${body.words.join("_")}`,
    description: body.description.join(" "),
    ...(body.category === undefined ? {} : { category: body.category }),
    ...(body.keywords === undefined ? {} : { keywords: body.keywords }),
  };
}

async function rankings(strategy: RetrievalStrategy, texts: readonly string[]): Promise<string[][]> {
  const out: string[][] = [];
  for (const query of texts) out.push((await strategy.rank({ query, limit: 8 })).map((tool) => `${tool.name}:${tool.score.toFixed(9)}`));
  return out;
}

const strategies: Record<string, () => RetrievalStrategy> = {
  bm25: () => createBm25Strategy(),
  fuzzy: () => createFuzzyStrategy(),
  vector: () => createVectorStrategy(),
  hybrid: () => createHybridStrategy({ vector: createVectorStrategy() }),
};

describe("live updates rank as a fresh build of the same catalog", () => {
  for (const [name, make] of Object.entries(strategies)) {
    it(`${name}: any update sequence, then the same rankings as a fresh index`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(toolBody, { minLength: 3, maxLength: 25 }),
          fc.array(step, { minLength: 1, maxLength: 5 }),
          queries,
          async (initial, steps, texts) => {
            const catalog = new ToolCatalog({ tools: initial.map(declaration) });
            const live = make();
            const index = createCatalogIndex(catalog, live);
            await index.current();
            for (const { removeRatio, added, changed, changedText, seed } of steps) {
              const names = catalog.names();
              const removed = names.filter((_, index) => (index * 7919 + seed) % 1000 < removeRatio);
              catalog.remove(removed);
              const survivors = catalog.names();
              const comeBack = survivors.slice(0, changed).map((tool) => ({ ...catalog.get(tool)!, description: changedText.join(" ") }));
              catalog.add([
                ...added.map(declaration),
                ...comeBack.map(({ name: tool, description, category, keywords }) => ({
                  name: tool,
                  description,
                  ...(category === undefined ? {} : { category }),
                  keywords: [...keywords],
                })),
              ]);
            }
            const updated = await index.current();
            const fresh = make();
            await fresh.index(catalog);
            expect(await rankings(updated, texts)).toEqual(await rankings(fresh, texts));
          },
        ),
        { numRuns: name === "bm25" || name === "fuzzy" ? 60 : 25 },
      );
    });
  }
});
