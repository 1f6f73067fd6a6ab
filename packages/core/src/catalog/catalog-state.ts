/**
 * @module Everything a {@link ToolCatalog} derives from its tools (entries, categories, namespaces, token counts)
 * as one immutable snapshot, built in one go at construction. Live updates derive
 * the next snapshot from this one ({@link applyCatalogDelta}); either way the catalog swaps one reference, so a
 * selection running during an update sees the old state or the new one, never half of each.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { didYouMean } from "../text/closest-matches.js";
import { normalizeTerms } from "../text/tokenize.js";
import type { CategoryDeclaration, NamespaceDeclaration } from "./catalog-config.js";
import { describeLangChainTool, isLangChainTool } from "./langchain-tool.js";
import { formatPath, quote } from "../errors/describe-value.js";
import { checkParameters } from "./parameters-schema.js";
import { parseToolDeclaration } from "./parse-config.js";
import { PersistentMap } from "./persistent-map.js";
import { derivationFingerprint, type SavedCatalogDerivation } from "./saved-derivation.js";
import {
  DEFAULT_PERMISSION,
  TOOL_NAME_PATTERN,
  toMetadata,
  type PermissionKind,
  type ToolDeclaration,
  type ToolMetadata,
} from "./tool-metadata.js";
import { countOf } from "../text/count-of.js";

/** A category as the catalog resolved it. */
export interface CategoryInfo {
  readonly name: string;
  readonly description: string;
  /** The keywords declared (the keyword strategy adds derived ones when {@link derivedKeywords} is set). */
  readonly keywords: readonly string[];
  /**
   * Whether keywords are derived from the category's tools (zero-config): declared `deriveKeywords`, else when it
   * declares no keywords.
   */
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
  readonly metadata: ToolMetadata;
  readonly tool: StructuredToolInterface | undefined;
  /** Increases with every tool added to the catalog, so it orders tools (and groups by their first tool). */
  readonly seq: number;
}

/** One of the catalog's own declarations, parsed, with its index in the list (for error paths). */
export interface DeclarationAt {
  readonly declaration: ToolDeclaration;
  readonly index: number;
}

/** What a catalog's states are derived under: the catalog's own declarations, categories, namespaces and core. */
export interface CatalogContext {
  readonly declarations: ReadonlyMap<string, DeclarationAt>;
  /** Declared categories by name (a Map: names are user data, so `constructor` or `__proto__` is just a name). */
  readonly categories: ReadonlyMap<string, CategoryDeclaration>;
  /** Declared namespaces by name. */
  readonly namespaces: ReadonlyMap<string, NamespaceDeclaration>;
  readonly core: ReadonlySet<string>;
  /** The permission of a tool that declares none. */
  readonly defaultPermission: PermissionKind;
}

/** One immutable snapshot of a catalog's derived state. */
export interface CatalogState {
  readonly context: CatalogContext;
  /** Tools in catalog order. */
  readonly entries: PersistentMap<string, CatalogEntry>;
  readonly categories: ReadonlyMap<string, CategoryInfo>;
  readonly namespaces: ReadonlyMap<string, NamespaceInfo>;
  /** Token counts, memoised per tool (carried over for tools whose definition did not change). */
  readonly tokens: PersistentMap<string, number>;
  /** Declarations of source tools (`mcp_*`, `sdk_*`) that are not loaded yet: they apply when the tool arrives. */
  readonly pending: ReadonlyMap<string, ToolDeclaration>;
  /** Tool names by source (see {@link sourceKey}), in catalog order. */
  readonly sources: ReadonlyMap<string, readonly string[]>;
  /** Tools declared `required: true`, in catalog order. */
  readonly required: readonly string[];
  /** The `seq` of the next tool added. */
  readonly nextSeq: number;
  totalTokens: number | undefined;
}

/** What a state is built from. */
export interface CatalogStateInput {
  tools: ReadonlyArray<StructuredToolInterface | ToolDeclaration>;
  declarations: readonly ToolDeclaration[];
  categories: Readonly<Record<string, CategoryDeclaration>>;
  namespaces: Readonly<Record<string, NamespaceDeclaration>>;
  core: ReadonlySet<string>;
  /** @defaultValue {@link DEFAULT_PERMISSION} */
  defaultPermission?: PermissionKind;
  /** A derivation saved from a catalog of the same tools: its token counts are used instead of counting again. */
  derived?: SavedCatalogDerivation;
  /**
   * `derived` was saved from a catalog of this very source (same file, options and code: see `catalog-source.ts`):
   * its fingerprint is this catalog's, without computing it.
   */
  vouched?: boolean;
}

/** Source prefixes of tools that arrive at run time: `mcp_{server}_`, `sdk_{app}_`. */
const SOURCE_PREFIX = /^(mcp|sdk)_/;

/** Whether a declaration may wait for its tool: it names a source prefix or declares `source: mcp | sdk`. */
export function mayBePending(declaration: ToolDeclaration): boolean {
  return SOURCE_PREFIX.test(declaration.name) || declaration.source === "mcp" || declaration.source === "sdk";
}

/** Whether a category's keywords include derived ones: declared `deriveKeywords`, else when it declares none. */
export function derivesKeywords(declaration: CategoryDeclaration | undefined): boolean {
  return declaration?.deriveKeywords ?? declaration?.keywords === undefined;
}

/** The key of a tool's source in {@link CatalogState.sources}, or undefined for a tool of no source. */
export function sourceKey({ source, sourceId }: Pick<ToolMetadata, "source" | "sourceId">): string | undefined {
  return sourceId === undefined ? undefined : `${source}\u0000${sourceId}`;
}

/** What a tool's token count depends on. */
export function definitionKey(tool: ToolMetadata): string {
  return JSON.stringify([tool.name, tool.description, tool.parameters]);
}

/**
 * Parses one tool as passed (an executable tool or a declaration) at `index` of the catalog, merging the catalog's
 * own declaration of that name over it.
 * @throws DynamicToolsError `INVALID_TOOL_NAME` or `INVALID_DECLARATION`.
 */
export function parseTool(
  item: StructuredToolInterface | ToolDeclaration,
  index: number,
  declarations: ReadonlyMap<string, DeclarationAt>,
  defaultPermission: PermissionKind = DEFAULT_PERMISSION,
): { metadata: ToolMetadata; tool: StructuredToolInterface | undefined } {
  const executable = isLangChainTool(item) ? item : undefined;
  const described = executable === undefined ? undefined : describeLangChainTool(executable);
  const declaration = described?.declaration ?? parseToolDeclaration(item as ToolDeclaration, ["tools", index]);
  const { name } = declaration;
  // A code-defined tool with a name model APIs reject still runs (as in ToolNode); it is only never bound. A
  // declaration is configuration: its name must be valid.
  if (executable === undefined && !TOOL_NAME_PATTERN.test(name)) {
    throw new DynamicToolsError(
      "INVALID_TOOL_NAME",
      `tools[${index}]: tool name ${quote(name)} is not valid: names must match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI rejects others).`,
      { path: ["tools", index, "name"] },
    );
  }
  // A declaration's schema was checked in full by parseToolDeclaration; a code tool's only for depth (its schema is
  // whatever the library converted, and every later walk of it must not overflow the stack).
  if (executable !== undefined) checkParameters(declaration.parameters, { tool: name, path: ["tools", index, "parameters"], shape: false });
  const declared = declarations.get(name)?.declaration;
  return {
    metadata: toMetadata(declared === undefined ? declaration : { ...declaration, ...declared }, defaultPermission, described?.unbindable),
    tool: executable,
  };
}

/** One warning for every code-defined tool ignored because an earlier tool has its name. */
function warnDuplicates(ignored: readonly string[]): void {
  const shown = ignored.length <= 10 ? ignored.join(", ") : `${ignored.slice(0, 10).join(", ")} and ${ignored.length - 10} more`;
  console.warn(
    `dynamic-tools: ${ignored.length} tool(s) ignored because an earlier tool has the same name (the first wins, as in ToolNode): ${shown}.`,
  );
}

/** The error for a second tool of one name. */
export function duplicateTool(name: string, index: number): DynamicToolsError {
  return new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool ${quote(name)} is declared twice; tool names must be unique.`, {
    path: ["tools", index, "name"],
  });
}

/** The error for a declaration whose tool is missing and may not wait for it. */
export function unknownDeclaration({ declaration, index }: DeclarationAt, size: number, names: Iterable<string>): DynamicToolsError {
  return new DynamicToolsError(
    "UNKNOWN_TOOL",
    `tools[${index}]: ${quote(declaration.name)} is declared but no tool of that name was passed (${countOf(size, "tool")}).${didYouMean(declaration.name, names)}`,
    { path: ["tools", index, "name"] },
  );
}

/** Parses the catalog's own declarations once. @throws DynamicToolsError for a bad or repeated declaration. */
export function parseDeclarations(declarations: readonly ToolDeclaration[]): Map<string, DeclarationAt> {
  const parsed = new Map<string, DeclarationAt>();
  declarations.forEach((raw, index) => {
    const declaration = parseToolDeclaration(raw, ["tools", index]);
    if (parsed.has(declaration.name)) throw duplicateTool(declaration.name, index);
    parsed.set(declaration.name, { declaration, index });
  });
  return parsed;
}

/** @throws DynamicToolsError `UNKNOWN_CATEGORY` naming the close matches and every category. */
export function requireCategory(categories: ReadonlyMap<string, CategoryInfo>, name: string, path: Array<string | number>): void {
  if (categories.has(name)) return;
  const known = [...categories.keys()];
  throw new DynamicToolsError(
    "UNKNOWN_CATEGORY",
    `${formatPath(path)}: category ${quote(name)} does not exist.${didYouMean(name, known)} Categories: ${known.join(", ") || "(none)"}`,
    { path },
  );
}

/** Every declared `related` category must exist. @throws DynamicToolsError `UNKNOWN_CATEGORY`. */
export function checkRelated(categories: ReadonlyMap<string, CategoryInfo>, declared: ReadonlyMap<string, CategoryDeclaration>): void {
  for (const [name, declaration] of declared) {
    // `salary: null` declares an empty category, in code as in a file (where it parses to {}).
    ((declaration as CategoryDeclaration | null)?.related ?? []).forEach((related, index) =>
      requireCategory(categories, related, ["categories", name, "related", index]),
    );
  }
}

/** A category's resolved info from its declaration and tools. */
export function categoryInfo(name: string, declaration: CategoryDeclaration | undefined, tools: readonly string[]): CategoryInfo {
  return Object.freeze({
    name,
    description: declaration?.description ?? "",
    keywords: Object.freeze([...new Set(declaration?.keywords ?? [])]),
    derivedKeywords: derivesKeywords(declaration),
    related: Object.freeze([...(declaration?.related ?? [])]),
    tools: Object.freeze(tools),
  });
}

/** A namespace's resolved info. @throws DynamicToolsError `INVALID_DECLARATION` for a bad `maxSize`. */
export function namespaceInfo(name: string, declaration: NamespaceDeclaration | undefined, tools: readonly string[]): NamespaceInfo {
  const maxSize = declaration?.maxSize;
  if (maxSize !== undefined && (!Number.isInteger(maxSize) || maxSize < 1)) {
    throw new DynamicToolsError("INVALID_DECLARATION", `namespaces.${name}.maxSize: expected a whole number ≥ 1, got ${String(maxSize)}`, {
      path: ["namespaces", name, "maxSize"],
    });
  }
  return Object.freeze({ name, description: declaration?.description ?? "", maxSize, tools: Object.freeze(tools) });
}

/** Checks a category's keywords. @throws DynamicToolsError `INVALID_DECLARATION` for a keyword with no letters. */
export function checkCategoryKeywords(category: CategoryInfo): void {
  category.keywords.forEach((keyword, at) => {
    if (normalizeTerms(keyword).length === 0) {
      throw new DynamicToolsError(
        "INVALID_DECLARATION",
        `${formatPath(["categories", category.name, "keywords", at])}: keyword ${quote(keyword)} has no letters or digits.`,
        {
          path: ["categories", category.name, "keywords", at],
        },
      );
    }
  });
}

/** Checks a tool's own keywords (it sits at `position` in the catalog). @throws DynamicToolsError `INVALID_DECLARATION`. */
export function checkToolKeywords(metadata: ToolMetadata, position: number): void {
  metadata.keywords.forEach((keyword, at) => {
    if (normalizeTerms(keyword).length === 0) {
      throw new DynamicToolsError(
        "INVALID_DECLARATION",
        `tools[${position}].keywords[${at}]: keyword ${quote(keyword)} has no letters or digits.`,
        {
          path: ["tools", position, "keywords", at],
        },
      );
    }
  });
}

/** Groups tool names by a field, declared groups first (even empty), then the others in order of first member. */
function groupBy(
  entries: Iterable<CatalogEntry>,
  declared: readonly string[],
  field: (metadata: ToolMetadata) => string | undefined,
): Map<string, string[]> {
  const groups = new Map<string, string[]>(declared.map((name) => [name, []]));
  for (const { metadata } of entries) {
    const group = field(metadata);
    if (group === undefined) continue;
    const list = groups.get(group) ?? [];
    list.push(metadata.name);
    groups.set(group, list);
  }
  return groups;
}

/**
 * Builds a complete state from tools, declarations, categories and namespaces, validating as it goes.
 * @throws DynamicToolsError for a bad tool, declaration, category or namespace; nothing is half-built.
 */
export function buildCatalogState({
  tools,
  declarations: rawDeclarations,
  categories: categoryRecord,
  namespaces: namespaceRecord,
  core,
  defaultPermission = DEFAULT_PERMISSION,
  derived: saved,
  vouched = false,
}: CatalogStateInput): CatalogState {
  const declarations = parseDeclarations(rawDeclarations);
  // Own keys only: a category named `constructor` must not find Object.prototype.constructor.
  const declaredCategories = new Map(Object.entries(categoryRecord));
  const declaredNamespaces = new Map(Object.entries(namespaceRecord));
  const context: CatalogContext = { declarations, categories: declaredCategories, namespaces: declaredNamespaces, core, defaultPermission };
  const entries = new Map<string, CatalogEntry>();
  const ignored: string[] = [];
  tools.forEach((item, index) => {
    const { metadata, tool } = parseTool(item, index, declarations, defaultPermission);
    const first = entries.get(metadata.name);
    // Two code-defined tools of one name: the first wins, as in ToolNode (a declaration repeated is a mistake).
    if (first !== undefined && first.tool !== undefined && tool !== undefined) ignored.push(`tools[${index}] ("${metadata.name}")`);
    else if (first !== undefined) throw duplicateTool(metadata.name, index);
    else entries.set(metadata.name, { metadata, tool, seq: index });
  });
  if (ignored.length > 0) warnDuplicates(ignored);
  const pending = new Map<string, ToolDeclaration>();
  for (const declared of declarations.values()) {
    if (entries.has(declared.declaration.name)) continue;
    if (!mayBePending(declared.declaration)) throw unknownDeclaration(declared, entries.size, entries.keys());
    pending.set(declared.declaration.name, declared.declaration);
  }

  const members = groupBy(entries.values(), [...declaredCategories.keys()], (metadata) => metadata.category);
  // A saved derivation of these very tools gives the token counts a build would count.
  const fingerprint = saved === undefined ? undefined : vouched ? saved.fingerprint : derivationFingerprint(entries.values(), context);
  const reuse = saved !== undefined && saved.fingerprint === fingerprint;
  const categories = new Map([...members].map(([name, names]) => [name, categoryInfo(name, declaredCategories.get(name), names)]));
  checkRelated(categories, declaredCategories);
  const namespaces = new Map(
    [...groupBy(entries.values(), [...declaredNamespaces.keys()], (metadata) => metadata.namespace)].map(([name, names]) => [
      name,
      namespaceInfo(name, declaredNamespaces.get(name), names),
    ]),
  );

  for (const category of categories.values()) checkCategoryKeywords(category);
  [...entries.values()].forEach(({ metadata }, position) => checkToolKeywords(metadata, position));

  const sources = new Map<string, string[]>();
  for (const { metadata } of entries.values()) {
    const key = sourceKey(metadata);
    if (key === undefined) continue;
    const names = sources.get(key) ?? [];
    names.push(metadata.name);
    sources.set(key, names);
  }
  const state: CatalogState = {
    context,
    entries: PersistentMap.from(entries),
    categories,
    namespaces,
    tokens: reuse ? PersistentMap.from(new Map(saved.tokens.filter(([name]) => entries.has(name)))) : PersistentMap.from(),
    pending,
    sources,
    required: Object.freeze([...entries.values()].filter(({ metadata }) => metadata.required).map(({ metadata }) => metadata.name)),
    nextSeq: entries.size,
    totalTokens: undefined,
  };
  if (fingerprint !== undefined) fingerprints.set(state, fingerprint);
  return state;
}

const fingerprints = new WeakMap<CatalogState, string>();

/** {@link derivationFingerprint} of a state, memoised. */
export function fingerprintOfState(state: CatalogState): string {
  let fingerprint = fingerprints.get(state);
  if (fingerprint === undefined) fingerprints.set(state, (fingerprint = derivationFingerprint(state.entries.values(), state.context)));
  return fingerprint;
}

/** The state's derivation (see {@link SavedCatalogDerivation}): the token counts made so far. */
export function saveDerivation(state: CatalogState): SavedCatalogDerivation {
  return { fingerprint: fingerprintOfState(state), tokens: [...state.tokens.entries()] };
}
