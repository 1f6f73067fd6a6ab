/**
 * @module An inverted index from normalised keyword phrases to what they select (a category or a single tool), so
 * matching costs time in proportion to the message, not to the catalog.
 */
import { PersistentMap } from "../../catalog/persistent-map.js";
import { normalizeTerms } from "../../text/tokenize.js";

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

/** Most texts memoised. */
const MEMO_LIMIT = 1024;
/**
 * Most characters of text the memo keeps in all (about 2 MB as UTF-16): the texts are untrusted messages, and 1,024
 * of 1 MB each would otherwise stay alive. A text longer than {@link MEMO_TEXT_LIMIT} is matched but never memoised.
 */
const MEMO_CHARS_LIMIT = 1_000_000;
const MEMO_TEXT_LIMIT = 16_384;

/**
 * Keyword phrases indexed by their first normalised word. Results are memoised per text (bounded): the history
 * messages of a conversation are matched again on every turn, and the current one before every model call.
 *
 * {@link KeywordIndex.fork} gives an independent copy cheaply (the index is a {@link PersistentMap} of posting lists,
 * copied on write), so a live catalog derives the next index from the previous one by removing and adding only the
 * keywords that changed, while selections holding the previous index keep matching against it unchanged.
 *
 * @example
 * ```ts
 * const index = new KeywordIndex();
 * index.add("salary", { kind: "category", name: "payroll" });
 * const next = index.fork();
 * next.remove("salary", { kind: "category", name: "payroll" });
 * index.match("pending salary").length; // 1
 * next.match("pending salary").length; // 0
 * ```
 */
export class KeywordIndex {
  #byFirstTerm: PersistentMap<string, Entry[]>;
  /** Posting lists only this index holds, so `add` may append in place; every other list is copied on write. */
  readonly #owned = new Set<Entry[]>();
  readonly #memo = new Map<string, readonly KeywordMatch[]>();
  /** Characters of the texts in {@link #memo}. */
  #memoChars = 0;

  constructor() {
    this.#byFirstTerm = PersistentMap.from();
  }

  /** Adds a keyword; returns false when it normalises to nothing (e.g. only punctuation). */
  add(keyword: string, target: KeywordTarget): boolean {
    const terms = normalizeTerms(keyword);
    if (terms.length === 0) return false;
    const first = terms[0]!;
    const entry: Entry = { terms, keyword, target, key: `${target.kind}:${target.name}` };
    const entries = this.#byFirstTerm.get(first);
    if (entries !== undefined && this.#owned.has(entries)) {
      entries.push(entry);
    } else {
      const copy = entries === undefined ? [entry] : [...entries, entry];
      if (entries !== undefined) this.#owned.delete(entries);
      this.#owned.add(copy);
      this.#byFirstTerm.set(first, copy);
    }
    this.#clearMemo();
    return true;
  }

  /**
   * Removes one entry of `keyword` for `target` (the first added); returns whether there was one. Removing every
   * keyword of a target that {@link add} accepted leaves the index as if the target had never been added.
   */
  remove(keyword: string, target: KeywordTarget): boolean {
    const terms = normalizeTerms(keyword);
    if (terms.length === 0) return false;
    const first = terms[0]!;
    const entries = this.#byFirstTerm.get(first);
    const key = `${target.kind}:${target.name}`;
    const at = entries?.findIndex((entry) => entry.key === key && entry.keyword === keyword) ?? -1;
    if (entries === undefined || at < 0) return false;
    if (entries.length === 1) {
      this.#owned.delete(entries);
      this.#byFirstTerm.delete(first);
    } else if (this.#owned.has(entries)) {
      entries.splice(at, 1);
    } else {
      const copy = entries.filter((_, index) => index !== at);
      this.#owned.add(copy);
      this.#byFirstTerm.set(first, copy);
    }
    this.#clearMemo();
    return true;
  }

  #clearMemo(): void {
    this.#memo.clear();
    this.#memoChars = 0;
  }

  /**
   * An independent copy: keywords added to or removed from either never show in the other. Costs the posting
   * lists changed recently, not the whole index; after a fork both indexes copy a posting list before changing it.
   */
  fork(): KeywordIndex {
    const copy = new KeywordIndex();
    copy.#byFirstTerm = this.#byFirstTerm.fork();
    // Every list is shared now, this index's included.
    this.#owned.clear();
    return copy;
  }

  /**
   * Every target selected by `text`, once each, with its first matching keyword, in order of position.
   * Keywords match whole words after stemming, so "pay" never fires on "display" and "clients" matches "client".
   * Memoised per text, bounded by count and by characters (least recently used first out).
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
    if (text.length > MEMO_TEXT_LIMIT) return matches;
    while (this.#memo.size > 0 && (this.#memo.size >= MEMO_LIMIT || this.#memoChars + text.length > MEMO_CHARS_LIMIT)) {
      const oldest = this.#memo.keys().next().value!;
      this.#memo.delete(oldest);
      this.#memoChars -= oldest.length;
    }
    this.#memo.set(text, matches);
    this.#memoChars += text.length;
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
