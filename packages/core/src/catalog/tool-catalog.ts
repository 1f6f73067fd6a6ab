/**
 * @module The full tool registry: every tool an agent owns, with normalised metadata, categories and selection
 * settings, validated at construction.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { checkedDefinitionTokens, definitionTokens } from "./tokens/definition-tokens.js";
import { estimateTokens } from "./tokens/estimate-tokens.js";
import { toToolDefinition, type ToolDefinition } from "./tokens/tool-definition.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { describeValue, formatPath, isRecord, quote } from "../errors/describe-value.js";
import { checkRequiredOptions, keysOf } from "../options/option-keys.js";
import { didYouMean } from "../text/closest-matches.js";
import {
  HISTORY_KEYS,
  SETTINGS_KEYS,
  type CatalogSettings,
  type CategoryDeclaration,
  type NamespaceDeclaration,
} from "./catalog-config.js";
import { applyCatalogDelta, type CatalogDelta } from "./catalog-delta.js";
import { sourceOf } from "./catalog-source.js";
import { parseCategories, parseNamespaces } from "./parse-config.js";
import { ChangeLog, type CatalogChanges } from "./change-log.js";
import {
  buildCatalogState,
  fingerprintOfState,
  requireCategory,
  saveDerivation,
  sourceKey,
  type CatalogState,
  type CategoryInfo,
  type NamespaceInfo,
} from "./catalog-state.js";
import type { SavedCatalogDerivation } from "./saved-derivation.js";
import { ListenerSet } from "../events/listener-set.js";
import type { CatalogChangeListener, ToolsUpdate, CatalogChange } from "./catalog-events.js";
import { DEFAULT_PERMISSION, PERMISSION_KINDS, type PermissionKind, type ToolDeclaration, type ToolMetadata } from "./tool-metadata.js";
import { countOf } from "../text/count-of.js";

/** Options of {@link ToolCatalog}: the tools, their metadata, categories and selection settings. */
export interface ToolCatalogOptions extends CatalogSettings {
  /** The tools: executable LangChain tools, plain declarations, or both (`[]` for a catalog whose tools come later). */
  tools: ReadonlyArray<StructuredToolInterface | ToolDeclaration>;
  /**
   * Metadata merged by name over `tools` (what a catalog file declares): declared fields override the tool's own.
   * Each must name a tool in `tools`.
   */
  declarations?: readonly ToolDeclaration[];
  /** Category descriptions, keywords and related categories. Categories named only by tools are created empty. */
  categories?: Readonly<Record<string, CategoryDeclaration>>;
  /** Namespace descriptions and sizes. Namespaces named only by tools are created with no description. */
  namespaces?: Readonly<Record<string, NamespaceDeclaration>>;
  /**
   * The permission of a tool that declares none (in its declaration or its `metadata.dynamicTools`). Permission
   * policies match on it, so it should not be less than what an unknown tool may do.
   * @defaultValue "execute" ({@link DEFAULT_PERMISSION}): never `read`, so a read-only role cannot run an undeclared tool
   */
  defaultPermission?: PermissionKind;
  /**
   * A derivation saved by {@link ToolCatalog.saveDerived} (e.g. from a snapshot): when it was saved from a catalog of
   * the same tools, categories, namespaces and core (same fingerprint), its derived keywords and token counts are
   * used instead of deriving and counting again; otherwise it is ignored.
   */
  derived?: SavedCatalogDerivation;
}

export type { SavedCatalogDerivation } from "./saved-derivation.js";
export type { CategoryInfo, NamespaceInfo } from "./catalog-state.js";

/** Catalog settings with every default filled in. */
export interface ResolvedSettings {
  readonly core: readonly string[];
  readonly defaults: readonly string[];
  readonly maxTools: number;
  readonly maxTokens: number | undefined;
  readonly historyMessages: number;
  readonly historyWindow: number;
  readonly relatedDepth: number;
}

/** OpenAI's limit on tools per request, the default `maxTools`. */
export const OPENAI_MAX_TOOLS = 128;

/**
 * The full registry of an agent's tools. Selection binds a few of them per turn; execution may run any of them.
 *
 * @example
 * ```ts
 * import { ToolCatalog } from "@dynamic-tools/core";
 *
 * const catalog = new ToolCatalog({
 *   tools: [
 *     { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
 *     { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
 *     { name: "get_gym_info", description: "Name, address and hours of the gym" },
 *   ],
 *   categories: { salary: { keywords: ["salary", "payroll"], related: ["staff"] } },
 *   core: ["get_gym_info"],
 * });
 * catalog.get("get_staff_list")?.category; // "staff"
 * catalog.category("salary")?.tools; // ["get_pending_salaries"]
 * ```
 */
export class ToolCatalog {
  #state: CatalogState;
  #version = 0;
  /** {@link names} and {@link tools} of one state. */
  #listing: { state: CatalogState; names: readonly string[]; tools: readonly ToolMetadata[] } | undefined;
  /** The source hash of the file the catalog was loaded from, until its first update (see `catalog-source.ts`). */
  #source: string | undefined;
  #settings: ResolvedSettings;
  readonly #events = new ListenerSet<CatalogChange>(() => "the catalog");
  readonly #log = new ChangeLog();
  /** The core tools as declared; `required: true` tools join them in {@link settings}. */
  readonly #declaredCore: readonly string[];

  /**
   * Builds the catalog, validating every option first, as a catalog file is validated: a bad configuration fails
   * here, not on the first message. Unknown option keys are refused (a misspelled `declaratons` would otherwise drop
   * its declarations, and the permissions they declare, silently).
   * @throws DynamicToolsError `INVALID_OPTION` for options that are not an object, an unknown option key (naming it,
   *   the closest valid ones and every valid one), `tools` or `declarations` that are not lists, or a setting of the
   *   wrong shape (`core`, `defaults`, `maxTools`, `history`…); `INVALID_DECLARATION` for a bad tool, declaration,
   *   category or namespace (with the messages a catalog file gets); `INVALID_TOOL_NAME`, `DUPLICATE_TOOL`,
   *   `UNKNOWN_TOOL`, `UNKNOWN_CATEGORY` or `CORE_EXCEEDS_BUDGET`.
   */
  constructor(options: ToolCatalogOptions) {
    checkCatalogOptions(options);
    const source = sourceOf(options);
    this.#source = source?.hash;
    this.#declaredCore = [...(options.core ?? [])];
    this.#state = buildCatalogState({
      tools: options.tools,
      declarations: options.declarations ?? [],
      categories: options.categories ?? {},
      namespaces: options.namespaces ?? {},
      core: new Set(this.#declaredCore),
      defaultPermission: checkDefaultPermission(options.defaultPermission),
      ...(options.derived === undefined ? {} : { derived: options.derived }),
      vouched: source?.vouched === true && options.derived?.source === source.hash,
    });
    // Saved token counts came with the state: the total is known when they cover every enabled tool.
    if (this.#state.tokens.size > 0) this.adoptTokenCounts([]);
    this.#settings = this.resolveSettings({ ...options, core: this.#coreWith(this.#state.required) });
  }

  /**
   * Increases by one on every change of the tools; selectors compare it to know when to re-resolve, and an index
   * remembers the version it was built at to catch up with {@link changesSince}.
   */
  get version(): number {
    return this.#version;
  }

  /** Names of source tools declared (e.g. in a catalog file) but not loaded yet; their declarations apply on arrival. */
  pendingNames(): string[] {
    return [...this.#state.pending.keys()];
  }

  /** Number of tools. */
  get size(): number {
    return this.#state.entries.size;
  }

  /**
   * The permission of a tool that declares none: of the catalog's tools, and of a source's or a request's tool that
   * the catalog does not know when it is called. @defaultValue `"execute"`
   */
  get defaultPermission(): PermissionKind {
    return this.#state.context.defaultPermission;
  }

  /** The catalog's own selection settings, defaults filled in. */
  get settings(): ResolvedSettings {
    return this.#settings;
  }

  /** Whether a tool of this name exists. */
  has(name: string): boolean {
    return this.#state.entries.has(name);
  }

  /** A tool's metadata. */
  get(name: string): ToolMetadata | undefined {
    return this.#state.entries.get(name)?.metadata;
  }

  /** The executable LangChain tool of that name, if the catalog has an implementation for it. */
  getTool(name: string): StructuredToolInterface | undefined {
    return this.#state.entries.get(name)?.tool;
  }

  /** Every tool name, in catalog order (a new array each call). */
  names(): string[] {
    return this.#listed().names.slice();
  }

  /** Every tool's metadata, in catalog order (a new array each call). */
  tools(): ToolMetadata[] {
    return this.#listed().tools.slice();
  }

  /** The names and metadata in catalog order, listed once per state (selectors and indexes ask for them often). */
  #listed(): { names: readonly string[]; tools: readonly ToolMetadata[] } {
    const state = this.#state;
    if (this.#listing?.state !== state) {
      const tools = [...state.entries.values()].map((entry) => entry.metadata);
      this.#listing = { state, names: tools.map((tool) => tool.name), tools };
    }
    return this.#listing;
  }

  /** Every executable tool, in catalog order. */
  executableTools(): StructuredToolInterface[] {
    return [...this.#state.entries.values()].flatMap((entry) => (entry.tool === undefined ? [] : [entry.tool]));
  }

  /** Categories in declaration order. */
  categories(): CategoryInfo[] {
    return [...this.#state.categories.values()];
  }

  /** One category. */
  category(name: string): CategoryInfo | undefined {
    return this.#state.categories.get(name);
  }

  /** Namespaces: declared ones first (declaration order), then those named only by tools (catalog order). */
  namespaces(): NamespaceInfo[] {
    return [...this.#state.namespaces.values()];
  }

  /** One namespace. */
  namespace(name: string): NamespaceInfo | undefined {
    return this.#state.namespaces.get(name);
  }

  /** " Did you mean: …?" for a tool name that is not in the catalog. */
  suggest(name: string): string {
    return didYouMean(name, this.#state.entries.keys());
  }

  /**
   * Tokens of one tool's definition as sent (o200k_base), exact and counted in this process: memoised per tool and
   * remembered process-wide by the definition's content hash, so each distinct definition is counted once. A count
   * adopted from a snapshot is never used here (it could be crafted below the real one), so a `maxTokens` budget,
   * which counts only the few tools it walks, holds by the real count whatever a snapshot says.
   */
  tokensOf(name: string): number {
    const metadata = this.#require(name);
    const tokens = definitionTokens(metadata);
    if (this.#state.tokens.get(name) !== tokens) this.#state.tokens.set(name, tokens);
    return tokens;
  }

  /**
   * A tool's count for totals and reports: the one adopted from a snapshot or a saved derivation, once checked
   * against bounds every real count lies within (outside them the definition is counted), else {@link tokensOf}. A
   * catalog restored from a snapshot answers without loading the tokenizer. An intact snapshot's counts are the real
   * ones; a crafted one's may be lower, so a budget never uses this (it uses {@link tokensOf}).
   *
   * @example
   * ```ts
   * const restored = new ToolCatalog({ tools, derived: readSnapshot("catalog.snapshot").derived });
   * restored.knownTokensOf("get_weather"); // the snapshot's count, no tokenizer loaded
   * ```
   */
  knownTokensOf(name: string): number {
    const known = this.#state.tokens.get(name);
    if (known === undefined) return this.tokensOf(name);
    const tokens = checkedDefinitionTokens(this.#require(name), known);
    if (tokens !== known) this.#state.tokens.set(name, tokens);
    return tokens;
  }

  /**
   * Tokens of every enabled tool's definition: what binding them all would cost. Counts every definition not
   * counted yet (about 1 s per 10,000 definitions), so a selection reports {@link estimatedTotalTokens} instead. A
   * restored catalog sums the counts it adopted (see {@link adoptTokenCounts}).
   */
  totalTokens(): number {
    const state = this.#state;
    state.totalTokens ??= [...state.entries.values()].reduce(
      (sum, { metadata }) => (metadata.enabled ? sum + this.knownTokensOf(metadata.name) : sum),
      0,
    );
    return state.totalTokens;
  }

  /**
   * {@link totalTokens} when it is known; until then an estimate from a sample of 256 definitions (within 5% on the
   * bench catalogs, see {@link estimateTokens}), and the exact count starts in the background: in slices of about
   * 10 ms between other work, which never keep the process alive. Catalogs of up to 256 enabled tools are always exact.
   *
   * @example
   * ```ts
   * const { tokens, exact } = catalog.estimatedTotalTokens();
   * ```
   */
  estimatedTotalTokens(): { tokens: number; exact: boolean } {
    const state = this.#state;
    if (state.totalTokens !== undefined) return { tokens: state.totalTokens, exact: true };
    // One estimate per state of the catalog: selections until the exact count is in do not sample again.
    if (this.#estimate?.state === state) return { tokens: this.#estimate.tokens, exact: false };
    const enabled = this.#enabledNames(state);
    const estimate = estimateTokens({ names: enabled, tokensOf: (name) => this.knownTokensOf(name) });
    if (estimate.exact) {
      state.totalTokens = estimate.tokens;
      return estimate;
    }
    this.#estimate = { state, tokens: estimate.tokens };
    this.#countTotalInBackground();
    return estimate;
  }

  /**
   * Whether {@link totalTokens} is known without counting anything (counted already, or every enabled tool's count
   * adopted from a snapshot): a selection that only reports tokens then needs no tokenizer.
   *
   * @example
   * ```ts
   * const restored = new ToolCatalog({ tools, derived: readSnapshot("catalog.snapshot").derived });
   * restored.knowsTotalTokens(); // true: the snapshot's counts cover every tool
   * ```
   */
  knowsTotalTokens(): boolean {
    return this.#state.totalTokens !== undefined;
  }

  /**
   * Resolves once {@link totalTokens} is known exactly (at once if it is), after the background count that
   * {@link estimatedTotalTokens} starts, or a new one.
   */
  exactTotalTokens(): Promise<number> {
    if (this.#state.totalTokens !== undefined) return Promise.resolve(this.#state.totalTokens);
    const total = new Promise<number>((resolve, reject) => this.#totalWaiters.push({ resolve, reject }));
    // A count already running unreferenced is referenced now, so the process waits for it.
    this.#backgroundCount?.ref();
    this.#countTotalInBackground();
    return total;
  }

  /**
   * Takes token counts made elsewhere for this very catalog (a snapshot: see `loadSnapshot`, which checks that the
   * snapshot is of this catalog), so no definition is counted again for {@link totalTokens} and
   * {@link estimatedTotalTokens}. {@link tokensOf}, which budgets use, still counts the definitions it is asked about.
   */
  adoptTokenCounts(counts: Iterable<readonly [tool: string, tokens: number]>): void {
    const state = this.#state;
    // Counts of this very catalog's definitions are the ones it would make: once every tool is counted (e.g. it was
    // built from the same snapshot's derivation), there is nothing to take.
    if (state.tokens.size < state.entries.size) {
      for (const [name, tokens] of counts) if (state.entries.has(name)) state.tokens.set(name, tokens);
    }
    if (state.totalTokens !== undefined) return;
    let total = 0;
    for (const { metadata } of state.entries.values()) {
      if (!metadata.enabled) continue;
      const tokens = state.tokens.get(metadata.name);
      if (tokens === undefined) return;
      total += tokens;
    }
    state.totalTokens = total;
  }

  /**
   * What the catalog derived that is costly to derive again (derived keywords, the token counts made so far), to
   * pass as `derived` when constructing the same catalog elsewhere (see `writeSnapshot` in the snapshot module,
   * which counts every definition first).
   * @example
   * ```ts
   * const again = new ToolCatalog({ ...options, derived: catalog.saveDerived() });
   * ```
   */
  saveDerived(): SavedCatalogDerivation {
    const derivation = saveDerivation(this.#state);
    return this.#source === undefined ? derivation : { ...derivation, source: this.#source };
  }

  /**
   * A hash of what the catalog derives from: every tool's metadata in order, the declared categories, namespaces
   * and core tools, the default permission (memoised per state of the catalog).
   */
  fingerprint(): string {
    return fingerprintOfState(this.#state);
  }

  #totalWaiters: Array<{ resolve: (tokens: number) => void; reject: (error: unknown) => void }> = [];
  #estimate: { state: CatalogState; tokens: number } | undefined;
  #backgroundCount: ReturnType<typeof setImmediate> | ReturnType<typeof setTimeout> | undefined;

  #enabledNames(state: CatalogState): string[] {
    const names: string[] = [];
    for (const { metadata } of state.entries.values()) if (metadata.enabled) names.push(metadata.name);
    return names;
  }

  /** Counts every definition in ~10 ms slices on later turns of the event loop, following live updates. */
  #countTotalInBackground(): void {
    if (this.#backgroundCount !== undefined) return;
    let counting = this.#state;
    let names = this.#enabledNames(counting);
    let at = 0;
    const step = (): void => {
      if (this.#state !== counting) {
        // The catalog changed: the counts made so far carry over (by name and content hash), the list does not.
        counting = this.#state;
        names = this.#enabledNames(counting);
        at = 0;
      }
      try {
        const deadline = performance.now() + 10;
        while (at < names.length && (at % 16 !== 0 || performance.now() < deadline)) this.knownTokensOf(names[at++]!);
        if (at < names.length && counting.totalTokens === undefined) {
          schedule();
          return;
        }
        this.#backgroundCount = undefined;
        const total = this.totalTokens();
        for (const { resolve } of this.#totalWaiters.splice(0)) resolve(total);
      } catch (error) {
        // Never an uncaught exception on a later turn: the count stops, and whoever awaits it hears why.
        this.#backgroundCount = undefined;
        for (const { reject } of this.#totalWaiters.splice(0)) reject(error);
      }
    };
    // Someone awaiting exactTotalTokens() keeps the process alive for the count. Nobody waiting: it must not, and an
    // unreferenced timer (not an immediate, which does not wake a loop that waits for something else) carries it on.
    const schedule = (): void => {
      if (this.#totalWaiters.length > 0) {
        this.#backgroundCount = setImmediate(step);
        return;
      }
      const next = setTimeout(step, 0);
      next.unref();
      this.#backgroundCount = next;
    };
    schedule();
  }

  /** The definitions to pass to `model.bindTools`, in the given order (OpenAI function format). */
  definitions(names: readonly string[]): ToolDefinition[] {
    return names.map((name) => toToolDefinition(this.#require(name)));
  }

  /**
   * Settings for one selection: the catalog's own, overridden by `overrides`, validated.
   * @throws DynamicToolsError `UNKNOWN_TOOL`, `UNKNOWN_CATEGORY`, `INVALID_OPTION` or `CORE_EXCEEDS_BUDGET`.
   */
  resolveSettings(overrides: CatalogSettings = {}, { lenient = false }: { lenient?: boolean } = {}): ResolvedSettings {
    const base = this.#settings as ResolvedSettings | undefined;
    checkSettingShapes(overrides);
    const settings: ResolvedSettings = {
      core: overrides.core ?? base?.core ?? [],
      defaults: overrides.defaults ?? base?.defaults ?? [],
      maxTools: overrides.maxTools ?? base?.maxTools ?? OPENAI_MAX_TOOLS,
      maxTokens: overrides.maxTokens ?? base?.maxTokens,
      historyMessages: overrides.history?.messages ?? base?.historyMessages ?? 4,
      historyWindow: overrides.history?.window ?? base?.historyWindow ?? 8,
      relatedDepth: overrides.relatedDepth ?? base?.relatedDepth ?? 1,
    };
    const counts: Array<[string, number | undefined, number]> = [
      ["maxTools", settings.maxTools, 1],
      ["maxTokens", settings.maxTokens, 1],
      ["history.messages", settings.historyMessages, 0],
      ["history.window", settings.historyWindow, 0],
      ["relatedDepth", settings.relatedDepth, 0],
    ];
    for (const [key, value, minimum] of counts) {
      if (value !== undefined && (!Number.isInteger(value) || value < minimum)) {
        throw new DynamicToolsError("INVALID_OPTION", `${key} must be a whole number ≥ ${minimum}, got ${String(value)}.`, {
          path: key.split("."),
        });
      }
    }
    settings.core.forEach((name, index) => {
      // Lenient (a selector re-resolving after a live update): a core tool whose source went away is skipped later.
      if (!this.#state.entries.has(name) && !lenient) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `core[${index}]: tool ${quote(name)} is not in the catalog (${countOf(this.size, "tool")}).${this.suggest(name)}`,
          { path: ["core", index] },
        );
      }
    });
    settings.defaults.forEach((name, index) => this.#requireCategory(name, ["defaults", index]));
    if (settings.core.length > settings.maxTools) {
      throw new DynamicToolsError(
        "CORE_EXCEEDS_BUDGET",
        `The ${settings.core.length} core tools alone exceed maxTools (${settings.maxTools}); raise maxTools or declare fewer core tools.`,
        { path: ["core"] },
      );
    }
    if (settings.maxTokens !== undefined && !lenient) {
      const coreTokens = settings.core.reduce((sum, name) => sum + this.tokensOf(name), 0);
      if (coreTokens > settings.maxTokens) {
        throw new DynamicToolsError(
          "CORE_EXCEEDS_BUDGET",
          `The core tools' definitions take ${coreTokens} tokens, over maxTokens (${settings.maxTokens}); raise maxTokens or declare fewer core tools.`,
          { path: ["maxTokens"] },
        );
      }
    }
    return Object.freeze({ ...settings, core: Object.freeze([...settings.core]), defaults: Object.freeze([...settings.defaults]) });
  }

  #require(name: string): ToolMetadata {
    const entry = this.#state.entries.get(name);
    if (entry === undefined) {
      throw new DynamicToolsError(
        "UNKNOWN_TOOL",
        `Tool ${quote(name)} is not in the catalog (${countOf(this.size, "tool")}).${this.suggest(name)}`,
      );
    }
    return entry.metadata;
  }

  #requireCategory(name: string, path: Array<string | number>): void {
    requireCategory(this.#state.categories, name, path);
  }

  /** `required: true` tools join the declared core tools, after them, in catalog order. */
  #coreWith(required: readonly string[]): string[] {
    const declared = new Set(this.#declaredCore);
    return [...this.#declaredCore, ...required.filter((name) => !declared.has(name))];
  }

  /**
   * Replaces every tool of one source (an MCP server, an SDK app) with `tools`: the shape of the mcp package's
   * `ToolsUpdatedEvent`, so wiring is `source.onToolsUpdated((event) => catalog.replaceSource(event))`. Declarations
   * from the source apply under the catalog's own (a catalog file wins); pending declarations apply on arrival.
   * The next state is derived from the current one (only what the update touches is recomputed), then swapped in
   * one assignment; `toolsUpdated` listeners run after the swap.
   *
   * @example
   * ```ts
   * mcp.onToolsUpdated((event) => catalog.replaceSource(event));
   * catalog.replaceSource({ source: "sdk", sourceId: "notes", tools: [], declarations: [] }); // the app unregistered
   * ```
   */
  replaceSource({ source, sourceId, tools, declarations = [], namespace, namespaceDescription }: ToolsUpdate): CatalogChange {
    const ownDeclarations = new Map(declarations.map((declaration) => [declaration.name, declaration]));
    const removed = this.#state.sources.get(sourceKey({ source, sourceId })!) ?? [];
    const added = tools.map((tool) =>
      ownDeclarations.has(tool.name) ? withSourceDeclaration(tool, ownDeclarations.get(tool.name)!) : tool,
    );
    const declared = namespace === undefined || this.#state.context.namespaces.has(namespace);
    return this.#update({
      removed,
      added,
      ...(declared ? {} : { namespaces: { [namespace]: namespaceDescription === undefined ? {} : { description: namespaceDescription } } }),
    });
  }

  /**
   * Adds tools (or replaces tools of the same name) and updates every derived index atomically. A replaced tool
   * moves to the end of the catalog's order; one given again exactly as it is (the same metadata and implementation)
   * stays where it is, and the update reports nothing for it.
   * @example
   * ```ts
   * catalog.add([weatherTool]);
   * ```
   */
  add(tools: ReadonlyArray<StructuredToolInterface | ToolDeclaration>): CatalogChange {
    return this.#update({ removed: tools.map((tool) => tool.name), added: tools });
  }

  /**
   * Removes tools by name (unknown names are ignored).
   * @example
   * ```ts
   * catalog.remove(["sdk_notes_create_note"]);
   * ```
   */
  remove(names: readonly string[]): CatalogChange {
    return this.#update({ removed: names });
  }

  /**
   * What changed in the tools since `version` (an earlier {@link version}): the net tools added, changed (with their
   * current metadata) and removed, or `{ rebuild: true }` once the log no longer reaches back that far. The log keeps
   * the newest updates while they hold at most twice the catalog's size plus 1,024 tool changes (and at most 1,024
   * updates): further behind, rebuilding an index from the catalog costs less than applying the changes.
   * How an index catches up when it is next used, without subscribing (see `createCatalogIndex`).
   *
   * @throws DynamicToolsError `INVALID_OPTION` for a version that is not a whole number from 0 to {@link version}.
   * @example
   * ```ts
   * const seen = catalog.version;
   * catalog.add([weatherTool]);
   * catalog.changesSince(seen); // { rebuild: false, version: seen + 1, added: [weather metadata], changed: [], removed: [] }
   * ```
   */
  changesSince(version: number): CatalogChanges {
    return this.#log.changesSince(version, this.#version);
  }

  /**
   * Listens to changes of the tools. Returns a function that stops listening. Nothing in the library needs it (an
   * index catches up with {@link changesSince} when used); it is for applications that react to updates.
   * @example
   * ```ts
   * const stop = catalog.on("toolsUpdated", ({ added, removed, version }) => console.log(version, added, removed));
   * ```
   */
  on(_event: "toolsUpdated", listener: CatalogChangeListener): () => void {
    return this.#events.add(listener);
  }

  #update(delta: CatalogDelta): CatalogChange {
    const before = this.#state;
    // Validated in full (tools, declarations, categories, keywords, the core budget) before anything is published.
    const { state: next, added, changed, removed } = applyCatalogDelta(before, delta);
    const settings = next.required === before.required ? this.#settings : this.#settingsWithCore(this.#coreWith(next.required));
    // Published together, synchronously, after every check: readers see either `before` or `next`.
    this.#state = next;
    this.#settings = settings;
    this.#version++;
    this.#source = undefined; // no longer what the file describes
    const event: CatalogChange = { version: this.#version, added, changed, removed };
    // The log's own copy (listeners may change the event's arrays), in catalog order.
    const upserted = [...added, ...changed].sort((a, b) => next.entries.get(a.name)!.seq - next.entries.get(b.name)!.seq);
    const replaced = new Set(changed.map((tool) => tool.name));
    this.#log.record({ version: this.#version, upserted, changed: replaced, removed: [...removed] }, next.entries.size);
    this.#events.emit(event);
    return event;
  }

  /** The catalog's settings with another core list, checked against `maxTools` as at construction. */
  #settingsWithCore(core: readonly string[]): ResolvedSettings {
    const { maxTools } = this.#settings;
    if (core.length > maxTools) {
      const required = core.slice(this.#declaredCore.length);
      throw new DynamicToolsError(
        "CORE_EXCEEDS_BUDGET",
        `With the required tools (${required.join(", ")}) the catalog would have ${core.length} core tools, over maxTools (${maxTools}); raise maxTools or mark fewer tools required.`,
        { path: ["core"] },
      );
    }
    return Object.freeze({ ...this.#settings, core: Object.freeze([...core]) });
  }
}

/** Every option {@link ToolCatalog} takes. */
const CATALOG_OPTION_KEYS = keysOf<ToolCatalogOptions>()([
  "tools",
  "declarations",
  "categories",
  "namespaces",
  "defaultPermission",
  "derived",
  ...SETTINGS_KEYS,
]);

/**
 * Checks a catalog's options before anything is built: an object of known keys, `tools` (and `declarations`) lists,
 * `categories` and `namespaces` by the very checks a catalog file's get, and the settings' shapes. The tools and
 * declarations themselves, and the settings' values, are checked as the state and settings are built.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad value and what is valid; `INVALID_DECLARATION` for a bad
 *   category or namespace.
 */
function checkCatalogOptions(options: unknown): asserts options is ToolCatalogOptions {
  checkRequiredOptions(options, CATALOG_OPTION_KEYS, "ToolCatalog", "with a list of tools (new ToolCatalog({ tools: [...] }))");
  for (const key of ["tools", "declarations"] as const) {
    const value = options[key];
    if (Array.isArray(value) || (key === "declarations" && value === undefined)) continue;
    const valid =
      key === "tools" ? "tools (LangChain tools or declarations such as { name, description }; [] for none)" : "tool declarations";
    throw new DynamicToolsError("INVALID_OPTION", `${key} must be a list of ${valid}, got ${describeValue(value)}.`, { path: [key] });
  }
  // Checked only: the catalog keeps the records as given (its fingerprint, and so saved derivations, depend on them).
  if (options.categories !== undefined) parseCategories(options.categories);
  if (options.namespaces !== undefined) parseNamespaces(options.namespaces);
  checkSettingShapes(options);
}

/**
 * Checks the shapes of settings a wrong value would otherwise slip through: `core` and `defaults` must be lists of
 * names, `history` an object of `messages` and `window` only (`history: { mesages: 1 }` would keep the default).
 * Their values are checked when the settings are resolved.
 * @throws DynamicToolsError `INVALID_OPTION` naming the setting and what is valid.
 */
function checkSettingShapes(settings: CatalogSettings): void {
  for (const key of ["core", "defaults"] as const) {
    const value: unknown = settings[key];
    if (value !== undefined && !(Array.isArray(value) && value.every((name) => typeof name === "string"))) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `${key} must be a list of ${key === "core" ? "tool" : "category"} names, got ${describeValue(value)}.`,
        {
          path: [key],
        },
      );
    }
  }
  const history: unknown = settings.history;
  if (history === undefined) return;
  if (!isRecord(history)) {
    throw new DynamicToolsError("INVALID_OPTION", `history must be { ${HISTORY_KEYS.join(", ")} }, got ${describeValue(history)}.`, {
      path: ["history"],
    });
  }
  const unknown = Object.keys(history).find((key) => !(HISTORY_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `${formatPath(["history", unknown])} is not a setting of history; valid: ${HISTORY_KEYS.join(", ")}.${didYouMean(unknown, HISTORY_KEYS)}`,
      { path: ["history", unknown] },
    );
  }
}

/** @throws DynamicToolsError `INVALID_OPTION` for a `defaultPermission` that is not a permission kind. */
function checkDefaultPermission(permission: unknown): PermissionKind {
  if (permission === undefined) return DEFAULT_PERMISSION;
  if (!PERMISSION_KINDS.includes(permission as PermissionKind)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `defaultPermission: expected one of ${PERMISSION_KINDS.join(" | ")}, got ${describeValue(permission)}.`,
      {
        path: ["defaultPermission"],
      },
    );
  }
  return permission as PermissionKind;
}

/** A source tool whose source declaration (permission, namespace…) applies over what it carries itself. */
function withSourceDeclaration(tool: StructuredToolInterface, declaration: ToolDeclaration): StructuredToolInterface {
  const metadata = (tool as { metadata?: Record<string, unknown> }).metadata ?? {};
  const info = (metadata.dynamicTools as Record<string, unknown> | undefined) ?? {};
  const { source, sourceId, namespace, permission } = declaration;
  const fields = Object.fromEntries(Object.entries({ source, sourceId, namespace, permission }).filter(([, value]) => value !== undefined));
  // A view of the tool with merged metadata; the prototype keeps invoke and the schema (never mutates the original).
  return Object.assign(Object.create(tool) as StructuredToolInterface, { metadata: { ...metadata, dynamicTools: { ...info, ...fields } } });
}

/**
 * Checks a `catalog` option where a graph part is built, so a missing or wrong catalog fails there with a typed
 * error, not as a TypeError on the first message. Duck-typed: a catalog from another copy of this package passes.
 * @throws DynamicToolsError `INVALID_OPTION` naming the value.
 */
export function checkCatalogOption(catalog: unknown): ToolCatalog {
  const candidate = catalog as Partial<Record<"get" | "tools" | "resolveSettings", unknown>> | null | undefined;
  if (typeof candidate?.get === "function" && typeof candidate.tools === "function" && typeof candidate.resolveSettings === "function")
    return catalog as ToolCatalog;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `catalog must be a ToolCatalog (new ToolCatalog({ tools }) or loadCatalogFile(file)), got ${describeValue(catalog)}.`,
    {
      path: ["catalog"],
    },
  );
}
