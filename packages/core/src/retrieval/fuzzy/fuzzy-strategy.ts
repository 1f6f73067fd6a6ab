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
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";

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

/** A name word's rarity weights across tool names, for one tool, and their sum. */
interface NameProfile {
  words: readonly string[];
  weights: Float64Array;
  total: number;
}

/** The indexes behind {@link createFuzzyStrategy}: tool names by word, stem, one-letter deletion and whole phrase. */
class FuzzyNameIndex {
  readonly #exactBonus: number;
  readonly #minFuzzyLength: number;
  readonly #nameWords = new Map<string, readonly string[]>();
  readonly #toolsByWord = new Map<string, Set<string>>();
  /** Name words by stem and by one-letter deletion: most keys have one word, kept as the string itself. */
  readonly #wordsByStem = new Map<string, string | string[]>();
  readonly #wordsByDeletion = new Map<string, string | string[]>();
  /** Tools by their whole name's words joined by spaces: one name, or a set when several names share the phrase. */
  readonly #toolsByPhrase = new Map<string, string | Set<string>>();
  readonly #order = new Map<string, number>();
  /** Every name word, mapped to itself: the one instance of each word string the index keeps. */
  readonly #wordKeys = new Map<string, string>();
  #nextOrder = 0;
  /**
   * Per tool, its name words' rarities (across tool names) and their sum, memoised until the next add or remove
   * (which changes the counts); built on demand for the tools a query makes candidates.
   */
  readonly #profiles = new Map<string, NameProfile>();
  /** The candidates of a ranking, reused by the next one (see `rank`). */
  readonly #columns = new CandidateColumns();
  /** Whether a ranking is under way (a filter that ranks again gets columns of its own). */
  #ranking = false;
  /** Per catalog position, the number of the last ranking that considered the tool (see `rank`). */
  #marks = new Uint32Array(0);
  #mark = 0;

  constructor(exactBonus: number, minFuzzyLength: number) {
    this.#exactBonus = exactBonus;
    this.#minFuzzyLength = minFuzzyLength;
  }

  index(catalog: ToolCatalog): void {
    // Indexing again (e.g. to recover from a failed update) drops what the catalog no longer has.
    if (this.#nameWords.size > 0) {
      const current = new Set(catalog.names());
      for (const name of [...this.#nameWords.keys()]) if (!current.has(name)) this.#removeTool(name);
    }
    for (const tool of catalog.tools()) this.#addTool(tool);
  }

  add(tools: readonly ToolMetadata[]): void {
    for (const tool of tools) this.#addTool(tool);
  }

  /**
   * Takes the names' words and stems from `saved` when the index is empty and `saved` is of exactly these tools, in
   * this order (the same index a fresh build makes, without analysing a name). Returns whether it did.
   */
  restore(saved: SavedFuzzyIndex, names: readonly string[]): boolean {
    const { words, stems, counts, wordIds } = saved;
    if (this.#nameWords.size > 0 || saved.names.length !== names.length || counts.length !== names.length) return false;
    if (!saved.names.every((name, position) => name === names[position])) return false;
    // What #addTool does tool by tool, in two passes over arrays (this runs once, on a cold start, mostly before the
    // JIT has optimised anything): each tool's words, phrase and order; then each word's tools, stem and deletions,
    // keyed once per word. The saved list holds each word once, in order of first use: its strings are the ones kept.
    const toolsOf: Array<Set<string> | undefined> = new Array(words.length);
    const lastTool = new Int32Array(words.length).fill(-1);
    let at = 0;
    for (let position = 0; position < names.length; position++) {
      const name = names[position]!;
      const count = counts[position]!;
      const nameWords = new Array<string>(count);
      for (let index = 0; index < count; index++) {
        const id = wordIds[at + index]!;
        nameWords[index] = words[id]!;
        if (lastTool[id] === position) continue; // each word of a name once
        lastTool[id] = position;
        const tools = toolsOf[id];
        if (tools === undefined) toolsOf[id] = new Set([name]);
        else tools.add(name);
      }
      at += count;
      this.#nameWords.set(name, nameWords);
      this.#order.set(name, this.#nextOrder++);
      linkPhrase(this.#toolsByPhrase, nameWords.join(" "), name);
    }
    for (let id = 0; id < words.length; id++) {
      const tools = toolsOf[id];
      if (tools === undefined) continue;
      const word = words[id]!;
      this.#wordKeys.set(word, word);
      this.#toolsByWord.set(word, tools);
      linkWord(this.#wordsByStem, stems[id]!, word);
      if (word.length >= this.#minFuzzyLength) for (const deleted of deletions(word)) linkWord(this.#wordsByDeletion, deleted, word);
    }
    return true;
  }

  /** The index in arrays (tools in the order they were indexed, which is the order ties go by). */
  save(): SavedFuzzyIndex {
    const position = new Map<string, number>();
    const words: string[] = [];
    const counts: number[] = [];
    const wordIds: number[] = [];
    for (const nameWords of this.#nameWords.values()) {
      counts.push(nameWords.length);
      for (const word of nameWords) {
        let id = position.get(word);
        if (id === undefined) position.set(word, (id = words.push(word) - 1));
        wordIds.push(id);
      }
    }
    return {
      names: [...this.#nameWords.keys()],
      words,
      stems: words.map((word) => stem(word)),
      counts: Uint32Array.from(counts),
      wordIds: Uint32Array.from(wordIds),
    };
  }

  remove(names: readonly string[]): void {
    for (const name of names) this.#removeTool(name);
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
    const order = this.#order;
    // Each candidate once: a tool is marked with this ranking's number, kept per catalog position (no set to fill).
    const mark = this.#nextMark();
    let count = 0;
    const consider = (tool: string): void => {
      const position = order.get(tool)!;
      if (this.#marks[position] === mark) return;
      this.#marks[position] = mark;
      columns.ensure(count + 1);
      // The share of the tool's name (each word weighted by its rarity) that the close words cover.
      const { words, weights, total } = this.#profile(tool);
      let covered = 0;
      for (let index = 0; index < words.length; index++) covered += weights[index]! * (close.get(words[index]!) ?? 0);
      const share = total > 0 ? covered / total : 0;
      columns.tools[count] = tool;
      columns.shares[count] = share;
      columns.scores[count] = share + (exact.has(tool) ? this.#exactBonus : 0);
      columns.order[count] = position;
      count++;
    };
    for (const tool of exact) consider(tool);
    // A word that more than 2% of the names share (and at least 5) brings no candidates of its own: too common to
    // tell tools apart, and at 100,000 tools thousands of them.
    const maxShare = Math.max(5, this.#nameWords.size * 0.02);
    for (const word of close.keys()) {
      const tools = this.#toolsByWord.get(word)!;
      if (tools.size <= maxShare) for (const tool of tools) consider(tool);
    }
    const { tools, shares, scores } = columns;
    this.#ranking = true;
    try {
      const allowed = filter === undefined ? undefined : (position: number) => filter(tools[position]!);
      const best = bestSlots(scores, columns.slots, count, limit, allowed, columns.order);
      return best.map((position) => {
        const tool = tools[position]!;
        const fuzzy = shares[position]!;
        return { name: tool, score: scores[position]!, signals: exact.has(tool) ? { fuzzy, exact: 1 } : { fuzzy } };
      });
    } finally {
      if (reuse) {
        this.#ranking = false;
        tools.fill(undefined, 0, count);
      }
    }
  }

  /** A new ranking's mark, with room in `#marks` for every catalog position given out so far. */
  #nextMark(): number {
    if (this.#marks.length < this.#nextOrder) {
      const grown = new Uint32Array(Math.max(this.#nextOrder, 2 * this.#marks.length));
      grown.set(this.#marks);
      this.#marks = grown;
    }
    if (this.#mark === 0xffffffff) {
      this.#marks.fill(0);
      this.#mark = 0;
    }
    return ++this.#mark;
  }

  /** Indexes a tool by its name's words, each as the one string the index keeps (a word many names share is stored once). */
  #addTool(tool: ToolMetadata): void {
    const { name } = tool;
    this.#removeTool(name);
    if (this.#profiles.size > 0) this.#profiles.clear();
    const words = splitWords(name).map((word) => this.#wordKeys.get(word) ?? word);
    this.#nameWords.set(name, words);
    this.#order.set(name, this.#nextOrder++);
    linkPhrase(this.#toolsByPhrase, words.join(" "), name);
    for (let index = 0; index < words.length; index++) {
      const word = words[index]!;
      if (words.indexOf(word) !== index) continue; // each word of a name once (a name has a handful)
      if (!this.#wordKeys.has(word)) this.#wordKeys.set(word, word);
      if (!this.#toolsByWord.has(word)) {
        linkWord(this.#wordsByStem, stem(word), word);
        if (word.length >= this.#minFuzzyLength) for (const deleted of deletions(word)) linkWord(this.#wordsByDeletion, deleted, word);
      }
      link(this.#toolsByWord, word, name);
    }
  }

  #removeTool(name: string): void {
    const words = this.#nameWords.get(name);
    if (words === undefined) return;
    this.#profiles.clear();
    this.#nameWords.delete(name);
    this.#order.delete(name);
    unlinkPhrase(this.#toolsByPhrase, words.join(" "), name);
    for (const word of new Set(words)) {
      unlink(this.#toolsByWord, word, name);
      if (this.#toolsByWord.has(word)) continue;
      this.#wordKeys.delete(word);
      unlinkWord(this.#wordsByStem, stem(word), word);
      if (word.length >= this.#minFuzzyLength) for (const deleted of deletions(word)) unlinkWord(this.#wordsByDeletion, deleted, word);
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
    if (this.#toolsByWord.has(queryWord)) close.set(queryWord, 1);
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
        if (this.#toolsByWord.has(deleted) && !close.has(deleted)) close.set(deleted, similarity(queryWord, deleted));
      }
    }
    return close;
  }

  #profile(tool: string): NameProfile {
    let found = this.#profiles.get(tool);
    if (found === undefined) {
      const words = this.#nameWords.get(tool)!;
      const count = this.#nameWords.size;
      const weights = Float64Array.from(words, (word) => Math.log(1 + count / (this.#toolsByWord.get(word)?.size ?? 1)));
      found = { words, weights, total: weights.reduce((sum, weight) => sum + weight, 0) };
      this.#profiles.set(tool, found);
    }
    return found;
  }

  /**
   * Tools whose whole name appears in the query as consecutive words ("write file", "writeFile", "write_file").
   * A name found inside a longer name found at the same place ("get_user" in "get_user_groups") does not count.
   */
  #exactNames(queryWords: readonly string[]): string[] {
    const spans: Array<{ start: number; end: number; tool: string }> = [];
    for (let start = 0; start < queryWords.length; start++) {
      let key = "";
      for (let length = 1; length <= MAX_NAME_WORDS && start + length <= queryWords.length; length++) {
        key = length === 1 ? queryWords[start]! : `${key} ${queryWords[start + length - 1]}`;
        const found = this.#toolsByPhrase.get(key);
        if (typeof found === "string") spans.push({ start, end: start + length, tool: found });
        else for (const tool of found ?? []) spans.push({ start, end: start + length, tool });
      }
    }
    const inLonger = (span: (typeof spans)[number]) =>
      spans.some((other) => other.start <= span.start && other.end >= span.end && other.end - other.start > span.end - span.start);
    return spans.filter((span) => !inLonger(span)).map((span) => span.tool);
  }
}

/** A ranking's candidates as columns, grown (doubling) and reused; `slots` is 0, 1, 2, … for `bestSlots`. */
class CandidateColumns {
  tools: Array<string | undefined> = [];
  shares = new Float64Array(0);
  scores = new Float64Array(0);
  order = new Float64Array(0);
  slots = new Uint32Array(0);

  /** Room for `count` candidates. */
  ensure(count: number): void {
    if (count <= this.scores.length) return;
    const size = Math.max(count, 2 * this.scores.length, 64);
    const grown = (from: Float64Array) => {
      const to = new Float64Array(size);
      to.set(from);
      return to;
    };
    this.shares = grown(this.shares);
    this.scores = grown(this.scores);
    this.order = grown(this.order);
    this.slots = Uint32Array.from({ length: size }, (_, slot) => slot);
  }
}

function link<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}

function unlink<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

function linkWord(map: Map<string, string | string[]>, key: string, word: string): void {
  const found = map.get(key);
  if (found === undefined) map.set(key, word);
  else if (typeof found === "string") {
    if (found !== word) map.set(key, [found, word]);
  } else if (!found.includes(word)) found.push(word);
}

function unlinkWord(map: Map<string, string | string[]>, key: string, word: string): void {
  const found = map.get(key);
  if (found === word) map.delete(key);
  else if (typeof found === "object") {
    const at = found.indexOf(word);
    if (at !== -1) found.splice(at, 1);
    if (found.length === 1) map.set(key, found[0]!);
  }
}

/** The words at `key` of a map of {@link linkWord}. */
function wordsAt(map: ReadonlyMap<string, string | string[]>, key: string): readonly string[] {
  const found = map.get(key);
  return found === undefined ? [] : typeof found === "string" ? [found] : found;
}

function linkPhrase(map: Map<string, string | Set<string>>, key: string, tool: string): void {
  const found = map.get(key);
  if (found === undefined) map.set(key, tool);
  else if (typeof found === "string") map.set(key, new Set([found, tool]));
  else found.add(tool);
}

function unlinkPhrase(map: Map<string, string | Set<string>>, key: string, tool: string): void {
  const found = map.get(key);
  if (found === tool) map.delete(key);
  else if (typeof found === "object") {
    found.delete(tool);
    if (found.size === 1) map.set(key, found.values().next().value!);
  }
}
