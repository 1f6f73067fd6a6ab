/**
 * @module An inverted index from normalised keyword phrases to what they select (a category or a single tool), so
 * matching costs time in proportion to the message, not to the catalog.
 */
import { normalizeTerms } from "../text/tokenize.js";

/** What a keyword selects. */
export interface KeywordTarget {
  kind: "category" | "tool";
  name: string;
}

interface Entry {
  terms: string[];
  keyword: string;
  target: KeywordTarget;
  /** `kind:name`, to report each target once. */
  key: string;
}

/** One keyword hit in a text. */
export interface KeywordMatch {
  target: KeywordTarget;
  /** The keyword as declared. */
  keyword: string;
  /** Index of the first matched word in the text. */
  position: number;
}

const MEMO_LIMIT = 1024;

/**
 * Keyword phrases indexed by their first normalised word. Results are memoised per text (bounded): the history
 * messages of a conversation are matched again on every turn, and the current one before every model call.
 */
export class KeywordIndex {
  readonly #byFirstTerm = new Map<string, Entry[]>();
  readonly #memo = new Map<string, readonly KeywordMatch[]>();

  /** Adds a keyword; returns false when it normalises to nothing (e.g. only punctuation). */
  add(keyword: string, target: KeywordTarget): boolean {
    const terms = normalizeTerms(keyword);
    if (terms.length === 0) return false;
    const first = terms[0]!;
    const entries = this.#byFirstTerm.get(first) ?? [];
    entries.push({ terms, keyword, target, key: `${target.kind}:${target.name}` });
    this.#byFirstTerm.set(first, entries);
    this.#memo.clear();
    return true;
  }

  /**
   * Every target selected by `text`, once each, with its first matching keyword, in order of position.
   * Keywords match whole words after stemming, so "pay" never fires on "display" and "clients" matches "client".
   */
  match(text: string): readonly KeywordMatch[] {
    const memoised = this.#memo.get(text);
    if (memoised !== undefined) {
      // Least recently used eviction: a hit moves to the back.
      this.#memo.delete(text);
      this.#memo.set(text, memoised);
      return memoised;
    }
    const matches = this.#match(text);
    if (this.#memo.size >= MEMO_LIMIT) this.#memo.delete(this.#memo.keys().next().value!);
    this.#memo.set(text, matches);
    return matches;
  }

  #match(text: string): readonly KeywordMatch[] {
    const terms = normalizeTerms(text);
    const seen = new Set<string>();
    const matches: KeywordMatch[] = [];
    for (let position = 0; position < terms.length; position++) {
      const entries = this.#byFirstTerm.get(terms[position]!);
      if (entries === undefined) continue;
      for (const entry of entries) {
        if (seen.has(entry.key) || !phraseAt(terms, position, entry.terms)) continue;
        seen.add(entry.key);
        matches.push(Object.freeze({ target: entry.target, keyword: entry.keyword, position }));
      }
    }
    return Object.freeze(matches);
  }
}

function phraseAt(terms: readonly string[], position: number, phrase: readonly string[]): boolean {
  if (position + phrase.length > terms.length) return false;
  for (let offset = 1; offset < phrase.length; offset++) {
    if (terms[position + offset] !== phrase[offset]) return false;
  }
  return true;
}
