/**
 * @module The loaded set: tools `tool_search` found, kept in a state channel so they stay bound from one model call
 * to the next. Append-unique: a tool is added once, in the order it was first loaded, so the bound list only
 * grows at its end (provider prompt caches survive). The budget may unload the least recently used.
 */

/**
 * An update of the loaded set: tool names to append (each once, in order), or `{ unload }` to remove tools.
 *
 * @example
 * ```ts
 * return { loadedTools: ["create_issue", "list_pulls"] };      // from tool_search's Command
 * return { loadedTools: { unload: ["get_weather"] } };          // from the selector, under the budget
 * ```
 */
export type LoadedToolsUpdate = readonly string[] | { readonly unload: readonly string[] };

/**
 * The reducer of the loaded channel: appends names not yet present (keeping first-load order) or removes the
 * names of an `{ unload }` update. `null` (never written) counts as empty; a `null` update changes nothing. Only
 * strings are names: whatever else a forged update or channel holds (a number, a nested list, `{ unload: 5 }`) is
 * ignored, never thrown on. Pure.
 *
 * @example
 * ```ts
 * reduceLoadedTools(["a", "b"], ["b", "c"]); // ["a", "b", "c"]
 * reduceLoadedTools(["a", "b", "c"], { unload: ["a"] }); // ["b", "c"]
 * ```
 */
export function reduceLoadedTools(current: readonly string[] | null | undefined, update: LoadedToolsUpdate): string[];
export function reduceLoadedTools(
  current: readonly string[] | null | undefined,
  update: LoadedToolsUpdate | null | undefined,
): string[] | null;
export function reduceLoadedTools(
  current: readonly string[] | null | undefined,
  update: LoadedToolsUpdate | null | undefined,
): string[] | null {
  // An empty update (createAgent re-sends absent channels as null) leaves a never-written channel never-written.
  if (update === null || update === undefined) return current === null || current === undefined ? null : toolNamesIn(current);
  const base = toolNamesIn(current);
  if (Array.isArray(update)) {
    const present = new Set(base);
    for (const name of toolNamesIn(update)) {
      if (!present.has(name)) {
        present.add(name);
        base.push(name);
      }
    }
    return base;
  }
  const removed = new Set(toolNamesIn((update as { unload?: unknown }).unload));
  return base.filter((name) => !removed.has(name));
}

/**
 * The tool names of a list, in order; anything else (a client may write any value into the graph's state: `{ unload:
 * 5 }`, `"get_weather"`, `[null, {}]`) holds none. What reads a state it did not write never throws on it.
 *
 * @example
 * ```ts
 * toolNamesIn(["get_time", 5, null]); // ["get_time"]
 * toolNamesIn({ unload: 5 }); // []
 * ```
 */
export function toolNamesIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
}
