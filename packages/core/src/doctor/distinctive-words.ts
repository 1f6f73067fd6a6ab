/**
 * @module The words of one text that a set of other texts lack: what a `keywords` or `whenToUse` suggestion can
 * use to tell a tool apart from the tools it is confused with. Pure.
 */
import { CONVERSATIONAL_WORDS } from "../text/conversational-words.js";
import { GENERIC_TOOL_WORDS, STOP_WORDS } from "../text/stop-words.js";
import { splitWords, stem } from "../text/tokenize.js";

/** A text's content words, lower-cased, at least 3 letters, without stop words, small talk and generic tool words. */
function contentWords(text: string, keepGeneric: boolean): string[] {
  return splitWords(text).filter(
    (word) =>
      word.length >= 3 &&
      !STOP_WORDS.has(word) &&
      !CONVERSATIONAL_WORDS.has(word) &&
      (keepGeneric || !GENERIC_TOOL_WORDS.has(word)) &&
      !/^\d+$/.test(word),
  );
}

/**
 * The content words of `own` whose stem occurs in none of `others`, in order of first appearance, at most `limit`.
 * Generic tool words (get, add, list, …) count only with `keepGeneric` (what tells `add_x` from `update_x`); words whose
 * stem is `common` (see {@link commonStems}) never do: they tell nothing apart.
 *
 * @example
 * ```ts
 * distinctiveWords("Send a notification to one user by id", ["Send a notification to a channel"]); // ["user"]
 * ```
 */
export function distinctiveWords(
  own: string,
  others: readonly string[],
  limit = 3,
  { keepGeneric = false, common }: { keepGeneric?: boolean; common?: ReadonlySet<string> } = {},
): string[] {
  const taken = new Set<string>(common);
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

/**
 * The stems that more than `share` of `texts` use (and at least `least` of them): a catalog's stock words ("provide",
 * "information" in tool descriptions) or what users say whatever they ask for ("looking", "best" in messages), which
 * suggested as a keyword would select a tool for everything.
 *
 * @example
 * ```ts
 * commonStems(["Provide weather", "Provide news", "Provide stock quotes", "Book a table"], 0.5, 2); // Set { "provid" }
 * ```
 */
export function commonStems(texts: readonly string[], share = 0.05, least = 3): Set<string> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of new Set(splitWords(text).map(stem))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const over = Math.max(least - 1, share * texts.length);
  return new Set([...counts].filter(([, count]) => count > over).map(([word]) => word));
}
