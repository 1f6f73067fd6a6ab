import { describe, expect, it } from "vitest";
import { foldsIntoAscii } from "./unicode-folding.js";

describe("foldsIntoAscii", () => {
  it("is true only for a text with the long s or the Kelvin sign", () => {
    expect(foldsIntoAscii("book it, then email Ann")).toBe(false);
    expect(foldsIntoAscii("café, straße, 東京")).toBe(false);
    expect(foldsIntoAscii("alſo")).toBe(true);
    expect(foldsIntoAscii("300 \u212a")).toBe(true);
    // What the flag changes: with `iu` these match ASCII letters, without `u` they do not.
    expect(/also/iu.test("alſo")).toBe(true);
    expect(/also/i.test("alſo")).toBe(false);
  });
});
