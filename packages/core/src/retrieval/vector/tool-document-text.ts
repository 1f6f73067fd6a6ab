/**
 * @module The text a tool is embedded as: everything a user's request could echo, one field per line.
 */
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { splitWords } from "../../text/tokenize.js";

/**
 * The version of {@link toolDocumentText}'s output: bump it whenever the text a tool gives changes (fields, their
 * order or wording, how names are split). A saved vector index records it, and its text hashes are taken without
 * deriving the texts again only when it matches (see `SavedVectorIndex.documents`); a test pins the texts of a
 * fixture catalog to catch a change made without the bump.
 */
export const DOCUMENT_TEXT_VERSION = 1;

/**
 * A tool's document text for embedding: its name split into words, description, when-to-use hint, parameter names
 * (split) with their descriptions, category, tags and keywords; empty fields are left out.
 *
 * @example
 * ```ts
 * toolDocumentText({ name: "generate_image", description: "Create or edit an image.", parameters: {
 *   type: "object", properties: { prompt: { type: "string", description: "What to draw" } } }, … });
 * // "generate image\nCreate or edit an image.\nParameters: prompt (What to draw)"
 * ```
 */
export function toolDocumentText(tool: ToolMetadata): string {
  const lines = [splitWords(tool.name).join(" "), tool.description.trim()];
  if (tool.whenToUse) lines.push(`Use when: ${tool.whenToUse.trim()}`);
  const parameters = parameterPhrases(tool.parameters);
  if (parameters.length > 0) lines.push(`Parameters: ${parameters.join("; ")}`);
  if (tool.category) lines.push(`Category: ${tool.category}`);
  if (tool.tags.length > 0) lines.push(`Tags: ${tool.tags.join(", ")}`);
  if (tool.keywords.length > 0) lines.push(`Keywords: ${tool.keywords.join(", ")}`);
  return lines.filter((line) => line !== "").join("\n");
}

/** "name words (description)" for each top-level property of a JSON Schema object. */
function parameterPhrases(schema: ToolMetadata["parameters"]): string[] {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties as Record<string, unknown>).map(([name, property]) => {
    const words = splitWords(name).join(" ");
    const description = (property as { description?: unknown } | null)?.description;
    return typeof description === "string" && description.trim() !== "" ? `${words} (${description.trim()})` : words;
  });
}
