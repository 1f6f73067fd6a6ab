/**
 * A saved vector index that vouches for its documents (`SavedVectorIndex.documents`): the very same catalog is
 * restored without deriving a single document text, and anything else (a changed tool, another text version, a
 * custom document text) falls back to deriving them, re-embedding only what changed.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../catalog/tool-metadata.js";
import { CountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { DOCUMENT_TEXT_VERSION, toolDocumentText } from "./tool-document-text.js";
import { BruteForceVectorIndex } from "./vector-index.js";
import { createVectorStrategy, type SavedVectorIndex } from "./vector-strategy.js";

// The default document text, wrapped in a spy (the strategy's default is this very function): counts derived texts.
vi.mock("./tool-document-text.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./tool-document-text.js")>();
  return { ...actual, toolDocumentText: vi.fn(actual.toolDocumentText) };
});
const derived = vi.mocked(toolDocumentText);

const TOOLS: ToolDeclaration[] = [
  { name: "generate_image", description: "Create or edit an image" },
  { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
  { name: "send_email", description: "Send an email to staff" },
  { name: "book_class", description: "Book a yoga class", tags: ["class"] },
];
const catalogOf = (tools: ToolDeclaration[]) => new ToolCatalog({ tools });
const QUERIES = ["edit my photo", "who has not been paid", "email the staff", "book a class"];

/** Fittable, restorable fake embeddings: records what it was fitted to and how its fit was restored. */
class FittingEmbeddings extends CountingEmbeddings {
  fitted: string[][] = [];
  restoredWith: Array<readonly string[] | undefined> = [];
  #documents: readonly string[] = [];

  fit(documents: string[]): void {
    this.fitted.push(documents);
    this.#documents = documents;
  }

  fitState(): { documents: readonly string[] } {
    return { documents: this.#documents };
  }

  restoreFit(saved: { documents: readonly string[] }, documents?: readonly string[]): boolean {
    this.restoredWith.push(documents);
    if (documents !== undefined && documents.join("\n") !== saved.documents.join("\n")) return false;
    this.#documents = saved.documents;
    return true;
  }
}

async function savedOf(tools: ToolDeclaration[]): Promise<{ saved: SavedVectorIndex; catalog: ToolCatalog }> {
  const catalog = catalogOf(tools);
  const strategy = createVectorStrategy({ embeddings: new FittingEmbeddings() });
  await strategy.index(catalog);
  return { saved: JSON.parse(JSON.stringify(strategy.save())) as SavedVectorIndex, catalog };
}

const rankAll = async (strategy: ReturnType<typeof createVectorStrategy>) =>
  Promise.all(QUERIES.map(async (query) => strategy.rank({ query, limit: 4 })));

beforeEach(() => {
  derived.mockClear();
});

describe("saved documents", () => {
  it("save() vouches for the default texts of the catalog as indexed: its fingerprint and the text version", async () => {
    const { saved, catalog } = await savedOf(TOOLS);
    expect(saved.documents).toEqual({ catalog: catalog.fingerprint(), textVersion: DOCUMENT_TEXT_VERSION });

    const custom = createVectorStrategy({ embeddings: new CountingEmbeddings(), documentText: (tool) => tool.description });
    await custom.index(catalogOf(TOOLS));
    expect(custom.save().documents).toBeUndefined();

    // Tools added or removed since index(): the entries are no longer one catalog's documents as indexed.
    const updated = createVectorStrategy({ embeddings: new CountingEmbeddings() });
    const target = catalogOf(TOOLS);
    await updated.index(target);
    expect(updated.save().documents).toBeDefined();
    updated.remove(["book_class"]);
    expect(updated.save().documents).toBeUndefined();
    await updated.index(target);
    target.add([{ name: "weather_now", description: "Current weather" }]);
    // The catalog changed and the strategy was not told: its tools are not the ones indexed.
    expect(updated.save().documents).toBeUndefined();
  });

  it("restores the very same catalog without deriving a text: no embedding, the fit taken as saved, identical ranks", async () => {
    const { saved } = await savedOf(TOOLS);
    const fresh = createVectorStrategy({ embeddings: new FittingEmbeddings() });
    await fresh.index(catalogOf(TOOLS));
    const embeddings = new FittingEmbeddings();
    const restored = createVectorStrategy({ embeddings, saved });
    const catalog = catalogOf(TOOLS);
    derived.mockClear();
    await restored.index(catalog);
    expect(derived).not.toHaveBeenCalled();
    expect(embeddings.embedded).toEqual([]);
    expect(embeddings.fitted).toEqual([]);
    expect(embeddings.restoredWith).toEqual([undefined]);
    expect(await rankAll(restored)).toEqual(await rankAll(fresh));
    // Saved again, it says the same (the hashes it kept are the saved ones).
    expect(JSON.parse(JSON.stringify(restored.save()))).toEqual(saved);
  });

  it("takes vectors given as Float64Array views (as a snapshot gives them): identical ranks; save() gives plain numbers", async () => {
    const { saved } = await savedOf(TOOLS);
    const numbers = new Float64Array(saved.entries.flatMap((entry) => [...(entry.vector as number[])]));
    const entries = saved.entries.map((entry, position) => ({
      ...entry,
      vector: numbers.subarray(position * saved.dimensions, (position + 1) * saved.dimensions),
    }));
    const fromArrays = createVectorStrategy({ embeddings: new FittingEmbeddings(), saved });
    const fromViews = createVectorStrategy({ embeddings: new FittingEmbeddings(), saved: { ...saved, entries } });
    await fromArrays.index(catalogOf(TOOLS));
    await fromViews.index(catalogOf(TOOLS));
    expect(await rankAll(fromViews)).toEqual(await rankAll(fromArrays));
    // save() gives plain numbers again (JSON), equal to what was given.
    const again = fromViews.save();
    expect(Array.isArray(again.entries[0]!.vector)).toBe(true);
    expect(again.entries).toEqual(saved.entries);
  });

  it("a changed tool: texts derived, the fit checked against them (and refitted), only that tool re-embedded", async () => {
    const { saved } = await savedOf(TOOLS);
    const changed = TOOLS.map((tool) => (tool.name === "book_class" ? { ...tool, description: "Book a spinning class" } : tool));
    const embeddings = new FittingEmbeddings();
    const restored = createVectorStrategy({ embeddings, saved });
    derived.mockClear();
    await restored.index(catalogOf(changed));
    expect(derived).toHaveBeenCalledTimes(TOOLS.length);
    const texts = catalogOf(changed).tools().map(toolDocumentText);
    expect(embeddings.restoredWith).toEqual([texts]);
    expect(embeddings.fitted).toEqual([texts]);
    expect(embeddings.embedded).toEqual([texts[3]]);
    expect(restored.stats).toEqual({ embedded: 1, reused: TOOLS.length - 1 });
    const fresh = createVectorStrategy({ embeddings: new FittingEmbeddings() });
    await fresh.index(catalogOf(changed));
    expect(await rankAll(restored)).toEqual(await rankAll(fresh));
  });

  it("derives the texts when the saved text version or the document text differs", async () => {
    const { saved } = await savedOf(TOOLS);
    const older = { ...saved, documents: { ...saved.documents!, textVersion: DOCUMENT_TEXT_VERSION - 1 } };
    const embeddings = new FittingEmbeddings();
    derived.mockClear();
    await createVectorStrategy({ embeddings, saved: older }).index(catalogOf(TOOLS));
    expect(derived).toHaveBeenCalledTimes(TOOLS.length);
    expect(embeddings.restoredWith).toEqual([catalogOf(TOOLS).tools().map(toolDocumentText)]);
    expect(embeddings.embedded).toEqual([]); // same texts, same hashes: the saved vectors still apply

    const custom = new FittingEmbeddings();
    const documentText = vi.fn((tool: { description: string }) => tool.description);
    await createVectorStrategy({ embeddings: custom, saved, documentText }).index(catalogOf(TOOLS));
    expect(documentText).toHaveBeenCalledTimes(TOOLS.length);
    expect(custom.embedded).toEqual(TOOLS.map((tool) => tool.description));
  });
});

describe("saved documents held by a loaded index", () => {
  it("lets the index go on loading while index() returns; the first rank waits for it, or reports its failure", async () => {
    const { saved } = await savedOf(TOOLS);
    const fresh = createVectorStrategy({ embeddings: new FittingEmbeddings() });
    await fresh.index(catalogOf(TOOLS));
    // An index that takes a while to load and holds the saved vectors (as an HNSW graph read from a file does).
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const holding = createVectorStrategy({
      embeddings: new FittingEmbeddings(),
      saved,
      indexHolds: "saved",
      index: async ({ dimensions }) => {
        await loaded;
        const index = new BruteForceVectorIndex(dimensions);
        for (const entry of saved.entries) index.add(entry.name, entry.vector);
        return index;
      },
    });
    await holding.index(catalogOf(TOOLS)); // returns before the index has loaded
    const ranks = rankAll(holding);
    release();
    expect(await ranks).toEqual(await rankAll(fresh));

    const failing = createVectorStrategy({
      embeddings: new FittingEmbeddings(),
      saved,
      indexHolds: "saved",
      index: async () => {
        throw new Error("graph file unreadable");
      },
    });
    await failing.index(catalogOf(TOOLS));
    await expect(async () => failing.rank({ query: "book a class", limit: 2 })).rejects.toMatchObject({
      code: "INDEX_FAILED",
      message: expect.stringContaining("graph file unreadable"),
    });
  });
});
