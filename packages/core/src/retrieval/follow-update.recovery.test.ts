import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { followCatalogIndex } from "./follow-update.js";
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

describe("followCatalogIndex after a failure", () => {
  it("rebuilds from the catalog when an update fails, instead of staying broken", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const followed = followCatalogIndex(catalog, failingOnce(createBm25Strategy()));
    await followed.ready();
    catalog.add([{ name: "book_flight", description: "Book a flight to a city" }]);
    const strategy = await followed.ready();
    expect((await strategy.rank({ query: "book a flight", limit: 1 }))[0]?.name).toBe("book_flight");
    catalog.remove(["send_email"]);
    expect(await (await followed.ready()).rank({ query: "send an email", limit: 3 })).toEqual([]);
  });

  it("reports a failed build once, then builds again on the next ready()", async () => {
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
    const followed = followCatalogIndex(catalog, flaky);
    await expect(followed.ready()).rejects.toThrow("disk full");
    const strategy = await followed.ready();
    expect((await strategy.rank({ query: "get_weather", limit: 1 }))[0]?.name).toBe("get_weather");
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
