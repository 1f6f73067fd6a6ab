/**
 * @module A tool as it is sent to a model: the OpenAI function format, which LangChain chat models accept in
 * `bindTools` and which token budgets are counted over.
 */
import type { JsonSchema, ToolMetadata } from "../tool-metadata.js";

/** An OpenAI-format function definition. */
export interface ToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

/** The definition a model receives for one tool. */
export function toToolDefinition(tool: Pick<ToolMetadata, "name" | "description" | "parameters">): ToolDefinition {
  return { type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}
