/**
 * @module Zero-config keywords kept up to date as a live catalog changes: each category's candidates, how many
 * categories use each word and the keywords derived last, so an update re-derives only the categories it touches.
 */
import { PersistentMap } from "../../catalog/persistent-map.js";
import {
  collectCandidates,
  maxCategoryFrequency,
  rankCandidates,
  type CandidateStatistics,
  type CategoryCandidates,
  type CategoryText,
  type DeriveKeywordsOptions,
  type RankedKeyword,
} from "./derive-keywords.js";

interface CategoryRecord {
  readonly candidates: CategoryCandidates;
  /** The keywords derived last, best first. */
  readonly keywords: readonly RankedKeyword[];
}

/** What one {@link KeywordStatistics.update} produced. */
export interface KeywordStatisticsUpdate {
  statistics: KeywordStatistics;
  /** Every category derived again, with its new keywords (removed categories are not listed). */
  derived: Map<string, string[]>;
}

/** What changed for {@link KeywordStatistics.update}. */
export interface KeywordStatisticsChanges {
  /** Categories that are gone. */
  removed?: Iterable<string>;
  /** Categories that are new or whose tools changed, with all their tools now. */
  upserted?: readonly CategoryText[];
}

/**
 * {@link deriveKeywords} made incremental. It keeps each category's candidate words, the number of categories using
 * each word (stem) and the number of categories, all exactly as a fresh build would compute them. An update
 * re-collects only the categories it touches, then derives keywords again for:
 * - every category that is new or whose tools changed, against the updated statistics (exactly what a fresh build
 *   would give), and
 * - every other category one of whose keywords stopped being distinctive (now used by more than `maxCategoryShare`
 *   of the categories), from its stored candidates.
 *
 * Every other category keeps its keywords, even though the word counts (and the number of categories) they were
 * ranked against moved on: re-ranking all of them would cost a full rebuild on every update. So a keyword in effect
 * is always distinctive under the current statistics, but a category that did not change may miss a word that
 * became distinctive since, or rank its words as it did before. A fresh build of the same categories is exactly
 * {@link deriveKeywords}.
 *
 * Snapshots are immutable: `update` returns new statistics sharing unchanged parts with the old ones.
 *
 * @example
 * ```ts
 * const { statistics } = KeywordStatistics.build([{ name: "salary", tools: [{ name: "get_pending_salaries", description: "" }] }]);
 * const { derived } = statistics.update({ upserted: [{ name: "staff", tools: [{ name: "get_staff_list", description: "" }] }] });
 * derived.get("staff"); // ["staff"]
 * ```
 */
export class KeywordStatistics implements CandidateStatistics {
  readonly #categories: PersistentMap<string, CategoryRecord>;
  readonly #frequency: PersistentMap<string, number>;
  /** The categories whose current keywords include the stem. */
  readonly #keywordOf: PersistentMap<string, readonly string[]>;
  readonly #options: DeriveKeywordsOptions;

  private constructor(
    categories: PersistentMap<string, CategoryRecord>,
    frequency: PersistentMap<string, number>,
    keywordOf: PersistentMap<string, readonly string[]>,
    options: DeriveKeywordsOptions,
  ) {
    this.#categories = categories;
    this.#frequency = frequency;
    this.#keywordOf = keywordOf;
    this.#options = options;
  }

  /**
   * Statistics of `categories` and the keywords derived for each: the same keywords as {@link deriveKeywords}.
   * @example
   * ```ts
   * KeywordStatistics.build(categories).derived.get("salary"); // ["salary", "pending"]
   * ```
   */
  static build(categories: readonly CategoryText[], options: DeriveKeywordsOptions = {}): KeywordStatisticsUpdate {
    const { statistics, derived } = new KeywordStatistics(PersistentMap.from(), PersistentMap.from(), PersistentMap.from(), options).update(
      {
        upserted: categories,
      },
    );
    // Forking folds everything built so far into shared bases, so the first live update forks cheaply.
    return { statistics: statistics.#forked(), derived };
  }

  #forked(): KeywordStatistics {
    return new KeywordStatistics(this.#categories.fork(), this.#frequency.fork(), this.#keywordOf.fork(), this.#options);
  }

  /** How many categories there are. */
  get categoryCount(): number {
    return this.#categories.size;
  }

  /** How many categories have a candidate word of this stem. */
  frequencyOf(stem: string): number {
    return this.#frequency.get(stem) ?? 0;
  }

  /** Every stem used by some category, with the number of categories using it (for tests and diagnostics). */
  frequencies(): Map<string, number> {
    return new Map(this.#frequency.entries());
  }

  /** The keywords a category has now, best first ([] for an unknown category). */
  keywordsOf(category: string): string[] {
    return (this.#categories.get(category)?.keywords ?? []).map((keyword) => keyword.word);
  }

  /**
   * Applies removed and changed categories; see the class summary for which categories are derived again.
   * @example
   * ```ts
   * const next = statistics.update({ removed: ["leads"], upserted: [{ name: "salary", tools: salaryTools }] });
   * next.derived.get("salary");
   * ```
   */
  update({ removed = [], upserted = [] }: KeywordStatisticsChanges): KeywordStatisticsUpdate {
    const categories = this.#categories.fork();
    const frequency = this.#frequency.fork();
    const keywordOf = this.#keywordOf.fork();
    const maxBefore = maxCategoryFrequency(categories.size, this.#options.maxCategoryShare);
    const touched = new Set<string>();
    const forget = (name: string) => {
      const record = categories.get(name);
      if (record === undefined) return;
      for (const stem of record.candidates.byStem.keys()) {
        const count = (frequency.get(stem) ?? 0) - 1;
        if (count > 0) frequency.set(stem, count);
        else frequency.delete(stem);
      }
      unlinkKeywords(keywordOf, name, record.keywords);
      categories.delete(name);
    };
    for (const name of removed) forget(name);
    const collected = new Map<string, CategoryCandidates>();
    for (const category of upserted) {
      forget(category.name);
      const candidates = collectCandidates(category);
      collected.set(category.name, candidates);
      categories.set(category.name, { candidates, keywords: [] });
      for (const stem of candidates.byStem.keys()) {
        frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
        touched.add(stem);
      }
    }
    const next = new KeywordStatistics(categories, frequency, keywordOf, this.#options);
    // Keywords that stopped being distinctive: their word is more common now, or the bar dropped (fewer categories).
    const maxFrequency = maxCategoryFrequency(categories.size, this.#options.maxCategoryShare);
    const stale = new Set<string>();
    const stems = maxFrequency < maxBefore ? keywordOf.keys() : touched;
    for (const stem of stems) {
      if ((frequency.get(stem) ?? 0) <= maxFrequency) continue;
      for (const name of keywordOf.get(stem) ?? []) if (!collected.has(name)) stale.add(name);
    }
    const derived = new Map<string, string[]>();
    const derive = (name: string, candidates: CategoryCandidates, previous: readonly RankedKeyword[]) => {
      const keywords = rankCandidates(candidates, next, this.#options);
      unlinkKeywords(keywordOf, name, previous);
      for (const { stem } of keywords) keywordOf.set(stem, [...(keywordOf.get(stem) ?? []), name]);
      categories.set(name, { candidates, keywords });
      derived.set(
        name,
        keywords.map((keyword) => keyword.word),
      );
    };
    for (const [name, candidates] of collected) derive(name, candidates, []);
    for (const name of stale) {
      const record = categories.get(name)!;
      derive(name, record.candidates, record.keywords);
    }
    return { statistics: next, derived };
  }
}

function unlinkKeywords(keywordOf: PersistentMap<string, readonly string[]>, name: string, keywords: readonly RankedKeyword[]): void {
  for (const { stem } of keywords) {
    const names = (keywordOf.get(stem) ?? []).filter((other) => other !== name);
    if (names.length > 0) keywordOf.set(stem, names);
    else keywordOf.delete(stem);
  }
}
