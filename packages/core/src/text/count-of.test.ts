import { describe, expect, it } from "vitest";
import { countOf } from "./count-of.js";

describe("countOf", () => {
  it("says one in the singular, any other count in the plural, grouped in thousands", () => {
    expect(countOf(1, "tool")).toBe("1 tool");
    expect(countOf(0, "observation")).toBe("0 observations");
    expect(countOf(4076, "tool")).toBe("4,076 tools");
  });
});
