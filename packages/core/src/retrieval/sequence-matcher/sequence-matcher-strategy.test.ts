import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import { createSequenceMatcherStrategy, sequenceHaystack } from "./sequence-matcher-strategy.js";

const TOOLS = [
  {
    name: "web_search",
    description: "Search the web with a configurable provider.",
    whenToUse: "Use when you need fresh information from the internet.",
  },
  {
    name: "open_url",
    description: "Fetch a URL and return a clean text excerpt.",
    whenToUse: "Use this when you need exact content from a specific URL. Prefer this after search results identify a likely source.",
  },
  {
    name: "playwright_browser",
    description: "Drive a headless browser for JS-rendered or interactive pages.",
    whenToUse: "Use for pages requiring interaction or anti-bot protection.",
  },
  { name: "get_weather", description: "Current weather for a city." },
];

function indexed(options?: Parameters<typeof createSequenceMatcherStrategy>[0]) {
  const strategy = createSequenceMatcherStrategy(options);
  strategy.index(new ToolCatalog({ tools: TOOLS }));
  return strategy;
}

describe("createSequenceMatcherStrategy", () => {
  it("builds the haystack from name, description and whenToUse, lower-cased", () => {
    expect(sequenceHaystack({ name: "get_weather", description: "Current weather for a city.", whenToUse: undefined })).toBe(
      "get_weather current weather for a city. ",
    );
  });

  it("scores ratio + 0.12 × token hits, best first (expected values from CPython difflib)", () => {
    // open_url:    ratio 0.21052631578947367 + 0.12 × 4 ("fetch", "a", "specific", "url") = 0.6905263157894737
    // get_weather: ratio 0.3333333333333333  + 0.12 × 1 ("a")                             = 0.4533333333333333
    // web_search:  ratio 0.18461538461538463 + 0.12 × 1                                   = 0.3046153846153846
    // playwright_browser: 0.11180124223602485 + 0.12 × 1                                  = 0.23180124223602483
    const ranked = indexed().rank({ query: "fetch a specific URL", limit: 10 }) as Array<{
      name: string;
      score: number;
      signals: { sequence?: number };
    }>;
    expect(ranked.map((tool) => tool.name)).toEqual(["open_url", "get_weather", "web_search", "playwright_browser"]);
    const expected = [0.6905263157894737, 0.4533333333333333, 0.3046153846153846, 0.23180124223602483];
    ranked.forEach((tool, index) => {
      expect(tool.score).toBeCloseTo(expected[index]!, 12);
      expect(tool.signals.sequence).toBe(tool.score);
    });
  });

  it("respects limit and filter", () => {
    const strategy = indexed();
    expect(strategy.rank({ query: "fetch a specific URL", limit: 2 })).toHaveLength(2);
    const names = (
      strategy.rank({ query: "fetch a specific URL", limit: 10, filter: (name) => name !== "open_url" }) as Array<{ name: string }>
    ).map((tool) => tool.name);
    expect(names).toEqual(["get_weather", "web_search", "playwright_browser"]);
    expect(strategy.rank({ query: "fetch", limit: 0 })).toEqual([]);
  });

  it("drops scores below the noise floor", () => {
    expect(indexed().rank({ query: "zzzz", limit: 10 })).toEqual([]);
    // open_url scores 0.13978494623655913 (ratio only, no word hits) for "weather in Paris": below a 0.2 floor.
    const names = (indexed({ noiseFloor: 0.2 }).rank({ query: "weather in Paris", limit: 10 }) as Array<{ name: string }>).map(
      (tool) => tool.name,
    );
    expect(names).toEqual(["get_weather", "web_search", "playwright_browser"]);
  });

  it("breaks ties by catalog order and ignores history", () => {
    const strategy = createSequenceMatcherStrategy({ tokenBonus: 0 });
    strategy.index(new ToolCatalog({ tools: [{ name: "y2" }, { name: "y1" }, { name: "y3" }] }));
    // Each haystack is "yN  " (4 chars): ratio("y", "yN  ") = 2·1 / 5 = 0.4 for all three.
    const ranked = strategy.rank({ query: "y", limit: 10, history: ["y1 y1 y1"] }) as Array<{ name: string; score: number }>;
    expect(ranked.map((tool) => tool.name)).toEqual(["y2", "y1", "y3"]);
    expect(ranked[0]!.score).toBe(0.4);
  });

  it("adds and removes tools without a rebuild", () => {
    const strategy = indexed();
    const catalog = new ToolCatalog({ tools: [{ name: "fetch_specific_url", description: "Fetch a specific URL" }] });
    strategy.add!(catalog.tools());
    strategy.remove!(["open_url"]);
    const names = (strategy.rank({ query: "fetch a specific URL", limit: 10 }) as Array<{ name: string }>).map((tool) => tool.name);
    expect(names[0]).toBe("fetch_specific_url");
    expect(names).not.toContain("open_url");
  });

  it("is named sequence-matcher", () => {
    expect(createSequenceMatcherStrategy().name).toBe("sequence-matcher");
  });
});
