import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitWords } from "../../text/tokenize.js";
import { MIN_CLAUSE_WORDS, queryClauses } from "./query-clauses.js";

describe("queryClauses", () => {
  it("returns the clauses of three words or more, when there are two", () => {
    expect(queryClauses("Find the cheapest flight to Oslo and book a hotel near the station")).toEqual([
      "Find the cheapest flight to Oslo",
      "book a hotel near the station",
    ]);
    expect(queryClauses("salt and pepper")).toEqual([]);
  });

  it("splits every text as the case-insensitive Unicode boundary does, long s and Kelvin sign included", () => {
    const unicode = /[.?!;,，。？！；\n]+|\b(?:and then|and also|and|then|also|after that|as well as|plus)\b/giu;
    const reference = (text: string) => {
      const clauses = text
        .split(unicode)
        .map((piece) => piece.trim())
        .filter((piece) => splitWords(piece).length >= MIN_CLAUSE_WORDS);
      return clauses.length >= 2 ? clauses : [];
    };
    const piece = fc.constantFrom(
      "and",
      "AND",
      "alſo",
      "aſ well aſ",
      "plus",
      "then",
      "ſ",
      "\u212a",
      "book",
      "a",
      "room",
      "é",
      "，",
      ". ",
      " ",
      "_",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const text = parts.join(" ");
        expect(queryClauses(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});
