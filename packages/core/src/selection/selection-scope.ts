/**
 * @module The filters stage, computed in one place: what a selector resolves once per catalog version (settings,
 * filters, the bindable core tools, the selectable tools and each category's selectable tools). Every selection and
 * every turn-planner mode reads its scope from here.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { CatalogSettings } from "../catalog/catalog-config.js";
import type { ResolvedSettings, ToolCatalog } from "../catalog/tool-catalog.js";
import { coUsageReaderOf, type CoUsageInput, type CoUsageReader } from "../usage/co-usage-reader.js";
import { resolveCoUsageOptions, type CoUsageOptions } from "./expand-co-usage.js";
import { categoryOrderOf } from "../retrieval/keyword/keyword-candidates.js";
import { isBindable, type ToolFilterOptions } from "./tool-filter.js";

/** Options every selector accepts: any catalog setting can be overridden, plus filters. */
export interface SelectToolsOptions extends CatalogSettings, ToolFilterOptions {
  /**
   * Count definition tokens for the explanation (loads the tokenizer on first use). A `maxTokens` budget counts
   * tokens whatever this says. @defaultValue true
   */
  countTokens?: boolean;
  /**
   * Learned usage (a `UsageModel`, or a `UsageRecorder`): turns on the co-usage expansion, which adds after the chosen tools the tools
   * most often used with them (same filters, same budget; trimmed first), and a strategy chosen by name (or the
   * default one) learns from it as `createStrategy(name, { usage })` builds it: `bm25`'s learned field, `vector`'s
   * learned words, `hybrid`'s both and its fitted fusion. @defaultValue none: no expansion, no learning
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
  /** Each category's position in the catalog (categories of one tier bind in this order). */
  readonly categoryOrder: ReadonlyMap<string, number>;
  /** Code-defined tools that run when called but are never bound, and why (see `ToolMetadata.unbindable`). */
  readonly unbindable: ReadonlyArray<{ name: string; reason: string }>;
  /** The co-usage expansion, when usage is given and the expansion not turned off. */
  readonly coUsage?: { readonly usage: CoUsageReader } & Required<CoUsageOptions>;
}

/**
 * Resolves and validates a selector's options against the catalog.
 * @throws DynamicToolsError for a bad option, so selectors fail at construction.
 */
export function createSelectionScope(
  catalog: ToolCatalog,
  options: SelectToolsOptions = {},
  { lenient = false }: { lenient?: boolean } = {},
): SelectionScope {
  const version = catalog.version;
  const settings = catalog.resolveSettings(options, { lenient });
  const { platform, exclude } = options;
  const filters: ToolFilterOptions = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const coreSet = new Set(settings.core);
  const reader = options.usage === undefined ? undefined : coUsageReaderOf(options.usage);
  const coUsage =
    reader === undefined || options.coUsage === false ? undefined : { usage: reader, ...resolveCoUsageOptions(options.coUsage) };
  // One pass, no intermediate lists: a scope is made on every catalog change, and first on a cold start.
  const selectable = new Set<string>();
  const unbindable: Array<{ name: string; reason: string }> = [];
  for (const tool of catalog.tools()) {
    if (tool.unbindable !== undefined) unbindable.push({ name: tool.name, reason: tool.unbindable });
    else if (!coreSet.has(tool.name) && isBindable(tool, filters, false)) selectable.add(tool.name);
  }
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
    toolsByCategory: new Map(
      catalog.categories().map((category) => [category.name, category.tools.filter((name) => selectable.has(name))]),
    ),
    categoryOrder: categoryOrderOf(catalog),
    unbindable,
    ...(coUsage === undefined ? {} : { coUsage }),
  };
}

/** The catalog's tools that are never bound to a model, with the reason. */
export function unbindableTools(catalog: ToolCatalog): Array<{ name: string; reason: string }> {
  const unbindable: Array<{ name: string; reason: string }> = [];
  for (const tool of catalog.tools()) if (tool.unbindable !== undefined) unbindable.push({ name: tool.name, reason: tool.unbindable });
  return unbindable;
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
  /**
   * Room the caller binds beside this selection, ahead of it (e.g. `tool_search` and the tools it loaded this turn):
   * the one budget keeps core and the selection within `maxTools - tools` and `maxTokens - tokens`.
   * @defaultValue { tools: 0, tokens: 0 }
   */
  reserve?: SelectionReserve;
}

/** Room reserved beside a selection (see {@link SelectionRequest.reserve}). */
export interface SelectionReserve {
  /** Tools bound beside the selection. */
  tools: number;
  /** Their definitions' tokens. */
  tokens: number;
}

/** A {@link SelectionReserve} as given, once checked: whole numbers of tools and tokens, zero or more. */
export function checkedReserve(reserve: SelectionReserve): SelectionReserve {
  for (const key of ["tools", "tokens"] as const) {
    const value = reserve[key];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new DynamicToolsError("INVALID_OPTION", `reserve.${key} must be a whole number, 0 or more; got ${String(value)}.`, {
        path: ["reserve", key],
      });
    }
  }
  return reserve;
}
