import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "./dynamic-tools-error.js";

describe("DynamicToolsError", () => {
  it("carries code, message, name, path and cause", () => {
    const cause = new Error("root");
    const error = new DynamicToolsError("UNKNOWN_TOOL", 'Tool "x" is not in the catalog.', { cause, path: ["core", 0] });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toBe('Tool "x" is not in the catalog.');
    expect(error.name).toBe("DynamicToolsError");
    expect(error.path).toEqual(["core", 0]);
    expect(error.cause).toBe(cause);
  });

  it("has no path or cause unless given", () => {
    const error = new DynamicToolsError("INVALID_OPTION", "bad");
    expect(error.path).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect("cause" in error).toBe(false);
  });

  describe("isInstance", () => {
    it("is true for a DynamicToolsError", () => {
      expect(DynamicToolsError.isInstance(new DynamicToolsError("DUPLICATE_TOOL", "dup"))).toBe(true);
    });

    it("is true for an object carrying the shared marker (another copy of the package)", () => {
      const foreign = Object.assign(new Error("from another copy"), { [Symbol.for("dynamic-tools.error")]: true, code: "UNKNOWN_TOOL" });
      expect(foreign instanceof DynamicToolsError).toBe(false);
      expect(DynamicToolsError.isInstance(foreign)).toBe(true);
      expect(DynamicToolsError.isInstance({ [Symbol.for("dynamic-tools.error")]: true })).toBe(true);
    });

    it("is false for a plain Error and for non-objects", () => {
      expect(DynamicToolsError.isInstance(new Error("plain"))).toBe(false);
      expect(DynamicToolsError.isInstance({ code: "UNKNOWN_TOOL", name: "DynamicToolsError" })).toBe(false);
      expect(DynamicToolsError.isInstance({ [Symbol("dynamic-tools.error")]: true })).toBe(false);
      expect(DynamicToolsError.isInstance(null)).toBe(false);
      expect(DynamicToolsError.isInstance(undefined)).toBe(false);
      expect(DynamicToolsError.isInstance("DynamicToolsError")).toBe(false);
    });
  });
});
