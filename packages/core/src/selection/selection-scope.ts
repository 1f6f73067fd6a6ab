/**
 * @module What every selector resolves once at construction (settings, filters, the bindable tools) and the last
 * step they share: budget, tokens and the assembled {@link ToolSelection}.
 */
import { applyBudget } from "../budget/apply-budget.js";
import type { CatalogSettings } from "../catalog/catalog-config.js";
import type { ResolvedSettings, ToolCatalog } from "../catalog/tool-catalog.js";
import type { ConversationText } from "../conversation/conversation-text.js";
import { isBindable, type ToolFilterOptions } from "./tool-filter.js";
import type { RankedSelection, SelectedCategory, SelectedTool, ToolSelection } from "./tool-selection.js";

/** Options every selector accepts: any catalog setting can be overridden, plus filters. */
export interface SelectToolsOptions extends CatalogSettings, ToolFilterOptions {
  /**
   * Count definition tokens for the explanation (loads the tokenizer on first use). A `maxTokens` budget counts
   * tokens whatever this says. @defaultValue true
   */
  countTokens?: boolean;
}

/** Settings, filters and bindable tools, resolved once per selector. */
export interface SelectionScope {
  readonly catalog: ToolCatalog;
  readonly settings: ResolvedSettings;
  readonly countTokens: boolean;
  readonly coreSet: ReadonlySet<string>;
  /** Core tools that pass the filters, in core order. */
  readonly bindableCore: readonly string[];
  /** Non-core tools that pass the filters (enabled, platform, not excluded, searchable). */
  readonly selectable: ReadonlySet<string>;
  /** Each category's selectable tools, in catalog order. */
  readonly toolsByCategory: ReadonlyMap<string, readonly string[]>;
}

/**
 * Resolves and validates a selector's options against the catalog.
 * @throws DynamicToolsError for a bad option, so selectors fail at construction.
 */
export function createSelectionScope(catalog: ToolCatalog, options: SelectToolsOptions = {}): SelectionScope {
  const settings = catalog.resolveSettings(options);
  const { platform, exclude } = options;
  const filters: ToolFilterOptions = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const coreSet = new Set(settings.core);
  const selectable = new Set(catalog.tools().filter((tool) => !coreSet.has(tool.name) && isBindable(tool, filters, false)).map((tool) => tool.name));
  return {
    catalog,
    settings,
    countTokens: options.countTokens ?? true,
    coreSet,
    bindableCore: settings.core.filter((name) => isBindable(catalog.get(name)!, filters, true)),
    selectable,
    toolsByCategory: new Map(catalog.categories().map((category) => [category.name, category.tools.filter((name) => selectable.has(name))])),
  };
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
export function finishSelection(scope: SelectionScope, { strategy, ordered, categories, matchedTools, ranked, conversation }: SelectionDraft): ToolSelection {
  const { catalog, settings, countTokens } = scope;
  const tokensOf = countTokens || settings.maxTokens !== undefined ? (name: string) => catalog.tokensOf(name) : undefined;
  const budget = applyBudget({
    ordered,
    maxTools: settings.maxTools,
    ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
    ...(tokensOf === undefined ? {} : { tokensOf }),
  });
  const selection: ToolSelection = {
    strategy,
    tools: budget.selected,
    count: budget.selected.length,
    totalTools: catalog.size,
    core: [...scope.bindableCore],
    categories,
    matchedTools,
    trimmed: budget.trimmed,
    budget: { maxTools: settings.maxTools, ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }) },
    query: conversation,
  };
  if (ranked !== undefined) selection.ranked = ranked;
  if (budget.trimmedBy !== undefined) selection.trimmedBy = budget.trimmedBy;
  if (countTokens) selection.tokens = { selected: budget.tokens, all: catalog.totalTokens() };
  return selection;
}
