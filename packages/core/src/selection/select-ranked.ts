/**
 * @module Retrieval selection: a strategy ranks the catalog for the conversation, AutoCut drops the tail after a
 * large score drop, the top K follow the core tools, then the same filters and budget as keyword selection.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { readConversation } from "../conversation/conversation-text.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { autoCut } from "../retrieval/hybrid/auto-cut.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { followCatalogIndex } from "../retrieval/follow-update.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import { closedError, makeClosable, type Closable } from "./closable.js";
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
  /**
   * Closes the selector when it aborts, like calling its `close()`: e.g. a request's signal for a selector made per
   * request, or the application's shutdown signal. @defaultValue none: close it yourself, or let it be collected
   */
  signal?: AbortSignal;
}

/** A selector for any strategy; retrieval strategies answer asynchronously. */
export type ToolSelector = (input: SelectionInput, request?: SelectionRequest) => ToolSelection | Promise<ToolSelection>;

/**
 * What {@link createToolSelector} returns: a {@link ToolSelector} you can close. Closing stops its index from
 * following the catalog and lets the index go; a selection after that throws `CLOSED`.
 */
export type ClosableToolSelector = ToolSelector & Closable;

const closedSelector = () => closedError("This tool selector", "create another with createToolSelector(catalog, options)");

function formatSignals(tool: RankedTool): string {
  const parts = Object.entries(tool.signals).map(([signal, score]) => (signal === "exact" ? "exact name" : `${signal} ${Number((score ?? 0).toFixed(3))}`));
  return parts.length > 0 ? parts.join(", ") : `score ${Number(tool.score.toFixed(3))}`;
}

/**
 * Builds a selector for the given strategy. Options are validated and the strategy's index build starts here,
 * so a bad option fails at construction; selections wait for the index.
 *
 * A retrieval selector keeps its strategy's index in step with a live catalog (every `toolsUpdated` is applied
 * incrementally) until it is closed: call `close()`, declare it with `using`, or pass a `signal`. After that,
 * catalog updates no longer reach the strategy, the selector lets its index go, and a selection throws a
 * `DynamicToolsError` with code `CLOSED` (a selection already running finishes on the index it had). Closing twice
 * does nothing. The catalog holds a selector only weakly, so one you drop without closing (made per request, per
 * test) is garbage-collected with its index rather than kept and updated forever. A keyword selector follows the
 * catalog without an index; it can be closed all the same.
 *
 * @param catalog - the full registry.
 * @param options.strategy - `"keyword"`, a built-in strategy name or your own strategy. @defaultValue "keyword"
 * @param options.topK - most ranked tools bound after the core tools. @defaultValue 10
 * @param options.autoCut - AutoCut settings, or `false`. @defaultValue { ratio: 2, minimum: 3 }
 * @param options.signal - closes the selector when it aborts.
 * @example
 * ```ts
 * const select = createToolSelector(catalog, { strategy: "hybrid", topK: 8 });
 * const selection = await select("can you resize my photo?");
 * selection.ranked; // [{ name: "resize_image", rank: 1, score: …, signals: { bm25: …, fuzzy: … }, reason: "bm25 4.1, fuzzy 0.5" }, …]
 * select.close(); // done with it: catalog updates stop reaching its index
 * ```
 * @example
 * ```ts
 * // One selector per request, closed when the block ends (TypeScript 5.2+ `using`)…
 * async function handle(question: string) {
 *   using select = createToolSelector(catalog, { strategy: "bm25" });
 *   return (await select(question)).tools;
 * }
 * // …or with the request's lifetime.
 * const perRequest = createToolSelector(catalog, { strategy: "bm25", signal: request.signal });
 * ```
 */
export function createToolSelector(catalog: ToolCatalog, options: ToolSelectorOptions = {}): ClosableToolSelector {
  const { strategy: choice = "keyword", topK = 10, autoCut: cut = {}, signal, ...selectOptions } = options;
  if (!Number.isInteger(topK) || topK < 1) {
    throw new DynamicToolsError("INVALID_OPTION", `topK must be a whole number ≥ 1, got ${String(topK)}.`, { path: ["topK"] });
  }
  if (choice === "keyword") return closableKeywordSelector(catalog, selectOptions, signal);
  const strategy = typeof choice === "string" ? createStrategy(choice) : choice;
  const currentScope = followCatalog(catalog, selectOptions);
  // Live catalog: the strategy's index follows incrementally (add/remove), or is rebuilt when it cannot; until closed.
  const followed = followCatalogIndex(catalog, strategy, { ...(signal === undefined ? {} : { signal }), closedError: closedSelector });

  async function selectByRetrieval(input: SelectionInput, request: SelectionRequest = {}): Promise<ToolSelection> {
    // The strategy comes from the followed index (not this closure), so a closed selector lets it go.
    const indexed = await followed.ready();
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
        categories.push({ name, reason: "default", tier: "default" });
        ordered.push(...(scope.toolsByCategory.get(name) ?? []));
      }
    }
    return finishSelection(scope, { strategy: indexed.name, ordered, categories, matchedTools: [], ranked, conversation }, request.filter);
  }
  return makeClosable(selectByRetrieval, () => followed.close(), () => followed.closed);
}

/** The keyword selector, closable like the others: nothing to stop (it reads the catalog's version), only to refuse. */
function closableKeywordSelector(catalog: ToolCatalog, options: SelectToolsOptions, signal: AbortSignal | undefined): ClosableToolSelector {
  const select = createSelector(catalog, options);
  const flag = closedFlag(signal);
  return makeClosable(
    function selectByKeywords(input: SelectionInput, request?: SelectionRequest): ToolSelection {
      if (flag.closed) throw closedSelector();
      return select(input, request);
    },
    () => flag.close(),
    () => flag.closed,
  );
}

/** A flag set by close() or the signal; the signal's listener holds only the flag, never the selector. */
function closedFlag(signal: AbortSignal | undefined): { readonly closed: boolean; close(): void } {
  let closed = signal?.aborted === true;
  const onAbort = () => {
    closed = true;
  };
  if (!closed) signal?.addEventListener("abort", onAbort, { once: true });
  return {
    get closed() {
      return closed;
    },
    close() {
      closed = true;
      signal?.removeEventListener("abort", onAbort);
    },
  };
}
