import { describe, expect, it } from "vitest";
import { applyBudget } from "./apply-budget.js";

const costs: Record<string, number> = { a: 10, b: 20, c: 30, d: 1, e: 5 };
const tokensOf = (name: string) => costs[name]!;

describe("applyBudget", () => {
  it("keeps everything when nothing limits", () => {
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 3 })).toEqual({
      selected: ["a", "b", "c"],
      trimmed: [],
      trimmedBy: undefined,
      tokens: 0,
    });
    expect(applyBudget({ ordered: [], maxTools: 1 })).toEqual({ selected: [], trimmed: [], trimmedBy: undefined, tokens: 0 });
  });

  it("keeps the maxTools prefix (the documented example)", () => {
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 2 })).toEqual({
      selected: ["a", "b"],
      trimmed: ["c"],
      trimmedBy: "maxTools",
      tokens: 0,
    });
    expect(applyBudget({ ordered: ["a", "b", "c", "d", "e"], maxTools: 1 })).toEqual({
      selected: ["a"],
      trimmed: ["b", "c", "d", "e"],
      trimmedBy: "maxTools",
      tokens: 0,
    });
  });

  it("sums the tokens of the selected tools", () => {
    expect(applyBudget({ ordered: ["a", "b", "d"], maxTools: 10, tokensOf })).toEqual({
      selected: ["a", "b", "d"],
      trimmed: [],
      trimmedBy: undefined,
      tokens: 31,
    });
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 2, tokensOf })).toMatchObject({
      selected: ["a", "b"],
      tokens: 30,
      trimmedBy: "maxTools",
    });
  });

  it("keeps a strict prefix under maxTokens: the first tool that does not fit and all after it are trimmed", () => {
    // a (10) + b (20) = 30 fits in 35; c (30) does not; d (1) and e (5) would fit but come after c.
    expect(applyBudget({ ordered: ["a", "b", "c", "d", "e"], maxTools: 10, maxTokens: 35, tokensOf })).toEqual({
      selected: ["a", "b"],
      trimmed: ["c", "d", "e"],
      trimmedBy: "maxTokens",
      tokens: 30,
    });
  });

  it("allows exactly maxTokens", () => {
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 10, maxTokens: 60, tokensOf })).toEqual({
      selected: ["a", "b", "c"],
      trimmed: [],
      trimmedBy: undefined,
      tokens: 60,
    });
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 10, maxTokens: 59, tokensOf })).toMatchObject({
      selected: ["a", "b"],
      trimmed: ["c"],
      trimmedBy: "maxTokens",
    });
  });

  it("reports the limit that cut first", () => {
    // maxTools is reached before the token limit would bite.
    expect(applyBudget({ ordered: ["d", "e", "a"], maxTools: 2, maxTokens: 100, tokensOf })).toMatchObject({
      selected: ["d", "e"],
      trimmedBy: "maxTools",
    });
    // the token limit bites before maxTools is reached.
    expect(applyBudget({ ordered: ["c", "d", "e"], maxTools: 2, maxTokens: 30, tokensOf })).toMatchObject({
      selected: ["c"],
      trimmed: ["d", "e"],
      trimmedBy: "maxTokens",
    });
  });

  it("ignores maxTokens when tokens are not counted", () => {
    expect(applyBudget({ ordered: ["a", "b", "c"], maxTools: 10, maxTokens: 1 })).toEqual({
      selected: ["a", "b", "c"],
      trimmed: [],
      trimmedBy: undefined,
      tokens: 0,
    });
  });
});
