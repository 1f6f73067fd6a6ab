import { describe, expect, it } from "vitest";
import { ASSISTANT_CATEGORY_TOOLS, assistantCatalog } from "../__fixtures__/assistant-catalog.js";
import { createKeywordStrategy } from "./keyword-strategy.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";

const { weather, files, email, calendar } = ASSISTANT_CATEGORY_TOOLS;

function indexed(catalog = assistantCatalog()): RetrievalStrategy {
  const strategy = createKeywordStrategy();
  strategy.index(catalog);
  return strategy;
}

const rank = (strategy: RetrievalStrategy, request: Partial<RankRequest> & { query: string }) =>
  strategy.rank({ limit: 50, ...request }) as RankedTool[];
const scored = (tools: readonly string[], score: number) => tools.map((name) => ({ name, score, signals: { keyword: score } }));

describe("createKeywordStrategy", () => {
  it("is named keyword", () => {
    expect(createKeywordStrategy().name).toBe("keyword");
  });

  it("scores by tier: 4 current, 3 related, 2 history, catalog order within a tier", () => {
    // email matches the current message (4), calendar is related to email (3), files matches history (2).
    expect(rank(indexed(), { query: "send an email", history: ["any file in the folder?"] })).toEqual([
      ...scored(email, 4),
      ...scored(calendar, 3),
      ...scored(files, 2),
    ]);
  });

  it("scores 1 for default categories when nothing matches", () => {
    expect(rank(indexed(), { query: "hello there" })).toEqual(scored(weather, 1));
  });

  it("scores categories related to a history match as history (2)", () => {
    expect(rank(indexed(), { query: "and tomorrow at noon?", history: ["email Bob"] })).toEqual([
      ...scored(email, 2),
      ...scored(calendar, 2),
    ]);
  });

  it("scores a tool matched by its own keyword in the current message 4", () => {
    expect(rank(indexed(), { query: "is there smog today?" })).toEqual(scored(["get_air_quality"], 4));
  });

  it("honours limit and filter", () => {
    const strategy = indexed();
    expect(rank(strategy, { query: "send an email", limit: 2 })).toEqual(scored(["send_email", "search_email"], 4));
    expect(rank(strategy, { query: "send an email", filter: (name) => !name.includes("email") })).toEqual(scored(calendar, 3));
  });

  it("ignores the catalog's core tools and maxTools: the selection pipeline adds those", () => {
    const strategy = indexed(assistantCatalog({ core: ["get_weather"], maxTools: 2 }));
    expect(rank(strategy, { query: "weather in Paris" })).toEqual(scored(weather, 4));
  });

  it("returns [] before index", () => {
    expect(createKeywordStrategy().rank({ query: "weather", limit: 10 })).toEqual([]);
  });
});
