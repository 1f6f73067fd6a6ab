import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { KeywordIndex } from "../selection/keyword-index.js";
import { stem } from "../text/tokenize.js";
import { applyCatalogDelta, type CatalogDelta } from "./catalog-delta.js";
import type { CategoryDeclaration, NamespaceDeclaration } from "./catalog-config.js";
import { buildCatalogState, looseKey, sourceKey, type CatalogState, type CatalogStateInput } from "./catalog-state.js";
import type { ToolDeclaration } from "./tool-metadata.js";

const VOCABULARY = ["invoice", "salary", "payroll", "shift", "roster", "lead", "pipeline", "stage", "refund", "receipt", "weather", "forecast"];

/** The fixed part of the catalog: declared categories (keywords, derived, both), a namespace, declarations, core. */
const categories: Record<string, CategoryDeclaration> = {
  billing: { keywords: ["invoice", "billing run"], description: "Money in" },
  salary: {},
  staff: { keywords: ["people"], deriveKeywords: true, related: ["u1"] },
};
const declaredNamespaces: Record<string, NamespaceDeclaration> = { ns_a: { description: "Group A", maxSize: 3 } };
const declarations: ToolDeclaration[] = [
  { name: "decl_fixed", permission: "write" },
  { name: "mcp_s1_pending", required: true, permission: "dangerous" },
  { name: "mcp_s2_y", category: "salary" },
];
const core = new Set(["t0"]);
const initialTools: ToolDeclaration[] = [
  { name: "t0", description: "core tool" },
  { name: "decl_fixed", description: "fixed roster shift" },
  { name: "t1", description: "first lead pipeline", category: "u1" },
  { name: "t2", description: "salary payroll", category: "salary", namespace: "ns_b" },
  { name: "t5", description: "weather forecast" },
];

const toolName = fc.constantFrom("t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "decl_fixed", "mcp_s1_pending", "mcp_s1_x", "mcp_s2_y");
const tool = fc
  .record({
    name: fc.oneof({ weight: 30, arbitrary: toolName }, { weight: 1, arbitrary: fc.constant("bad name") }),
    description: fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 3 }).map((words) => words.join(" ")),
    category: fc.constantFrom(undefined, undefined, "billing", "salary", "staff", "u1", "u2", "u3"),
    namespace: fc.constantFrom(undefined, undefined, "ns_a", "ns_b", "ns_c"),
    keywords: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 2 }) }, { weight: 1, arbitrary: fc.constant(["!!!"]) }),
    required: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map((declaration) => Object.fromEntries(Object.entries(declaration).filter(([, value]) => value !== undefined)) as unknown as ToolDeclaration);

type Operation =
  | { kind: "add"; tools: ToolDeclaration[] }
  | { kind: "remove"; names: string[] }
  | { kind: "replaceSource"; sourceId: string; tools: ToolDeclaration[] };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), tools: fc.array(tool, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant("remove" as const), names: fc.array(toolName, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant("replaceSource" as const),
    sourceId: fc.constantFrom("s1", "s2"),
    tools: fc.array(tool, { maxLength: 3 }),
  }),
);

/** What the catalog holds after an operation, as the tool list a fresh build starts from. */
interface Model {
  tools: ToolDeclaration[];
  namespaces: Record<string, NamespaceDeclaration>;
}

function inputOf(model: Model): CatalogStateInput {
  return { tools: model.tools, declarations, categories, namespaces: model.namespaces, core };
}

/** The delta a ToolCatalog method sends, and the tool list it implies (the semantics of the former full rebuild). */
function plan(state: CatalogState, model: Model, step: Operation): { delta: CatalogDelta; next: Model } {
  if (step.kind === "add") {
    const names = new Set(step.tools.map((item) => item.name));
    return { delta: { removed: [...names], added: step.tools }, next: { ...model, tools: [...model.tools.filter((item) => !names.has(item.name)), ...step.tools] } };
  }
  if (step.kind === "remove") {
    const gone = new Set(step.names);
    return { delta: { removed: step.names }, next: { ...model, tools: model.tools.filter((item) => !gone.has(item.name)) } };
  }
  const incoming = step.tools.map((item) => ({ ...item, source: "mcp" as const, sourceId: step.sourceId }));
  const removed = state.sources.get(sourceKey({ source: "mcp", sourceId: step.sourceId })!) ?? [];
  const namespace = `mcp_${step.sourceId}`;
  const namespaces = model.namespaces[namespace] === undefined ? { [namespace]: { description: `Server ${step.sourceId}` } } : {};
  return {
    delta: { removed, added: incoming, namespaces },
    next: { tools: [...model.tools.filter((item) => !removed.includes(item.name)), ...incoming], namespaces: { ...model.namespaces, ...namespaces } },
  };
}

const PROBES = [...VOCABULARY, "billing run", "people", "core tool", "first", "fixed", "billing", "staff", "u1", "u2", "u3", "t1", "t4", "mcp"];

/** Everything observable of a state, as plain data. */
function snapshot(state: CatalogState): unknown {
  return {
    entries: [...state.entries].map(([name, entry]) => [name, entry.seq, JSON.stringify(entry.metadata), entry.tool]),
    categories: [...state.categories],
    namespaces: [...state.namespaces],
    derivedToolKeywords: [...state.derivedToolKeywords],
    pending: [...state.pending],
    sources: [...state.sources],
    required: state.required,
    statistics: [state.keywordStatistics.categoryCount, [...state.keywordStatistics.frequencies()].sort()],
    matches: PROBES.map((text) => matchesOf(state.keywordIndex, text)),
  };
}

function matchesOf(index: KeywordIndex, text: string): string[] {
  // Matches at the same position may come in another order (the order keywords were added); each is compared as a set.
  return index.match(text).map((match) => `${match.position} ${match.target.kind}:${match.target.name} ${match.keyword}`).sort();
}

/** The index a fresh build would make of the keywords this state has in effect. */
function indexOfKeywordsInEffect(state: CatalogState): KeywordIndex {
  const index = new KeywordIndex();
  for (const category of state.categories.values()) for (const keyword of category.keywords) index.add(keyword, { kind: "category", name: category.name });
  for (const [name, words] of state.derivedToolKeywords) for (const word of words) index.add(word, { kind: "tool", name });
  for (const { metadata } of state.entries.values()) for (const keyword of metadata.keywords) index.add(keyword, { kind: "tool", name: metadata.name });
  return index;
}

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!DynamicToolsError.isInstance(error)) throw error;
    return error.code;
  }
}

describe("applyCatalogDelta", () => {
  it("equals a fresh build of the final tool list, keeps the old state intact, and fails atomically", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 15 }), (steps) => {
        let model: Model = { tools: initialTools, namespaces: declaredNamespaces };
        let state = buildCatalogState(inputOf(model));
        for (const step of steps) {
          const { delta, next } = plan(state, model, step);
          const before = snapshot(state);
          let fresh: CatalogState | undefined;
          const expectedError = errorCode(() => (fresh = buildCatalogState(inputOf(next))));
          let applied: ReturnType<typeof applyCatalogDelta> | undefined;
          const actualError = errorCode(() => (applied = applyCatalogDelta(state, delta)));
          // A failed update fails exactly when a fresh build fails, with the same code.
          expect(actualError).toBe(expectedError);
          // The previous state is intact whether the update succeeded or not.
          expect(snapshot(state)).toEqual(before);
          if (applied === undefined || fresh === undefined) continue;
          const previous = state;
          state = applied.state;
          model = next;

          // Entries: same tools, metadata and order.
          expect([...state.entries.keys()]).toEqual([...fresh.entries.keys()]);
          for (const [name, entry] of fresh.entries) expect(state.entries.get(name)!.metadata).toEqual(entry.metadata);
          // Namespaces, pending declarations, sources and required tools: exactly a fresh build's.
          expect([...state.namespaces]).toEqual([...fresh.namespaces]);
          expect([...state.pending]).toEqual([...fresh.pending]);
          expect(new Map(state.sources)).toEqual(new Map(fresh.sources));
          expect(state.required).toEqual(fresh.required);
          // Keyword statistics: exactly a fresh build's.
          expect(state.keywordStatistics.categoryCount).toBe(fresh.keywordStatistics.categoryCount);
          expect(state.keywordStatistics.frequencies()).toEqual(fresh.keywordStatistics.frequencies());

          // Categories: same order, members, description, related. Keywords: the stability rule — a category (or loose
          // tool) the delta touched has a fresh build's keywords; any other has its previous ones or a fresh build's.
          const touched = new Set([...(delta.removed ?? [])].filter((name) => previous.entries.has(name)).concat((delta.added ?? []).map((item) => item.name)));
          const touchedCategories = new Set<string | undefined>();
          for (const name of touched) {
            touchedCategories.add(previous.entries.get(name)?.metadata.category);
            touchedCategories.add(state.entries.get(name)?.metadata.category);
          }
          expect([...state.categories.keys()]).toEqual([...fresh.categories.keys()]);
          for (const [name, expected] of fresh.categories) {
            const { keywords, derivedKeywords, ...rest } = state.categories.get(name)!;
            const { keywords: freshKeywords, derivedKeywords: _, ...freshRest } = expected;
            expect(rest).toEqual(freshRest);
            if (touchedCategories.has(name)) expect(keywords).toEqual(freshKeywords);
            else expect([previous.categories.get(name)?.keywords, freshKeywords]).toContainEqual(keywords);
            expect(derivedKeywords).toBe(keywords.length > (categories[name]?.keywords ?? []).length);
          }
          for (const name of state.entries.keys()) {
            const words = state.derivedToolKeywords.get(name);
            if (touched.has(name)) expect(words).toEqual(fresh.derivedToolKeywords.get(name));
            else expect([previous.derivedToolKeywords.get(name), fresh.derivedToolKeywords.get(name)]).toContainEqual(words);
          }
          // Every derived keyword in effect is distinctive under the current statistics.
          const statistics = state.keywordStatistics;
          const limit = Math.max(1, Math.floor(statistics.categoryCount * 0.1));
          for (const unit of [...state.categories.keys(), ...[...state.entries.keys()].map(looseKey)]) {
            for (const word of statistics.keywordsOf(unit)) expect(statistics.frequencyOf(stem(word))).toBeLessThanOrEqual(limit);
          }

          // The keyword index: exactly the index of the keywords in effect (a fresh build's when those agree).
          const expectedIndex = indexOfKeywordsInEffect(state);
          for (const text of PROBES) expect(matchesOf(state.keywordIndex, text)).toEqual(matchesOf(expectedIndex, text));
          const sameKeywords =
            [...fresh.categories].every(([name, category]) => state.categories.get(name)!.keywords.join() === category.keywords.join()) &&
            [...state.entries.keys()].every((name) => state.derivedToolKeywords.get(name)?.join() === fresh!.derivedToolKeywords.get(name)?.join());
          if (sameKeywords) for (const text of PROBES) expect(matchesOf(state.keywordIndex, text)).toEqual(matchesOf(fresh.keywordIndex, text));
        }
      }),
      { numRuns: 100 },
    );
  });
});
