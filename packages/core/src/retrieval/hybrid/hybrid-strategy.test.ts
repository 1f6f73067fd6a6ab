import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { assistantCatalog } from "../__fixtures__/assistant-catalog.js";
import { createFuzzyStrategy } from "../fuzzy/fuzzy-strategy.js";
import { createBm25Strategy } from "../lexical/bm25-strategy.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { createHybridStrategy, type HybridStrategyOptions } from "./hybrid-strategy.js";

/** A stand-in for an embedding strategy: ranks by a fixed table of (query → tool → similarity). */
function fakeVector(table: Record<string, Record<string, number>>) {
  const requests: RankRequest[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  let indexedWith: ToolCatalog | undefined;
  const strategy: RetrievalStrategy = {
    name: "vector",
    index(catalog) {
      indexedWith = catalog;
    },
    add(tools: readonly ToolMetadata[]) {
      added.push(...tools.map((tool) => tool.name));
    },
    remove(names: readonly string[]) {
      removed.push(...names);
    },
    rank(request): RankedTool[] {
      requests.push(request);
      return Object.entries(table[request.query] ?? {})
        .filter(([name]) => !removed.includes(name) && (request.filter === undefined || request.filter(name)))
        .sort(([, a], [, b]) => b - a)
        .slice(0, request.limit)
        .map(([name, score]) => ({ name, score, signals: { vector: score } }));
    },
  };
  return { strategy, requests, added, removed, indexedWith: () => indexedWith };
}

async function indexed(options: HybridStrategyOptions = {}, catalog: ToolCatalog = assistantCatalog()): Promise<RetrievalStrategy> {
  // The lexical sources only, unless a test gives its own vector source.
  const strategy = createHybridStrategy({ vector: false, ...options });
  await strategy.index(catalog);
  return strategy;
}

const rank = async (strategy: RetrievalStrategy, query: string, request: Partial<RankRequest> = {}) =>
  strategy.rank({ query, limit: 10, ...request });
const names = async (strategy: RetrievalStrategy, query: string, request: Partial<RankRequest> = {}) =>
  (await rank(strategy, query, request)).map((tool) => tool.name);

/** The lexical sources on their own, to check the hybrid's signals against. */
const catalog = assistantCatalog();
const bm25 = createBm25Strategy();
bm25.index(catalog);
const fuzzy = createFuzzyStrategy({ exactBonus: 0 });
fuzzy.index(catalog);
const sourceScore = (strategy: RetrievalStrategy, query: string, name: string) =>
  (strategy.rank({ query, limit: 100 }) as RankedTool[]).find((tool) => tool.name === name)?.score;

describe("createHybridStrategy (weighted fusion, lexical sources only)", () => {
  it("is named hybrid", () => {
    expect(createHybridStrategy().name).toBe("hybrid");
  });

  it("ranks an exactly named tool first: bm25 1 + fuzzy 0.3 + exact bonus 1", async () => {
    const [first, ...rest] = await rank(await indexed(), "call write_file");
    // write_file is first in both sources (normalised 1 each): 1 × 1 + 0.3 × 1 + 1 = 2.3
    expect(first).toEqual({
      name: "write_file",
      score: 2.3,
      signals: { bm25: sourceScore(bm25, "call write_file", "write_file"), fuzzy: 1, exact: 1 },
    });
    for (const tool of rest) expect(tool.signals.exact).toBeUndefined();
    expect(rest[0]!.score).toBeLessThan(1);
  });

  it("finds a typo through the fuzzy source: 'wirte_file'", async () => {
    const ranked = await rank(await indexed(), "wirte_file", { limit: 3 });
    expect(ranked.map((tool) => tool.name)).toEqual(["write_file", "delete_file", "read_file"]);
    expect(ranked[0]!.signals).toEqual({
      bm25: sourceScore(bm25, "wirte_file", "write_file"),
      fuzzy: sourceScore(fuzzy, "wirte_file", "write_file"),
    });
  });

  it("ranks the right tool first for direct queries", async () => {
    const hybrid = await indexed();
    expect((await names(hybrid, "what's the weather in Paris?"))[0]).toBe("get_weather");
    expect((await names(hybrid, "resize my image"))[0]).toBe("resize_image");
    expect((await names(hybrid, "能不能帮我读文件"))[0]).toBe("read_file");
  });

  it("puts every source's own score in signals", async () => {
    const hybrid = await indexed();
    for (const tool of await rank(hybrid, "resize my image")) {
      const expected: Record<string, number> = {};
      const lexical = sourceScore(bm25, "resize my image", tool.name);
      const named = sourceScore(fuzzy, "resize my image", tool.name);
      if (lexical !== undefined) expected.bm25 = lexical;
      if (named !== undefined) expected.fuzzy = named;
      expect(tool.signals).toEqual(expected);
    }
  });

  it("honours limit and filter", async () => {
    const hybrid = await indexed();
    expect(await names(hybrid, "call write_file", { limit: 1 })).toEqual(["write_file"]);
    expect(await names(hybrid, "call write_file", { filter: (name) => name !== "write_file" })).not.toContain("write_file");
    expect(await names(hybrid, "call write_file", { limit: 0 })).toEqual([]);
  });

  it("uses the given weights and exact bonus", async () => {
    // bm25 weight 2, fuzzy 0, bonus 0.5: 2 × 1 + 0 + 0.5
    const [first] = await rank(await indexed({ weights: { bm25: 2, fuzzy: 0 }, exactBonus: 0.5 }), "call write_file");
    expect(first!.name).toBe("write_file");
    expect(first!.score).toBe(2.5);
  });

  it("returns [] when no source finds anything", async () => {
    expect(await rank(await indexed(), "edit my picture")).toEqual([]);
  });
});

describe("createHybridStrategy (fusion: rrf)", () => {
  it("ranks an exactly named tool first: 1/61 + 0.3/61 + exact bonus 1/60", async () => {
    const [first] = await rank(await indexed({ fusion: "rrf" }), "call write_file");
    expect(first!.name).toBe("write_file");
    expect(first!.score).toBeCloseTo(1.3 / 61 + 1 / 60, 15);
    expect(first!.signals.exact).toBe(1);
  });

  it("ranks the right tool first for direct queries", async () => {
    const hybrid = await indexed({ fusion: "rrf" });
    expect((await names(hybrid, "what's the weather in Paris?"))[0]).toBe("get_weather");
    expect((await names(hybrid, "resize my image"))[0]).toBe("resize_image");
    expect((await names(hybrid, "send an email to Bob"))[0]).toBe("send_email");
  });

  it("uses rrfK", async () => {
    // k = 10: 1/11 + 0.3/11 + bonus 1/10
    const [first] = await rank(await indexed({ fusion: "rrf", rrfK: 10 }), "call write_file");
    expect(first!.score).toBeCloseTo(1.3 / 11 + 1 / 10, 15);
  });

  // Limitation (not a crash, a ranking-quality finding): under RRF the fuzzy source's weight 0.3 cannot lift a typo.
  // "wirte_file": bm25 ranks delete_file, read_file, write_file (it only sees "file"); fuzzy ranks write_file,
  // read_file, delete_file. delete_file = 1/61 + 0.3/63 ≈ 0.021155, read_file = 1/62 + 0.3/62 ≈ 0.020968,
  // write_file = 1/63 + 0.3/61 ≈ 0.020791: the intended tool comes third (weighted fusion puts it first).
  it("does not lift a typo under default weights (documented limitation)", async () => {
    const ranked = await rank(await indexed({ fusion: "rrf" }), "wirte_file", { limit: 3 });
    expect(ranked.map((tool) => tool.name)).toEqual(["delete_file", "read_file", "write_file"]);
    expect(ranked[0]!.score).toBeCloseTo(1 / 61 + 0.3 / 63, 15);
    expect(ranked[1]!.score).toBeCloseTo(1 / 62 + 0.3 / 62, 15);
    expect(ranked[2]!.score).toBeCloseTo(1 / 63 + 0.3 / 61, 15);
  });
});

describe("createHybridStrategy with a vector source", () => {
  const TABLE = { "edit my picture": { generate_image: 0.82, describe_image: 0.61, resize_image: 0.55 } };

  it("finds a paraphrase that the lexical sources miss through the vector source", async () => {
    const vector = fakeVector(TABLE);
    const hybrid = await indexed({ vector: vector.strategy });
    const ranked = await rank(hybrid, "edit my picture", { limit: 3 });
    // Only the vector list: min-max 0.82 → 1, 0.61 → (0.61 − 0.55) / 0.27, 0.55 → 0; times weight 0.6.
    expect(ranked.map((tool) => tool.name)).toEqual(["generate_image", "describe_image", "resize_image"]);
    expect(ranked[0]).toEqual({ name: "generate_image", score: 0.6, signals: { vector: 0.82 } });
    expect(ranked[1]!.score).toBeCloseTo((0.6 * 0.06) / 0.27, 12);
    expect(ranked[2]!.score).toBe(0);
  });

  it("indexes the vector source with the catalog and sends it the query as written (it splits and rewrites clauses itself), the source depth and the filter", async () => {
    const vector = fakeVector(TABLE);
    const hybrid = await indexed({ vector: vector.strategy, depth: 40 }, catalog);
    expect(vector.indexedWith()).toBe(catalog);
    const filter = (name: string) => name !== "describe_image";
    expect(await names(hybrid, "edit my picture", { limit: 5, filter, history: ["earlier"] })).toEqual(["generate_image", "resize_image"]);
    expect(vector.requests).toEqual([{ query: "edit my picture", limit: 40, filter, history: ["earlier"] }]);
  });

  it("combines all three sources in signals", async () => {
    const vector = fakeVector({ "resize my image": { resize_image: 0.9, generate_image: 0.4 } });
    const hybrid = await indexed({ vector: vector.strategy });
    const [first] = await rank(hybrid, "resize my image");
    expect(first).toEqual({
      name: "resize_image",
      // bm25 1 + fuzzy 0.3 × 1 + vector 0.6 × 1
      score: 1.9,
      signals: { bm25: sourceScore(bm25, "resize my image", "resize_image"), fuzzy: 1, vector: 0.9 },
    });
  });
});

describe("createHybridStrategy: add and remove", () => {
  const extra = new ToolCatalog({ tools: [{ name: "translate_text", description: "Translate text between languages" }] }).tools();

  it("propagates add to every source", async () => {
    const vector = fakeVector({});
    const hybrid = await indexed({ vector: vector.strategy });
    await hybrid.add!(extra);
    expect(vector.added).toEqual(["translate_text"]);
    const [first] = await rank(hybrid, "translte text"); // typo: found by fuzzy (and bm25 through "text")
    expect(first!.name).toBe("translate_text");
    expect(Object.keys(first!.signals).sort()).toEqual(["bm25", "fuzzy"]);
    expect((await rank(hybrid, "translate some text"))[0]!.name).toBe("translate_text");
  });

  it("propagates remove to every source", async () => {
    const vector = fakeVector({ "resize image": { resize_image: 0.9, generate_image: 0.4 } });
    const hybrid = await indexed({ vector: vector.strategy });
    await hybrid.remove!(["resize_image"]);
    expect(vector.removed).toEqual(["resize_image"]);
    expect(await names(hybrid, "resize my image")).not.toContain("resize_image");
    expect(await names(hybrid, "call resize_image")).not.toContain("resize_image");
  });

  it("after removing and re-adding every tool, ranks like a fresh index", async () => {
    const hybrid = await indexed({}, catalog);
    await hybrid.remove!(catalog.names());
    expect(await rank(hybrid, "call write_file")).toEqual([]);
    await hybrid.add!(catalog.tools());
    const fresh = await indexed({}, catalog);
    for (const query of ["call write_file", "wirte_file", "what's the weather in Paris?"])
      expect(await rank(hybrid, query)).toEqual(await rank(fresh, query));
  });
});

describe("createHybridStrategy: paraphrase reach (vocabulary expansion through the default word vectors)", () => {
  const catalog = new ToolCatalog({
    tools: [
      { name: "store_memory", description: "Save a note to long-term memory" },
      { name: "weather_forecast", description: "Weather forecast for a city" },
      { name: "send_email", description: "Send an email message to a contact" },
    ],
  });
  const bm25Of = (tools: RankedTool[], name: string) => tools.find((tool) => tool.name === name)?.signals.bm25;

  it("a word no tool uses reaches, through bm25, the tools using the catalog words nearest to it", async () => {
    const hybrid = createHybridStrategy();
    await hybrid.index(catalog);
    const ranked = await hybrid.rank({ query: "please remember that my locker code is 4512", limit: 3 });
    expect(ranked[0]!.name).toBe("store_memory");
    expect(bm25Of(ranked, "store_memory")).toBeGreaterThan(0);
  });

  it("expansion: false searches the message's own words only", async () => {
    const hybrid = createHybridStrategy({ expansion: false });
    await hybrid.index(catalog);
    const ranked = await hybrid.rank({ query: "please remember that my locker code is 4512", limit: 3 });
    expect(bm25Of(ranked, "store_memory")).toBeUndefined();
  });

  it("changes nothing for a message whose words the catalog uses", async () => {
    const on = createHybridStrategy();
    const off = createHybridStrategy({ expansion: false });
    await on.index(catalog);
    await off.index(catalog);
    const request = { query: "weather forecast for the city", limit: 3 };
    expect(await on.rank(request)).toEqual(await off.rank(request));
  });
});
