/**
 * Keyword selection in tests: the one selector with `strategy: "keyword"` (synchronous).
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { createToolSelector, type KeywordToolSelector, type SelectionInput, type ToolSelectorOptions } from "../selection/tool-selector.js";
import type { ToolSelection } from "../selection/tool-selection.js";

/** A keyword selector for `catalog`. */
export function keywordSelector(catalog: ToolCatalog, options: Omit<ToolSelectorOptions, "strategy"> = {}): KeywordToolSelector {
  return createToolSelector(catalog, { ...options, strategy: "keyword" });
}

/** One keyword selection. */
export function selectByKeywords(
  catalog: ToolCatalog,
  input: SelectionInput,
  options: Omit<ToolSelectorOptions, "strategy"> = {},
): ToolSelection {
  return keywordSelector(catalog, options)(input);
}
