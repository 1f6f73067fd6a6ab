import { describe, expect, it } from "vitest";
import { scaleDeclarations } from "../bench/bench-catalogs.js";
import { syntheticCatalog } from "../bench/synthetic-catalog.js";
import { ESTIMATE_ERROR_BOUND, ESTIMATE_SAMPLE_SIZE } from "./tokens/estimate-tokens.js";
import { definitionText } from "./tokens/definition-tokens.js";
import { tokenBounds } from "./tokens/token-bounds.js";
import { countDefinitionTokens } from "./tokens/token-counter.js";
import { GYM_TOOLS } from "../__fixtures__/gym-catalog.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { ToolCatalog } from "./tool-catalog.js";
import { selectByKeywords } from "../__fixtures__/select-by-keywords.js";

function synthetic(tools: number): ToolCatalog {
  const { vocabulary: _vocabulary, ...config } = syntheticCatalog({ tools, categories: Math.max(1, Math.round(tools * 0.03)) });
  return new ToolCatalog(config);
}

const gymScaled = (tools: number) => new ToolCatalog({ tools: scaleDeclarations(GYM_TOOLS, tools) });

describe("ToolCatalog token accounting", () => {
  it("estimates every tool's tokens within the stated bound, then finishes the exact count in the background", async () => {
    for (const catalog of [synthetic(1_000), synthetic(10_000), gymScaled(1_000), gymScaled(10_000)]) {
      const estimate = catalog.estimatedTotalTokens();
      expect(estimate.exact).toBe(false);
      const exact = await catalog.exactTotalTokens();
      expect(Math.abs(estimate.tokens - exact) / exact).toBeLessThanOrEqual(ESTIMATE_ERROR_BOUND);
      // The background count is the exact sum over enabled tools, as counted one by one.
      const enabled = catalog.tools().filter((tool) => tool.enabled);
      expect(exact).toBe(enabled.reduce((sum, tool) => sum + countDefinitionTokens(tool), 0));
      expect(catalog.estimatedTotalTokens()).toEqual({ tokens: exact, exact: true });
      expect(catalog.totalTokens()).toBe(exact);
    }
  });

  it("follows live updates during the background count: the exact total is the updated catalog's", async () => {
    const catalog = gymScaled(3_000);
    expect(catalog.estimatedTotalTokens().exact).toBe(false);
    const counting = catalog.exactTotalTokens();
    catalog.remove(["get_gym_info", "get_gym_info_2"]);
    catalog.add([{ name: "brand_new_tool", description: "A tool added while the total was being counted" }]);
    const expected = catalog
      .tools()
      .filter((tool) => tool.enabled)
      .reduce((sum, tool) => sum + countDefinitionTokens(tool), 0);
    expect(await counting).toBe(expected);
    expect(catalog.estimatedTotalTokens()).toEqual({ tokens: expected, exact: true });
  });

  it(`is exact for up to ${ESTIMATE_SAMPLE_SIZE} enabled tools`, () => {
    const catalog = new ToolCatalog({ tools: GYM_TOOLS });
    const exact = catalog
      .tools()
      .filter((tool) => tool.enabled)
      .reduce((sum, tool) => sum + countDefinitionTokens(tool), 0);
    expect(catalog.estimatedTotalTokens()).toEqual({ tokens: exact, exact: true });
    expect(selectByKeywords(catalog, "what is pending salary?").tokens).toEqual({ selected: expect.any(Number), all: exact });
  });

  it("marks the selection's total as estimated until the exact count is in, then reports it exactly", async () => {
    const catalog = synthetic(2_000);
    const select = createToolSelector(catalog, { strategy: "bm25" });
    const first = await select([{ role: "user", content: "list the files" }]);
    expect(first.tokens!.allEstimated).toBe(true);
    const exact = await catalog.exactTotalTokens();
    const later = await select([{ role: "user", content: "list the files" }]);
    expect(later.tokens).toEqual({ selected: first.tokens!.selected, all: exact });
  });

  it("keeps a maxTokens budget exact on a large catalog: the bound tools' exact counts, a strict prefix", async () => {
    const catalog = synthetic(5_000);
    const exactOf = (name: string) => countDefinitionTokens(catalog.get(name)!);
    for (const maxTokens of [800, 1_500, 4_000]) {
      const select = createToolSelector(catalog, { strategy: "bm25", maxTokens, autoCut: false });
      const selection = await select([{ role: "user", content: "create and sync the records, then export them" }]);
      const bound = selection.tools.reduce((sum, name) => sum + exactOf(name), 0);
      expect(selection.tokens!.selected).toBe(bound);
      expect(bound).toBeLessThanOrEqual(maxTokens);
      if (selection.trimmedBy === "maxTokens") expect(bound + exactOf(selection.trimmed[0]!)).toBeGreaterThan(maxTokens);
    }
  });

  it("adopted counts serve totals and reports only: tokensOf, which budgets use, is the real count even for a count inside the bounds", () => {
    const fresh = new ToolCatalog({ tools: GYM_TOOLS });
    const lowest = new Map(fresh.tools().map((tool) => [tool.name, tokenBounds(definitionText(tool)).min]));
    const restored = new ToolCatalog({ tools: fresh.tools().map(({ name, description }) => ({ name, description })) });
    restored.adoptTokenCounts(lowest);
    const sum = (names: string[], of: (name: string) => number) => names.reduce((total, name) => total + of(name), 0);
    const names = restored.names();
    expect(sum(names, (name) => restored.knownTokensOf(name))).toBe(sum(names, (name) => lowest.get(name)!));
    expect(restored.totalTokens()).toBe(sum(names, (name) => lowest.get(name)!));
    const real = sum(names, (name) => countDefinitionTokens(restored.get(name)!));
    expect(real).toBeGreaterThan(restored.totalTokens());
    expect(sum(names, (name) => restored.tokensOf(name))).toBe(real);
    // Once counted, the catalog knows the real count.
    expect(sum(names, (name) => restored.knownTokensOf(name))).toBe(real);
  });

  it("knows its total without counting once every enabled tool's count is adopted (a snapshot's) or counted", () => {
    const fresh = gymScaled(300);
    expect(fresh.knowsTotalTokens()).toBe(false);
    const restored = new ToolCatalog({ tools: scaleDeclarations(GYM_TOOLS, 300), derived: fresh.saveDerived() });
    expect(restored.knowsTotalTokens()).toBe(false);
    fresh.totalTokens();
    expect(fresh.knowsTotalTokens()).toBe(true);
    const adopted = new ToolCatalog({ tools: scaleDeclarations(GYM_TOOLS, 300), derived: fresh.saveDerived() });
    expect(adopted.knowsTotalTokens()).toBe(true);
    expect(adopted.totalTokens()).toBe(fresh.totalTokens());
  });

  it("counts a definition once across catalogs and keeps counts right through a live change", () => {
    const first = gymScaled(300);
    const second = gymScaled(300);
    expect(second.totalTokens()).toBe(first.totalTokens());
    const before = first.tokensOf("get_gym_info");
    first.add([{ name: "get_gym_info", description: "Name, address, opening hours and the phone number of the gym, in full" }]);
    expect(first.tokensOf("get_gym_info")).toBe(countDefinitionTokens(first.get("get_gym_info")!));
    expect(first.tokensOf("get_gym_info")).toBeGreaterThan(before);
  });
});
