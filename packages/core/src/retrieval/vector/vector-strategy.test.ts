import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { offerIdleWork } from "../../events/idle-work.js";
import { CountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { SlowBulkIndex } from "./__fixtures__/slow-bulk-index.js";
import { catalogOf, TOOLS } from "./__fixtures__/vector-tools.js";
import { queryClauses } from "./query-clauses.js";
import { textHash } from "./embedding-cache.js";
import { DOCUMENT_TEXT_VERSION, toolDocumentText } from "./tool-document-text.js";
import { BruteForceVectorIndex, type VectorIndex } from "./vector-index.js";
import { loadOfflineEmbeddings } from "../../plugins/default-plugins.js";
import { hasDefaultEmbeddings, loadDefaultEmbeddings, registerDefaultEmbeddings } from "./default-embeddings.js";
import { createVectorStrategy, type SavedVectorIndex } from "./vector-strategy.js";

async function indexed(tools = TOOLS, embeddings = new CountingEmbeddings()) {
  const strategy = createVectorStrategy({ embeddings });
  await strategy.index(catalogOf(tools));
  return { strategy, embeddings };
}

const names = (ranked: Array<{ name: string }>) => ranked.map((tool) => tool.name);

describe("createVectorStrategy", () => {
  it("ranks by cosine with a vector signal, respecting limit and filter", async () => {
    const { strategy } = await indexed();
    const ranked = await strategy.rank({ query: "edit my photo", limit: 3 });
    expect(strategy.name).toBe("vector");
    expect(ranked[0]).toEqual({ name: "generate_image", score: expect.any(Number), signals: { vector: ranked[0]!.score } });
    expect(ranked[0]!.score).toBeGreaterThan(0.5);
    expect(ranked.length).toBeLessThanOrEqual(3);
    expect(names(await strategy.rank({ query: "edit my photo", limit: 3, filter: (name) => name !== "generate_image" }))).not.toContain(
      "generate_image",
    );
    expect(await strategy.rank({ query: "edit my photo", limit: 0 })).toEqual([]);
  });

  it("breaks ties by catalog order", async () => {
    const { strategy } = await indexed();
    expect(names(await strategy.rank({ query: "send email", limit: 2 }))).toEqual(["send_email", "email_send"]);
    const reversed = await indexed([TOOLS[3]!, TOOLS[2]!]);
    expect(names(await reversed.strategy.rank({ query: "send email", limit: 2 }))).toEqual(["email_send", "send_email"]);
  });

  it("returns nothing for a query with no known word, or from an empty catalog", async () => {
    const { strategy } = await indexed();
    expect(await strategy.rank({ query: "xyzzy", limit: 5 })).toEqual([]);
    const empty = await indexed([]);
    expect(await empty.strategy.rank({ query: "edit my photo", limit: 5 })).toEqual([]);
  });

  it("blends earlier messages in below the current one", async () => {
    const { strategy } = await indexed();
    const alone = await strategy.rank({ query: "book a class", limit: 5 });
    const withHistory = await strategy.rank({ query: "book a class", history: ["edit the photo"], limit: 5 });
    expect(alone[0]!.name).toBe("book_class");
    expect(withHistory[0]!.name).toBe("book_class");
    const imageRank = (ranked: Array<{ name: string }>) => names(ranked).indexOf("generate_image");
    expect(imageRank(withHistory)).toBeGreaterThanOrEqual(0);
    expect(imageRank(alone)).toBe(-1);
  });

  it("searches each clause of a multi-part request", async () => {
    const query = "edit the image of the gym, and then send an email to all staff";
    const { strategy } = await indexed();
    const ranked = await strategy.rank({ query, limit: 3 });
    expect(names(ranked)).toEqual(expect.arrayContaining(["generate_image", "send_email"]));
    const whole = createVectorStrategy({ embeddings: new CountingEmbeddings(), splitClauses: false });
    await whole.index(catalogOf(TOOLS));
    const image = (tools: Array<{ name: string; score: number }>) => tools.find((tool) => tool.name === "generate_image")?.score ?? 0;
    expect(image(ranked)).toBeGreaterThan(image(await whole.rank({ query, limit: 3 })));
  });

  it("rewrites each query text after clause splitting, unless queryRewrite is false", async () => {
    const seen: string[] = [];
    const strategy = createVectorStrategy({
      embeddings: new CountingEmbeddings(),
      queryRewrite: (text) => (seen.push(text), text.toUpperCase()),
    });
    await strategy.index(catalogOf(TOOLS));
    await strategy.rank({ query: "edit the image of the gym, then send an email to all staff", history: ["book a class"], limit: 2 });
    expect(seen).toEqual([
      "edit the image of the gym, then send an email to all staff",
      "edit the image of the gym",
      "send an email to all staff",
      "book a class",
    ]);
    const { strategy: byDefault } = await indexed();
    expect(names(await byDefault.rank({ query: "Could you please edit my photo?", limit: 1 }))).toEqual(["generate_image"]);
    const asWritten = createVectorStrategy({ embeddings: new CountingEmbeddings(), queryRewrite: false });
    await asWritten.index(catalogOf(TOOLS));
    expect(names(await asWritten.rank({ query: "Could you please edit my photo?", limit: 1 }))).toEqual(["generate_image"]);
  });

  it("embeds only changed tools when re-indexed, and updates in place with add/remove", async () => {
    const { strategy, embeddings } = await indexed();
    expect(embeddings.embedded).toHaveLength(TOOLS.length);

    const changed = TOOLS.map((tool) => (tool.name === "book_class" ? { ...tool, description: "Book a spinning class" } : tool));
    await strategy.index(catalogOf(changed));
    expect(embeddings.embedded).toHaveLength(TOOLS.length + 1);
    expect(embeddings.embedded.at(-1)).toContain("spinning");
    expect(strategy.stats).toEqual({ embedded: TOOLS.length + 1, reused: TOOLS.length - 1 });

    await strategy.add([{ ...catalogOf([{ name: "weather_now", description: "Current weather" }]).get("weather_now")! }]);
    expect(embeddings.embedded).toHaveLength(TOOLS.length + 2);
    expect(names(await strategy.rank({ query: "weather", limit: 1 }))).toEqual(["weather_now"]);

    strategy.remove(["weather_now"]);
    expect(names(await strategy.rank({ query: "weather", limit: 5 }))).toEqual([]);

    await strategy.index(catalogOf(TOOLS.slice(0, 2)));
    expect(names(await strategy.rank({ query: "send email", limit: 5 }))).not.toContain("send_email");
  });

  it("calls fit with the catalog's document texts before embedding", async () => {
    const embeddings = Object.assign(new CountingEmbeddings(), {
      fitted: [] as string[][],
      fit(documents: string[]) {
        this.fitted.push(documents);
      },
    });
    await indexed(TOOLS, embeddings);
    expect(embeddings.fitted).toEqual([catalogOf(TOOLS).tools().map(toolDocumentText)]);
  });

  it("uses the index or index factory given", async () => {
    const created: number[] = [];
    const strategy = createVectorStrategy({
      embeddings: new CountingEmbeddings(),
      index: ({ dimensions }) => {
        created.push(dimensions);
        return new BruteForceVectorIndex(dimensions);
      },
    });
    await strategy.index(catalogOf(TOOLS));
    expect(created).toEqual([11]);
    const instance: VectorIndex = new BruteForceVectorIndex(11);
    const withInstance = createVectorStrategy({ embeddings: new CountingEmbeddings(), index: instance });
    await withInstance.index(catalogOf(TOOLS));
    expect(instance.size).toBe(TOOLS.length);
  });

  it("lets an index load in bulk in the background: index() returns, rank and updates wait for the load", async () => {
    const index = new SlowBulkIndex(11);
    const strategy = createVectorStrategy({ embeddings: new CountingEmbeddings(), index });
    await strategy.index(catalogOf(TOOLS));
    expect(index.loads).toBe(1);
    expect(index.size).toBe(0);
    let ranked: Array<{ name: string }> | undefined;
    const ranking = Promise.resolve(strategy.rank({ query: "edit my photo", limit: 1 })).then((result) => (ranked = result));
    strategy.remove(["send_email"]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ranked).toBeUndefined();
    index.finish();
    await ranking;
    expect(names(ranked!)).toEqual(["generate_image"]);
    expect(names(await strategy.rank({ query: "send an email", limit: 5 }))).not.toContain("send_email");
    expect(index.size).toBe(TOOLS.length - 1);
  });

  it("runs work offered for idle time when a rank has to wait for a background load, and not otherwise", async () => {
    const index = new SlowBulkIndex(11);
    const strategy = createVectorStrategy({ embeddings: new CountingEmbeddings(), index });
    await strategy.index(catalogOf(TOOLS));
    let runs = 0;
    const withdraw = offerIdleWork(() => runs++);
    const ranking = Promise.resolve(strategy.rank({ query: "edit my photo", limit: 1 }));
    // Run as the rank started waiting, before the load finished.
    expect(runs).toBe(1);
    index.finish();
    expect(names(await ranking)).toEqual(["generate_image"]);
    withdraw();
    const again = offerIdleWork(() => runs++);
    await strategy.rank({ query: "edit my photo", limit: 1 });
    again();
    expect(runs).toBe(1);
  });

  it("reports a failed background load on rank (no unhandled rejection), and starts over on the next index()", async () => {
    /** An index whose first bulk load fails after a while (as a dying worker would). */
    class FailingOnceIndex extends BruteForceVectorIndex {
      failures = 1;
      async addAll(entries: ReadonlyArray<{ id: string; vector: readonly number[] }>): Promise<void> {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (this.failures-- > 0) throw new Error("worker died");
        for (const { id, vector } of entries) this.add(id, vector);
      }
    }
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const embeddings = new CountingEmbeddings();
      const strategy = createVectorStrategy({ embeddings, index: new FailingOnceIndex(11) });
      const catalog = catalogOf(TOOLS);
      await strategy.index(catalog);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(Promise.resolve().then(() => strategy.rank({ query: "edit my photo", limit: 1 }))).rejects.toMatchObject({
        code: "INDEX_FAILED",
        message: expect.stringContaining("worker died"),
      });
      const embedded = embeddings.embedded.length;
      await strategy.index(catalog);
      expect(names(await strategy.rank({ query: "edit my photo", limit: 1 }))).toEqual(["generate_image"]);
      expect(embeddings.embedded.length).toBe(embedded); // the embedding cache survived the failure
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("saves to JSON and restores without re-embedding", async () => {
    const { strategy } = await indexed();
    const saved = JSON.parse(JSON.stringify(strategy.save())) as SavedVectorIndex;
    expect(saved).toMatchObject({ formatVersion: 1, dimensions: 11, model: "fake-bag-of-words" });
    expect(saved.entries.map((entry) => entry.name)).toEqual(TOOLS.map((tool) => tool.name));
    expect(saved.entries[0]!.textHash).toMatch(/^[0-9a-f]{64}$/);

    const embeddings = new CountingEmbeddings();
    const restored = createVectorStrategy({ embeddings, saved });
    await restored.index(catalogOf(TOOLS));
    expect(embeddings.embedded).toEqual([]);
    expect(await restored.rank({ query: "edit my photo", limit: 3 })).toEqual(await strategy.rank({ query: "edit my photo", limit: 3 }));

    const otherModel = new CountingEmbeddings("another-model");
    const reembedded = createVectorStrategy({ embeddings: otherModel, saved });
    await reembedded.index(catalogOf(TOOLS));
    expect(otherModel.embedded).toHaveLength(TOOLS.length);
  });

  it("rejects a saved index of another format version, and bad options", () => {
    const saved = { formatVersion: 2, dimensions: 1, model: "m", entries: [] };
    expect(() => createVectorStrategy({ saved })).toThrow(/formatVersion is 2.*reads only format 1/);
    try {
      createVectorStrategy({ saved });
    } catch (error) {
      expect(DynamicToolsError.isInstance(error) && error.code).toBe("INVALID_OPTION");
    }
    expect(() =>
      createVectorStrategy({ saved: { ...saved, formatVersion: 1, entries: [{ name: "a", textHash: "h", vector: [1, 2] }] } }),
    ).toThrow(/saved.entries\[0\]/);
    expect(() => createVectorStrategy({ historyWeight: -1 })).toThrow(/historyWeight/);
    expect(() => createVectorStrategy().rank({ query: "x", limit: 1 })).toThrow(/before index/);
    expect(() => createVectorStrategy().save()).toThrow(/index\(catalog\) first/);
  });

  it("is a plain object of functions: a spread copy or a detached method works like the strategy", async () => {
    const { strategy } = await indexed();
    const copy = { ...strategy, name: "wrapped" };
    const { rank } = strategy;
    const expected = await strategy.rank({ query: "edit my photo", limit: 2 });
    expect(await copy.rank({ query: "edit my photo", limit: 2 })).toEqual(expected);
    expect(await rank({ query: "edit my photo", limit: 2 })).toEqual(expected);
    copy.remove(["generate_image"]);
    expect(names(await rank({ query: "edit my photo", limit: 5 }))).not.toContain("generate_image");
    expect(copy.stats.embedded).toBe(TOOLS.length);
  });

  it("embeds with OfflineEmbeddings by default, ranking synchronously", async () => {
    const strategy = createVectorStrategy();
    await strategy.index(catalogOf(TOOLS));
    const ranked = strategy.rank({ query: "edit my photo", limit: 2 });
    expect(Array.isArray(ranked)).toBe(true);
    expect(names(ranked as Array<{ name: string }>)[0]).toBe("generate_image");
    expect(strategy.save().model).toMatch(/^dynamic-tools\/offline-glove-100d-int8.*\+fit:/);
  });

  it("names the package to install when the default embeddings are missing", async () => {
    const missing = Object.assign(new Error("Cannot find package '@dynamic-tools/offline-embeddings'"), { code: "ERR_MODULE_NOT_FOUND" });
    const error = await loadOfflineEmbeddings(() => Promise.reject(missing)).catch((caught: unknown) => caught);
    expect(DynamicToolsError.isInstance(error) && error.code).toBe("INVALID_OPTION");
    expect((error as Error).message).toMatch(/npm install @dynamic-tools\/offline-embeddings/);
    const other = new Error("boom");
    await expect(loadOfflineEmbeddings(() => Promise.reject(other))).rejects.toBe(other);
  });

  it("finds its default embeddings through the registration seam, and says how to provide them when none is registered", async () => {
    expect(hasDefaultEmbeddings()).toBe(true); // OfflineEmbeddings until something else is registered
    const fake = new CountingEmbeddings();
    registerDefaultEmbeddings(async () => fake);
    try {
      await expect(loadDefaultEmbeddings()).resolves.toBe(fake);
      registerDefaultEmbeddings(undefined);
      const error = await Promise.resolve()
        .then(() => createVectorStrategy().index(catalogOf(TOOLS)))
        .catch((caught: unknown) => caught);
      expect(DynamicToolsError.isInstance(error) && error.code).toBe("INVALID_OPTION");
      expect((error as Error).message).toMatch(/pass `embeddings`.*registerDefaultEmbeddings/);
    } finally {
      registerDefaultEmbeddings(() => loadOfflineEmbeddings());
    }
  });
});

describe("queryClauses", () => {
  it("splits a multi-part request at punctuation and chaining conjunctions", () => {
    expect(queryClauses("Find the cheapest flight to Oslo and book a hotel near the station")).toEqual([
      "Find the cheapest flight to Oslo",
      "book a hotel near the station",
    ]);
    expect(queryClauses("Translate this text. Then email the result to Ann.")).toEqual(["Translate this text", "email the result to Ann"]);
  });

  it("leaves short pieces and single requests alone", () => {
    expect(queryClauses("salt and pepper")).toEqual([]);
    expect(queryClauses("what is the weather in Paris")).toEqual([]);
  });
});

describe("toolDocumentText", () => {
  // A saved index takes its text hashes without deriving the texts while DOCUMENT_TEXT_VERSION matches: a change to
  // the default text must bump it. This pins the texts of tools that exercise every field and the name splitting.
  it("gives the texts DOCUMENT_TEXT_VERSION stands for (changed them? bump the version, then update this pin)", () => {
    const tools = catalogOf([
      { name: "getHTTPStatus2xx", description: "  Status of a URL.  ", whenToUse: "the user asks if a site is up" },
      {
        name: "book_class",
        description: "Book a yoga class",
        parameters: { type: "object", properties: { classId: { type: "string" }, when: { type: "string", description: " Start " } } },
        category: "classes",
        tags: ["yoga", "booking"],
        keywords: ["reserve"],
      },
      { name: "cafe_menu_v2", description: "Das Menü des Cafés" },
    ]).tools();
    expect(DOCUMENT_TEXT_VERSION).toBe(1);
    const pinned = "88ba60ec3726ea99b974608391a03c0a46e4daff054a4c4d77266c786c8e340a";
    expect(textHash(tools.map(toolDocumentText).join("\u0000"))).toBe(pinned);
  });

  it("joins name words, description, parameters, category, tags and keywords", () => {
    const tool = catalogOf([
      {
        name: "generate_image",
        description: "Create or edit an image.",
        whenToUse: "the user wants a picture",
        parameters: {
          type: "object",
          properties: { promptText: { type: "string", description: "What to draw" }, size: { type: "string" } },
        },
        category: "media",
        tags: ["art"],
        keywords: ["draw"],
      },
    ]).get("generate_image")!;
    expect(toolDocumentText(tool)).toBe(
      "generate image\nCreate or edit an image.\nUse when: the user wants a picture\nParameters: prompt text (What to draw); size\n" +
        "Category: media\nTags: art\nKeywords: draw",
    );
  });
});
