import { describe, expect, it } from "vitest";
import { grownTo } from "./grown-array.js";

describe("grownTo", () => {
  it("returns the array itself while it is long enough", () => {
    const array = new Uint32Array([1, 2, 3]);
    expect(grownTo(array, 3)).toBe(array);
  });

  it("grows by doubling, or to the length asked, keeping the kind and the items", () => {
    const doubled = grownTo(new Float64Array([0.5, 1.5]), 3);
    expect(doubled).toBeInstanceOf(Float64Array);
    expect([...doubled]).toEqual([0.5, 1.5, 0, 0]);
    expect(grownTo(new Int32Array([7]), 10)).toEqual(new Int32Array([7, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  });
});
