/**
 * @module The fuzzy strategy: finds tools by name, surviving typos (swapped letters included) and exact name
 * lookups ("when the agent already knows it wants write_file"). Candidates come from a deletion index (SymSpell),
 * so ranking costs time in proportion to the query, not to the catalog.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { editDistance } from "../../text/closest-matches.js";
import { splitWords, stem } from "../../text/tokenize.js";
import { bestK } from "../best-k.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";

/** Options of {@link createFuzzyStrategy}. */
export interface FuzzyStrategyOptions {
  /** Score added when the query names the tool exactly. @defaultValue 1 */
  exactBonus?: number;
  /** Words shorter than this are matched exactly only. @defaultValue 4 */
  minFuzzyLength?: number;
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
export function createFuzzyStrategy({ exactBonus = 1, minFuzzyLength = 4 }: FuzzyStrategyOptions = {}): RetrievalStrategy {
  const nameWords = new Map<string, string[]>();
  const toolsByWord = new Map<string, Set<string>>();
  const wordsByStem = new Map<string, Set<string>>();
  const wordsByDeletion = new Map<string, Set<string>>();
  const toolsByPhrase = new Map<string, Set<string>>();
  const order = new Map<string, number>();
  let nextOrder = 0;

  const link = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    const set = map.get(key);
    if (set === undefined) map.set(key, new Set([value]));
    else set.add(value);
  };
  const unlink = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    const set = map.get(key);
    set?.delete(value);
    if (set?.size === 0) map.delete(key);
  };

  function add(tool: ToolMetadata): void {
    remove(tool.name);
    profiles.clear();
    const words = splitWords(tool.name);
    nameWords.set(tool.name, words);
    order.set(tool.name, nextOrder++);
    link(toolsByPhrase, words.join(" "), tool.name);
    for (const word of new Set(words)) {
      if (!toolsByWord.has(word)) {
        link(wordsByStem, stem(word), word);
        if (word.length >= minFuzzyLength) for (const deleted of deletions(word)) link(wordsByDeletion, deleted, word);
      }
      link(toolsByWord, word, tool.name);
    }
  }

  function remove(name: string): void {
    const words = nameWords.get(name);
    if (words === undefined) return;
    profiles.clear();
    nameWords.delete(name);
    order.delete(name);
    unlink(toolsByPhrase, words.join(" "), name);
    for (const word of new Set(words)) {
      unlink(toolsByWord, word, name);
      if (toolsByWord.has(word)) continue;
      unlink(wordsByStem, stem(word), word);
      if (word.length >= minFuzzyLength) for (const deleted of deletions(word)) unlink(wordsByDeletion, deleted, word);
    }
  }

  /** Name words close to a query word, with their similarity. */
  function closeWords(queryWord: string): Map<string, number> {
    const close = new Map<string, number>();
    if (toolsByWord.has(queryWord)) close.set(queryWord, 1);
    for (const word of wordsByStem.get(stem(queryWord)) ?? []) if (!close.has(word)) close.set(word, 0.95);
    if (queryWord.length >= minFuzzyLength && queryWord.length <= MAX_FUZZY_WORD_LENGTH) {
      for (const key of [queryWord, ...deletions(queryWord)]) {
        for (const word of wordsByDeletion.get(key) ?? []) {
          if (close.has(word)) continue;
          const score = similarity(queryWord, word);
          if (score > 0) close.set(word, score);
        }
      }
      // A one-letter deletion from the query (an extra letter typed) that is itself a name word.
      for (const deleted of deletions(queryWord)) if (toolsByWord.has(deleted) && !close.has(deleted)) close.set(deleted, similarity(queryWord, deleted));
    }
    return close;
  }

  /**
   * Per tool, its name words' rarities (across tool names) and their sum, memoised until the next add or remove
   * (which changes the counts); built on demand for the tools a query makes candidates.
   */
  const profiles = new Map<string, { words: readonly string[]; weights: Float64Array; total: number }>();
  function profile(tool: string): { words: readonly string[]; weights: Float64Array; total: number } {
    let found = profiles.get(tool);
    if (found === undefined) {
      const words = nameWords.get(tool)!;
      const weights = Float64Array.from(words, (word) => Math.log(1 + nameWords.size / (toolsByWord.get(word)?.size ?? 1)));
      found = { words, weights, total: weights.reduce((sum, weight) => sum + weight, 0) };
      profiles.set(tool, found);
    }
    return found;
  }

  /**
   * Tools whose whole name appears in the query as consecutive words ("write file", "writeFile", "write_file").
   * A name found inside a longer name found at the same place ("get_user" in "get_user_groups") does not count.
   */
  function exactNames(queryWords: readonly string[]): string[] {
    const spans: Array<{ start: number; end: number; tool: string }> = [];
    for (let start = 0; start < queryWords.length; start++) {
      let key = "";
      for (let length = 1; length <= MAX_NAME_WORDS && start + length <= queryWords.length; length++) {
        key = length === 1 ? queryWords[start]! : `${key} ${queryWords[start + length - 1]}`;
        for (const tool of toolsByPhrase.get(key) ?? []) spans.push({ start, end: start + length, tool });
      }
    }
    return spans
      .filter((span) => !spans.some((other) => other.start <= span.start && other.end >= span.end && other.end - other.start > span.end - span.start))
      .map((span) => span.tool);
  }

  return {
    name: "fuzzy",
    index(catalog: ToolCatalog) {
      // Indexing again (e.g. to recover from a failed update) drops what the catalog no longer has.
      const current = new Set(catalog.names());
      for (const name of [...nameWords.keys()]) if (!current.has(name)) remove(name);
      for (const tool of catalog.tools()) add(tool);
    },
    add(tools) {
      for (const tool of tools) add(tool);
    },
    remove(names) {
      for (const name of names) remove(name);
    },
    rank({ query, limit, filter }: RankRequest): RankedTool[] {
      const queryWords = splitWords(query);
      // The best similarity of each name word to any query word.
      const close = new Map<string, number>();
      for (const queryWord of new Set(queryWords)) {
        for (const [word, score] of closeWords(queryWord)) close.set(word, Math.max(close.get(word) ?? 0, score));
      }
      // Candidates come from distinctive words only: a word in most tool names ("get") would make every tool a
      // candidate without saying which. Such words still count towards a candidate's coverage below.
      const maxShare = Math.max(5, nameWords.size * 0.02);
      const exact = new Set(exactNames(queryWords));
      const candidates = new Set<string>(exact);
      for (const word of close.keys()) {
        const tools = toolsByWord.get(word)!;
        if (tools.size <= maxShare) for (const tool of tools) candidates.add(tool);
      }
      // Per candidate: the share of its name matched (rarity-weighted), and that plus the exact-name bonus.
      const tools: string[] = [];
      const shares: number[] = [];
      const scores: number[] = [];
      for (const tool of candidates) {
        if (filter !== undefined && !filter(tool)) continue;
        const { words, weights, total } = profile(tool);
        let covered = 0;
        for (let index = 0; index < words.length; index++) covered += weights[index]! * (close.get(words[index]!) ?? 0);
        const share = total > 0 ? covered / total : 0;
        tools.push(tool);
        shares.push(share);
        scores.push(share + (exact.has(tool) ? exactBonus : 0));
      }
      const positions = tools.map((_, position) => position);
      const best = bestK(positions, limit, (a, b) => scores[b]! - scores[a]! || order.get(tools[a]!)! - order.get(tools[b]!)!);
      return best.map((position) => {
        const fuzzy = shares[position]!;
        return { name: tools[position]!, score: scores[position]!, signals: exact.has(tools[position]!) ? { fuzzy, exact: 1 } : { fuzzy } };
      });
    },
  };
}
