/**
 * @module Everything a {@link ToolCatalog} derives from its tools (entries, categories, namespaces, keyword index,
 * derived keywords, token counts), built in one go into a fresh object so the catalog can swap one reference: a
 * selection running during an update sees the old state or the new one, never half of each.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { deriveKeywords } from "../selection/derive-keywords.js";
import { KeywordIndex } from "../selection/keyword-index.js";
import { didYouMean } from "../text/closest-matches.js";
import type { CategoryDeclaration, NamespaceDeclaration } from "./catalog-config.js";
import { declarationFromLangChainTool, isLangChainTool } from "./langchain-tool.js";
import { formatPath, parseToolDeclaration } from "./parse-config.js";
import { TOOL_NAME_PATTERN, toMetadata, type ToolDeclaration, type ToolMetadata } from "./tool-metadata.js";

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

/** One tool: its metadata and, when the catalog can run it, its implementation. */
export interface CatalogEntry {
  metadata: ToolMetadata;
  tool: StructuredToolInterface | undefined;
}

/** One immutable snapshot of a catalog's derived state. */
export interface CatalogState {
  readonly entries: ReadonlyMap<string, CatalogEntry>;
  readonly categories: ReadonlyMap<string, CategoryInfo>;
  readonly namespaces: ReadonlyMap<string, NamespaceInfo>;
  readonly keywordIndex: KeywordIndex;
  readonly derivedToolKeywords: ReadonlyMap<string, readonly string[]>;
  /** Token counts, memoised per tool (carried over for tools whose metadata did not change). */
  readonly tokens: Map<string, number>;
  /** Declarations of source tools (`mcp_*`, `sdk_*`) that are not loaded yet: they apply when the tool arrives. */
  readonly pending: ReadonlyMap<string, ToolDeclaration>;
  totalTokens: number | undefined;
}

/** What a state is built from. */
export interface CatalogStateInput {
  tools: ReadonlyArray<StructuredToolInterface | ToolDeclaration>;
  declarations: readonly ToolDeclaration[];
  categories: Readonly<Record<string, CategoryDeclaration>>;
  namespaces: Readonly<Record<string, NamespaceDeclaration>>;
  core: ReadonlySet<string>;
  /** The state this one replaces: token counts of unchanged tools are kept. */
  previous?: CatalogState;
}

/** Most keywords derived for a tool that has no category (zero-config). */
const LOOSE_TOOL_KEYWORDS = 5;

/** Source prefixes of tools that arrive at run time (seed 000: `mcp_{server}_`, `sdk_{app}_`). */
const SOURCE_PREFIX = /^(mcp|sdk)_/;

/** Whether a declaration may wait for its tool: it names a source prefix or declares `source: mcp | sdk`. */
export function mayBePending(declaration: ToolDeclaration): boolean {
  return SOURCE_PREFIX.test(declaration.name) || declaration.source === "mcp" || declaration.source === "sdk";
}

function addTools(entries: Map<string, CatalogEntry>, tools: CatalogStateInput["tools"]): void {
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
    if (entries.has(name)) {
      throw new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool "${name}" is declared twice; tool names must be unique.`, {
        path: ["tools", index, "name"],
      });
    }
    entries.set(name, { metadata: toMetadata(declaration), tool: executable });
  });
}

function mergeDeclarations(entries: Map<string, CatalogEntry>, declarations: readonly ToolDeclaration[]): Map<string, ToolDeclaration> {
  const merged = new Set<string>();
  const pending = new Map<string, ToolDeclaration>();
  declarations.forEach((raw, index) => {
    const declaration = parseToolDeclaration(raw, ["tools", index]);
    if (merged.has(declaration.name)) {
      throw new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool "${declaration.name}" is declared twice; tool names must be unique.`, {
        path: ["tools", index, "name"],
      });
    }
    merged.add(declaration.name);
    const entry = entries.get(declaration.name);
    if (entry === undefined) {
      if (mayBePending(declaration)) {
        pending.set(declaration.name, declaration);
        return;
      }
      throw new DynamicToolsError(
        "UNKNOWN_TOOL",
        `tools[${index}]: "${declaration.name}" is declared but no tool of that name was passed (${entries.size} tools).${didYouMean(declaration.name, entries.keys())}`,
        { path: ["tools", index, "name"] },
      );
    }
    entry.metadata = toMetadata({ ...entry.metadata, ...declaration } as ToolDeclaration);
  });
  return pending;
}

function requireCategory(categories: ReadonlyMap<string, CategoryInfo>, name: string, path: Array<string | number>): void {
  if (categories.has(name)) return;
  const known = [...categories.keys()];
  throw new DynamicToolsError(
    "UNKNOWN_CATEGORY",
    `${formatPath(path)}: category "${name}" does not exist.${didYouMean(name, known)} Categories: ${known.join(", ") || "(none)"}`,
    { path },
  );
}

export { requireCategory };

function buildCategories(
  entries: ReadonlyMap<string, CatalogEntry>,
  declared: Readonly<Record<string, CategoryDeclaration>>,
  core: ReadonlySet<string>,
): { categories: Map<string, CategoryInfo>; derivedToolKeywords: Map<string, readonly string[]> } {
  const categories = new Map<string, CategoryInfo>();
  const derivedToolKeywords = new Map<string, readonly string[]>();
  const members = new Map<string, string[]>(Object.keys(declared).map((name) => [name, []]));
  for (const { metadata } of entries.values()) {
    if (metadata.category === undefined) continue;
    const list = members.get(metadata.category) ?? [];
    list.push(metadata.name);
    members.set(metadata.category, list);
  }
  const needsDerived = [...members.keys()].filter((name) => declared[name]?.deriveKeywords ?? declared[name]?.keywords === undefined);
  // Zero-config for loose tools: a tool with no category and no keywords (and not core) is derived keywords of
  // its own, as if it were a one-tool category, so a plain array of tools still selects by keywords.
  const loose = [...entries.values()]
    .map((entry) => entry.metadata)
    .filter((tool) => tool.category === undefined && tool.keywords.length === 0 && !core.has(tool.name));
  const looseKey = (name: string) => `\u0000${name}`;
  const derived = deriveKeywords([
    ...[...members.entries()].map(([name, tools]) => ({ name, tools: tools.map((tool) => entries.get(tool)!.metadata) })),
    ...loose.map((tool) => ({ name: looseKey(tool.name), tools: [tool] })),
  ]);
  for (const tool of loose) {
    const words = (derived.get(looseKey(tool.name)) ?? []).slice(0, LOOSE_TOOL_KEYWORDS);
    if (words.length > 0) derivedToolKeywords.set(tool.name, Object.freeze(words));
  }
  for (const [name, tools] of members) {
    const declaration = declared[name] ?? {};
    const derivedWords = needsDerived.includes(name) ? (derived.get(name) ?? []) : [];
    const keywords = [...new Set([...(declaration.keywords ?? []), ...derivedWords])];
    categories.set(
      name,
      Object.freeze({
        name,
        description: declaration.description ?? "",
        keywords: Object.freeze(keywords),
        derivedKeywords: derivedWords.length > 0,
        related: Object.freeze([...(declaration.related ?? [])]),
        tools: Object.freeze(tools),
      }),
    );
  }
  for (const [name, declaration] of Object.entries(declared)) {
    (declaration.related ?? []).forEach((related, index) => requireCategory(categories, related, ["categories", name, "related", index]));
  }
  return { categories, derivedToolKeywords };
}

function buildNamespaces(entries: ReadonlyMap<string, CatalogEntry>, declared: Readonly<Record<string, NamespaceDeclaration>>): Map<string, NamespaceInfo> {
  const namespaces = new Map<string, NamespaceInfo>();
  const members = new Map<string, string[]>(Object.keys(declared).map((name) => [name, []]));
  for (const { metadata } of entries.values()) {
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
    namespaces.set(name, Object.freeze({ name, description: declaration.description ?? "", maxSize, tools: Object.freeze(tools) }));
  }
  return namespaces;
}

function indexKeywords(
  entries: ReadonlyMap<string, CatalogEntry>,
  categories: ReadonlyMap<string, CategoryInfo>,
  derivedToolKeywords: ReadonlyMap<string, readonly string[]>,
): KeywordIndex {
  const keywordIndex = new KeywordIndex();
  for (const category of categories.values()) {
    category.keywords.forEach((keyword, index) => {
      if (!keywordIndex.add(keyword, { kind: "category", name: category.name })) {
        throw new DynamicToolsError("INVALID_DECLARATION", `categories.${category.name}.keywords[${index}]: keyword "${keyword}" has no letters or digits.`, {
          path: ["categories", category.name, "keywords", index],
        });
      }
    });
  }
  for (const [name, words] of derivedToolKeywords) {
    for (const word of words) keywordIndex.add(word, { kind: "tool", name });
  }
  let index = 0;
  for (const { metadata } of entries.values()) {
    metadata.keywords.forEach((keyword, keywordIndex_) => {
      if (!keywordIndex.add(keyword, { kind: "tool", name: metadata.name })) {
        throw new DynamicToolsError("INVALID_DECLARATION", `tools[${index}].keywords[${keywordIndex_}]: keyword "${keyword}" has no letters or digits.`, {
          path: ["tools", index, "keywords", keywordIndex_],
        });
      }
    });
    index++;
  }
  return keywordIndex;
}

/** What a tool's token count depends on. */
function definitionKey(tool: ToolMetadata): string {
  return JSON.stringify([tool.name, tool.description, tool.parameters]);
}

/**
 * Builds a complete state from tools, declarations, categories and namespaces, validating as it goes.
 * @throws DynamicToolsError for a bad tool, declaration, category or namespace; nothing is half-built.
 */
export function buildCatalogState({ tools, declarations, categories: declaredCategories, namespaces: declaredNamespaces, core, previous }: CatalogStateInput): CatalogState {
  const entries = new Map<string, CatalogEntry>();
  addTools(entries, tools);
  const pending = mergeDeclarations(entries, declarations);
  const { categories, derivedToolKeywords } = buildCategories(entries, declaredCategories, core);
  const namespaces = buildNamespaces(entries, declaredNamespaces);
  const keywordIndex = indexKeywords(entries, categories, derivedToolKeywords);
  const tokens = new Map<string, number>();
  if (previous !== undefined) {
    for (const [name, count] of previous.tokens) {
      const before = previous.entries.get(name)?.metadata;
      const after = entries.get(name)?.metadata;
      if (before !== undefined && after !== undefined && definitionKey(before) === definitionKey(after)) tokens.set(name, count);
    }
  }
  return { entries, categories, namespaces, keywordIndex, derivedToolKeywords, tokens, pending, totalTokens: undefined };
}
