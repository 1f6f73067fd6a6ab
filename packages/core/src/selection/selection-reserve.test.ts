import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createToolSelector } from "./tool-selector.js";

const CONVERSATION = [{ role: "user", content: "book a yoga class and show the class types" }];

describe("SelectionRequest.reserve", () => {
  it("keeps core and the selection within the budget less the room reserved, as one cut of the same order", async () => {
    const catalog = gymCatalog();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false, maxTools: 6, maxTokens: 10_000 });
    const whole = await select(CONVERSATION);
    const reserved = await select(CONVERSATION, { reserve: { tools: 2, tokens: 0 } });
    expect(reserved.tools).toEqual(whole.tools.slice(0, 4));
    expect(reserved.trimmed).toEqual([...whole.tools.slice(4), ...whole.trimmed]);
    expect(reserved.trimmedBy).toBe("maxTools");
    expect(reserved.budget).toEqual(whole.budget);
    const tokens = whole.tools.slice(0, 3).reduce((sum, name) => sum + catalog.tokensOf(name), 0);
    const byTokens = await select(CONVERSATION, { reserve: { tools: 0, tokens: 10_000 - tokens } });
    expect(byTokens.tools).toEqual(whole.tools.slice(0, 3));
    expect(byTokens.trimmedBy).toBe("maxTokens");
  });

  it("refuses a reserve that is not a whole number of tools and tokens, naming it", () => {
    const select = createToolSelector(gymCatalog(), { strategy: "keyword" });
    for (const reserve of [
      { tools: -1, tokens: 0 },
      { tools: 0, tokens: 1.5 },
      { tools: Number.NaN, tokens: 0 },
    ]) {
      let failure: unknown;
      try {
        select(CONVERSATION, { reserve });
      } catch (error) {
        failure = error;
      }
      expect(DynamicToolsError.isInstance(failure)).toBe(true);
      expect((failure as DynamicToolsError).code).toBe("INVALID_OPTION");
      expect((failure as Error).message).toMatch(/reserve\.(tools|tokens) must be a whole number, 0 or more; got/);
    }
  });
});
