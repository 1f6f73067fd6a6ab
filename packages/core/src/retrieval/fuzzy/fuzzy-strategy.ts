/**
 * @module The fuzzy strategy: finds tools by name, surviving typos (swapped letters included) and exact name
 * lookups ("when the agent already knows it wants write_file"). Candidates come from a deletion index (SymSpell),
 * so ranking costs time in proportion to the query, not to the catalog.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { editDistance } from "../../text/closest-matches.js";
import { splitWords, stem } from "../../text/tokenize.js";
import { bestSlots } from "../best-k.js";
import { grownTo } from "../grown-array.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { CandidateColumns, linkOne, phraseHash, pushSlot, type SlotList, unlinkOne, wordsAt } from "./name-index-parts.js";

/** Options of {@link createFuzzyStrategy}. */
export interface FuzzyStrategyOptions {
  /** Score added when the query names the tool exactly. @defaultValue 1 */
  exactBonus?: number;
  /** Words shorter than this are matched exactly only. @defaultValue 4 */
  minFuzzyLength?: number;
  /**
   * A name index saved by {@link FuzzyStrategy.save} (e.g. in a snapshot): the first `index()` of a catalog whose
   * tools are `saved.names`, in that order, takes each name's words and stems from it instead of analysing the names.
   */
  saved?: SavedFuzzyIndex;
}

/**
 * A fuzzy name index in arrays (see {@link FuzzyStrategy.save}): every name word once with its stem, and each
 * tool's words as positions in that list, tool after tool in the order they were indexed.
 */
export interface SavedFuzzyIndex {
  /** The tools, in the order they were indexed. */
  names: readonly string[];
  words: readonly string[];
  /** The stem of each word, by position. */
  stems: readonly string[];
  /** How many words each tool's name has, by tool. */
  counts: Uint32Array;
  /** The positions in `words` of every tool's name words, tool after tool. */
  wordIds: Uint32Array;
}

/** The fuzzy strategy: a {@link RetrievalStrategy} that can save its name index. */
export interface FuzzyStrategy extends RetrievalStrategy {
  /** The name index in arrays, to pass back as `saved`. */
  save(): SavedFuzzyIndex;
}

/**
 * Longest query word matched fuzzily. Tool names have at most 64 characters, so a longer word is within one
 * deletion of no name word; and listing a word's deletions costs its length squared (an 8,000-letter word: 64 M
 * characters), so longer words (pasted junk, hashes) are matched exactly only.
 */
const MAX_FUZZY_WORD_LENGTH = 65;

/** Longest tool name, in words, looked for as an exact phrase in the query. */
const MAX_NAME_WORDS = 8;

function deletions(word: string): string[] {
  const result: string[] = [];
  for (let index = 0; index < word.length; index++) result.push(word.slice(0, index) + word.slice(index + 1));
  return result;
}

/** Similarity of two words from their edit distance (adjacent swaps cost 1): 1 − d / longer length. */
function similarity(a: string, b: string): number {
  const distance = editDistance(a, b);
  const limit = Math.max(a.length, b.length) >= 8 ? 2 : 1;
  return distance > limit ? 0 : 1 - distance / Math.max(a.length, b.length);
}

/**
 * Creates the fuzzy strategy. A tool's score is the share of its name (each name word weighted by its rarity
 * across tool names) that the query's words match, exactly, by stem, or within one edit (two for long words);
 * a query that contains the tool's whole name gets `exactBonus` on top.
 *
 * @example
 * ```ts
 * const fuzzy = createFuzzyStrategy();
 * fuzzy.index(catalog);
 * fuzzy.rank({ query: "run wirte_file on it", limit: 3 })[0]?.name; // "write_file"
 * ```
 */
export function createFuzzyStrategy({ exactBonus = 1, minFuzzyLength = 4, saved }: FuzzyStrategyOptions = {}): FuzzyStrategy {
  const names = new FuzzyNameIndex(exactBonus, minFuzzyLength);
  let restorable = saved;
  // A plain object of functions rather than the instance, so callers may spread it or pass `rank` alone.
  return {
    name: "fuzzy",
    index: (catalog) => {
      const from = restorable;
      restorable = undefined;
      if (from === undefined || !names.restore(from, catalog.names())) names.index(catalog);
    },
    add: (tools) => names.add(tools),
    remove: (toolNames) => names.remove(toolNames),
    rank: (request) => names.rank(request),
    save: () => names.save(),
  };
}

/**
 * Once removed tools leave at least this many empty slots, and more than a quarter of the live ones, the index is
 * rebuilt from the live tools in slot order (the same index, renumbered densely): the columns, word lists and marks
 * then stop growing with every update.
 */
const COMPACT_MIN_EMPTY_SLOTS = 64;
const COMPACT_LIVE_SHARE = 4;

/**
 * The indexes behind {@link createFuzzyStrategy}: tool names by word, stem, one-letter deletion and whole phrase.
 * Tools are slots (given out in the order they were indexed, which is the order ties go by) and words are ids, kept
 * in columns: at 100,000 tools a map, set or array per tool or word occurrence cost some 50 MB.
 */
class FuzzyNameIndex {
  readonly #exactBonus: number;
  readonly #minFuzzyLength: number;
  /** Slot of each indexed tool, and the name of each slot (undefined once removed). */
  readonly #slots = new Map<string, number>();
  #names: Array<string | undefined> = [];
  /** Each slot's name words, as word ids: `#nameWordCounts[slot]` ids from `#nameWordStarts[slot]` in `#nameWordIds`. */
  #nameWordStarts = new Uint32Array(64);
  #nameWordCounts = new Uint16Array(64);
  #nameWordIds = new Uint32Array(256);
  #nameWordLength = 0;
  /** Word id of each name word in use, the word of each id, and the slots whose names have it. */
  readonly #wordIds = new Map<string, number>();
  #words: string[] = [];
  #toolsOfWord: SlotList[] = [];
  /** Name words by stem and by one-letter deletion: most keys have one word, kept as the string itself. */
  readonly #wordsByStem = new Map<string, string | string[]>();
  readonly #wordsByDeletion = new Map<string, string | string[]>();
  /**
   * Slots by the {@link phraseHash} of their whole name's words joined by spaces (one slot, or several when names
   * share the hash), for the names that are not their words joined by "_" (`getUser`, `Send-Email`); a match is
   * checked against the words. A name that is (`get_user`) is found by its phrase with the spaces made "_" in
   * `#slots`, and not kept here. No phrase string is kept: at 100,000 tools they cost about 4 MB.
   */
  readonly #toolsByPhrase = new Map<number, number | number[]>();
  /** How many live names start with each word: a query word no name starts with begins no exact name match. */
  readonly #firstWordUses = new Map<string, number>();
  /**
   * Each word's rarity across tool names (`log(1 + tools / tools with the word)`), computed on demand and valid while
   * its stamp is the index's version (every add or remove changes the counts).
   */
  #wordWeights = new Float64Array(0);
  #wordWeightStamps = new Uint32Array(0);
  #version = 1;
  /** The candidates of a ranking, reused by the next one (see `rank`). */
  readonly #columns = new CandidateColumns();
  /** Whether a ranking is under way (a filter that ranks again gets columns of its own). */
  #ranking = false;
  /** Per slot, the number of the last ranking that considered the tool (see `rank`). */
  #marks = new Uint32Array(0);
  #mark = 0;

  constructor(exactBonus: number, minFuzzyLength: number) {
    this.#exactBonus = exactBonus;
    this.#minFuzzyLength = minFuzzyLength;
  }

  index(catalog: ToolCatalog): void {
    // Indexing again (e.g. to recover from a failed update) drops what the catalog no longer has.
    if (this.#slots.size > 0) {
      const current = new Set(catalog.names());
      for (const name of [...this.#slots.keys()]) if (!current.has(name)) this.#removeTool(name);
    }
    for (const tool of catalog.tools()) this.#addTool(tool.name);
    this.#compactIfSparse();
  }

  add(tools: readonly ToolMetadata[]): void {
    for (const tool of tools) this.#addTool(tool.name);
    this.#compactIfSparse();
  }

  /**
   * Takes the names' words and stems from `saved` when the index is empty and `saved` is of exactly these tools, in
   * this order (the same index a fresh build makes, without analysing a name). Returns whether it did.
   */
  restore(saved: SavedFuzzyIndex, names: readonly string[]): boolean {
    const { words, stems, counts, wordIds } = saved;
    if (this.#slots.size > 0 || this.#names.length > 0 || saved.names.length !== names.length || counts.length !== names.length)
      return false;
    if (!saved.names.every((name, position) => name === names[position])) return false;
    // What #addTool does tool by tool, over the saved arrays: the saved list holds each word once, in order of first
    // use, so its positions are the word ids and its strings the ones kept.
    let at = 0;
    for (let position = 0; position < names.length; position++) {
      const count = counts[position]!;
      const ids = wordIds.subarray(at, at + count);
      at += count;
      this.#placeTool(names[position]!, ids, (id) => {
        if (this.#words[id] !== undefined) return id;
        const word = words[id]!;
        this.#words[id] = word;
        this.#wordIds.set(word, id);
        this.#linkWord(word, stems[id]!);
        return id;
      });
    }
    return true;
  }

  /** The index in arrays (tools in the order they were indexed, which is the order ties go by). */
  save(): SavedFuzzyIndex {
    const position = new Map<number, number>();
    const names: string[] = [];
    const words: string[] = [];
    const counts: number[] = [];
    const wordIds: number[] = [];
    this.#names.forEach((name, slot) => {
      if (name === undefined) return;
      names.push(name);
      const start = this.#nameWordStarts[slot]!;
      const count = this.#nameWordCounts[slot]!;
      counts.push(count);
      for (let index = start; index < start + count; index++) {
        const word = this.#nameWordIds[index]!;
        let id = position.get(word);
        if (id === undefined) position.set(word, (id = words.push(this.#words[word]!) - 1));
        wordIds.push(id);
      }
    });
    return { names, words, stems: words.map((word) => stem(word)), counts: Uint32Array.from(counts), wordIds: Uint32Array.from(wordIds) };
  }

  remove(names: readonly string[]): void {
    for (const name of names) this.#removeTool(name);
    this.#compactIfSparse();
  }

  rank({ query, limit, filter }: RankRequest): RankedTool[] {
    const queryWords = splitWords(query);
    const close = this.#closeNameWords(queryWords);
    const exact = new Set(this.#exactNames(queryWords));
    // Per candidate: the share of its name matched (rarity-weighted), and that plus the exact-name bonus. A word many
    // names share makes tens of thousands of candidates at 100,000 tools: they go in typed columns (reused unless a
    // filter ranks again meanwhile), ranked by `bestSlots`, which allocates nothing per candidate.
    const reuse = !this.#ranking;
    const columns = reuse ? this.#columns : new CandidateColumns();
    const names = this.#names;
    const starts = this.#nameWordStarts;
    const counts = this.#nameWordCounts;
    const tools = this.#slots.size;
    // Each candidate once: a tool is marked with this ranking's number, kept per slot (no set to fill).
    const mark = this.#nextMark();
    let count = 0;
    const consider = (slot: number): void => {
      if (this.#marks[slot] === mark || names[slot] === undefined) return;
      this.#marks[slot] = mark;
      columns.ensure(count + 1);
      // The share of the tool's name (each word weighted by its rarity) that the close words cover.
      const ids = this.#nameWordIds;
      let covered = 0;
      let total = 0;
      for (let index = starts[slot]!, end = index + counts[slot]!; index < end; index++) {
        const id = ids[index]!;
        const weight = this.#wordWeight(id, tools);
        total += weight;
        covered += weight * (close.get(this.#words[id]!) ?? 0);
      }
      const share = total > 0 ? covered / total : 0;
      columns.shares[count] = share;
      columns.scores[count] = share + (exact.has(slot) ? this.#exactBonus : 0);
      columns.order[count] = slot;
      count++;
    };
    for (const slot of exact) consider(slot);
    // A word that more than 2% of the names share (and at least 5) brings no candidates of its own: too common to
    // tell tools apart, and at 100,000 tools thousands of them.
    const maxShare = Math.max(5, tools * 0.02);
    for (const word of close.keys()) {
      const list = this.#toolsOfWord[this.#wordIds.get(word)!]!;
      if (list.live > maxShare) continue;
      for (let index = 0; index < list.length; index++) consider(list.slots[index]!);
    }
    const { shares, scores, order } = columns;
    this.#ranking = true;
    try {
      const allowed = filter === undefined ? undefined : (position: number) => filter(names[order[position]!]!);
      const best = bestSlots(scores, columns.slots, count, limit, allowed, order);
      return best.map((position) => {
        const slot = order[position]!;
        const fuzzy = shares[position]!;
        return { name: names[slot]!, score: scores[position]!, signals: exact.has(slot) ? { fuzzy, exact: 1 } : { fuzzy } };
      });
    } finally {
      if (reuse) this.#ranking = false;
    }
  }

  /** A word's rarity across the `tools` tool names (memoised until the next add or remove). */
  #wordWeight(id: number, tools: number): number {
    if (this.#wordWeightStamps[id] === this.#version) return this.#wordWeights[id]!;
    const weight = Math.log(1 + tools / (this.#toolsOfWord[id]!.live || 1));
    this.#wordWeights[id] = weight;
    this.#wordWeightStamps[id] = this.#version;
    return weight;
  }

  /** A new ranking's mark, with room in `#marks` for every slot given out so far. */
  #nextMark(): number {
    this.#marks = grownTo(this.#marks, this.#names.length);
    if (this.#wordWeights.length < this.#words.length) {
      const size = Math.max(this.#words.length, 2 * this.#wordWeights.length);
      this.#wordWeights = new Float64Array(size);
      this.#wordWeightStamps = new Uint32Array(size);
    }
    if (this.#mark === 0xffffffff) {
      this.#marks.fill(0);
      this.#mark = 0;
    }
    return ++this.#mark;
  }

  /** Indexes a tool by its name's words (a word many names share is stored once, as one id). */
  #addTool(name: string): void {
    this.#removeTool(name);
    const words = splitWords(name);
    const ids = new Uint32Array(words.length);
    words.forEach((word, index) => {
      let id = this.#wordIds.get(word);
      if (id === undefined) {
        id = this.#words.push(word) - 1;
        this.#wordIds.set(word, id);
        this.#linkWord(word, stem(word));
      }
      ids[index] = id;
    });
    this.#placeTool(name, ids, (id) => id);
  }

  /** Gives a tool the next slot, its name's word ids (each passed through `wordOf` first) and its phrase. */
  #placeTool(name: string, ids: ArrayLike<number>, wordOf: (id: number) => number): void {
    const slot = this.#names.length;
    this.#names.push(name);
    this.#slots.set(name, slot);
    this.#version++;
    this.#nameWordStarts = grownTo(this.#nameWordStarts, slot + 1);
    this.#nameWordCounts = grownTo(this.#nameWordCounts, this.#nameWordStarts.length);
    this.#nameWordIds = grownTo(this.#nameWordIds, this.#nameWordLength + ids.length);
    const start = this.#nameWordLength;
    this.#nameWordStarts[slot] = start;
    this.#nameWordCounts[slot] = ids.length;
    this.#nameWordLength += ids.length;
    const phrase: string[] = [];
    for (let index = 0; index < ids.length; index++) {
      const id = wordOf(ids[index]!);
      this.#nameWordIds[start + index] = id;
      phrase.push(this.#words[id]!);
      // Each word of a name once (a name has a handful).
      let repeated = false;
      for (let earlier = start; earlier < start + index; earlier++) repeated ||= this.#nameWordIds[earlier] === id;
      if (!repeated) pushSlot((this.#toolsOfWord[id] ??= { slots: new Uint32Array(2), length: 0, live: 0 }), slot);
    }
    if (phrase.join("_") !== name) linkOne(this.#toolsByPhrase, phraseHash(phrase.join(" ")), slot);
    if (phrase.length > 0) this.#firstWordUses.set(phrase[0]!, (this.#firstWordUses.get(phrase[0]!) ?? 0) + 1);
  }

  /** Links a word (new to the index) under its stem and, if long enough, its one-letter deletions. */
  #linkWord(word: string, wordStem: string): void {
    linkOne(this.#wordsByStem, wordStem, word);
    if (word.length >= this.#minFuzzyLength) for (const deleted of deletions(word)) linkOne(this.#wordsByDeletion, deleted, word);
  }

  #removeTool(name: string): void {
    const slot = this.#slots.get(name);
    if (slot === undefined) return;
    this.#slots.delete(name);
    this.#names[slot] = undefined;
    this.#version++;
    const start = this.#nameWordStarts[slot]!;
    const end = start + this.#nameWordCounts[slot]!;
    const words: string[] = [];
    for (let index = start; index < end; index++) words.push(this.#words[this.#nameWordIds[index]!]!);
    if (words.join("_") !== name) unlinkOne(this.#toolsByPhrase, phraseHash(words.join(" ")), slot);
    if (words.length > 0) {
      const uses = this.#firstWordUses.get(words[0]!)! - 1;
      if (uses > 0) this.#firstWordUses.set(words[0]!, uses);
      else this.#firstWordUses.delete(words[0]!);
    }
    for (let index = start; index < end; index++) {
      const id = this.#nameWordIds[index]!;
      let repeated = false;
      for (let earlier = start; earlier < index; earlier++) repeated ||= this.#nameWordIds[earlier] === id;
      if (repeated) continue;
      // The slot stays in the word's list (skipped as removed) until the next compaction.
      if (--this.#toolsOfWord[id]!.live > 0) continue;
      const word = this.#words[id]!;
      this.#wordIds.delete(word);
      unlinkOne(this.#wordsByStem, stem(word), word);
      if (word.length >= this.#minFuzzyLength) for (const deleted of deletions(word)) unlinkOne(this.#wordsByDeletion, deleted, word);
    }
  }

  /** Rebuilds the index from the live tools, in slot order, once removed ones left many empty slots. */
  #compactIfSparse(): void {
    const empty = this.#names.length - this.#slots.size;
    if (empty < COMPACT_MIN_EMPTY_SLOTS || empty * COMPACT_LIVE_SHARE <= this.#slots.size) return;
    const live: Array<{ name: string; words: string[] }> = [];
    this.#names.forEach((name, slot) => {
      if (name === undefined) return;
      const start = this.#nameWordStarts[slot]!;
      const words: string[] = [];
      for (let index = start; index < start + this.#nameWordCounts[slot]!; index++) words.push(this.#words[this.#nameWordIds[index]!]!);
      live.push({ name, words });
    });
    this.#slots.clear();
    this.#names = [];
    this.#nameWordLength = 0;
    this.#wordIds.clear();
    this.#words = [];
    this.#toolsOfWord = [];
    this.#wordsByStem.clear();
    this.#wordsByDeletion.clear();
    this.#toolsByPhrase.clear();
    this.#firstWordUses.clear();
    this.#marks = new Uint32Array(0);
    this.#mark = 0;
    for (const { name, words } of live) {
      const ids = words.map((word) => {
        let id = this.#wordIds.get(word);
        if (id === undefined) {
          id = this.#words.push(word) - 1;
          this.#wordIds.set(word, id);
          this.#linkWord(word, stem(word));
        }
        return id;
      });
      this.#placeTool(name, ids, (id) => id);
    }
  }

  /** The best similarity of each name word to any query word. */
  #closeNameWords(queryWords: readonly string[]): Map<string, number> {
    const close = new Map<string, number>();
    for (const queryWord of new Set(queryWords)) {
      for (const [word, score] of this.#closeWords(queryWord)) close.set(word, Math.max(close.get(word) ?? 0, score));
    }
    return close;
  }

  /** Name words close to a query word, with their similarity. */
  #closeWords(queryWord: string): Map<string, number> {
    const close = new Map<string, number>();
    if (this.#wordIds.has(queryWord)) close.set(queryWord, 1);
    for (const word of wordsAt(this.#wordsByStem, stem(queryWord))) if (!close.has(word)) close.set(word, 0.95);
    if (queryWord.length >= this.#minFuzzyLength && queryWord.length <= MAX_FUZZY_WORD_LENGTH) {
      for (const key of [queryWord, ...deletions(queryWord)]) {
        for (const word of wordsAt(this.#wordsByDeletion, key)) {
          if (close.has(word)) continue;
          const score = similarity(queryWord, word);
          if (score > 0) close.set(word, score);
        }
      }
      // A one-letter deletion from the query (an extra letter typed) that is itself a name word.
      for (const deleted of deletions(queryWord)) {
        if (this.#wordIds.has(deleted) && !close.has(deleted)) close.set(deleted, similarity(queryWord, deleted));
      }
    }
    return close;
  }

  /** A slot's name words joined by `separator` ("_" gives the name itself for the names not in `#toolsByPhrase`). */
  #phraseOf(slot: number, separator = "_"): string {
    const start = this.#nameWordStarts[slot]!;
    const words: string[] = [];
    for (let index = start; index < start + this.#nameWordCounts[slot]!; index++) words.push(this.#words[this.#nameWordIds[index]!]!);
    return words.join(separator);
  }

  /**
   * Slots of the tools whose whole name appears in the query as consecutive words ("write file", "writeFile",
   * "write_file"). A name found inside a longer name found at the same place ("get_user" in "get_user_groups") does
   * not count.
   */
  #exactNames(queryWords: readonly string[]): number[] {
    const spans: Array<{ start: number; end: number; slot: number }> = [];
    for (let start = 0; start < queryWords.length; start++) {
      if (!this.#firstWordUses.has(queryWords[start]!)) continue;
      let key = "";
      let joined = "";
      for (let length = 1; length <= MAX_NAME_WORDS && start + length <= queryWords.length; length++) {
        key = length === 1 ? queryWords[start]! : `${key} ${queryWords[start + length - 1]}`;
        joined = length === 1 ? key : `${joined}_${queryWords[start + length - 1]}`;
        const named = this.#slots.get(joined);
        if (named !== undefined && this.#phraseOf(named) === joined) spans.push({ start, end: start + length, slot: named });
        const found = this.#toolsByPhrase.get(phraseHash(key));
        for (const slot of typeof found === "number" ? [found] : (found ?? [])) {
          if (this.#phraseOf(slot, " ") === key) spans.push({ start, end: start + length, slot });
        }
      }
    }
    const inLonger = (span: (typeof spans)[number]) =>
      spans.some((other) => other.start <= span.start && other.end >= span.end && other.end - other.start > span.end - span.start);
    return spans.filter((span) => !inLonger(span)).map((span) => span.slot);
  }
}
