/**
 * @module A namespace: the tools of one MCP server or SDK app, loaded together by tool search.
 */
import type { NamespaceDeclaration } from "@dynamic-tools/core/internal";

/** The tools of one server or app, with a description a model can choose by. */
export interface ToolNamespace {
  /** `mcp_{serverId}` or `sdk_{appName}`, as in each tool's `namespace`. */
  name: string;
  description: string;
  source: "mcp" | "sdk";
  sourceId: string;
  /** The tools' catalog names. */
  tools: string[];
}

/**
 * The `namespaces` option of a `ToolCatalog` for these namespaces: each name with its description.
 *
 * @example
 * ```ts
 * namespaceDeclarations(mcp.namespaces()); // { mcp_files: { description: "Reads and writes text files." } }
 * ```
 */
export function namespaceDeclarations(namespaces: readonly ToolNamespace[]): Record<string, NamespaceDeclaration> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace.name, { description: namespace.description }]));
}
