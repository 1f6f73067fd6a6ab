/**
 * The vector strategy over real hnswlib-node (6,000 tools, the offline embeddings, a graph built on a worker thread)
 * keeps no copy of the vectors the graph holds: it ranks, updates and saves exactly as a strategy that keeps one.
 */
import { createVectorStrategy, ToolCatalog, type ToolDeclaration } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { HNSWLIB_AVAILABLE } from "../packages/hnswlib/src/__fixtures__/hnswlib-available.js";

const VERBS = ["get", "create", "update", "delete", "list", "search", "export", "sync", "book", "cancel"];
const THINGS = ["invoice", "client", "membership", "class", "salary", "photo", "email", "report", "ticket", "order", "payment", "booking"];

function declarations(count: number, from = 0): ToolDeclaration[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const verb = VERBS[index % VERBS.length]!;
    const thing = THINGS[Math.floor(index / VERBS.length) % THINGS.length]!;
    return {
      name: `${verb}_${thing}_${index}`,
      description: `${verb} a ${thing} record (${index % 7 === 0 ? "with its history" : "for one account"})`,
    };
  });
}

const QUESTIONS = ["cancel my booking for tomorrow", "email the salary report", "search for an unpaid invoice", "export all orders"];

// Needs hnswlib-node's native build: CI runs it again with DYNAMIC_TOOLS_REQUIRE_HNSW=1, which makes a missing build fail.
describe.skipIf(!HNSWLIB_AVAILABLE)("vector strategy over HNSW without keepVectors", () => {
  it("ranks (from the first query, which waits for the graph), updates and saves as a strategy keeping its vectors", async () => {
    const lean = createVectorStrategy();
    const kept = createVectorStrategy({ keepVectors: true });
    const ranked = async (strategy: typeof lean) =>
      Promise.all(QUESTIONS.map(async (query) => strategy.rank({ query, limit: 20, history: ["send the invoice"] })));
    for (const strategy of [lean, kept]) await strategy.index(new ToolCatalog({ tools: declarations(6_000) }));
    // The first rank is asked while the graph may still be building on its worker.
    expect(await ranked(lean)).toEqual(await ranked(kept));
    expect(lean.save()).toEqual(kept.save());
    // A tool whose text is already in the graph under another name, and a new one; then a removal.
    const twin = { ...declarations(1, 5)[0]!, name: "twin_of_5" };
    const added = new ToolCatalog({ tools: [twin, ...declarations(1, 6_000)] }).tools();
    for (const strategy of [lean, kept]) {
      await strategy.add(added);
      strategy.remove(["get_invoice_0"]);
    }
    expect(await ranked(lean)).toEqual(await ranked(kept));
    const saved = lean.save();
    expect(saved).toEqual(kept.save());
    expect(saved.entries).toHaveLength(6_001);
  }, 120_000);
});
