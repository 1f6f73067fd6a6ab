/**
 * @module A request that asks for several things ("convert the file, then email it to Ann") is one vector that
 * matches none of them well; its clauses, searched too, each find their own tool.
 */
import { splitWords } from "../../text/tokenize.js";
import { foldsIntoAscii } from "../../text/unicode-folding.js";

// Sentence and clause punctuation, and the conjunctions that chain requests; and the same without the `u` flag, for
// a text without characters it folds (`foldsIntoAscii`: the same splits, faster).
const CLAUSE_BOUNDARY = /[.?!;,，。？！；\n]+|\b(?:and then|and also|and|then|also|after that|as well as|plus)\b/giu;
const ASCII_CLAUSE_BOUNDARY = /[.?!;,，。？！；\n]+|\b(?:and then|and also|and|then|also|after that|as well as|plus)\b/gi;

/** Fewest words a clause must have to be searched on its own (shorter ones are noun lists: "salt and pepper"). */
export const MIN_CLAUSE_WORDS = 3;

/**
 * The clauses of a request worth searching on their own: the pieces between clause punctuation and chaining
 * conjunctions ("and", "then", "also", …) that have at least {@link MIN_CLAUSE_WORDS} words. Empty when the
 * request has fewer than two such pieces (the whole request is searched anyway).
 *
 * @example
 * ```ts
 * queryClauses("Find the cheapest flight to Oslo and book a hotel near the station");
 * // ["Find the cheapest flight to Oslo", "book a hotel near the station"]
 * ```
 */
export function queryClauses(text: string): string[] {
  const clauses = text
    .split(foldsIntoAscii(text) ? CLAUSE_BOUNDARY : ASCII_CLAUSE_BOUNDARY)
    .map((piece) => piece.trim())
    .filter((piece) => splitWords(piece).length >= MIN_CLAUSE_WORDS);
  return clauses.length >= 2 ? clauses : [];
}
