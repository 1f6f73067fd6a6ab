/**
 * @module Groups of tools (categories, namespaces, sources) updated for a catalog delta: only the groups whose
 * members changed are recomputed, and the groups keep the order a fresh build gives them. Pure.
 */
import type { ToolMetadata } from "./tool-metadata.js";

/**
 * The new member lists of the groups a delta touches, in catalog order: each group's previous members minus the
 * tools that went, then the tools that came (they are appended to the catalog, so they come last). A group left
 * with no member gets an empty list; whether it survives is the caller's decision.
 *
 * @example
 * ```ts
 * regroup({ membersOf: () => ["a", "b"], gone: [b], incoming: [c], groupOf: (tool) => tool.category });
 * // Map { "salary" => ["a", "c"] } when b and c are both in "salary"
 * ```
 */
export function regroup({
  membersOf,
  gone,
  incoming,
  groupOf,
}: {
  membersOf: (group: string) => readonly string[] | undefined;
  gone: Iterable<ToolMetadata>;
  incoming: Iterable<ToolMetadata>;
  groupOf: (tool: ToolMetadata) => string | undefined;
}): Map<string, string[]> {
  const leaving = new Map<string, Set<string>>();
  const arriving = new Map<string, string[]>();
  for (const tool of gone) {
    const group = groupOf(tool);
    if (group === undefined) continue;
    const names = leaving.get(group) ?? new Set();
    names.add(tool.name);
    leaving.set(group, names);
  }
  for (const tool of incoming) {
    const group = groupOf(tool);
    if (group === undefined) continue;
    const names = arriving.get(group) ?? [];
    names.push(tool.name);
    arriving.set(group, names);
  }
  const groups = new Map<string, string[]>();
  for (const group of new Set([...leaving.keys(), ...arriving.keys()])) {
    const left = leaving.get(group);
    const kept = membersOf(group) ?? [];
    groups.set(group, [...(left === undefined ? kept : kept.filter((name) => !left.has(name))), ...(arriving.get(group) ?? [])]);
  }
  return groups;
}

/** Options of {@link mergeGroups}. */
export interface MergeGroupsOptions<Info extends { readonly tools: readonly string[] }> {
  previous: ReadonlyMap<string, Info>;
  /** Groups that changed: the new info, or undefined for a group that is gone. */
  updates: ReadonlyMap<string, Info | undefined>;
  /** Declared groups, in declaration order: they come first, present even when empty. */
  declared: readonly string[];
  /** Catalog position of a tool (its `seq`) now: undeclared groups are ordered by their first tool. */
  seqOf: (tool: string) => number;
  /** Catalog position of a tool before the update (a tool that is re-added moves to the end). */
  previousSeqOf: (tool: string) => number;
  /** Recompute the order even when no group came, went or changed its first tool (the declared groups changed). */
  reorder?: boolean;
}

/**
 * The next groups map: `previous` with `updates` applied, in the order a fresh build gives (declared groups in
 * declaration order, then the others in order of their first tool). When no group came, went or changed its first
 * tool, the order is unchanged and the map is a copy with the updates set; otherwise it is rebuilt in order.
 *
 * @example
 * ```ts
 * mergeGroups({ previous, updates: new Map([["salary", salaryInfo]]), declared: ["salary"], seqOf, previousSeqOf });
 * ```
 */
export function mergeGroups<Info extends { readonly tools: readonly string[] }>({
  previous,
  updates,
  declared,
  seqOf,
  previousSeqOf,
  reorder = false,
}: MergeGroupsOptions<Info>): Map<string, Info> {
  const isDeclared = new Set(declared);
  const keepsOrder =
    !reorder &&
    [...updates].every(([name, info]) => {
      const before = previous.get(name);
      if (info === undefined || before === undefined) return info === before;
      return isDeclared.has(name) || (before.tools[0] === info.tools[0] && previousSeqOf(before.tools[0]!) === seqOf(info.tools[0]!));
    });
  if (keepsOrder) {
    const next = new Map(previous);
    for (const [name, info] of updates) next.set(name, info!);
    return next;
  }
  const current = (name: string) => (updates.has(name) ? updates.get(name) : previous.get(name));
  const next = new Map<string, Info>();
  for (const name of declared) {
    const info = current(name);
    if (info !== undefined) next.set(name, info);
  }
  const others: Array<[string, Info]> = [];
  for (const name of new Set([...previous.keys(), ...updates.keys()])) {
    const info = current(name);
    if (info !== undefined && !isDeclared.has(name)) others.push([name, info]);
  }
  others.sort(([, a], [, b]) => seqOf(a.tools[0]!) - seqOf(b.tools[0]!));
  for (const [name, info] of others) next.set(name, info);
  return next;
}
