/**
 * @module What a source-provided tool tells the catalog about itself: its {@link ToolDeclaration} (source,
 * sourceId, namespace, permission), also attached to the LangChain tool as `metadata.dynamicTools`.
 */
import type { PermissionKind, ToolDeclaration, ToolSourceKind } from "@dynamic-tools/core";
import type { StructuredToolInterface } from "@langchain/core/tools";

/** The catalog fields a source sets on each of its tools, as found in `tool.metadata.dynamicTools`. */
export interface SourceToolInfo {
  source: Exclude<ToolSourceKind, "builtin">;
  sourceId: string;
  namespace: string;
  permission: PermissionKind;
}

/**
 * The `metadata.dynamicTools` of a tool made by a source, if it has one.
 *
 * @example
 * ```ts
 * const [readFile] = await mcp.tools();
 * sourceToolInfo(readFile); // { source: "mcp", sourceId: "files", namespace: "mcp_files", permission: "read" }
 * ```
 */
export function sourceToolInfo(tool: StructuredToolInterface): SourceToolInfo | undefined {
  // metadata is on every LangChain tool (BaseLangChain), though StructuredToolInterface does not declare it.
  return (tool as { metadata?: { dynamicTools?: SourceToolInfo } }).metadata?.dynamicTools;
}

/** A declaration for the catalog: the tool's name, description and parameters, and what the source knows. */
export function sourceDeclaration(
  tool: { name: string; description: string; parameters: Record<string, unknown> },
  info: SourceToolInfo,
): ToolDeclaration {
  return { name: tool.name, description: tool.description, parameters: tool.parameters, ...info };
}
