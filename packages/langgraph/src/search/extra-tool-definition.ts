/**
 * @module Definitions of tools that are not in the catalog but are bound next to its tools (`tool_search`), in the
 * same OpenAI function format, so they bind and count tokens the same way.
 */
import { countDefinitionTokens, type JsonSchema, type ToolDefinition } from "@dynamic-tools/core";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";

/**
 * The OpenAI-format definition of a LangChain tool (zod or JSON Schema).
 *
 * @example
 * ```ts
 * definitionOfTool(createToolSearchTool(catalog)).function.name; // "tool_search"
 * ```
 */
export function definitionOfTool(tool: StructuredToolInterface): ToolDefinition {
  const schema =
    tool.schema === undefined
      ? { type: "object", properties: {} }
      : (toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]) as JsonSchema);
  const { $schema: _ignored, ...parameters } = schema;
  return { type: "function", function: { name: tool.name, description: tool.description ?? "", parameters } };
}

/**
 * Tokens of a LangChain tool's definition as sent (o200k_base), as the budget counts catalog tools.
 *
 * @example
 * ```ts
 * definitionTokensOf(createToolSearchTool(catalog)); // about 200, depending on the namespaces listed
 * ```
 */
export function definitionTokensOf(tool: StructuredToolInterface): number {
  return countDefinitionTokens(definitionOfTool(tool).function);
}
