/**
 * @module A live catalog update as a delta (tools removed, tools appended) applied to the previous immutable
 * {@link CatalogState}: only what the delta touches is parsed and regrouped, and the
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
export function applyCatalogDelta(
  previous: CatalogState,
  { removed = [], added = [], namespaces: newNamespaces = {} }: CatalogDelta,
): AppliedCatalogDelta {
  const { context } = previous;
  const change = parseDelta(previous, removed, added);
  const { entries, nextSeq } = nextEntries(previous, change);
  const order = { seqOf: (name: string) => entries.get(name)!.seq, previousSeqOf: (name: string) => previous.entries.get(name)!.seq };
  const categories = nextCategories(previous, change, order);
  const { namespaces, declaredNamespaces } = nextNamespaces(previous, change, newNamespaces, order);
  change.incomingTools.forEach((tool, offset) => checkToolKeywords(tool, change.keptCount + offset));
  const state: CatalogState = {
    context: Object.keys(newNamespaces).length === 0 ? context : { ...context, namespaces: declaredNamespaces },
    entries,
    categories,
    namespaces,
    tokens: nextTokens(previous, change),
    pending: nextPending(previous, change),
    sources: nextSources(previous, change),
    required: nextRequired(previous, change),
    nextSeq,
    totalTokens: undefined,
  };
  return { state, ...changesOf(previous.entries, change.incoming, change.leaving) };
}

/** A tool of the delta, parsed: its metadata and, when executable, its implementation. */
type ParsedTool = Pick<CatalogEntry, "metadata" | "tool">;

/** A delta parsed and validated against the previous state: what goes, what comes, what waits. */
interface ParsedDelta {
  /** Names in the catalog that go, including those that come back with new metadata. */
  gone: ReadonlySet<string>;
  /** Tools that come, by name, in the order given. */
  incoming: ReadonlyMap<string, ParsedTool>;
  /** Names that go and do not come back. */
  leaving: readonly string[];
  /** Declarations whose tool left, so that they wait for it again. */
  nowPending: readonly ToolDeclaration[];
  /** How many of the previous tools stay. */
  keptCount: number;
  /** Metadata of the tools that go, as they were. */
  goneTools: readonly ToolMetadata[];
  /** Metadata of the tools that come. */
  incomingTools: readonly ToolMetadata[];
}

/** How tools and groups are ordered: by the `seq` of a tool in the next state, and in the previous one. */
interface SeqOrder {
  seqOf(name: string): number;
  previousSeqOf(name: string): number;
}

/**
 * Parses and validates what comes, and what goes against the catalog's declarations.
 * @throws DynamicToolsError as {@link applyCatalogDelta} documents, except `UNKNOWN_CATEGORY`.
 */
function parseDelta(
  previous: CatalogState,
  removed: Iterable<string>,
  added: ReadonlyArray<StructuredToolInterface | ToolDeclaration>,
): ParsedDelta {
  const { context } = previous;
  const gone = new Set([...removed].filter((name) => previous.entries.has(name)));
  const incoming = new Map<string, ParsedTool>();
  added.forEach((item, offset) => {
    const index = previous.entries.size - gone.size + offset;
    const parsed = parseTool(item, index, context.declarations, context.defaultPermission);
    const { name } = parsed.metadata;
    if (incoming.has(name) || (previous.entries.has(name) && !gone.has(name))) throw duplicateTool(name, index);
    incoming.set(name, parsed);
  });
  // A tool given again exactly as it is (the same metadata and implementation) stays where it is: nothing changes for
  // it, as nothing is reported (moving it to the end would reorder the catalog behind its indexes' backs).
  for (const [name, parsed] of incoming) {
    const old = gone.has(name) ? previous.entries.get(name) : undefined;
    if (old === undefined || old.tool !== parsed.tool || JSON.stringify(old.metadata) !== JSON.stringify(parsed.metadata)) continue;
    incoming.delete(name);
    gone.delete(name);
  }
  const keptCount = previous.entries.size - gone.size;
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
  const goneTools = [...gone].map((name) => previous.entries.get(name)!.metadata);
  const incomingTools = [...incoming.values()].map((parsed) => parsed.metadata);
  return { gone, incoming, leaving, nowPending, keptCount, goneTools, incomingTools };
}

/** The entries without the tools that go, and the tools that come appended (each with the next `seq`). */
function nextEntries(previous: CatalogState, { gone, incoming }: ParsedDelta): { entries: CatalogState["entries"]; nextSeq: number } {
  const entries = previous.entries.fork();
  for (const name of gone) entries.delete(name);
  let seq = previous.nextSeq;
  for (const [name, parsed] of incoming) entries.set(name, { ...parsed, seq: seq++ });
  return { entries, nextSeq: seq };
}

/** Categories whose members changed, in their next order. A declared `related` category left without tools is an error. */
function nextCategories(previous: CatalogState, { goneTools, incomingTools }: ParsedDelta, order: SeqOrder): CatalogState["categories"] {
  const declaredCategories = previous.context.categories;
  const members = regroup({
    membersOf: (name) => previous.categories.get(name)?.tools,
    gone: goneTools,
    incoming: incomingTools,
    groupOf: (tool) => tool.category,
  });
  const categoryUpdates = new Map<string, CategoryInfo | undefined>();
  for (const [name, tools] of members) {
    categoryUpdates.set(
      name,
      tools.length > 0 || declaredCategories.has(name) ? categoryInfo(name, declaredCategories.get(name), tools) : undefined,
    );
  }
  const categories = mergeGroups({
    previous: previous.categories,
    updates: categoryUpdates,
    declared: [...declaredCategories.keys()],
    ...order,
  });
  if ([...categoryUpdates.values()].includes(undefined)) checkRelated(categories, declaredCategories);
  return categories;
}

/** Namespaces whose members changed, or that are newly declared (declaring any reorders them as declared). */
function nextNamespaces(
  previous: CatalogState,
  { goneTools, incomingTools }: ParsedDelta,
  newNamespaces: Readonly<Record<string, NamespaceDeclaration>>,
  order: SeqOrder,
): { namespaces: CatalogState["namespaces"]; declaredNamespaces: Map<string, NamespaceDeclaration> } {
  const declaredNamespaces = new Map([...previous.context.namespaces, ...Object.entries(newNamespaces)]);
  const namespaceMembers = regroup({
    membersOf: (name) => previous.namespaces.get(name)?.tools,
    gone: goneTools,
    incoming: incomingTools,
    groupOf: (tool) => tool.namespace,
  });
  for (const name of Object.keys(newNamespaces))
    if (!namespaceMembers.has(name)) namespaceMembers.set(name, [...(previous.namespaces.get(name)?.tools ?? [])]);
  const namespaceUpdates = new Map<string, NamespaceInfo | undefined>();
  for (const [name, tools] of namespaceMembers) {
    const declaration = declaredNamespaces.get(name);
    namespaceUpdates.set(name, tools.length > 0 || declaration !== undefined ? namespaceInfo(name, declaration, tools) : undefined);
  }
  const namespaces = mergeGroups({
    previous: previous.namespaces,
    updates: namespaceUpdates,
    declared: [...declaredNamespaces.keys()],
    ...order,
    reorder: Object.keys(newNamespaces).length > 0,
  });
  return { namespaces, declaredNamespaces };
}

/** Token counts of tools whose definition did not change are kept. */
function nextTokens(previous: CatalogState, { gone, incoming }: ParsedDelta): CatalogState["tokens"] {
  const tokens = previous.tokens.fork();
  for (const name of gone) {
    const next = incoming.get(name)?.metadata;
    if (next === undefined || definitionKey(next) !== definitionKey(previous.entries.get(name)!.metadata)) tokens.delete(name);
  }
  return tokens;
}

/** Declarations still waiting for their tool, in declaration order: arrived ones leave, left ones wait again. */
function nextPending(previous: CatalogState, { incoming, nowPending }: ParsedDelta): CatalogState["pending"] {
  const { context } = previous;
  let pending = previous.pending;
  if (nowPending.length > 0 || [...incoming.keys()].some((name) => pending.has(name))) {
    const list = [...[...pending.values()].filter((declaration) => !incoming.has(declaration.name)), ...nowPending];
    list.sort((a, b) => context.declarations.get(a.name)!.index - context.declarations.get(b.name)!.index);
    pending = new Map(list.map((declaration) => [declaration.name, declaration]));
  }
  return pending;
}

/** Tool names by source, for the sources whose tools changed. */
function nextSources(previous: CatalogState, { goneTools, incomingTools }: ParsedDelta): CatalogState["sources"] {
  const sources = new Map(previous.sources);
  for (const [key, names] of regroup({
    membersOf: (key) => previous.sources.get(key),
    gone: goneTools,
    incoming: incomingTools,
    groupOf: sourceKey,
  })) {
    if (names.length > 0) sources.set(key, Object.freeze(names));
    else sources.delete(key);
  }
  return sources;
}

/** The `required: true` tools, in catalog order (the previous list when no required tool came or went). */
function nextRequired(previous: CatalogState, { gone, goneTools, incomingTools }: ParsedDelta): CatalogState["required"] {
  if (!goneTools.some((tool) => tool.required) && !incomingTools.some((tool) => tool.required)) return previous.required;
  const arrived = incomingTools.filter((tool) => tool.required).map((tool) => tool.name);
  return Object.freeze([...previous.required.filter((name) => !gone.has(name)), ...arrived]);
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
