/**
 * A snapshot of a 6,000-tool catalog gives a hybrid selector (real hnswlib-node, the offline embeddings) whose
 * selections are identical to a freshly built one's.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHybridStrategy, createToolSelector, createVectorStrategy, loadSnapshot, ToolCatalog, writeSnapshot } from "@dynamic-tools/core";
import { hnswVectorIndex } from "@dynamic-tools/hnswlib";
import { describe, expect, it } from "vitest";

const VERBS = ["get", "create", "update", "delete", "list", "search", "export", "sync", "book", "cancel"];
const THINGS = ["invoice", "client", "membership", "class", "salary", "photo", "email", "report", "ticket", "order", "payment", "booking"];

function catalog(): ToolCatalog {
  const tools = Array.from({ length: 6_000 }, (_, index) => {
    const verb = VERBS[index % VERBS.length]!;
    const thing = THINGS[Math.floor(index / VERBS.length) % THINGS.length]!;
    return { name: `${verb}_${thing}_${index}`, description: `${verb} a ${thing} record (${index % 7 === 0 ? "with its history" : "for one account"})` };
  });
  return new ToolCatalog({ tools });
}

const QUESTIONS = ["cancel my booking for tomorrow", "email the salary report", "search for an unpaid invoice", "update the client's membership", "export all orders"];

describe("snapshot with hybrid over HNSW", () => {
  it("selects exactly as a fresh build", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "snapshot.json");
    await writeSnapshot(file, catalog());
    const fresh = createToolSelector(catalog(), { strategy: createHybridStrategy({ vector: createVectorStrategy({ index: hnswVectorIndex() }) }) });
    const restoredCatalog = catalog();
    const restored = createToolSelector(restoredCatalog, { strategy: loadSnapshot(file, restoredCatalog).strategy("hybrid", { index: hnswVectorIndex() }) });
    for (const question of QUESTIONS) {
      const conversation = [{ role: "user", content: question }];
      const [expected, actual] = [await fresh(conversation), await restored(conversation)];
      expect(actual.tools.length).toBeGreaterThan(0);
      expect(actual.tools).toEqual(expected.tools);
      expect(actual.ranked).toEqual(expected.ranked);
    }
    fresh.close?.();
    restored.close?.();
  }, 120_000);
});
