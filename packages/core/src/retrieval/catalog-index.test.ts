import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { createCatalogIndex } from "./catalog-index.js";
import { createBm25Strategy } from "./lexical/bm25-strategy.js";
import { createFuzzyStrategy } from "./fuzzy/fuzzy-strategy.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";

const TOOLS = [
  { name: "get_weather", description: "Current weather for a city" },
  { name: "send_email", description: "Send an email to someone" },
];

/** A strategy whose incremental `add` fails once, as an embeddings API that is down for a moment would. */
function failingOnce(inner: RetrievalStrategy): RetrievalStrategy & { failures: number } {
  const strategy = {
    ...inner,
    name: inner.name,
    failures: 1,
    async add(tools: Parameters<NonNullable<RetrievalStrategy["add"]>>[0]) {
      if (strategy.failures-- > 0) throw new Error("embedding API 503");
      await inner.add!(tools);
    },
  };
  return strategy;
}

describe("createCatalogIndex after a failure", () => {
  it("rebuilds from the catalog when an update fails, instead of staying broken", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const index = createCatalogIndex(catalog, failingOnce(createBm25Strategy()));
    await index.current();
    catalog.add([{ name: "book_flight", description: "Book a flight to a city" }]);
    const strategy = await index.current();
    expect((await strategy.rank({ query: "book a flight", limit: 1 }))[0]?.name).toBe("book_flight");
    catalog.remove(["send_email"]);
    expect(await (await index.current()).rank({ query: "send an email", limit: 3 })).toEqual([]);
  });

  it("reports a failed build, then builds again on the next current()", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    let attempts = 0;
    const inner = createFuzzyStrategy();
    const flaky: RetrievalStrategy = {
      ...inner,
      name: "fuzzy",
      index(target) {
        if (attempts++ === 0) throw new Error("disk full");
        return inner.index(target);
      },
    };
    const index = createCatalogIndex(catalog, flaky);
    await expect(index.current()).rejects.toThrow("disk full");
    const strategy = await index.current();
    expect((await strategy.rank({ query: "get_weather", limit: 1 }))[0]?.name).toBe("get_weather");
  });
});

describe("createCatalogIndex catching up", () => {
  it("applies the changes since the version it has seen, as a fresh index would rank them", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const index = createCatalogIndex(catalog, createBm25Strategy());
    await index.current();
    expect(index.version).toBe(0);
    catalog.add([{ name: "book_flight", description: "Book a flight to a city" }]);
    catalog.remove(["send_email"]);
    catalog.add([{ name: "get_weather", description: "Forecast for a city, hour by hour" }]);
    const strategy = await index.current();
    expect(index.version).toBe(3);
    const fresh = createBm25Strategy();
    fresh.index(catalog);
    for (const query of ["book a flight", "send an email", "forecast hour by hour", "city"]) {
      expect(await strategy.rank({ query, limit: 3 })).toEqual(await fresh.rank({ query, limit: 3 }));
    }
  });

  it("rebuilds when the catalog's log no longer reaches back to its version", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const counts = { index: 0, add: 0 };
    const inner = createBm25Strategy();
    const counted: RetrievalStrategy = {
      ...inner,
      name: "bm25",
      index(target) {
        counts.index++;
        return inner.index(target);
      },
      add(tools) {
        counts.add++;
        return inner.add!(tools);
      },
    };
    const index = createCatalogIndex(catalog, counted);
    await index.current();
    // 1,040 updates, each counting its one tool change plus one: past the bound of 2 × 3 tools + 1,024.
    for (let round = 0; round < 520; round++) {
      catalog.add([{ name: "temp_tool", description: "Temporary" }]);
      catalog.remove(["temp_tool"]);
    }
    expect(catalog.changesSince(0)).toEqual({ rebuild: true, version: 1040 });
    await index.current();
    expect(counts).toEqual({ index: 2, add: 0 });
    expect(index.version).toBe(1040);
  });

  it("applies a change once when queries arrive together, and waits for the one running", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const inner = createBm25Strategy();
    let adds = 0;
    let release!: () => void;
    const slow: RetrievalStrategy = {
      ...inner,
      name: "bm25",
      async add(tools) {
        adds++;
        await new Promise<void>((resolve) => (release = resolve));
        return inner.add!(tools);
      },
    };
    const index = createCatalogIndex(catalog, slow);
    await index.current();
    catalog.add([{ name: "book_flight", description: "Book a flight to a city" }]);
    const waiting = [index.current(), index.current(), index.current()];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(adds).toBe(1);
    release();
    const strategies = await Promise.all(waiting);
    expect(adds).toBe(1);
    expect((await strategies[0]!.rank({ query: "book a flight", limit: 1 }))[0]?.name).toBe("book_flight");
  });

  it("rebuilds on the next call when both the update and the rebuild after it failed", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const inner = createBm25Strategy();
    let failing = false;
    const strategy: RetrievalStrategy = {
      ...inner,
      name: "bm25",
      index(target) {
        if (failing) throw new Error("disk full");
        return inner.index(target);
      },
      add(tools) {
        if (failing) throw new Error("embedding API 503");
        return inner.add!(tools);
      },
    };
    const index = createCatalogIndex(catalog, strategy);
    await index.current();
    catalog.add([{ name: "book_flight", description: "Book a flight to a city" }]);
    failing = true;
    await expect(index.current()).rejects.toThrow("disk full");
    expect(index.version).toBeUndefined();
    failing = false;
    expect((await (await index.current()).rank({ query: "book a flight", limit: 1 }))[0]?.name).toBe("book_flight");
    expect(index.version).toBe(1);
  });
});

describe("indexing again", () => {
  it("drops tools the catalog no longer has (bm25 and fuzzy)", async () => {
    for (const strategy of [createBm25Strategy(), createFuzzyStrategy()]) {
      await strategy.index(new ToolCatalog({ tools: TOOLS }));
      await strategy.index(new ToolCatalog({ tools: [TOOLS[0]!] }));
      expect((await strategy.rank({ query: "send_email send an email", limit: 5 })).map((tool) => tool.name)).not.toContain("send_email");
    }
  });
});
