/**
 * @module The full tool registry: every tool an agent owns, with normalised metadata, categories and selection
 * settings, validated at construction.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { countDefinitionTokens } from "../budget/token-counter.js";
import { toToolDefinition, type ToolDefinition } from "../budget/tool-definition.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { deriveKeywords } from "../selection/derive-keywords.js";
import { KeywordIndex } from "../selection/keyword-index.js";
import { createSelector, type SelectionInput, type SelectToolsOptions } from "../selection/select-tools.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { didYouMean } from "../text/closest-matches.js";
import type { CatalogSettings, CategoryDeclaration, NamespaceDeclaration } from "./catalog-config.js";
import { declarationFromLangChainTool, isLangChainTool } from "./langchain-tool.js";
import { formatPath, parseToolDeclaration } from "./parse-config.js";
import { TOOL_NAME_PATTERN, toMetadata, type ToolDeclaration, type ToolMetadata } from "./tool-metadata.js";

/** Options of {@link ToolCatalog}: the tools, their metadata, categories and selection settings. */
export interface ToolCatalogOptions extends CatalogSettings {
  /** The tools: executable LangChain tools, plain declarations, or both. */
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
}

/** A category as the catalog resolved it. */
export interface CategoryInfo {
  readonly name: string;
  readonly description: string;
  /** The keywords in effect: declared, derived, or both. */
  readonly keywords: readonly string[];
  /** Whether any keywords were derived from the tools (zero-config). */
  readonly derivedKeywords: boolean;
  readonly related: readonly string[];
  /** Tool names in catalog order. */
  readonly tools: readonly string[];
}

/** A namespace as the catalog resolved it: a group of tools tool search loads as a unit. */
export interface NamespaceInfo {
  readonly name: string;
  /** What the group is for ("" when not declared). */
  readonly description: string;
  /** Most tools one search hit loads, when declared. */
  readonly maxSize: number | undefined;
  /** Member tool names in catalog order. */
  readonly tools: readonly string[];
}

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

/** Most keywords derived for a tool that has no category (zero-config). */
const LOOSE_TOOL_KEYWORDS = 5;

/** OpenAI's limit on tools per request, the default `maxTools`. */
export const OPENAI_MAX_TOOLS = 128;

interface Entry {
  metadata: ToolMetadata;
  tool: StructuredToolInterface | undefined;
}

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
 * catalog.select("what is pending salary?").tools;
 * // ["get_gym_info", "get_pending_salaries", "get_staff_list"]
 * ```
 */
export class ToolCatalog {
  readonly #entries = new Map<string, Entry>();
  readonly #categories = new Map<string, CategoryInfo>();
  readonly #namespaces = new Map<string, NamespaceInfo>();
  readonly #settings: ResolvedSettings;
  readonly #keywordIndex = new KeywordIndex();
  readonly #tokens = new Map<string, number>();
  readonly #derivedToolKeywords = new Map<string, readonly string[]>();
  #totalTokens: number | undefined;

  constructor(options: ToolCatalogOptions) {
    this.#addTools(options.tools);
    this.#mergeDeclarations(options.declarations ?? []);
    this.#buildCategories(options.categories ?? {}, new Set(options.core ?? []));
    this.#buildNamespaces(options.namespaces ?? {});
    this.#settings = this.resolveSettings(options);
    this.#indexKeywords();
  }

  /** Number of tools. */
  get size(): number {
    return this.#entries.size;
  }

  /** The catalog's own selection settings, defaults filled in. */
  get settings(): ResolvedSettings {
    return this.#settings;
  }

  /** Whether a tool of this name exists. */
  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** A tool's metadata. */
  get(name: string): ToolMetadata | undefined {
    return this.#entries.get(name)?.metadata;
  }

  /** The executable LangChain tool of that name, if the catalog has an implementation for it. */
  getTool(name: string): StructuredToolInterface | undefined {
    return this.#entries.get(name)?.tool;
  }

  /** Every tool name, in catalog order. */
  names(): string[] {
    return [...this.#entries.keys()];
  }

  /** Every tool's metadata, in catalog order. */
  tools(): ToolMetadata[] {
    return [...this.#entries.values()].map((entry) => entry.metadata);
  }

  /** Every executable tool, in catalog order. */
  executableTools(): StructuredToolInterface[] {
    return [...this.#entries.values()].flatMap((entry) => (entry.tool === undefined ? [] : [entry.tool]));
  }

  /** Categories in declaration order. */
  categories(): CategoryInfo[] {
    return [...this.#categories.values()];
  }

  /** One category. */
  category(name: string): CategoryInfo | undefined {
    return this.#categories.get(name);
  }

  /** Namespaces: declared ones first (declaration order), then those named only by tools (catalog order). */
  namespaces(): NamespaceInfo[] {
    return [...this.#namespaces.values()];
  }

  /** One namespace. */
  namespace(name: string): NamespaceInfo | undefined {
    return this.#namespaces.get(name);
  }

  /**
   * Keywords derived for a tool that has no category, no keywords of its own and is not core (zero-config), or
   * an empty list.
   */
  derivedKeywords(name: string): readonly string[] {
    return this.#derivedToolKeywords.get(name) ?? [];
  }

  /** The keyword index selection matches against. */
  get keywordIndex(): KeywordIndex {
    return this.#keywordIndex;
  }

  /** " Did you mean: …?" for a tool name that is not in the catalog. */
  suggest(name: string): string {
    return didYouMean(name, this.#entries.keys());
  }

  /** Tokens of one tool's definition as sent (o200k_base), memoised. */
  tokensOf(name: string): number {
    let tokens = this.#tokens.get(name);
    if (tokens === undefined) {
      const metadata = this.#require(name);
      tokens = countDefinitionTokens(metadata);
      this.#tokens.set(name, tokens);
    }
    return tokens;
  }

  /** Tokens of every enabled tool's definition: what binding them all would cost. */
  totalTokens(): number {
    this.#totalTokens ??= this.tools().reduce((sum, tool) => (tool.enabled ? sum + this.tokensOf(tool.name) : sum), 0);
    return this.#totalTokens;
  }

  /**
   * Selects this turn's tools by category keywords: shorthand for `createSelector(catalog, options)(input)`.
   * Build the selector once with {@link createSelector} when selecting repeatedly.
   */
  select(input: SelectionInput, options?: SelectToolsOptions): ToolSelection {
    return createSelector(this, options)(input);
  }

  /** The definitions to pass to `model.bindTools`, in the given order (OpenAI function format). */
  definitions(names: readonly string[]): ToolDefinition[] {
    return names.map((name) => toToolDefinition(this.#require(name)));
  }

  /**
   * Settings for one selection: the catalog's own, overridden by `overrides`, validated.
   * @throws DynamicToolsError `UNKNOWN_TOOL`, `UNKNOWN_CATEGORY`, `INVALID_OPTION` or `CORE_EXCEEDS_BUDGET`.
   */
  resolveSettings(overrides: CatalogSettings = {}): ResolvedSettings {
    const base = this.#settings as ResolvedSettings | undefined;
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
        throw new DynamicToolsError("INVALID_OPTION", `${key} must be a whole number ≥ ${minimum}, got ${String(value)}.`, { path: key.split(".") });
      }
    }
    settings.core.forEach((name, index) => {
      if (!this.#entries.has(name)) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `core[${index}]: tool "${name}" is not in the catalog (${this.size} tools).${this.suggest(name)}`,
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
    if (settings.maxTokens !== undefined) {
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
    const entry = this.#entries.get(name);
    if (entry === undefined) {
      throw new DynamicToolsError("UNKNOWN_TOOL", `Tool "${name}" is not in the catalog (${this.size} tools).${this.suggest(name)}`);
    }
    return entry.metadata;
  }

  #requireCategory(name: string, path: Array<string | number>): void {
    if (this.#categories.has(name)) return;
    const known = [...this.#categories.keys()];
    throw new DynamicToolsError(
      "UNKNOWN_CATEGORY",
      `${formatPath(path)}: category "${name}" does not exist.` +
        `${didYouMean(name, known)} Categories: ${known.join(", ") || "(none)"}`,
      { path },
    );
  }

  #addTools(tools: ToolCatalogOptions["tools"]): void {
    tools.forEach((item, index) => {
      const executable = isLangChainTool(item) ? item : undefined;
      const declaration = executable ? declarationFromLangChainTool(executable) : parseToolDeclaration(item, ["tools", index]);
      const { name } = declaration;
      if (!TOOL_NAME_PATTERN.test(name)) {
        throw new DynamicToolsError(
          "INVALID_TOOL_NAME",
          `tools[${index}]: tool name "${name}" is not valid: names must match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI rejects others).`,
          { path: ["tools", index, "name"] },
        );
      }
      if (this.#entries.has(name)) {
        throw new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool "${name}" is declared twice; tool names must be unique.`, {
          path: ["tools", index, "name"],
        });
      }
      this.#entries.set(name, { metadata: toMetadata(declaration), tool: executable });
    });
  }

  #mergeDeclarations(declarations: readonly ToolDeclaration[]): void {
    const merged = new Set<string>();
    declarations.forEach((raw, index) => {
      const declaration = parseToolDeclaration(raw, ["tools", index]);
      const entry = this.#entries.get(declaration.name);
      if (entry === undefined) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `tools[${index}]: "${declaration.name}" is declared but no tool of that name was passed (${this.size} tools).${this.suggest(declaration.name)}`,
          { path: ["tools", index, "name"] },
        );
      }
      if (merged.has(declaration.name)) {
        throw new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool "${declaration.name}" is declared twice; tool names must be unique.`, {
          path: ["tools", index, "name"],
        });
      }
      merged.add(declaration.name);
      entry.metadata = toMetadata({ ...entry.metadata, ...declaration } as ToolDeclaration);
    });
  }

  #buildCategories(declared: Readonly<Record<string, CategoryDeclaration>>, core: ReadonlySet<string>): void {
    const members = new Map<string, string[]>(Object.keys(declared).map((name) => [name, []]));
    for (const { metadata } of this.#entries.values()) {
      if (metadata.category === undefined) continue;
      const list = members.get(metadata.category) ?? [];
      list.push(metadata.name);
      members.set(metadata.category, list);
    }
    const needsDerived = [...members.keys()].filter((name) => declared[name]?.deriveKeywords ?? declared[name]?.keywords === undefined);
    // Zero-config for loose tools: a tool with no category and no keywords (and not core) is derived keywords of
    // its own, as if it were a one-tool category, so a plain array of tools still selects by keywords.
    const loose = [...this.#entries.values()]
      .map((entry) => entry.metadata)
      .filter((tool) => tool.category === undefined && tool.keywords.length === 0 && !core.has(tool.name));
    const looseKey = (name: string) => `\u0000${name}`;
    const derived = deriveKeywords([
      ...[...members.entries()].map(([name, tools]) => ({ name, tools: tools.map((tool) => this.#entries.get(tool)!.metadata) })),
      ...loose.map((tool) => ({ name: looseKey(tool.name), tools: [tool] })),
    ]);
    for (const tool of loose) {
      const words = (derived.get(looseKey(tool.name)) ?? []).slice(0, LOOSE_TOOL_KEYWORDS);
      if (words.length > 0) this.#derivedToolKeywords.set(tool.name, Object.freeze(words));
    }
    for (const [name, tools] of members) {
      const declaration = declared[name] ?? {};
      const derivedWords = needsDerived.includes(name) ? (derived.get(name) ?? []) : [];
      const keywords = [...new Set([...(declaration.keywords ?? []), ...derivedWords])];
      this.#categories.set(name, Object.freeze({
        name,
        description: declaration.description ?? "",
        keywords: Object.freeze(keywords),
        derivedKeywords: derivedWords.length > 0,
        related: Object.freeze([...(declaration.related ?? [])]),
        tools: Object.freeze(tools),
      }));
    }
    for (const [name, declaration] of Object.entries(declared)) {
      (declaration.related ?? []).forEach((related, index) => this.#requireCategory(related, ["categories", name, "related", index]));
    }
  }

  #buildNamespaces(declared: Readonly<Record<string, NamespaceDeclaration>>): void {
    const members = new Map<string, string[]>(Object.keys(declared).map((name) => [name, []]));
    for (const { metadata } of this.#entries.values()) {
      if (metadata.namespace === undefined) continue;
      const list = members.get(metadata.namespace) ?? [];
      list.push(metadata.name);
      members.set(metadata.namespace, list);
    }
    for (const [name, tools] of members) {
      const declaration = declared[name] ?? {};
      const { maxSize } = declaration;
      if (maxSize !== undefined && (!Number.isInteger(maxSize) || maxSize < 1)) {
        throw new DynamicToolsError("INVALID_DECLARATION", `namespaces.${name}.maxSize: expected a whole number ≥ 1, got ${String(maxSize)}`, {
          path: ["namespaces", name, "maxSize"],
        });
      }
      this.#namespaces.set(name, Object.freeze({ name, description: declaration.description ?? "", maxSize, tools: Object.freeze(tools) }));
    }
  }

  #indexKeywords(): void {
    for (const category of this.#categories.values()) {
      category.keywords.forEach((keyword, index) => {
        if (!this.#keywordIndex.add(keyword, { kind: "category", name: category.name })) {
          throw new DynamicToolsError("INVALID_DECLARATION", `categories.${category.name}.keywords[${index}]: keyword "${keyword}" has no letters or digits.`, {
            path: ["categories", category.name, "keywords", index],
          });
        }
      });
    }
    for (const [name, words] of this.#derivedToolKeywords) {
      for (const word of words) this.#keywordIndex.add(word, { kind: "tool", name });
    }
    let index = 0;
    for (const { metadata } of this.#entries.values()) {
      metadata.keywords.forEach((keyword, keywordIndex) => {
        if (!this.#keywordIndex.add(keyword, { kind: "tool", name: metadata.name })) {
          throw new DynamicToolsError("INVALID_DECLARATION", `tools[${index}].keywords[${keywordIndex}]: keyword "${keyword}" has no letters or digits.`, {
            path: ["tools", index, "keywords", keywordIndex],
          });
        }
      });
      index++;
    }
  }
}
