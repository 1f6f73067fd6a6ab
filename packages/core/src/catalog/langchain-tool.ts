/**
 * @module Accepts LangChain tools (anything `StructuredToolInterface`-shaped, zod or JSON Schema) as catalog entries.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import type { JsonSchema, ToolDeclaration } from "./tool-metadata.js";

/** True for an executable LangChain tool (as opposed to a plain declaration). */
export function isLangChainTool(value: unknown): value is StructuredToolInterface {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { name?: unknown }).name === "string" &&
    typeof (value as { invoke?: unknown }).invoke === "function"
  );
}

/** The metadata a LangChain tool carries itself: name, description and its schema as JSON Schema. */
export function declarationFromLangChainTool(tool: StructuredToolInterface): ToolDeclaration {
  // toJsonSchema accepts zod 3/4, Standard Schema and plain JSON Schema alike.
  const schema = tool.schema === undefined ? undefined : (toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]) as JsonSchema);
  const declaration: ToolDeclaration = { name: tool.name, description: tool.description ?? "" };
  if (schema !== undefined) {
    const { $schema: _ignored, ...parameters } = schema;
    declaration.parameters = parameters;
  }
  return declaration;
}
