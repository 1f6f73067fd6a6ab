/**
 * @module Which tools outside the catalog are the library's own `tool_search` tools: an executor runs those as they
 * are (each lists only what its policy lets the caller use), and holds any other tool outside the catalog to the
 * policy. `createToolSearchTool` marks each tool it makes.
 */

const searchTools = new WeakSet<object>();

/** Marks `tool` as a `tool_search` made by `createToolSearchTool`. */
export function markToolSearch(tool: object): void {
  searchTools.add(tool);
}

/**
 * True for a `tool_search` made by `createToolSearchTool`.
 *
 * @example
 * ```ts
 * isToolSearchTool(createToolSearchTool(catalog, { policy })); // true
 * isToolSearchTool(tool(run, { name: "tool_search", … })); // false: a tool of your own, held to the policy
 * ```
 */
export function isToolSearchTool(tool: object): boolean {
  return searchTools.has(tool);
}
