/**
 * @module The definition of `tool_search` as `@dynamic-tools/langgraph` binds it (default limits), for counting its
 * tokens where that package cannot be imported (the cost replay's `native` policy binds it beside the core tools).
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { countOf } from "../text/count-of.js";

/**
 * `tool_search`'s name, description and parameters for `catalog`, as `createToolSearchTool(catalog)` writes them
 * with its default limits (5 results by default, at most 10).
 *
 * @example
 * ```ts
 * countDefinitionTokens(toolSearchDefinition(catalog)); // about 110 tokens for a catalog without namespaces
 * ```
 */
export function toolSearchDefinition(catalog: ToolCatalog): { name: string; description: string; parameters: Record<string, unknown> } {
  const defaultLimit = 5;
  const maxLimit = 10;
  const description = describeToolSearch(catalog, { defaultLimit, maxLimit });
  return {
    name: "tool_search",
    description,
    parameters: toolSearchParameters(defaultLimit, maxLimit),
  };
}

/**
 * The JSON Schema of `tool_search`'s arguments (`query`, and `limit` between 1 and `maxLimit`), written once for the
 * tool `@dynamic-tools/langgraph` binds and for the definition the cost replay counts.
 *
 * @example
 * ```ts
 * toolSearchParameters(5, 10).required; // ["query"]
 * ```
 */
export function toolSearchParameters(defaultLimit: number, maxLimit: number): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      query: { type: "string", description: "What you want to do next, in plain words." },
      limit: { type: "integer", description: `How many tools to return (1–${maxLimit}). Default ${defaultLimit}.` },
    },
    required: ["query"],
    additionalProperties: false,
  };
}

/**
 * The description of `tool_search` for `catalog`: what it does, its limits and the catalog's namespaces. One text for
 * the tool `@dynamic-tools/langgraph` binds and for the cost replay that counts it.
 *
 * @example
 * ```ts
 * describeToolSearch(catalog, { defaultLimit: 5, maxLimit: 10 }); // "Search the catalog of 137 tools for tools that …"
 * ```
 */
export function describeToolSearch(catalog: ToolCatalog, { defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }): string {
  const lines = [
    `Search the catalog of ${catalog.size} tools for tools that can do what you need next, and load them: the tools found ` +
      'become callable from your next step and stay available. Describe the task in plain words (e.g. "cancel a membership"), ' +
      `not a guessed tool name. Returns up to ${defaultLimit} tools by default (at most ${maxLimit}); tools already available to you are not returned.`,
  ];
  const namespaces = catalog.namespaces().filter((namespace) => namespace.tools.length > 0);
  if (namespaces.length > 0) {
    lines.push("Namespaces (a match on any member loads the whole group):");
    for (const namespace of namespaces) {
      lines.push(
        `- ${namespace.name}${namespace.description === "" ? "" : `: ${namespace.description}`} (${countOf(namespace.tools.length, "tool")})`,
      );
    }
  }
  return lines.join("\n");
}
