/**
 * @module The `call_tool` proxy: native deferral for a model whose provider serves none. The tools array holds the
 * core tools, `tool_search` and this one tool; a search result carries the loaded tools' definitions as text, after
 * {@link PROXY_DEFINITIONS_HEADER}, and the model calls a loaded tool through the proxy with its name and arguments
 * (`@dynamic-tools/langgraph` renders and unwraps the calls). Written here so the cost replay counts what is sent.
 */
import type { ToolDefinition } from "../catalog/tokens/tool-definition.js";

/** The proxy tool's name. */
export const PROXY_TOOL_NAME = "call_tool";

/** Most characters of the message a delivery's synthetic search call quotes as its query. */
export const DELIVERY_QUERY_CHARS = 80;

/** Tokens the synthetic search call of a delivery costs besides its query (as a cost replay counts a call). */
export const DELIVERY_CALL_TOKENS = 30;

/**
 * The query a delivery's synthetic search call quotes: the message, shortened to {@link DELIVERY_QUERY_CHARS}.
 *
 * @example
 * ```ts
 * deliveryQuery("what is on the team calendar this week?"); // the same: under 80 characters
 * ```
 */
export function deliveryQuery(message: string): string {
  return message.length <= DELIVERY_QUERY_CHARS ? message : `${message.slice(0, DELIVERY_QUERY_CHARS - 1)}…`;
}

/** The line a search result's definitions follow, one JSON object (`name`, `description`, `parameters`) a line. */
export const PROXY_DEFINITIONS_HEADER = `Call these through ${PROXY_TOOL_NAME} with their name and arguments. One JSON definition a line:`;

/**
 * The proxy's definition, sent after the search tool.
 *
 * @example
 * ```ts
 * proxyToolDefinition().function.name; // "call_tool"
 * ```
 */
export function proxyToolDefinition(): ToolDefinition {
  return {
    type: "function",
    function: {
      name: PROXY_TOOL_NAME,
      description:
        "Call a tool that a search result loaded. The result lists each loaded tool's name, description and JSON Schema parameters; pass the name and the arguments.",
      parameters: {
        type: "object",
        properties: {
          name: { type: "string", description: "The loaded tool's name, exactly as the search result gives it." },
          arguments: { type: "object", description: "The tool's arguments, matching its parameters." },
        },
        required: ["name", "arguments"],
      },
    },
  };
}

/**
 * A loaded tool's definition as a search result carries it under the proxy: one line of JSON.
 *
 * @example
 * ```ts
 * proxyDefinitionLine(definition); // '{"name":"get_salary","description":"…","parameters":{…}}'
 * ```
 */
export function proxyDefinitionLine({ function: fn }: ToolDefinition): string {
  return JSON.stringify({ name: fn.name, description: fn.description, parameters: fn.parameters });
}

/**
 * The names of the tools whose definitions a tool result's text carries after {@link PROXY_DEFINITIONS_HEADER}, in
 * order (none when the text has no header): what {@link proxyDefinitionLine} wrote.
 *
 * @example
 * ```ts
 * proxyDefinitionNames(`${PROXY_DEFINITIONS_HEADER}\n{"name":"get_salary","description":"…","parameters":{}}`); // ["get_salary"]
 * ```
 */
export function proxyDefinitionNames(text: string): string[] {
  const at = text.indexOf(PROXY_DEFINITIONS_HEADER);
  if (at < 0) return [];
  const names: string[] = [];
  for (const line of text.slice(at + PROXY_DEFINITIONS_HEADER.length).split("\n")) {
    if (line.trim() === "") continue;
    const definition = JSON.parse(line) as { name?: unknown };
    if (typeof definition.name === "string") names.push(definition.name);
  }
  return names;
}
