/**
 * @module Zero-config keywords: for a category that declares none, the words that set its tools apart from every
 * other category's, taken from the category name, its tool names and its tool descriptions. Pure.
 */
import { GENERIC_TOOL_WORDS, STOP_WORDS } from "../text/stop-words.js";
import { splitWords, stem } from "../text/tokenize.js";

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

interface Candidate {
  word: string;
  weight: number;
  fromName: boolean;
  descriptionHits: number;
}

function usable(word: string): boolean {
  return word.length >= 3 && !/^\d+$/.test(word) && !STOP_WORDS.has(word) && !GENERIC_TOOL_WORDS.has(word);
}

function collect(category: CategoryText): Map<string, Candidate> {
  const byStem = new Map<string, Candidate>();
  const add = (word: string, weight: number, fromName: boolean, fromDescription: boolean) => {
    if (!usable(word)) return;
    const key = stem(word);
    const candidate = byStem.get(key) ?? { word, weight: 0, fromName: false, descriptionHits: 0 };
    candidate.weight += weight;
    candidate.fromName ||= fromName;
    if (fromDescription) candidate.descriptionHits += 1;
    byStem.set(key, candidate);
  };
  for (const word of splitWords(category.name)) add(word, 3, true, false);
  for (const tool of category.tools) {
    for (const word of new Set(splitWords(tool.name))) add(word, 2, true, false);
    for (const word of new Set(splitWords(tool.description))) add(word, 1, false, true);
  }
  return byStem;
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
export function deriveKeywords(
  categories: readonly CategoryText[],
  { limit = 12, maxCategoryShare = 0.1 }: DeriveKeywordsOptions = {},
): Map<string, string[]> {
  const candidates = categories.map(collect);
  const categoryFrequency = new Map<string, number>();
  for (const byStem of candidates) {
    for (const key of byStem.keys()) categoryFrequency.set(key, (categoryFrequency.get(key) ?? 0) + 1);
  }
  const maxFrequency = Math.max(1, Math.floor(categories.length * maxCategoryShare));
  const result = new Map<string, string[]>();
  categories.forEach((category, index) => {
    const minDescriptionHits = Math.min(2, category.tools.length);
    const ranked = [...candidates[index]!.entries()]
      .filter(([key, candidate]) => {
        const frequency = categoryFrequency.get(key) ?? 1;
        return frequency <= maxFrequency && (candidate.fromName || candidate.descriptionHits >= minDescriptionHits);
      })
      .map(([key, candidate]) => ({
        word: candidate.word,
        score: candidate.weight * Math.log(1 + categories.length / (categoryFrequency.get(key) ?? 1)),
      }))
      .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
    result.set(category.name, ranked.slice(0, limit).map((entry) => entry.word));
  });
  return result;
}
