/**
 * @module Retrieval selection: a strategy ranks the catalog for the conversation, AutoCut drops the tail after a
 * large score drop, the top K follow the core tools, then the same filters and budget as keyword selection.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { readConversation } from "../conversation/conversation-text.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { autoCut } from "../retrieval/hybrid/auto-cut.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createCatalogIndex } from "../retrieval/catalog-index.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import { createSelector, type SelectionInput } from "./select-tools.js";
import { finishSelection, followCatalog, type SelectionRequest, type SelectToolsOptions } from "./selection-scope.js";
import type { RankedSelection, SelectedCategory, ToolSelection } from "./tool-selection.js";

/** AutoCut settings: cut where a score is more than `ratio` times the next, keeping at least `minimum`. */
export interface AutoCutOptions {
  /** @defaultValue 2 */
  ratio?: number;
  /** @defaultValue 3 */
  minimum?: number;
}

/** Options of {@link createToolSelector}: a strategy and how many of its tools to keep, plus every selection option. */
export interface ToolSelectorOptions extends SelectToolsOptions {
  /**
   * How tools are chosen: `"keyword"` (category keywords, the default), a built-in retrieval strategy by name
   * (`"bm25"`, `"fuzzy"`, `"hybrid"`, `"sequence-matcher"`, …) or your own {@link RetrievalStrategy}.
   * @defaultValue "keyword"
   */
  strategy?: string | RetrievalStrategy;
  /** Retrieval: most ranked tools bound after the core tools. @defaultValue 10 */
  topK?: number;
  /** Retrieval: AutoCut, or `false` to keep the top K whatever their scores. @defaultValue { ratio: 2, minimum: 3 } */
  autoCut?: AutoCutOptions | false;
}

/** A selector for any strategy; retrieval strategies answer asynchronously. */
export type ToolSelector = (input: SelectionInput, request?: SelectionRequest) => ToolSelection | Promise<ToolSelection>;

function formatSignals(tool: RankedTool): string {
  const parts = Object.entries(tool.signals).map(([signal, score]) => (signal === "exact" ? "exact name" : `${signal} ${Number((score ?? 0).toFixed(3))}`));
  return parts.length > 0 ? parts.join(", ") : `score ${Number(tool.score.toFixed(3))}`;
}

/**
 * Builds a selector for the given strategy. Options are validated and the strategy's index build starts here,
 * so a bad option fails at construction; selections wait for the index.
 *
 * A retrieval selector keeps its strategy's index in step with a live catalog by catching up at the start of each
 * selection: the changes since the last one are applied incrementally (or the index is rebuilt when the strategy
 * cannot add and remove). The catalog holds no reference to the selector, so there is nothing to close: one you
 * drop (made per request, per test) is garbage-collected with its index like any object.
 *
 * @param catalog - the full registry.
 * @param options.strategy - `"keyword"`, a built-in strategy name or your own strategy. @defaultValue "keyword"
 * @param options.topK - most ranked tools bound after the core tools. @defaultValue 10
 * @param options.autoCut - AutoCut settings, or `false`. @defaultValue { ratio: 2, minimum: 3 }
 * @example
 * ```ts
 * const select = createToolSelector(catalog, { strategy: "hybrid", topK: 8 });
 * const selection = await select("can you resize my photo?");
 * selection.ranked; // [{ name: "resize_image", rank: 1, score: …, signals: { bm25: …, fuzzy: … }, reason: "bm25 4.1, fuzzy 0.5" }, …]
 * ```
 */
export function createToolSelector(catalog: ToolCatalog, options: ToolSelectorOptions = {}): ToolSelector {
  const { strategy: choice = "keyword", topK = 10, autoCut: cut = {}, ...selectOptions } = options;
  if (!Number.isInteger(topK) || topK < 1) {
    throw new DynamicToolsError("INVALID_OPTION", `topK must be a whole number ≥ 1, got ${String(topK)}.`, { path: ["topK"] });
  }
  if (choice === "keyword") return createSelector(catalog, selectOptions);
  const strategy = typeof choice === "string" ? createStrategy(choice) : choice;
  const currentScope = followCatalog(catalog, selectOptions);
  // Live catalog: each selection first brings the index up to the catalog's version (add/remove, or a rebuild).
  const index = createCatalogIndex(catalog, strategy);

  async function selectByRetrieval(input: SelectionInput, request: SelectionRequest = {}): Promise<ToolSelection> {
    const indexed = await index.current();
    const scope = currentScope();
    const { settings } = scope;
    const filter = (name: string) => scope.selectable.has(name) && (request.filter === undefined || request.filter(name));
    const conversation = readConversation(input, { historyMessages: settings.historyMessages, historyWindow: settings.historyWindow });
    const results =
      conversation.current.trim() === "" && conversation.history.length === 0
        ? []
        : await indexed.rank({ query: conversation.current, history: conversation.history, limit: topK, filter });
    // The filter is enforced here too, and duplicates dropped: a custom strategy that ignores the filter must still
    // never bind a filtered tool, nor one tool twice.
    const seen = new Set<string>();
    const allowed = results.filter((tool) => filter(tool.name) && !seen.has(tool.name) && seen.add(tool.name)).slice(0, topK);
    const kept = cut === false ? allowed.length : autoCut(allowed.map((tool) => tool.score), { ratio: cut.ratio ?? 2, minimum: cut.minimum ?? 3 });
    const ranked: RankedSelection[] = allowed.slice(0, kept).map((tool, index) => ({
      name: tool.name,
      rank: index + 1,
      score: tool.score,
      signals: tool.signals as Record<string, number>,
      reason: formatSignals(tool),
    }));
    const ordered = [...scope.bindableCore];
    for (const tool of ranked) ordered.push(tool.name);
    const categories: SelectedCategory[] = [];
    if (ranked.length === 0) {
      for (const name of settings.defaults) {
        categories.push({ name, reason: "default", source: "default" });
        ordered.push(...(scope.toolsByCategory.get(name) ?? []));
      }
    }
    return finishSelection(scope, { strategy: indexed.name, ordered, categories, matchedTools: [], ranked, conversation }, request.filter);
  }
  return selectByRetrieval;
}
