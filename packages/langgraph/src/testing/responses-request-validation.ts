/**
 * @module Validates an OpenAI Responses request body the way the API does for what tool search and prompt caching
 * depend on: the tools (functions, namespaces, `tool_search`; at most {@link RESPONSES_MAX_TOOLS}), `defer_loading`
 * (on functions and namespace members only, and only beside a `tool_search` tool), and the input items' pairing (a
 * `function_call_output` answers a `function_call`, a `tool_search_output` answers a client `tool_search_call`, and
 * loads only deferred tools of the request). Answers with the API's error body. Pure.
 */
import { OPENAI_API_MAX_TOOLS, OPENAI_FUNCTION_NAME_PATTERN, type OpenAIErrorBody } from "./openai-request-validation.js";

/** The most top-level entries of `tools` (a namespace counts once), as on Chat Completions. */
export const RESPONSES_MAX_TOOLS = OPENAI_API_MAX_TOOLS;

/** A function tool of the Responses API. */
export interface ResponsesFunctionTool {
  type: "function";
  name: string;
  description?: string;
  parameters?: unknown;
  strict?: boolean | null;
  defer_loading?: boolean;
}

/** A tool of the request: a function, a namespace of functions, `tool_search`, or another built-in tool. */
export interface ResponsesTool {
  type: string;
  name?: unknown;
  description?: unknown;
  parameters?: unknown;
  defer_loading?: unknown;
  execution?: unknown;
  tools?: unknown;
  [key: string]: unknown;
}

/** An input item, as far as validation and the fake read it. */
export interface ResponsesItem {
  type?: string;
  role?: string;
  content?: unknown;
  call_id?: string;
  name?: string;
  arguments?: unknown;
  output?: unknown;
  execution?: string;
  tools?: ResponsesTool[];
  [key: string]: unknown;
}

/** A Responses request body. */
export interface ResponsesRequest {
  model: string;
  input: string | ResponsesItem[];
  instructions?: string | null;
  tools?: ResponsesTool[];
  stream?: boolean | null;
  [key: string]: unknown;
}

function invalid(message: string, param: string | null, code: string | null = "invalid_value"): OpenAIErrorBody {
  return { error: { message, type: "invalid_request_error", param, code } };
}

/** The input as a list of items (a string is one user message). */
export function inputItems(request: Pick<ResponsesRequest, "input">): ResponsesItem[] {
  return typeof request.input === "string" ? [{ type: "message", role: "user", content: request.input }] : (request.input ?? []);
}

/** Every function a list of tools declares (top-level and namespace members), with its namespace. */
export function functionsOf(tools: readonly ResponsesTool[] | undefined): Array<{ tool: ResponsesTool; namespace?: string }> {
  const found: Array<{ tool: ResponsesTool; namespace?: string }> = [];
  for (const tool of tools ?? []) {
    if (tool?.type === "function") found.push({ tool });
    if (tool?.type === "namespace" && Array.isArray(tool.tools)) {
      for (const member of tool.tools as ResponsesTool[])
        if (member?.type === "function") found.push({ tool: member, namespace: String(tool.name) });
    }
  }
  return found;
}

function validateFunction(tool: ResponsesTool, at: string): OpenAIErrorBody | undefined {
  if (typeof tool.name !== "string" || !OPENAI_FUNCTION_NAME_PATTERN.test(tool.name)) {
    return invalid(
      `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
      `${at}.name`,
    );
  }
  const schema = tool.parameters as { type?: unknown } | null | undefined;
  if (schema !== undefined && schema !== null && schema.type !== "object") {
    return invalid(
      `Invalid schema for function '${tool.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`,
      `${at}.parameters`,
      "invalid_function_parameters",
    );
  }
  if (tool.defer_loading !== undefined && typeof tool.defer_loading !== "boolean") {
    return invalid(`Invalid type for '${at}.defer_loading': expected a boolean.`, `${at}.defer_loading`, "invalid_type");
  }
  return undefined;
}

function validateTools(tools: unknown): OpenAIErrorBody | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) return invalid("Invalid type for 'tools': expected an array of objects.", "tools", "invalid_type");
  if (tools.length > RESPONSES_MAX_TOOLS) {
    return invalid(
      `Invalid 'tools': array too long. Expected an array with maximum length ${RESPONSES_MAX_TOOLS}, but got an array with length ${tools.length} instead.`,
      "tools",
      "array_above_max_length",
    );
  }
  const names = new Set<string>();
  for (const [index, tool] of (tools as ResponsesTool[]).entries()) {
    const at = `tools[${index}]`;
    if (tool?.type === "function") {
      const problem = validateFunction(tool, at);
      if (problem !== undefined) return problem;
    } else if (tool?.type === "namespace") {
      if (tool.defer_loading !== undefined) {
        return invalid(
          `Invalid '${at}.defer_loading': defer_loading applies to the functions inside a namespace, not to the namespace itself.`,
          `${at}.defer_loading`,
          "unknown_parameter",
        );
      }
      if (!Array.isArray(tool.tools) || tool.tools.length === 0)
        return invalid(`Invalid '${at}.tools': expected a non-empty array of functions.`, `${at}.tools`);
      for (const [member, fn] of (tool.tools as ResponsesTool[]).entries()) {
        if (fn?.type !== "function")
          return invalid(`Invalid '${at}.tools[${member}].type': a namespace holds functions only.`, `${at}.tools[${member}].type`);
        const problem = validateFunction(fn, `${at}.tools[${member}]`);
        if (problem !== undefined) return problem;
      }
    } else if (tool?.type === "tool_search") {
      if (tool.execution !== undefined && tool.execution !== "server" && tool.execution !== "client") {
        return invalid(`Invalid value: '${String(tool.execution)}'. Supported values are: 'server' and 'client'.`, `${at}.execution`);
      }
    }
  }
  for (const { tool } of functionsOf(tools as ResponsesTool[])) {
    const name = String(tool.name);
    if (names.has(name)) return invalid(`Duplicate function name '${name}' in 'tools'.`, "tools");
    names.add(name);
  }
  const deferred = functionsOf(tools as ResponsesTool[]).filter(({ tool }) => tool.defer_loading === true);
  if (deferred.length > 0 && !(tools as ResponsesTool[]).some((tool) => tool?.type === "tool_search")) {
    return invalid(
      `Deferred tools (${String(deferred[0]!.tool.name)}${deferred.length > 1 ? ", …" : ""}) need a tool_search tool in 'tools': add { "type": "tool_search" }.`,
      "tools",
    );
  }
  return undefined;
}

function validateInput(request: ResponsesRequest): OpenAIErrorBody | undefined {
  if (request.input === undefined) return invalid("Missing required parameter: 'input'.", "input", "missing_required_parameter");
  const items = inputItems(request);
  const deferred = new Set(
    functionsOf(request.tools)
      .filter(({ tool }) => tool.defer_loading === true)
      .map(({ tool }) => String(tool.name)),
  );
  const openCalls = new Map<string, string>();
  const openSearches = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (item?.type === "function_call") openCalls.set(String(item.call_id), String(item.name));
    else if (item?.type === "tool_search_call" && item.execution === "client") openSearches.add(String(item.call_id));
    else if (item?.type === "function_call_output") {
      if (!openCalls.delete(String(item.call_id))) {
        return invalid(`No tool call found for function call output with call_id ${String(item.call_id)}.`, `input[${index}]`, null);
      }
    } else if (item?.type === "tool_search_output") {
      if (!openSearches.delete(String(item.call_id))) {
        return invalid(`No tool search call found for tool search output with call_id ${String(item.call_id)}.`, `input[${index}]`, null);
      }
      for (const { tool } of functionsOf(Array.isArray(item.tools) ? item.tools : [])) {
        if (!deferred.has(String(tool.name))) {
          return invalid(
            `Invalid 'input[${index}].tools': '${String(tool.name)}' is not a deferred tool of this request (defer_loading: true in 'tools').`,
            `input[${index}].tools`,
          );
        }
      }
    }
  }
  const [unanswered] = openCalls.keys();
  if (unanswered !== undefined) return invalid(`No tool output found for function call ${unanswered}.`, "input", null);
  const [unsearched] = openSearches;
  if (unsearched !== undefined) return invalid(`No tool search output found for tool search call ${unsearched}.`, "input", null);
  return undefined;
}

/**
 * Checks a parsed Responses body as the API would, returning the API's error body for the first problem found, or
 * undefined when the request is acceptable.
 *
 * @example
 * ```ts
 * validateResponsesRequest({ model: "gpt-5.4", input: "hi", tools: [{ type: "function", name: "a", parameters: { type: "object" }, defer_loading: true }] });
 * // error.message: "Deferred tools (a) need a tool_search tool in 'tools': …"
 * ```
 */
export function validateResponsesRequest(body: unknown): OpenAIErrorBody | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return invalid("The request body must be a JSON object.", null, "invalid_type");
  const request = body as ResponsesRequest;
  if (typeof request.model !== "string" || request.model === "")
    return invalid("Missing required parameter: 'model'.", "model", "missing_required_parameter");
  return validateTools(request.tools) ?? validateInput(request);
}
