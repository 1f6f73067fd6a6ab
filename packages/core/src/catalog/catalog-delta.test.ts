import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { applyCatalogDelta, type CatalogDelta } from "./catalog-delta.js";
import type { CategoryDeclaration, NamespaceDeclaration } from "./catalog-config.js";
import { buildCatalogState, sourceKey, type CatalogState, type CatalogStateInput } from "./catalog-state.js";
import type { ToolDeclaration } from "./tool-metadata.js";

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

const toolName = fc.constantFrom(
  "t0",
  "t1",
  "t2",
  "t3",
  "t4",
  "t5",
  "t6",
  "t7",
  "t8",
  "t9",
  "decl_fixed",
  "mcp_s1_pending",
  "mcp_s1_x",
  "mcp_s2_y",
);
const tool = fc
  .record({
    name: fc.oneof({ weight: 30, arbitrary: toolName }, { weight: 1, arbitrary: fc.constant("bad name") }),
    description: fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 3 }).map((words) => words.join(" ")),
    category: fc.constantFrom(undefined, undefined, "billing", "salary", "staff", "u1", "u2", "u3"),
    namespace: fc.constantFrom(undefined, undefined, "ns_a", "ns_b", "ns_c"),
    keywords: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.constant(["!!!"]) },
    ),
    required: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map(
    (declaration) =>
      Object.fromEntries(Object.entries(declaration).filter(([, value]) => value !== undefined)) as unknown as ToolDeclaration,
  );

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

/**
 * The tools of `incoming` (replacing those of `replaced`) given again exactly as they are: the metadata a build gives
 * them is the metadata they have in `state` (declarations merged in). They keep their places. None when the update
 * fails (`movedAll`, where every replaced tool moves to the end, cannot be built).
 */
function givenAgain(
  state: CatalogState,
  movedAll: Model,
  incoming: readonly ToolDeclaration[],
  replaced: ReadonlySet<string>,
): Set<string> {
  let built: CatalogState;
  try {
    built = buildCatalogState(inputOf(movedAll));
  } catch {
    return new Set();
  }
  const same = (name: string) =>
    state.entries.has(name) && JSON.stringify(state.entries.get(name)!.metadata) === JSON.stringify(built.entries.get(name)?.metadata);
  return new Set(incoming.filter((item) => replaced.has(item.name) && same(item.name)).map((item) => item.name));
}

/**
 * The delta a ToolCatalog method sends, and the tool list it implies (the semantics of the former full rebuild: a
 * replaced tool moves to the end, one given again exactly as it is keeps its place).
 */
function plan(state: CatalogState, model: Model, step: Operation): { delta: CatalogDelta; next: Model } {
  if (step.kind === "add") {
    const names = new Set(step.tools.map((item) => item.name));
    const movedAll = { ...model, tools: [...model.tools.filter((item) => !names.has(item.name)), ...step.tools] };
    const kept = givenAgain(state, movedAll, step.tools, names);
    return {
      delta: { removed: [...names], added: step.tools },
      next: {
        ...model,
        tools: [
          ...model.tools.filter((item) => !names.has(item.name) || kept.has(item.name)),
          ...step.tools.filter((item) => !kept.has(item.name)),
        ],
      },
    };
  }
  if (step.kind === "remove") {
    const gone = new Set(step.names);
    return { delta: { removed: step.names }, next: { ...model, tools: model.tools.filter((item) => !gone.has(item.name)) } };
  }
  const incoming = step.tools.map((item) => ({ ...item, source: "mcp" as const, sourceId: step.sourceId }));
  const removed = state.sources.get(sourceKey({ source: "mcp", sourceId: step.sourceId })!) ?? [];
  const namespace = `mcp_${step.sourceId}`;
  const namespaces = model.namespaces[namespace] === undefined ? { [namespace]: { description: `Server ${step.sourceId}` } } : {};
  const movedAll = {
    tools: [...model.tools.filter((item) => !removed.includes(item.name)), ...incoming],
    namespaces: { ...model.namespaces, ...namespaces },
  };
  const kept = givenAgain(state, movedAll, incoming, new Set(removed));
  return {
    delta: { removed, added: incoming, namespaces },
    next: {
      tools: [
        ...model.tools.filter((item) => !removed.includes(item.name) || kept.has(item.name)),
        ...incoming.filter((item) => !kept.has(item.name)),
      ],
      namespaces: { ...model.namespaces, ...namespaces },
    },
  };
}

/** Everything observable of a state, as plain data. */
function snapshot(state: CatalogState): unknown {
  return {
    entries: [...state.entries].map(([name, entry]) => [name, entry.seq, JSON.stringify(entry.metadata), entry.tool]),
    categories: [...state.categories],
    namespaces: [...state.namespaces],
    pending: [...state.pending],
    sources: [...state.sources],
    required: state.required,
  };
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
          // Categories: same order, members, description, declared keywords, related (keywords in effect are the
          // keyword strategy's: see catalog-keywords.test.ts).
          expect([...state.categories]).toEqual([...fresh.categories]);
          for (const [name, category] of state.categories) {
            expect(category.derivedKeywords).toBe(categories[name]?.deriveKeywords ?? categories[name]?.keywords === undefined);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
