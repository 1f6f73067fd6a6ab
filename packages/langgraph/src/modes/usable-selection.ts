/**
 * @module The selection a model call binds, as read from the graph's state and checked again: the state is not proof of
 * what the select step chose (a client that may update a thread's state could write any `toolSelection`), so every
 * name is bound only if it is a catalog tool this caller may use (or one of the extra tools: `tool_search`), once,
 * within the budget. Pure.
 */
import type { Caller, PermissionPolicy, ToolCatalog, ToolSelection } from "@dynamic-tools/core";
import { decidePermission, isExecutable, type ToolFilterOptions } from "@dynamic-tools/core/internal";

/** What a selection's names are checked against. */
export interface UsableSelectionContext {
  catalog: ToolCatalog;
  /** Who is asking; with `policy`, names the policy denies are dropped. */
  caller: Caller;
  /** The caller's policy. @defaultValue none: every executable catalog tool may be bound */
  policy?: PermissionPolicy | undefined;
  /** Names outside the catalog that may be bound (the search tool, a proxy). */
  extraNames: ReadonlySet<string>;
  filters?: ToolFilterOptions;
  /** Most tools of `selection.tools` bound at once (a native binding's lists are the provider's to limit). */
  maxTools: number;
}

/**
 * Whether a name may be bound (or, delivered through the proxy, defined) for this caller: an extra name, or a catalog
 * tool that is executable and that the caller may use.
 *
 * @example
 * ```ts
 * const usable = usableName({ catalog, caller, policy, extraNames: new Set(), maxTools: 128 });
 * usable("delete_member"); // false for a caller the policy denies it
 * ```
 */
export function usableName(context: Omit<UsableSelectionContext, "maxTools">): (name: unknown) => name is string {
  return (name: unknown): name is string => {
    if (typeof name !== "string") return false;
    if (context.extraNames.has(name)) return true;
    const tool = context.catalog.get(name);
    return (
      tool !== undefined &&
      isExecutable(tool, context.filters ?? {}) &&
      (context.policy === undefined || decidePermission(context.policy, tool, context.caller) !== "deny")
    );
  };
}

/**
 * `selection` with its `tools` (and a native binding's `tools` and `direct`) reduced to names that are extra, or
 * catalog tools that are executable and that the caller may use, each once (`tools`: at most `maxTools`); the same
 * object when nothing was dropped. Anything but a list of names counts as none.
 *
 * @example
 * ```ts
 * usableSelection(state.toolSelection, { catalog, caller: { role: "trainer" }, policy, extraNames: new Set(["tool_search"]), maxTools: 128 });
 * ```
 */
export function usableSelection<T extends ToolSelection>(selection: T, context: UsableSelectionContext): T {
  const usable = usableName(context);
  const kept = (names: unknown, most = Number.POSITIVE_INFINITY) =>
    [...new Set(Array.isArray(names) ? names.filter(usable) : [])].slice(0, most);
  const tools = kept(selection.tools, context.maxTools);
  const binding = (selection as { binding?: { policy?: unknown; tools?: unknown; direct?: unknown } }).binding;
  const native = binding?.policy === "native" ? { ...binding, tools: kept(binding.tools), direct: kept(binding.direct) } : undefined;
  const same = (before: unknown, after: readonly string[]) =>
    Array.isArray(before) && before.length === after.length && before.every((name, index) => name === after[index]);
  if (
    same(selection.tools, tools) &&
    (native === undefined || (same(binding!.tools, native.tools) && same(binding!.direct, native.direct)))
  )
    return selection;
  return { ...selection, tools, count: tools.length, ...(native === undefined ? {} : { binding: native }) };
}
