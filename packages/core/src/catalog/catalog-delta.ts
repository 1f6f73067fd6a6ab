/**
 * @module A live catalog update as a delta (tools removed, tools appended) applied to the previous immutable
 * {@link CatalogState}: only what the delta touches is parsed, regrouped, re-derived and re-indexed, and the
 * previous state stays intact for the selections still reading it.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { NamespaceDeclaration } from "./catalog-config.js";
import {
  categoryInfo,
  checkRelated,
  checkToolKeywords,
  definitionKey,
  duplicateTool,
  mayBePending,
  namespaceInfo,
  parseTool,
  sourceKey,
  unknownDeclaration,
  type CatalogEntry,
  type CatalogState,
  type CategoryInfo,
  type NamespaceInfo,
} from "./catalog-state.js";
import { mergeGroups, regroup } from "./tool-groups.js";
import type { ToolDeclaration, ToolMetadata } from "./tool-metadata.js";

/** One update of the catalog's tools. */
export interface CatalogDelta {
  /** Names of tools that go (unknown names are ignored). */
  removed?: Iterable<string>;
  /** Tools appended to the catalog after the removals; a tool of a removed name comes back with its new metadata. */
  added?: ReadonlyArray<StructuredToolInterface | ToolDeclaration>;
  /** Namespaces declared from now on (a source's namespace). */
  namespaces?: Readonly<Record<string, NamespaceDeclaration>>;
}

/** The next state and what changed, as the `toolsUpdated` event reports it. */
export interface AppliedCatalogDelta {
  state: CatalogState;
  added: ToolMetadata[];
  /** Tools of a name already in the catalog whose metadata or implementation changed. */
  changed: ToolMetadata[];
  /** Names that are gone, in their previous catalog order. */
  removed: string[];
}

/**
 * Applies a delta to a state, returning the next state. Equivalent to building the final tool list from scratch
 * for entries, categories' and namespaces' members and order, and pending declarations.
 *
 * Everything is validated before the state is returned and nothing of `previous` is modified, so a failed update
 * leaves the catalog as it was.
 *
 * @throws DynamicToolsError `INVALID_TOOL_NAME`, `INVALID_DECLARATION`, `DUPLICATE_TOOL` (a name already in the
 * catalog and not removed, or twice in `added`), `UNKNOWN_TOOL` (a removed tool the catalog declares, that is not
 * a source tool), `UNKNOWN_CATEGORY` (a declared `related` category left without tools).
 * @example
 * ```ts
 * const { state, added } = applyCatalogDelta(previous, { removed: ["old_tool"], added: [newTool] });
 * ```
 */
export function applyCatalogDelta(previous: CatalogState, { removed = [], added = [], namespaces: newNamespaces = {} }: CatalogDelta): AppliedCatalogDelta {
  const { context } = previous;
  const before = (name: string) => previous.entries.get(name)!;
  const gone = new Set([...removed].filter((name) => previous.entries.has(name)));
  const keptCount = previous.entries.size - gone.size;

  // Parse and validate what comes, and what goes against the catalog's declarations.
  const incoming = new Map<string, { metadata: ToolMetadata; tool: StructuredToolInterface | undefined }>();
  added.forEach((item, offset) => {
    const parsed = parseTool(item, keptCount + offset, context.declarations, context.defaultPermission);
    const { name } = parsed.metadata;
    if (incoming.has(name) || (previous.entries.has(name) && !gone.has(name))) throw duplicateTool(name, keptCount + offset);
    incoming.set(name, parsed);
  });
  const leaving = [...gone].filter((name) => !incoming.has(name));
  const nowPending: ToolDeclaration[] = [];
  for (const name of leaving) {
    const declared = context.declarations.get(name);
    if (declared === undefined) continue;
    if (!mayBePending(declared.declaration)) {
      const names = [...[...previous.entries.keys()].filter((other) => !gone.has(other)), ...incoming.keys()];
      throw unknownDeclaration(declared, names.length, names);
    }
    nowPending.push(declared.declaration);
  }

  const entries = previous.entries.fork();
  for (const name of gone) entries.delete(name);
  let seq = previous.nextSeq;
  for (const [name, parsed] of incoming) entries.set(name, { ...parsed, seq: seq++ });
  const seqOf = (name: string) => entries.get(name)!.seq;
  const previousSeqOf = (name: string) => before(name).seq;
  const goneTools = [...gone].map((name) => before(name).metadata);
  const incomingTools = [...incoming.values()].map((parsed) => parsed.metadata);

  // Categories whose members changed.
  const declaredCategories = context.categories;
  const members = regroup({ membersOf: (name) => previous.categories.get(name)?.tools, gone: goneTools, incoming: incomingTools, groupOf: (tool) => tool.category });
  const survives = (name: string, tools: readonly string[]) => tools.length > 0 || declaredCategories.has(name);
  const categoryUpdates = new Map<string, CategoryInfo | undefined>();
  for (const [name, tools] of members) categoryUpdates.set(name, survives(name, tools) ? categoryInfo(name, declaredCategories.get(name), tools) : undefined);
  const categories = mergeGroups({ previous: previous.categories, updates: categoryUpdates, declared: [...declaredCategories.keys()], seqOf, previousSeqOf });
  if ([...categoryUpdates.values()].includes(undefined)) checkRelated(categories, declaredCategories);

  // Namespaces: members changed, or newly declared.
  const declaredNamespaces = new Map([...context.namespaces, ...Object.entries(newNamespaces)]);
  const namespaceMembers = regroup({ membersOf: (name) => previous.namespaces.get(name)?.tools, gone: goneTools, incoming: incomingTools, groupOf: (tool) => tool.namespace });
  for (const name of Object.keys(newNamespaces)) if (!namespaceMembers.has(name)) namespaceMembers.set(name, [...(previous.namespaces.get(name)?.tools ?? [])]);
  const namespaceUpdates = new Map<string, NamespaceInfo | undefined>();
  for (const [name, tools] of namespaceMembers) {
    const declaration = declaredNamespaces.get(name);
    namespaceUpdates.set(name, tools.length > 0 || declaration !== undefined ? namespaceInfo(name, declaration, tools) : undefined);
  }
  const namespaces = mergeGroups({
    previous: previous.namespaces,
    updates: namespaceUpdates,
    declared: [...declaredNamespaces.keys()],
    seqOf,
    previousSeqOf,
    reorder: Object.keys(newNamespaces).length > 0,
  });

  incomingTools.forEach((tool, offset) => checkToolKeywords(tool, keptCount + offset));

  // Token counts of tools whose definition did not change are kept.
  const tokens = previous.tokens.fork();
  for (const name of gone) {
    const next = incoming.get(name)?.metadata;
    if (next === undefined || definitionKey(next) !== definitionKey(before(name).metadata)) tokens.delete(name);
  }

  let pending = previous.pending;
  if (nowPending.length > 0 || [...incoming.keys()].some((name) => pending.has(name))) {
    const list = [...[...pending.values()].filter((declaration) => !incoming.has(declaration.name)), ...nowPending];
    list.sort((a, b) => context.declarations.get(a.name)!.index - context.declarations.get(b.name)!.index);
    pending = new Map(list.map((declaration) => [declaration.name, declaration]));
  }

  const sources = new Map(previous.sources);
  for (const [key, names] of regroup({ membersOf: (key) => previous.sources.get(key), gone: goneTools, incoming: incomingTools, groupOf: sourceKey })) {
    if (names.length > 0) sources.set(key, Object.freeze(names));
    else sources.delete(key);
  }

  const required =
    goneTools.some((tool) => tool.required) || incomingTools.some((tool) => tool.required)
      ? Object.freeze([...previous.required.filter((name) => !gone.has(name)), ...incomingTools.filter((tool) => tool.required).map((tool) => tool.name)])
      : previous.required;

  const state: CatalogState = {
    context: Object.keys(newNamespaces).length === 0 ? context : { ...context, namespaces: declaredNamespaces },
    entries,
    categories,
    namespaces,
    tokens,
    pending,
    sources,
    required,
    nextSeq: seq,
    totalTokens: undefined,
  };
  return { state, ...changesOf(previous.entries, incoming, leaving) };
}

/** The event's lists: tools new to the catalog, tools that came back different, and names that went. */
function changesOf(
  previous: CatalogState["entries"],
  incoming: ReadonlyMap<string, Pick<CatalogEntry, "metadata" | "tool">>,
  leaving: readonly string[],
): Omit<AppliedCatalogDelta, "state"> {
  const added: ToolMetadata[] = [];
  const changed: ToolMetadata[] = [];
  for (const [name, { metadata, tool }] of incoming) {
    const old = previous.get(name);
    if (old === undefined) added.push(metadata);
    else if (old.tool !== tool || JSON.stringify(old.metadata) !== JSON.stringify(metadata)) changed.push(metadata);
  }
  const removed = [...leaving].sort((a, b) => previous.get(a)!.seq - previous.get(b)!.seq);
  return { added, changed, removed };
}
