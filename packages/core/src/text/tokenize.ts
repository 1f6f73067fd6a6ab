/**
 * @module Text normalisation shared by keyword matching and (later) lexical retrieval: lower-casing, word
 * splitting (snake_case, camelCase, kebab, dotted), CJK as single characters, and Porter stemming.
 */
import PorterStemmer from "natural/lib/natural/stemmers/porter_stemmer.js";

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
// A word is a run of letters/digits; each CJK character stands alone (no segmenter is available offline).
const WORD =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]|(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])[\p{L}\p{N}])+/gu;
// Zero-width, so adjacent boundaries ("isABook") are all found: lower→Upper, and Upper→Upper+lower except a
// plural acronym ("IDs").
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?![\p{Ll}\p{N}]))/gu;
// A possessive "'s" not followed by a lower-case letter or digit ("today's", "client's_x", "today'sClass").
const POSSESSIVE = /['’][sS](?![\p{Ll}\p{N}])/gu;

/** True when the token is a single CJK character. */
export function isCjk(token: string): boolean {
  return CJK.test(token);
}

/**
 * Splits text into lower-case words. camelCase and PascalCase are split ("getClientsList" → get, clients, list),
 * as is anything that is not a letter or digit ("get_clients-list.v2" → get, clients, list, v2), and a possessive
 * "'s" is dropped ("today's" → today). A text among the last 8 split gets the same (read-only) array again.
 *
 * @example
 * ```ts
 * splitWords("Who came today's yogaClass?"); // ["who", "came", "today", "yoga", "class"]
 * ```
 */
export function splitWords(text: string): readonly string[] {
  for (let slot = 0; slot < RECENT_SPLITS; slot++) if (recentTexts[slot] === text) return recentWords[slot]!;
  // eslint-disable-next-line no-control-regex -- the ASCII test is the point
  const words = !/[^\x00-\x7f]/.test(text)
    ? splitAsciiWords(text)
    : (text.normalize("NFKC").replace(CAMEL_BOUNDARY, " ").replace(POSSESSIVE, " ").toLowerCase().match(WORD) ?? []);
  recentTexts[nextSlot] = text;
  recentWords[nextSlot] = words;
  nextSlot = (nextSlot + 1) % RECENT_SPLITS;
  return words;
}

/**
 * The texts split last, and their words: one selection reads its message several times (the query rewrite,
 * abstention, the remark model, the vocabulary expansion, fuzzy), and each reader then gets the same words, already
 * hashed where a reader looked them up. Replaced oldest first (a pure function of the text, so sharing changes no
 * result).
 */
const RECENT_SPLITS = 8;
const recentTexts: Array<string | undefined> = new Array<string | undefined>(RECENT_SPLITS).fill(undefined);
const recentWords: Array<readonly string[] | undefined> = new Array<readonly string[] | undefined>(RECENT_SPLITS).fill(undefined);
let nextSlot = 0;

const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

/**
 * Longest word that is stemmed. Porter's stemmer is quadratic in a word's length on vowel-less runs ("qqqq…":
 * 100,000 letters took about a minute), and no word of a natural language comes near this; longer runs (hashes,
 * base64, pasted junk) are kept as they are, and not memoised.
 */
export const MAX_STEMMED_WORD_LENGTH = 64;

/**
 * The Porter stem of one lower-case word; numbers, CJK characters, words shorter than 3 letters and words longer
 * than {@link MAX_STEMMED_WORD_LENGTH} are kept as they are.
 * Memoised (a pure function, so sharing the memo between callers changes no result).
 */
export function stem(word: string): string {
  if (word.length > MAX_STEMMED_WORD_LENGTH) return word;
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  if (word.length < 3 || /^\d+$/.test(word)) return word;
  const stemmed = isCjk(word) ? word : PorterStemmer.stem(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stemmed);
  return stemmed;
}

/** {@link splitWords} followed by {@link stem}: the normal form keywords and messages are compared in. */
export function normalizeTerms(text: string): string[] {
  return splitWords(text).map(stem);
}

const enum Char {
  Apostrophe = 39,
  Zero = 48,
  Nine = 57,
  UpperA = 65,
  UpperZ = 90,
  LowerA = 97,
  LowerS = 115,
  LowerZ = 122,
}

/**
 * {@link splitWords} for text already known to be ASCII, in one pass without regular expressions (the hot path of
 * selection and indexing). Words are sliced out of the text, not built a character at a time.
 */
export function splitAsciiWords(text: string): string[] {
  const words: string[] = [];
  // The current word's first index (-1: none), whether it has capitals, and its last character's class
  // (1: lower or digit, 2: upper).
  let start = -1;
  let hasUpper = false;
  let previous = 0;
  const flush = (end: number) => {
    if (start !== -1) {
      const word = text.slice(start, end);
      words.push(hasUpper ? word.toLowerCase() : word);
    }
    start = -1;
    hasUpper = false;
    previous = 0;
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= Char.UpperA && code <= Char.UpperZ) {
      const next = text.charCodeAt(index + 1);
      const nextIsLower = next >= Char.LowerA && next <= Char.LowerZ;
      // "clientsList" → clients | list; "HTTPServer" → http | server; but "IDs" stays one word.
      const pluralAcronym = next === Char.LowerS && !isLowerOrDigit(text.charCodeAt(index + 2));
      if (previous === 1 || (previous === 2 && nextIsLower && !pluralAcronym)) flush(index);
      if (start === -1) start = index;
      hasUpper = true;
      previous = 2;
    } else if (isLowerOrDigit(code)) {
      if (start === -1) start = index;
      previous = 1;
    } else {
      flush(index);
      // A possessive "'s" ends the word and is dropped.
      if (code === Char.Apostrophe && (text.charCodeAt(index + 1) | 32) === Char.LowerS && !isLowerOrDigit(text.charCodeAt(index + 2)))
        index++;
    }
  }
  flush(text.length);
  return words;
}

function isLowerOrDigit(code: number): boolean {
  return (code >= Char.Zero && code <= Char.Nine) || (code >= Char.LowerA && code <= Char.LowerZ);
}
