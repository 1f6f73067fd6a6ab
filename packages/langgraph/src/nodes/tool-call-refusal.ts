/**
 * @module Why a tool call must not run: the rules both executors apply (DynamicToolNode and the createAgent
 * middleware's wrapToolCall), so the model gets the same answer whichever runtime it is in. Pure.
 */
import { isBindable, type Caller, type ToolCatalog, type ToolFilterOptions, type ToolMetadata } from "@dynamic-tools/core";

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

/**
 * The text of the error ToolMessage for a call the permission policy denies (code PERMISSION_DENIED). It names the
 * tool and the rule, not how to get around it.
 *
 * @example
 * ```ts
 * permissionRefusal(catalog.get("pay_salary")!, { role: "trainer" });
 * // 'Permission denied (PERMISSION_DENIED): role "trainer" may not use "pay_salary" (write, category salary). Do not retry it.'
 * ```
 */
export function permissionRefusal(tool: ToolMetadata, caller: Caller): string {
  const who = caller.role === undefined ? "this caller" : `role "${caller.role}"`;
  const what = [tool.permission, ...(tool.category === undefined ? [] : [`category ${tool.category}`])].join(", ");
  return `Permission denied (PERMISSION_DENIED): ${who} may not use "${tool.name}" (${what}). Do not retry it.`;
}
