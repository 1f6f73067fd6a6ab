/**
 * @module Text normalisation shared by keyword matching and (later) lexical retrieval: lower-casing, word
 * splitting (snake_case, camelCase, kebab, dotted), CJK as single characters, and Porter stemming.
 */
import PorterStemmer from "natural/lib/natural/stemmers/porter_stemmer.js";

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
// A word is a run of letters/digits; each CJK character stands alone (no segmenter is available offline).
const WORD = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]|[\p{L}\p{N}]+/gu;
const CAMEL_BOUNDARY = /([\p{Ll}\p{N}])(\p{Lu})|(\p{Lu})(\p{Lu}\p{Ll})/gu;

/** True when the token is a single CJK character. */
export function isCjk(token: string): boolean {
  return CJK.test(token);
}

/**
 * Splits text into lower-case words. camelCase and PascalCase are split ("getClientsList" → get, clients, list),
 * as is anything that is not a letter or digit ("get_clients-list.v2" → get, clients, list, v2), and a possessive
 * "'s" is dropped ("today's" → today).
 *
 * @example
 * ```ts
 * splitWords("Who came today's yogaClass?"); // ["who", "came", "today", "yoga", "class"]
 * ```
 */
export function splitWords(text: string): string[] {
  const spaced = text
    .normalize("NFKC")
    .replace(CAMEL_BOUNDARY, (_match, a, b, c, d) => (a !== undefined ? `${a} ${b}` : `${c} ${d}`))
    .replace(/['’]s\b/gi, "")
    .toLowerCase();
  return spaced.match(WORD) ?? [];
}

const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

/**
 * The Porter stem of one lower-case word; CJK characters and words shorter than 3 letters are kept as they are.
 * Memoised (a pure function, so sharing the memo between callers changes no result).
 */
export function stem(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stemmed = word.length < 3 || isCjk(word) ? word : PorterStemmer.stem(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stemmed);
  return stemmed;
}

/** {@link splitWords} followed by {@link stem}: the normal form keywords and messages are compared in. */
export function normalizeTerms(text: string): string[] {
  return splitWords(text).map(stem);
}
