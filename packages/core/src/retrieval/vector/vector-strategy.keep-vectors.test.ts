import { describe, expect, it } from "vitest";
import type { ToolDeclaration, ToolMetadata } from "../../catalog/tool-metadata.js";
import { CountingEmbeddings, SyncCountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { SlowBulkIndex } from "./__fixtures__/slow-bulk-index.js";
import { catalogOf, TOOLS } from "./__fixtures__/vector-tools.js";
import { toolDocumentText } from "./tool-document-text.js";
import { BruteForceVectorIndex } from "./vector-index.js";
import { createVectorStrategy, type VectorStrategy } from "./vector-strategy.js";

const QUERIES = ["edit my photo", "send an email and book a class", "salaries not paid", "weather"];

/** Every query's full ranking, scores included. */
async function rankings(strategy: VectorStrategy) {
  return Promise.all(QUERIES.map(async (query) => strategy.rank({ query, limit: 10 })));
}

describe("createVectorStrategy without keepVectors (vectors left to the index)", () => {
  it("keeps no copy with synchronous embeddings: save() embeds the texts again, to what a kept copy gives", async () => {
    const embeddings = new SyncCountingEmbeddings();
    const lean = createVectorStrategy({ embeddings });
    const kept = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), keepVectors: true });
    await lean.index(catalogOf(TOOLS));
    await kept.index(catalogOf(TOOLS));
    expect(await rankings(lean)).toEqual(await rankings(kept));
    expect(embeddings.syncCalls).toEqual([]);
    expect(lean.save()).toEqual(kept.save());
    // Each text once, in one call: the strategy held no vector of its own.
    expect(embeddings.syncCalls).toHaveLength(1);
    expect(embeddings.syncCalls[0]).toHaveLength(TOOLS.length);
  });

  it("embeds nothing again when the same catalog is indexed again, only a changed tool, and counts the rest as reused", async () => {
    const embeddings = new SyncCountingEmbeddings();
    const strategy = createVectorStrategy({ embeddings });
    await strategy.index(catalogOf(TOOLS));
    await strategy.index(catalogOf(TOOLS));
    expect(embeddings.embedded).toHaveLength(TOOLS.length);
    const changed = TOOLS.map((tool) => (tool.name === "book_class" ? { ...tool, description: "Book a spinning class" } : tool));
    await strategy.index(catalogOf(changed));
    expect(embeddings.embedded).toHaveLength(TOOLS.length + 1);
    expect(embeddings.embedded.at(-1)).toContain("spinning");
    expect(strategy.stats).toEqual({ embedded: TOOLS.length + 1, reused: TOOLS.length + TOOLS.length - 1 });
  });

  it("embeds the text of a tool added under another name again, ranking it as a kept copy would", async () => {
    const lean = createVectorStrategy({ embeddings: new SyncCountingEmbeddings() });
    const kept = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), keepVectors: true });
    const twin = catalogOf([{ name: "make_picture", description: "Create or edit an image" }]).get("make_picture")!;
    for (const strategy of [lean, kept]) {
      await strategy.index(catalogOf(TOOLS));
      await strategy.add([twin]);
      strategy.remove(["generate_image"]);
    }
    expect(await rankings(lean)).toEqual(await rankings(kept));
    expect(lean.save()).toEqual(kept.save());
    expect(lean.save().entries.map((entry) => entry.name)).toContain("make_picture");
  });

  it("waits for a background load before the first rank, then serves and saves from the index alone", async () => {
    const index = new SlowBulkIndex(11);
    const strategy = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), index });
    const kept = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), keepVectors: true });
    await strategy.index(catalogOf(TOOLS));
    await kept.index(catalogOf(TOOLS));
    const first = Promise.resolve(strategy.rank({ query: "edit my photo", limit: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    index.finish();
    expect(await first).toEqual(await kept.rank({ query: "edit my photo", limit: 3 }));
    expect(strategy.save()).toEqual(kept.save());
  });

  it("restores from a saved index, leaving its vectors to the index too", async () => {
    const source = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), keepVectors: true });
    await source.index(catalogOf(TOOLS));
    const saved = source.save();
    const embeddings = new SyncCountingEmbeddings();
    const restored = createVectorStrategy({ embeddings, saved });
    await restored.index(catalogOf(TOOLS));
    expect(embeddings.embedded).toEqual([]);
    expect(await rankings(restored)).toEqual(await rankings(source));
    expect(restored.save()).toEqual(saved);
    expect(embeddings.syncCalls).toHaveLength(1);
  });

  it("restores entries without vectors from an index that holds them (vectorsInIndex), and saves them embedded again", async () => {
    const source = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), keepVectors: true });
    await source.index(catalogOf(TOOLS));
    const saved = source.save();
    const holding = new BruteForceVectorIndex(saved.dimensions);
    for (const entry of saved.entries) holding.add(entry.name, entry.vector);
    const none = new Float64Array(0);
    const bare = { ...saved, vectorsInIndex: true as const, entries: saved.entries.map((entry) => ({ ...entry, vector: none })) };
    for (const options of [
      { embeddings: new SyncCountingEmbeddings() },
      { embeddings: new SyncCountingEmbeddings(), index: holding, indexHolds: "saved" as const, keepVectors: true },
      { embeddings: new CountingEmbeddings(), index: holding, indexHolds: "saved" as const },
    ]) {
      expect(() => createVectorStrategy({ ...options, saved: bare })).toThrow(
        expect.objectContaining({ code: "INVALID_OPTION", path: ["saved", "vectorsInIndex"] }),
      );
    }
    const embeddings = new SyncCountingEmbeddings();
    const restored = createVectorStrategy({ embeddings, saved: bare, index: holding, indexHolds: "saved" });
    await restored.index(catalogOf(TOOLS));
    expect(embeddings.embedded).toEqual([]);
    expect(await rankings(restored)).toEqual(await rankings(source));
    expect(restored.save()).toEqual(saved);
  });

  it("refuses to save a vector whose text documentText no longer gives, unless the vectors are kept", async () => {
    let suffix = "";
    const documentText = (tool: ToolMetadata) => `${toolDocumentText(tool)}${suffix}`;
    const lean = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), documentText });
    const kept = createVectorStrategy({ embeddings: new SyncCountingEmbeddings(), documentText, keepVectors: true });
    await lean.index(catalogOf(TOOLS));
    await kept.index(catalogOf(TOOLS));
    suffix = " photo";
    expect(() => lean.save()).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringMatching(/"generate_image".*keepVectors: true/) }),
    );
    expect(kept.save().entries).toHaveLength(TOOLS.length);
  });

  it("with the offline embeddings (fitted to the catalog): rebuilds, refits after updates and saves as a kept copy does", async () => {
    const lean = createVectorStrategy();
    const kept = createVectorStrategy({ keepVectors: true });
    const more: ToolDeclaration[] = [...TOOLS, { name: "weather_now", description: "Current weather for a city" }];
    for (const strategy of [lean, kept]) {
      await strategy.index(catalogOf(TOOLS));
      await strategy.index(catalogOf(more));
      await strategy.add([catalogOf([{ name: "draw_picture", description: "Draw a picture" }]).get("draw_picture")!]);
      strategy.remove(["book_class"]);
    }
    expect(await rankings(lean)).toEqual(await rankings(kept));
    expect(lean.save()).toEqual(kept.save());
    expect(lean.stats.embedded).toBe(kept.stats.embedded);
  });
});
