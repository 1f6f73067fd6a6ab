/**
 * @module Which strategy a selector uses when none is given: the one that serves the catalog. Category keywords
 * where the catalog declares them for every tool, retrieval otherwise.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";

/** The strategy of a catalog that does not declare keywords for every tool: BM25 and vectors, fused. */
export const RETRIEVAL_DEFAULT_STRATEGY = "hybrid";

/**
 * Whether the catalog declares categories with keywords: at least one category declares keywords, and every
 * enabled, searchable tool that is not core either declares keywords of its own or sits in a category that declares
 * keywords. Derived (zero-config) keywords do not count: they are a guess from the tools' own text, which a
 * retrieval strategy ranks far better (see the README's "Choosing a strategy").
 *
 * @example
 * ```ts
 * declaresKeywordCategories(gymCatalog); // true: every category lists its keywords
 * declaresKeywordCategories(new ToolCatalog({ tools })); // false: no categories at all
 * ```
 */
export function declaresKeywordCategories(catalog: ToolCatalog): boolean {
  const withKeywords = new Set(
    catalog
      .categories()
      .filter((category) => category.keywords.length > 0)
      .map((category) => category.name),
  );
  if (withKeywords.size === 0) return false;
  const core = new Set(catalog.settings.core);
  const counted = (tool: ToolMetadata) => !core.has(tool.name) && tool.enabled && tool.searchable;
  const declared = (tool: ToolMetadata) => tool.keywords.length > 0 || (tool.category !== undefined && withKeywords.has(tool.category));
  return catalog.tools().every((tool) => !counted(tool) || declared(tool));
}

/**
 * The strategy {@link createToolSelector} uses when none is given: `"keyword"` when the catalog
 * {@link declaresKeywordCategories | declares categories with keywords}, else {@link RETRIEVAL_DEFAULT_STRATEGY}.
 * Decided once, when the selector is built.
 *
 * @example
 * ```ts
 * defaultStrategyFor(catalog); // "keyword" or "hybrid"
 * ```
 */
export function defaultStrategyFor(catalog: ToolCatalog): "keyword" | typeof RETRIEVAL_DEFAULT_STRATEGY {
  return declaresKeywordCategories(catalog) ? "keyword" : RETRIEVAL_DEFAULT_STRATEGY;
}
