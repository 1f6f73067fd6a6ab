import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { parseFittedFusion, type FittedFusion } from "./fusion-weights.js";

const fitted: FittedFusion = {
  formatVersion: 1,
  weights: { bm25: 1, fuzzy: 0.2, vector: 0.35 },
  observations: 512,
  probes: 128,
  mrr: { fixed: 0.7, fitted: 0.74 },
};

describe("parseFittedFusion", () => {
  it("reads back what was saved as JSON, with or without a learned weight", () => {
    expect(parseFittedFusion(JSON.parse(JSON.stringify(fitted)))).toEqual(fitted);
    const apart = { ...fitted, weights: { ...fitted.weights, learned: 3 } };
    expect(parseFittedFusion(JSON.parse(JSON.stringify(apart)))).toEqual(apart);
  });

  it.each([
    [{ ...fitted, formatVersion: 2 }, "fitted.formatVersion must be 1"],
    [{ ...fitted, weights: { ...fitted.weights, vector: -1 } }, "fitted.weights.vector must be a finite number ≥ 0, got -1"],
    [
      { ...fitted, weights: { ...fitted.weights, learned: "3" } },
      'fitted.weights.learned must be a finite number ≥ 0 (or absent), got "3"',
    ],
    [{ ...fitted, observations: 1.5 }, "fitted.observations must be a whole number ≥ 0"],
    [{ ...fitted, mrr: { fixed: 2, fitted: 0 } }, "fitted.mrr.fixed must be a number from 0 to 1"],
    ["weights", "fitted must be an object"],
  ])("refuses a damaged value with a typed error naming the field (%#)", (value, message) => {
    let caught: unknown;
    try {
      parseFittedFusion(value);
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught) && caught.code).toBe("INVALID_OPTION");
    expect((caught as Error).message).toContain(message);
  });
});
