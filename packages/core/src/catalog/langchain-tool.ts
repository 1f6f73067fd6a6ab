/**
 * @module Accepts LangChain tools (anything `StructuredToolInterface`-shaped, zod or JSON Schema) as catalog entries.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { jsonSchemaOf } from "./schema-converter.js";
import { PERMISSION_KINDS, TOOL_NAME_PATTERN, TOOL_SOURCE_KINDS, type JsonSchema, type ToolDeclaration } from "./tool-metadata.js";

/** True for an executable LangChain tool (as opposed to a plain declaration). */
export function isLangChainTool(value: unknown): value is StructuredToolInterface {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { name?: unknown }).name === "string" &&
    typeof (value as { invoke?: unknown }).invoke === "function"
  );
}

/** The catalog fields a tool source attaches to its tools as `tool.metadata.dynamicTools`. */
interface SourceInfo {
  source?: unknown;
  sourceId?: unknown;
  namespace?: unknown;
  permission?: unknown;
}

function sourceFields(tool: StructuredToolInterface): Partial<ToolDeclaration> {
  // metadata is on every LangChain tool (BaseLangChain), though StructuredToolInterface does not declare it.
  const info = (tool as { metadata?: { dynamicTools?: SourceInfo } }).metadata?.dynamicTools;
  if (info === undefined || info === null || typeof info !== "object") return {};
  const fields: Partial<ToolDeclaration> = {};
  if (TOOL_SOURCE_KINDS.includes(info.source as never)) fields.source = info.source as ToolDeclaration["source"];
  if (typeof info.sourceId === "string") fields.sourceId = info.sourceId;
  if (typeof info.namespace === "string") fields.namespace = info.namespace;
  if (PERMISSION_KINDS.includes(info.permission as never)) fields.permission = info.permission as ToolDeclaration["permission"];
  return fields;
}

/**
 * The metadata a LangChain tool carries itself: name, description, its schema as JSON Schema, and what a tool source
 * attached as `tool.metadata.dynamicTools` (source, sourceId, namespace, permission).
 *
 * @example
 * ```ts
 * declarationFromLangChainTool(mcpReadFile);
 * // { name: "mcp_files_read_file", description: "…", parameters: {…}, source: "mcp", sourceId: "files",
 * //   namespace: "mcp_files", permission: "read" }
 * ```
 */
export function declarationFromLangChainTool(tool: StructuredToolInterface): ToolDeclaration {
  return describeLangChainTool(tool).declaration;
}

/**
 * A LangChain tool's declaration, and why it cannot be bound to a model when that is so: a name outside
 * `^[a-zA-Z0-9_-]{1,64}$` or a schema with no JSON Schema form (e.g. `z.coerce.date()`). Such a tool still runs.
 */
export function describeLangChainTool(tool: StructuredToolInterface): { declaration: ToolDeclaration; unbindable: string | undefined } {
  const declaration: ToolDeclaration = { name: tool.name, description: tool.description ?? "", ...sourceFields(tool) };
  const reasons: string[] = [];
  if (!TOOL_NAME_PATTERN.test(tool.name)) reasons.push(`its name does not match ${TOOL_NAME_PATTERN.source}, which model APIs require`);
  if (tool.schema !== undefined) {
    try {
      // zod 3/4 and Standard Schema go through the registered converter (LangChain's toJsonSchema); JSON Schema as is.
      const { $schema: _ignored, ...parameters } = jsonSchemaOf(tool.schema) as JsonSchema;
      declaration.parameters = parameters;
    } catch (error) {
      reasons.push(`its schema has no JSON Schema form (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return {
    declaration,
    unbindable: reasons.length === 0 ? undefined : `Tool "${tool.name}" is never bound to a model: ${reasons.join("; ")}.`,
  };
}
