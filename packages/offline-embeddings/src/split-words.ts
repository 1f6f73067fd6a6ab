/**
 * @module Text → lower-case words, split the way `@dynamic-tools/core` splits them (snake_case, camelCase, kebab,
 * dotted; a possessive "'s" dropped). A small copy, because core depends on this package and not the reverse.
 */

// A word is a run of letters/digits; each CJK character stands alone.
const WORD = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]|[\p{L}\p{N}]+/gu;
// lower→Upper, and Upper→Upper+lower except a plural acronym ("IDs").
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?![\p{Ll}\p{N}]))/gu;
const POSSESSIVE = /['’][sS](?![\p{Ll}\p{N}])/gu;

/**
 * Splits text into lower-case words: `"getClientsList"` → get, clients, list; `"today's yoga_class"` → today,
 * yoga, class; `"HTTPServer"` → http, server.
 */
export function splitWords(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- the ASCII test is the point
  if (!/[^\x00-\x7f]/.test(text)) return splitAsciiWords(text);
  const spaced = text.normalize("NFKC").replace(CAMEL_BOUNDARY, " ").replace(POSSESSIVE, " ").toLowerCase();
  return spaced.match(WORD) ?? [];
}

/** {@link splitWords} for ASCII text, in one pass without regular expressions, slicing words out of the text. */
function splitAsciiWords(text: string): string[] {
  const words: string[] = [];
  // The current word's first index (-1: none), whether it has capitals, and its last character's class.
  let start = -1;
  let hasUpper = false;
  let previous: "none" | "lower" | "upper" = "none";
  const flush = (end: number) => {
    if (start !== -1) {
      const word = text.slice(start, end);
      words.push(hasUpper ? word.toLowerCase() : word);
    }
    start = -1;
    hasUpper = false;
    previous = "none";
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isUpper(code)) {
      // "clientsList" → clients | list; "HTTPServer" → http | server; but "IDs" stays one word.
      const next = text.charCodeAt(index + 1);
      const pluralAcronym = next === 115 /* s */ && !isLowerOrDigit(text.charCodeAt(index + 2));
      if (previous === "lower" || (previous === "upper" && isLower(next) && !pluralAcronym)) flush(index);
      if (start === -1) start = index;
      hasUpper = true;
      previous = "upper";
    } else if (isLowerOrDigit(code)) {
      if (start === -1) start = index;
      previous = "lower";
    } else {
      flush(index);
      // A possessive "'s" ends the word and is dropped.
      if (code === 39 /* ' */ && (text.charCodeAt(index + 1) | 32) === 115 && !isLowerOrDigit(text.charCodeAt(index + 2))) index++;
    }
  }
  flush(text.length);
  return words;
}

const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isLowerOrDigit = (code: number) => isLower(code) || (code >= 48 && code <= 57);

// Tried in order on a word the table lacks; the stem left must keep at least 3 characters.
const SUFFIXES: ReadonlyArray<readonly [suffix: string, replacement: string]> = [
  ["ies", "y"],
  ["es", ""],
  ["s", ""],
  ["ing", ""],
  ["ing", "e"],
  ["ed", ""],
  ["ed", "e"],
  ["ly", ""],
  ["er", ""],
];

/** Candidate spellings of an out-of-vocabulary word with one common English suffix removed, most likely first. */
export function suffixVariants(word: string): string[] {
  const variants: string[] = [];
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) variants.push(word.slice(0, -suffix.length) + replacement);
  }
  return variants;
}

/**
 * A letter run or a digit run, one object for every call: the build turns a `\p{…}` literal into `new RegExp`, so
 * inside the function each call built the expression anew (a profile of selections with numbers in their messages
 * showed it among the costliest lines).
 */
const LETTER_OR_DIGIT_RUN = /\p{L}+|\p{N}+/gu;

/** Letter runs and digit runs of a mixed word: "ai2sql" → ai, 2, sql; "mp3" → mp, 3. Empty when not mixed. */
export function letterDigitRuns(word: string): string[] {
  const runs = word.match(LETTER_OR_DIGIT_RUN) ?? [];
  return runs.length > 1 ? runs : [];
}
