import { describe, expect, it } from "vitest";
import { closestMatches, didYouMean, editDistance } from "./closest-matches.js";

describe("editDistance", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("boko", "book")).toBe(1);
    expect(editDistance("boko_class", "book_class")).toBe(1);
    expect(editDistance("ab", "ba")).toBe(1);
  });

  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abc", "")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("book_clas", "book_class")).toBe(1);
    expect(editDistance("salary", "salary")).toBe(0);
  });

  it("is symmetric", () => {
    expect(editDistance("catgory", "category")).toBe(editDistance("category", "catgory"));
    expect(editDistance("catgory", "category")).toBe(1);
  });
});

describe("closestMatches", () => {
  const tools = ["book_class", "cancel_class", "list_rooms", "get_class_types"];

  it("ranks the closest candidates first", () => {
    expect(closestMatches("book_clas", tools)).toEqual(["book_class"]);
    expect(closestMatches("boko_class", tools)).toEqual(["book_class"]);
  });

  it("includes candidates that contain the name, best first, at most `limit`", () => {
    expect(closestMatches("class", ["book_class", "cancel_class", "list_rooms"])).toEqual(["book_class", "cancel_class"]);
    expect(closestMatches("class", ["book_class", "cancel_class", "list_rooms"], 1)).toEqual(["book_class"]);
  });

  it("is case-insensitive but returns candidates as written", () => {
    expect(closestMatches("BOOK_CLASS", ["Book_Class", "other"])).toEqual(["Book_Class"]);
  });

  it("returns nothing when nothing is close", () => {
    expect(closestMatches("zzzzzz", tools)).toEqual([]);
  });
});

describe("didYouMean", () => {
  it("suggests close names", () => {
    expect(didYouMean("book_clas", ["book_class", "cancel_class", "list_rooms"])).toBe(" Did you mean: book_class?");
    expect(didYouMean("stafff", ["salary", "staff"])).toBe(" Did you mean: staff?");
  });

  it("is empty when nothing is close", () => {
    expect(didYouMean("xyzzy_plugh", ["book_class", "cancel_class"])).toBe("");
    expect(didYouMean("anything", [])).toBe("");
  });
});

describe("bounded suggestions for hostile names", () => {
  it("stops early once the distance must exceed the limit", () => {
    expect(editDistance("a".repeat(500), "b".repeat(500), 3)).toBe(4);
    expect(editDistance("abc", "a".repeat(100), 5)).toBe(6);
    expect(editDistance("book_clas", "book_class", 2)).toBe(1);
    expect(editDistance("boko_class", "book_class", 1)).toBe(1);
  });

  it("matches a 20,000-character name on its first 128 characters, against every candidate", () => {
    const names = Array.from({ length: 1_000 }, (_, index) => `tool_${index}`);
    expect(closestMatches("x".repeat(20_000), names)).toEqual([]);
    const longNear = `${"tool_1".padEnd(128, "_")}${"y".repeat(20_000)}`;
    expect(closestMatches(longNear, [...names, "tool_1".padEnd(128, "_")])[0]).toBe("tool_1".padEnd(128, "_"));
  });
});
