/**
 * @module Why a tool call must not run: the one rule both executors apply (DynamicToolNode and the createAgent
 * middleware's wrapToolCall), so the model gets the same answer whichever runtime it is in. Pure.
 */
import { isBindable, type ToolCatalog, type ToolFilterOptions } from "@dynamic-tools/core";

/**
 * The reason a call to `name` is refused, or undefined when it may run: unknown names (with close matches),
 * disabled or excluded tools, and declared tools without an implementation. Non-searchable tools may be called:
 * searchability only hides a tool from selection and search.
 *
 * @example
 * ```ts
 * toolCallRefusal(catalog, {}, "get_staf_list"); // 'Tool "get_staf_list" is not in the catalog (4 tools). Did you mean: get_staff_list?'
 * ```
 */
export function toolCallRefusal(catalog: ToolCatalog, filters: ToolFilterOptions, name: string): string | undefined {
  const tool = catalog.get(name);
  if (tool === undefined) return `Tool "${name}" is not in the catalog (${catalog.size} tools).${catalog.suggest(name)}`;
  if (!isBindable(tool, filters, true)) return `Tool "${name}" is not available to this agent (disabled or excluded).`;
  if (catalog.getTool(name) === undefined) return `Tool "${name}" is declared in the catalog but has no implementation.`;
  return undefined;
}
