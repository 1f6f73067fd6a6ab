import { describe, expect, it } from "vitest";
import { thrownError } from "../../__fixtures__/thrown-error.js";
import { createBm25Strategy } from "../lexical/bm25-strategy.js";
import { createHybridStrategy } from "./hybrid-strategy.js";

describe("createHybridStrategy's options, checked at construction", () => {
  it.each([
    [
      { weights: { vectr: 1 } },
      'createHybridStrategy weights: unknown option "vectr". Did you mean: vector? Valid options: bm25, fuzzy, vector.',
    ],
    [{ weights: { vector: -1 } }, "createHybridStrategy: weights.vector must be a finite number ≥ 0, got number -1."],
    [{ weights: { bm25: Number.NaN } }, "createHybridStrategy: weights.bm25 must be a finite number ≥ 0, got number NaN."],
    [{ fusion: "rfr" }, 'createHybridStrategy: fusion must be "weighted" or "rrf", got "rfr".'],
    [{ depth: 0 }, "createHybridStrategy: depth must be a whole number ≥ 1, got number 0."],
    [{ rrfK: 0 }, "createHybridStrategy: rrfK must be a finite number > 0, got number 0."],
    [{ exactBonus: -2 }, "createHybridStrategy: exactBonus must be a finite number ≥ 0, got number -2."],
    [
      { usage: 5 },
      "createHybridStrategy: usage must be a UsageModel (a learned field: fieldTerms(tool), scale(), changesSince(version)), got number 5.",
    ],
    [{ separateLearnedField: "yes" }, 'createHybridStrategy: separateLearnedField must be true or false, got "yes".'],
    [{ wieghts: {} }, 'createHybridStrategy: unknown option "wieghts". Did you mean: weights?'],
  ])("rejects %j with INVALID_OPTION naming it", (options, message) => {
    const error = thrownError(() => createHybridStrategy(options as never));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message.startsWith(message)).toBe(true);
  });

  it("accepts the documented options", () => {
    expect(() =>
      createHybridStrategy({ weights: { bm25: 1, fuzzy: 0, vector: 0.6 }, fusion: "rrf", depth: 50, rrfK: 60, exactBonus: 0 }),
    ).not.toThrow();
  });

  it("bm25's usage must be a learned field too", () => {
    const error = thrownError(() => createBm25Strategy({ usage: 5 as never }));
    expect([error.code, error.message]).toEqual(["INVALID_OPTION", "bm25 usage must be a UsageModel (a learned field), got number 5."]);
  });
});
