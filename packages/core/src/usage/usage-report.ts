/**
 * @module What usage says about a catalog: per-category and per-tool use, tools never called, keyword and default
 * suggestions for the catalog file (never applied), and the top co-used pairs. Pure over a {@link UsageModel}.
 */
import { CatalogKeywords } from "../retrieval/keyword/catalog-keywords.js";
import { analyze } from "../text/analyzer.js";
import type { UsageModel } from "./usage-model.js";
import { countOf } from "../text/count-of.js";

/** One category's line of the report. */
export interface CategoryReport {
  name: string;
  /** Tool calls of its tools learned. */
  calls: number;
  /** Share of all learned observations (decayed), 0–1. */
  share: number;
  /** Words users say for it that its keywords lack (suggested new keywords), most said first. */
  suggestedKeywords: Array<{ word: string; share: number }>;
  /** Its keywords in effect. */
  keywords: readonly string[];
}

/** The whole report: exactly what `dynamic-tools usage report --json` prints. */
export interface UsageReport {
  tools: number;
  /** Observations learned from. */
  observations: number;
  categories: CategoryReport[];
  /** Every tool with calls, most called first. */
  toolUsage: Array<{ name: string; category?: string; calls: number }>;
  /** Tools of the catalog no observation called, in catalog order. */
  neverCalled: string[];
  /** Categories worth adding to the catalog's `defaults` (used when nothing matches): the most used ones not already there. */
  suggestedDefaults: Array<{ category: string; share: number }>;
  /** Current `defaults`. */
  defaults: readonly string[];
  /** Tools called together (same turn, or consecutive turns at half weight), most first. */
  coUsedPairs: Array<{ a: string; b: string; weight: number }>;
}

/** Options of {@link usageReport}; the defaults are documented choices, not tuned. */
export interface UsageReportOptions {
  /** A word is suggested when at least this share of the category's observations say it. @defaultValue 0.05 */
  minKeywordShare?: number;
  /**
   * …and, of all requests that say it, at least this share went to the category: the word points at the category
   * (a keyword that selects it would mostly be right), it is not a word every request says. @defaultValue 0.6
   */
  minKeywordPrecision?: number;
  /** …and said in at least this many observations (decayed). @defaultValue 3 */
  minKeywordCount?: number;
  /** Suggested keywords per category. @defaultValue 8 */
  keywordsPerCategory?: number;
  /** Categories with at least this share of all observations are suggested as defaults. @defaultValue 0.1 */
  minDefaultShare?: number;
  /** Most defaults suggested. @defaultValue 3 */
  maxDefaults?: number;
  /** Co-used pairs listed. @defaultValue 20 */
  pairs?: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Builds the report from a learned model and its catalog.
 * @example
 * ```ts
 * const report = usageReport(learnFromFile(catalog, "usage.jsonl"));
 * report.categories[0].suggestedKeywords; // [{ word: "paper", share: 0.4 }, …]
 * ```
 */
export function usageReport(model: UsageModel, options: UsageReportOptions = {}): UsageReport {
  const {
    minKeywordShare = 0.05,
    minKeywordPrecision = 0.6,
    minKeywordCount = 3,
    keywordsPerCategory = 8,
    minDefaultShare = 0.1,
    maxDefaults = 3,
    pairs = 20,
  } = options;
  const { catalog } = model;
  const keywords = CatalogKeywords.of(catalog);
  const total = model.totalWeight();
  // How much of all usage says each word (the baseline its lift in a category is measured against).
  const overall = new Map<string, number>();
  const usages = catalog.categories().map((category) => ({ category, usage: model.categoryUsage(category.name) }));
  for (const { usage } of usages) for (const { term, weight } of usage.terms) overall.set(term, (overall.get(term) ?? 0) + weight);
  const categories: CategoryReport[] = usages.map(({ category, usage }) => {
    const known = new Set(keywords.keywordsOf(category.name).flatMap((keyword) => analyze(keyword)));
    for (const name of category.tools) for (const term of analyze(name)) known.add(term);
    for (const term of analyze(category.name)) known.add(term);
    const suggestedKeywords =
      usage.weight === 0
        ? []
        : usage.terms
            .filter(({ term, weight }) => {
              if (weight < minKeywordCount || weight / usage.weight < minKeywordShare) return false;
              if (weight / overall.get(term)! < minKeywordPrecision) return false;
              return analyze(term).every((stemmed) => !known.has(stemmed));
            })
            .slice(0, keywordsPerCategory)
            .map(({ term, weight }) => ({ word: term, share: round(weight / usage.weight) }));
    const share = total === 0 ? 0 : round(usage.weight / total);
    return { name: category.name, calls: usage.count, share, suggestedKeywords, keywords: [...keywords.keywordsOf(category.name)] };
  });
  categories.sort((a, b) => b.share - a.share || a.name.localeCompare(b.name));
  const toolUsage = catalog
    .tools()
    .map((tool) => ({
      name: tool.name,
      ...(tool.category === undefined ? {} : { category: tool.category }),
      calls: model.toolUsage(tool.name).count,
    }))
    .filter((tool) => tool.calls > 0)
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
  const defaults = catalog.settings.defaults;
  const suggestedDefaults = categories
    .filter((category) => category.share >= minDefaultShare && !defaults.includes(category.name))
    .slice(0, maxDefaults)
    .map((category) => ({ category: category.name, share: category.share }));
  return {
    tools: catalog.size,
    observations: model.size,
    categories,
    toolUsage,
    neverCalled: catalog.names().filter((name) => model.toolUsage(name).count === 0),
    suggestedDefaults,
    defaults,
    coUsedPairs: model.coUsedPairs(pairs).map((pair) => ({ ...pair, weight: round(pair.weight) })),
  };
}

/** The report as text for a terminal. */
export function formatUsageReport(report: UsageReport): string {
  const lines = [
    `${countOf(report.observations, "observation")}, ${countOf(report.tools, "tool")}, ${report.toolUsage.length} used, ${report.neverCalled.length} never called.`,
    "",
  ];
  const unused = report.categories.filter((category) => category.calls === 0).map((category) => category.name);
  const used = report.categories.filter((category) => category.calls > 0);
  if (used.length > 0) {
    lines.push("Categories (share of use, calls, suggested keywords):");
    const width = Math.min(40, Math.max(...used.map((category) => category.name.length)));
    for (const category of used.slice(0, 25)) {
      const words = category.suggestedKeywords.map((keyword) => keyword.word).join(", ");
      lines.push(
        `  ${category.name.padEnd(width)} ${(category.share * 100).toFixed(1).padStart(5)}%  ${String(category.calls).padStart(6)}  ${words === "" ? "" : `+ ${words}`}`,
      );
    }
    if (used.length > 25) lines.push(`  … ${used.length - 25} more (--json has all)`);
    lines.push("");
  }
  if (unused.length > 0)
    lines.push(`Categories never used (${unused.length}): ${unused.slice(0, 20).join(", ")}${unused.length > 20 ? ", …" : ""}`, "");
  lines.push("Most used tools:");
  for (const tool of report.toolUsage.slice(0, 15)) lines.push(`  ${tool.name.padEnd(32)} ${String(tool.calls).padStart(6)}`);
  lines.push(
    "",
    report.neverCalled.length === 0
      ? "Never called: none"
      : `Never called (${report.neverCalled.length}): ${report.neverCalled.slice(0, 30).join(", ")}${report.neverCalled.length > 30 ? ", …" : ""}`,
  );
  lines.push(
    "",
    `Suggested defaults (now: ${report.defaults.join(", ") || "none"}): ${report.suggestedDefaults.map((item) => `${item.category} (${(item.share * 100).toFixed(1)}%)`).join(", ") || "none"}`,
  );
  lines.push("", "Often used together:");
  for (const pair of report.coUsedPairs.slice(0, 10)) lines.push(`  ${pair.a} + ${pair.b}  ${pair.weight}`);
  if (report.coUsedPairs.length === 0) lines.push("  none: no two tools were called in the same turn");
  lines.push("", "Suggestions only: nothing is changed in the catalog file.");
  return lines.join("\n");
}
