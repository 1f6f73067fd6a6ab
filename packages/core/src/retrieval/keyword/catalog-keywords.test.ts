import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CategoryDeclaration } from "../../catalog/catalog-config.js";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../catalog/tool-metadata.js";
import { CatalogKeywords } from "./catalog-keywords.js";
import { KeywordIndex } from "./keyword-index.js";

const VOCABULARY = [
  "invoice",
  "salary",
  "payroll",
  "shift",
  "roster",
  "lead",
  "pipeline",
  "stage",
  "refund",
  "receipt",
  "weather",
  "forecast",
];
const PROBES = [...VOCABULARY, "billing run", "people", "core tool", "first", "billing", "staff", "t1", "t4", "weather forecast salary"];

/** Declared keywords, derived ones, and both. */
const categories: Record<string, CategoryDeclaration> = {
  billing: { keywords: ["invoice", "billing run"] },
  salary: {},
  staff: { keywords: ["people"], deriveKeywords: true },
};
const initialTools: ToolDeclaration[] = [
  { name: "t0", description: "core tool" },
  { name: "t1", description: "first lead pipeline", category: "u1" },
  { name: "t2", description: "salary payroll", category: "salary" },
  { name: "t5", description: "weather forecast" },
];

const toolName = fc.constantFrom("t1", "t2", "t3", "t4", "t5", "t6", "t7");
const tool = fc
  .record({
    name: toolName,
    description: fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 3 }).map((words) => words.join(" ")),
    category: fc.constantFrom(undefined, undefined, "billing", "salary", "staff", "u1", "u2"),
    keywords: fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 2 }) },
    ),
  })
  .map(
    (declaration) =>
      Object.fromEntries(Object.entries(declaration).filter(([, value]) => value !== undefined)) as unknown as ToolDeclaration,
  );

type Operation = { kind: "add"; tools: ToolDeclaration[] } | { kind: "remove"; names: string[] };
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant("add" as const),
    tools: fc.uniqueArray(tool, { minLength: 1, maxLength: 3, selector: (item) => item.name }),
  }),
  fc.record({ kind: fc.constant("remove" as const), names: fc.array(toolName, { minLength: 1, maxLength: 3 }) }),
);

function catalogOf(tools: readonly ToolDeclaration[]): ToolCatalog {
  return new ToolCatalog({ tools: [...tools], categories, core: ["t0"] });
}

function matchesOf(
  match: (text: string) => ReadonlyArray<{ position: number; target: { kind: string; name: string }; keyword: string }>,
  text: string,
): string[] {
  // Matches at one position may come in another order (the order keywords were added): compared as a set.
  return match(text)
    .map((hit) => `${hit.position} ${hit.target.kind}:${hit.target.name} ${hit.keyword}`)
    .sort();
}

/** The index a fresh build would make of the keywords `keywords` has in effect. */
function indexInEffect(catalog: ToolCatalog, keywords: CatalogKeywords): KeywordIndex {
  const index = new KeywordIndex();
  for (const category of catalog.categories())
    for (const word of keywords.keywordsOf(category.name)) index.add(word, { kind: "category", name: category.name });
  for (const name of catalog.names()) for (const word of keywords.derivedToolKeywords(name)) index.add(word, { kind: "tool", name });
  for (const metadata of catalog.tools()) for (const word of metadata.keywords) index.add(word, { kind: "tool", name: metadata.name });
  return index;
}

describe("CatalogKeywords", () => {
  it("is shared per catalog", () => {
    const catalog = catalogOf(initialTools);
    expect(CatalogKeywords.of(catalog)).toBe(CatalogKeywords.of(catalog));
    expect(CatalogKeywords.of(catalogOf(initialTools))).not.toBe(CatalogKeywords.of(catalog));
  });

  it("derives keywords for categories without declared ones and for loose tools, never for core tools", () => {
    const keywords = CatalogKeywords.of(catalogOf(initialTools));
    expect(keywords.keywordsOf("billing")).toEqual(["invoice", "billing run"]);
    expect(keywords.keywordsOf("salary")).toEqual(["salary", "payroll"]);
    expect([...keywords.derivedToolKeywords("t5")].sort()).toEqual(["forecast", "weather"]);
    expect(keywords.derivedToolKeywords("t0")).toEqual([]);
  });

  it("after every live update, a touched category has a fresh build's keywords, any other its previous or a fresh build's, and the index holds exactly the keywords in effect", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 12 }), (steps) => {
        let tools = [...initialTools];
        const catalog = catalogOf(tools);
        const live = CatalogKeywords.of(catalog);
        for (const step of steps) {
          const before = new Map(tools.map((item) => [item.name, item.category]));
          const previous = new Map(catalog.categories().map((category) => [category.name, [...live.keywordsOf(category.name)]]));
          const touched = new Set<string | undefined>();
          if (step.kind === "add") {
            const names = new Set(step.tools.map((item) => item.name));
            const was = new Map(step.tools.map((item) => [item.name, JSON.stringify(catalog.get(item.name))]));
            catalog.add(step.tools);
            // A tool given again exactly as it is keeps its place; a changed or new one goes to the end.
            const kept = new Set(
              step.tools
                .filter((item) => catalog.has(item.name) && was.get(item.name) === JSON.stringify(catalog.get(item.name)))
                .map((item) => item.name),
            );
            tools = [
              ...tools.filter((item) => !names.has(item.name) || kept.has(item.name)),
              ...step.tools.filter((item) => !kept.has(item.name)),
            ];
            // Only the tools that changed touch their categories.
            for (const item of step.tools) if (!kept.has(item.name)) touched.add(before.get(item.name)).add(item.category);
          } else {
            const gone = new Set(step.names);
            tools = tools.filter((item) => !gone.has(item.name));
            catalog.remove(step.names);
            for (const name of step.names) touched.add(before.get(name));
          }
          const fresh = CatalogKeywords.of(catalogOf(tools));
          for (const { name } of catalog.categories()) {
            if (touched.has(name)) expect(live.keywordsOf(name)).toEqual(fresh.keywordsOf(name));
            else expect([previous.get(name), fresh.keywordsOf(name)]).toContainEqual(live.keywordsOf(name));
          }
          const expected = indexInEffect(catalog, live);
          for (const text of PROBES)
            expect(matchesOf((probe) => live.match(probe), text)).toEqual(matchesOf((probe) => expected.match(probe), text));
        }
      }),
      { numRuns: 100 },
    );
  });
});
