/**
 * @module What every selector resolves once at construction (settings, filters, the bindable tools) and the last
 * step they share: budget, tokens and the assembled {@link ToolSelection}.
 */
import { applyBudget } from "../budget/apply-budget.js";
import type { CatalogSettings } from "../catalog/catalog-config.js";
import type { ResolvedSettings, ToolCatalog } from "../catalog/tool-catalog.js";
import type { ConversationText } from "../conversation/conversation-text.js";
import { coUsageReaderOf, type CoUsageInput, type CoUsageReader } from "../usage/co-usage-reader.js";
import { expandCoUsage, resolveCoUsageOptions, type CoUsageOptions, type CoUsedTool } from "./expand-co-usage.js";
import { isBindable, type ToolFilterOptions } from "./tool-filter.js";
import type { RankedSelection, SelectedCategory, SelectedTool, ToolSelection } from "./tool-selection.js";

/** Options every selector accepts: any catalog setting can be overridden, plus filters. */
export interface SelectToolsOptions extends CatalogSettings, ToolFilterOptions {
  /**
   * Count definition tokens for the explanation (loads the tokenizer on first use). A `maxTokens` budget counts
   * tokens whatever this says. @defaultValue true
   */
  countTokens?: boolean;
  /**
   * Learned usage (a `UsageModel`, or a `UsageRecorder`): turns on the co-usage expansion, which adds after the chosen tools the tools
   * most often used with them (same filters, same budget; trimmed first). @defaultValue none: no expansion
   */
  usage?: CoUsageInput;
  /** The co-usage expansion's settings, or `false` to turn it off although `usage` is given. @defaultValue { minWeight: 2, maxTools: 3 } */
  coUsage?: CoUsageOptions | false;
}

/** Settings, filters and bindable tools, resolved once per selector. */
export interface SelectionScope {
  readonly catalog: ToolCatalog;
  /** The catalog version this scope was resolved against; a selector re-resolves when the catalog moves on. */
  readonly version: number;
  readonly settings: ResolvedSettings;
  readonly countTokens: boolean;
  readonly coreSet: ReadonlySet<string>;
  /** Core tools that pass the filters, in core order. */
  readonly bindableCore: readonly string[];
  /** Non-core tools that pass the filters (enabled, platform, not excluded, searchable). */
  readonly selectable: ReadonlySet<string>;
  /** Each category's selectable tools, in catalog order. */
  readonly toolsByCategory: ReadonlyMap<string, readonly string[]>;
  /** Code-defined tools that run when called but are never bound, and why (see `ToolMetadata.unbindable`). */
  readonly unbindable: ReadonlyArray<{ name: string; reason: string }>;
  /** The co-usage expansion, when usage is given and the expansion not turned off. */
  readonly coUsage?: { readonly usage: CoUsageReader } & Required<CoUsageOptions>;
}

/**
 * Resolves and validates a selector's options against the catalog.
 * @throws DynamicToolsError for a bad option, so selectors fail at construction.
 */
export function createSelectionScope(catalog: ToolCatalog, options: SelectToolsOptions = {}, { lenient = false }: { lenient?: boolean } = {}): SelectionScope {
  const version = catalog.version;
  const settings = catalog.resolveSettings(options, { lenient });
  const { platform, exclude } = options;
  const filters: ToolFilterOptions = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const coreSet = new Set(settings.core);
  const reader = options.usage === undefined ? undefined : coUsageReaderOf(options.usage);
  const coUsage = reader === undefined || options.coUsage === false ? undefined : { usage: reader, ...resolveCoUsageOptions(options.coUsage) };
  const selectable = new Set(catalog.tools().filter((tool) => !coreSet.has(tool.name) && isBindable(tool, filters, false)).map((tool) => tool.name));
  return {
    catalog,
    version,
    settings,
    countTokens: options.countTokens ?? true,
    coreSet,
    bindableCore: settings.core.filter((name) => {
      const tool = catalog.get(name);
      return tool !== undefined && isBindable(tool, filters, true);
    }),
    selectable,
    toolsByCategory: new Map(catalog.categories().map((category) => [category.name, category.tools.filter((name) => selectable.has(name))])),
    unbindable: unbindableTools(catalog),
    ...(coUsage === undefined ? {} : { coUsage }),
  };
}

/** The catalog's tools that are never bound to a model, with the reason. */
export function unbindableTools(catalog: ToolCatalog): Array<{ name: string; reason: string }> {
  return catalog.tools().flatMap((tool) => (tool.unbindable === undefined ? [] : [{ name: tool.name, reason: tool.unbindable }]));
}

/**
 * A selector's scope that follows the catalog: re-resolved (leniently: a core tool whose source went away is skipped)
 * whenever the catalog's version changes, so a selection sees the old catalog or the new one, never a mix.
 *
 * @example
 * ```ts
 * const scopeNow = followCatalog(catalog, options);
 * const scope = scopeNow(); // the same object until catalog.version changes
 * ```
 */
export function followCatalog(catalog: ToolCatalog, options: SelectToolsOptions = {}): () => SelectionScope {
  let scope = createSelectionScope(catalog, options);
  return function currentScope() {
    if (scope.version !== catalog.version) scope = createSelectionScope(catalog, options, { lenient: true });
    return scope;
  };
}

/** Per-request options of a selector (the selector's own options are per selector). */
export interface SelectionRequest {
  /** Only tools for which this returns true may be selected, core included (e.g. the caller's permissions). */
  filter?: (name: string) => boolean;
}

/** The parts of a selection a selector decided; {@link finishSelection} adds the budget and tokens. */
export interface SelectionDraft {
  strategy: string;
  /** Candidate tools, highest priority first, core first. */
  ordered: readonly string[];
  categories: SelectedCategory[];
  matchedTools: SelectedTool[];
  ranked?: RankedSelection[];
  conversation: ConversationText;
}

/** Applies the budget (count and tokens) and assembles the explanation. */
export function finishSelection(
  scope: SelectionScope,
  { strategy, ordered: candidates, categories, matchedTools, ranked, conversation }: SelectionDraft,
  filter?: (name: string) => boolean,
): ToolSelection {
  const { catalog, settings, countTokens } = scope;
  const ordered = filter === undefined ? candidates : candidates.filter((name) => filter(name));
  const tokensOf = countTokens || settings.maxTokens !== undefined ? (name: string) => catalog.tokensOf(name) : undefined;
  const budgetOf = (list: readonly string[]) =>
    applyBudget({
      ordered: list,
      maxTools: settings.maxTools,
      ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
      ...(tokensOf === undefined ? {} : { tokensOf }),
    });
  let budget = budgetOf(ordered);
  let coUsed: CoUsedTool[] | undefined;
  if (scope.coUsage !== undefined) {
    // Expanded from the tools the budget kept, appended after every candidate: an expansion is trimmed first.
    const { usage, minWeight, maxTools } = scope.coUsage;
    coUsed = expandCoUsage({
      chosen: budget.selected.filter((name) => !scope.coreSet.has(name)),
      usage,
      allowed: (name) => scope.selectable.has(name) && (filter === undefined || filter(name)),
      present: new Set(ordered),
      minWeight,
      maxTools,
    });
    if (coUsed.length > 0) budget = budgetOf([...ordered, ...coUsed.map((tool) => tool.name)]);
  }
  const selection: ToolSelection = {
    strategy,
    tools: budget.selected,
    count: budget.selected.length,
    totalTools: catalog.size,
    core: filter === undefined ? [...scope.bindableCore] : scope.bindableCore.filter((name) => filter(name)),
    categories,
    matchedTools,
    trimmed: budget.trimmed,
    budget: { maxTools: settings.maxTools, ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }) },
    query: conversation,
  };
  if (ranked !== undefined) selection.ranked = ranked;
  if (coUsed !== undefined) selection.coUsed = coUsed;
  if (scope.unbindable.length > 0) selection.unbindable = scope.unbindable.map((entry) => ({ ...entry }));
  if (budget.trimmedBy !== undefined) selection.trimmedBy = budget.trimmedBy;
  if (countTokens) {
    const all = catalog.estimatedTotalTokens();
    selection.tokens = { selected: budget.tokens, all: all.tokens, ...(all.exact ? {} : { allEstimated: true as const }) };
  }
  return selection;
}
