import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { letterDigitRuns, splitWords, suffixVariants } from "./split-words.js";

describe("splitWords", () => {
  it("splits snake_case, camelCase, acronyms and possessives, lower-cased", () => {
    expect(splitWords("getClientsList")).toEqual(["get", "clients", "list"]);
    expect(splitWords("HTTPServer sends IDs")).toEqual(["http", "server", "sends", "ids"]);
    expect(splitWords("today's yoga_class")).toEqual(["today", "yoga", "class"]);
    expect(splitWords("读取文件 v2")).toEqual(["读", "取", "文", "件", "v2"]);
  });

  it("splits ASCII text exactly as the general (Unicode) path does", () => {
    const asciiText = fc.string({ unit: fc.constantFrom(..."aAbBsSzZ09_-. '?"), maxLength: 40 });
    fc.assert(
      fc.property(asciiText, (text) => {
        // A trailing non-ASCII word sends the same text down the general path, and only adds that word.
        expect(splitWords(`${text} é`)).toEqual([...splitWords(text), "é"]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("suffixVariants and letterDigitRuns", () => {
  it("offers suffix-stripped spellings that keep 3 characters, most likely first", () => {
    expect(suffixVariants("companies")).toEqual(["company", "compani", "companie"]);
    expect(suffixVariants("bus")).toEqual([]);
  });

  it("splits mixed words into letter and digit runs only", () => {
    expect(letterDigitRuns("ai2sql")).toEqual(["ai", "2", "sql"]);
    expect(letterDigitRuns("photo")).toEqual([]);
  });
});
