import { describe, expect, it } from "vitest";
import { describeValue, formatPath, isRecord } from "./describe-value.js";

describe("formatPath", () => {
  it("writes key paths as they appear in a config", () => {
    expect(formatPath(["tools", 3, "name"])).toBe("tools[3].name");
    expect(formatPath(["categories", "salary", "related", 0])).toBe("categories.salary.related[0]");
    expect(formatPath([0, "x"])).toBe("[0].x");
    expect(formatPath([])).toBe("");
  });
});

describe("describeValue and isRecord", () => {
  it("names what a bad value is", () => {
    expect([undefined, null, [1], "x", {}, 3, true].map(describeValue)).toEqual([
      "nothing",
      "null",
      "an array",
      '"x"',
      "an object",
      "number 3",
      "boolean true",
    ]);
  });

  it("accepts plain objects only", () => {
    expect([{}, { a: 1 }, [], null, "x"].map(isRecord)).toEqual([true, true, false, false, false]);
  });
});
