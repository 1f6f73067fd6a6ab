/**
 * @module Zero-config keywords: for a category that declares none, the words that set its tools apart from every
 * other category's, taken from the category name, its tool names and its tool descriptions. Pure.
 */
import { GENERIC_TOOL_WORDS, STOP_WORDS } from "../../text/stop-words.js";
import { splitWords, stem } from "../../text/tokenize.js";

/** One category's material for {@link deriveKeywords}. */
export interface CategoryText {
  name: string;
  tools: ReadonlyArray<{ name: string; description: string }>;
}

/** Options of {@link deriveKeywords}. */
export interface DeriveKeywordsOptions {
  /** Most keywords derived per category (the category's own name words always count). @defaultValue 12 */
  limit?: number;
  /** A word is distinctive when at most this share of categories use it. @defaultValue 0.1 */
  maxCategoryShare?: number;
}

/** A word a category could be selected by, before ranking: its first spelling seen and where it was seen. */
export interface KeywordCandidate {
  readonly word: string;
  /** 3 per use in the category name, 2 per tool name using it, 1 per tool description using it. */
  readonly weight: number;
  /** Whether the category name or a tool name uses it. */
  readonly fromName: boolean;
  /** How many tool descriptions use it. */
  readonly descriptionHits: number;
}

/** One category's candidates by stem, from {@link collectCandidates}. */
export interface CategoryCandidates {
  readonly byStem: ReadonlyMap<string, KeywordCandidate>;
  readonly toolCount: number;
}

/** What ranking one category's candidates needs to know about all categories. */
export interface CandidateStatistics {
  /** How many categories there are. */
  readonly categoryCount: number;
  /** How many categories have a candidate of this stem. */
  frequencyOf(stem: string): number;
}

/** One derived keyword and its stem. */
export interface RankedKeyword {
  word: string;
  stem: string;
}

function usable(word: string): boolean {
  return word.length >= 3 && !/^\d+$/.test(word) && !STOP_WORDS.has(word) && !GENERIC_TOOL_WORDS.has(word);
}

/**
 * The candidate keywords of one category (usable words of its name, tool names and tool descriptions, by stem).
 * Depends on that category alone, so a live catalog collects it again only when the category's tools change.
 *
 * @example
 * ```ts
 * collectCandidates({ name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries not yet paid" }] })
 *   .byStem.get("salari"); // { word: "salary", weight: 6, fromName: true, descriptionHits: 1 }
 * ```
 */
export function collectCandidates(category: CategoryText): CategoryCandidates {
  const byStem = new Map<string, { word: string; weight: number; fromName: boolean; descriptionHits: number }>();
  const add = ([word, key]: UsableWord, weight: number, fromName: boolean, fromDescription: boolean) => {
    const candidate = byStem.get(key) ?? { word, weight: 0, fromName: false, descriptionHits: 0 };
    candidate.weight += weight;
    candidate.fromName ||= fromName;
    if (fromDescription) candidate.descriptionHits += 1;
    byStem.set(key, candidate);
  };
  for (const word of usableWords(splitWords(category.name))) add(word, 3, true, false);
  for (const tool of category.tools) {
    const { nameWords, descriptionWords } = toolWords(tool);
    for (const word of nameWords) add(word, 2, true, false);
    for (const word of descriptionWords) add(word, 1, false, true);
  }
  return { byStem, toolCount: category.tools.length };
}

/** A usable word and its stem. */
type UsableWord = readonly [word: string, stem: string];

interface ToolWords {
  name: string;
  description: string;
  /** Distinct usable words of the name, then of the description, in order of first use. */
  nameWords: readonly UsableWord[];
  descriptionWords: readonly UsableWord[];
}

/**
 * Tool words memoised per tool object: a live catalog collects a changed category again from its tools' metadata
 * objects, which stay the same (frozen) objects across updates, so unchanged tools are not split and stemmed again.
 * The text is compared too, so a caller that mutates a tool object still gets fresh words.
 */
const toolWordsMemo = new WeakMap<object, ToolWords>();

function toolWords(tool: CategoryText["tools"][number]): ToolWords {
  const memoised = toolWordsMemo.get(tool);
  if (memoised !== undefined && memoised.name === tool.name && memoised.description === tool.description) return memoised;
  const words: ToolWords = {
    name: tool.name,
    description: tool.description,
    nameWords: usableWords(new Set(splitWords(tool.name))),
    descriptionWords: usableWords(new Set(splitWords(tool.description))),
  };
  toolWordsMemo.set(tool, words);
  return words;
}

function usableWords(words: Iterable<string>): UsableWord[] {
  const usableOnes: UsableWord[] = [];
  for (const word of words) if (usable(word)) usableOnes.push([word, stem(word)]);
  return usableOnes;
}

/** Most categories a word may be used by and still be distinctive: `maxCategoryShare` of them, at least 1. */
export function maxCategoryFrequency(categoryCount: number, maxCategoryShare = 0.1): number {
  return Math.max(1, Math.floor(categoryCount * maxCategoryShare));
}

/**
 * Ranks one category's candidates against statistics of all categories: words from names always qualify,
 * description words only when two of the category's tools share them (or it has one tool); then only words used
 * by at most `maxCategoryShare` of the categories survive, ranked by weight × rarity, best `limit` kept.
 *
 * @example
 * ```ts
 * const salary = collectCandidates({ name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries not yet paid" }] });
 * rankCandidates(salary, { categoryCount: 2, frequencyOf: () => 1 }).map((keyword) => keyword.word); // ["salary", "pending", "paid"]
 * ```
 */
export function rankCandidates(
  candidates: CategoryCandidates,
  statistics: CandidateStatistics,
  { limit = 12, maxCategoryShare = 0.1 }: DeriveKeywordsOptions = {},
): RankedKeyword[] {
  const { categoryCount } = statistics;
  const maxFrequency = maxCategoryFrequency(categoryCount, maxCategoryShare);
  const minDescriptionHits = Math.min(2, candidates.toolCount);
  const ranked: Array<RankedKeyword & { score: number }> = [];
  for (const [key, candidate] of candidates.byStem) {
    const frequency = Math.max(1, statistics.frequencyOf(key));
    if (frequency > maxFrequency || !(candidate.fromName || candidate.descriptionHits >= minDescriptionHits)) continue;
    ranked.push({ word: candidate.word, stem: key, score: candidate.weight * Math.log(1 + categoryCount / frequency) });
  }
  ranked.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
  return ranked.slice(0, limit).map(({ word, stem: key }) => ({ word, stem: key }));
}

/**
 * Derives keywords for each category: words from names always qualify, description words only when two of the
 * category's tools share them (or the category has one tool); then only words used by at most
 * `maxCategoryShare` of all categories survive, ranked by weight × rarity.
 *
 * @example
 * ```ts
 * deriveKeywords([
 *   { name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries not yet paid" }] },
 *   { name: "staff", tools: [{ name: "get_staff_list", description: "All staff members" }] },
 * ]).get("salary"); // ["salary", "pending", "paid"]
 * ```
 */
export function deriveKeywords(categories: readonly CategoryText[], options: DeriveKeywordsOptions = {}): Map<string, string[]> {
  const candidates = categories.map(collectCandidates);
  const categoryFrequency = new Map<string, number>();
  for (const { byStem } of candidates) {
    for (const key of byStem.keys()) categoryFrequency.set(key, (categoryFrequency.get(key) ?? 0) + 1);
  }
  const statistics: CandidateStatistics = { categoryCount: categories.length, frequencyOf: (key) => categoryFrequency.get(key) ?? 0 };
  const result = new Map<string, string[]>();
  categories.forEach((category, index) => {
    result.set(
      category.name,
      rankCandidates(candidates[index]!, statistics, options).map((keyword) => keyword.word),
    );
  });
  return result;
}
