/**
 * @module The permission of an MCP tool, from the hints its server gives in the tool's annotations.
 */
import type { PermissionKind } from "@dynamic-tools/core";
import type { McpToolAnnotations } from "../cache/metadata-cache.js";

/**
 * `readOnlyHint: true` → "read"; `destructiveHint: true` → "dangerous"; both hints explicitly false (the tool
 * changes things, only additively) → "write"; anything else, including no annotations → "execute".
 *
 * The MCP spec's own default for a missing `destructiveHint` is `true`; it is not applied here, since most servers
 * send no annotations at all and every one of their tools would need approval. Only what a server says counts.
 *
 * @example
 * ```ts
 * permissionFromAnnotations({ readOnlyHint: true }); // "read"
 * permissionFromAnnotations({ destructiveHint: true }); // "dangerous"
 * permissionFromAnnotations(undefined); // "execute"
 * ```
 */
export function permissionFromAnnotations(annotations: McpToolAnnotations | undefined): PermissionKind {
  if (annotations?.readOnlyHint === true) return "read";
  if (annotations?.destructiveHint === true) return "dangerous";
  if (annotations?.readOnlyHint === false && annotations.destructiveHint === false) return "write";
  return "execute";
}
