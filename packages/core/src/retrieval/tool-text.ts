/**
 * @module The searchable text of a tool, field by field: what every retrieval strategy indexes. Pure.
 */
import type { ToolMetadata } from "../catalog/tool-metadata.js";

/** The fields of a tool that retrieval reads. */
export type ToolField = "name" | "description" | "parameterNames" | "parameterDescriptions" | "tags" | "keywords" | "category";

/** A tool's text per field. */
export type ToolText = Record<ToolField, string>;

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  description?: string;
}

function collectParameters(schema: SchemaNode | undefined, names: string[], descriptions: string[], depth = 0): void {
  if (schema === undefined || depth > 4) return;
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    names.push(name);
    if (typeof child?.description === "string") descriptions.push(child.description);
    collectParameters(child, names, descriptions, depth + 1);
  }
  if (schema.items !== undefined) collectParameters(schema.items, names, descriptions, depth + 1);
}

/**
 * The text of each field of a tool: its name, description, parameter names and descriptions (nested ones too),
 * tags, keywords and category.
 *
 * @example
 * ```ts
 * toolText(catalog.get("get_pending_salaries")!).name; // "get_pending_salaries"
 * ```
 */
export function toolText(tool: ToolMetadata): ToolText {
  const parameterNames: string[] = [];
  const parameterDescriptions: string[] = [];
  collectParameters(tool.parameters as SchemaNode, parameterNames, parameterDescriptions);
  return {
    name: tool.name,
    // Localised names and descriptions (`display`, `desc`) are matched like the description.
    description: [tool.description, tool.whenToUse ?? "", ...Object.values(tool.display), ...Object.values(tool.desc)].join(" ").trim(),
    parameterNames: parameterNames.join(" "),
    parameterDescriptions: parameterDescriptions.join(" "),
    tags: tool.tags.join(" "),
    keywords: tool.keywords.join(" "),
    category: tool.category ?? "",
  };
}

/**
 * What a tool is for, in its author's words: its name, description, tags, keywords and category, without its
 * parameters (whose words describe its inputs: "the number of hours", "the phone number to call").
 */
export function toolPurpose(tool: ToolMetadata): string {
  const text = toolText(tool);
  return [text.name.replace(/[_\-.]+/g, " "), text.description, text.tags, text.keywords, text.category]
    .filter((part) => part !== "")
    .join(". ");
}

/** All of a tool's searchable text in one string (for embedding). */
export function toolDocument(tool: ToolMetadata): string {
  const text = toolText(tool);
  return [
    text.name.replace(/[_\-.]+/g, " "),
    text.description,
    text.parameterNames,
    text.parameterDescriptions,
    text.tags,
    text.keywords,
    text.category,
  ]
    .filter((part) => part !== "")
    .join(". ");
}
