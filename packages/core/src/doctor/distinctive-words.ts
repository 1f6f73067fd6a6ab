/**
 * @module The words of one text that a set of other texts lack: what a `keywords` or `whenToUse` suggestion can
 * use to tell a tool apart from the tools it is confused with. Pure.
 */
import { GENERIC_TOOL_WORDS, STOP_WORDS } from "../text/stop-words.js";
import { splitWords, stem } from "../text/tokenize.js";

/** A text's content words, lower-cased, at least 3 letters, without stop words and generic tool words. */
function contentWords(text: string, keepGeneric: boolean): string[] {
  return splitWords(text).filter(
    (word) => word.length >= 3 && !STOP_WORDS.has(word) && (keepGeneric || !GENERIC_TOOL_WORDS.has(word)) && !/^\d+$/.test(word),
  );
}

/**
 * The content words of `own` whose stem occurs in none of `others`, in order of first appearance, at most `limit`.
 * Generic tool words (get, add, list, …) count only with `keepGeneric` (what tells `add_x` from `update_x`).
 *
 * @example
 * ```ts
 * distinctiveWords("Send a notification to one user by id", ["Send a notification to a channel"]); // ["user"]
 * ```
 */
export function distinctiveWords(own: string, others: readonly string[], limit = 3, { keepGeneric = false } = {}): string[] {
  const taken = new Set<string>();
  for (const other of others) for (const word of splitWords(other)) taken.add(stem(word));
  const found: string[] = [];
  const seen = new Set<string>();
  for (const word of contentWords(own, keepGeneric)) {
    const stemmed = stem(word);
    if (taken.has(stemmed) || seen.has(stemmed)) continue;
    seen.add(stemmed);
    found.push(word);
    if (found.length === limit) break;
  }
  return found;
}
