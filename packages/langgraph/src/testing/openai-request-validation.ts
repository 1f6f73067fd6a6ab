/**
 * @module Validates a Chat Completions request body the way the OpenAI API does for the parts an agent gets wrong
 * (the tools array, tool names and schemas, the tool-call/tool-result pairing), and answers with the API's own
 * error body; plus the `defer_loading` + `tool_reference` protocol some Chat Completions hosts serve (a deferred
 * tool carries `defer_loading: true` beside `function`; a tool message's content may hold
 * `{ type: "tool_reference", tool_name }` blocks, each naming a deferred tool of the request; not every tool may be
 * deferred). A pure function: the fake endpoint calls it, and tests can too.
 */

/** The most tools one Chat Completions request may carry (the API's limit). */
export const OPENAI_API_MAX_TOOLS = 128;

/** What the API accepts as a function name: letters, digits, `_` and `-`, 1 to 64 characters. */
export const OPENAI_FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The error body the OpenAI API answers a rejected request with (HTTP 400). */
export interface OpenAIErrorBody {
  error: {
    message: string;
    /** `invalid_request_error` for a rejected request (`server_error` only for the fake's own script failures). */
    type: "invalid_request_error" | "server_error";
    param: string | null;
    code: string | null;
  };
}

/** A Chat Completions message, as far as validation and the fake's scripts read it. */
export interface ChatCompletionMessage {
  role: string;
  content?: unknown;
  name?: string;
  tool_calls?: Array<{ id: string; type?: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/** A Chat Completions tool definition. */
export interface ChatCompletionTool {
  type: string;
  function?: { name?: unknown; description?: unknown; parameters?: unknown; strict?: unknown };
  /** Hosts serving deferred loading: the definition stays out of the prompt until a `tool_reference` names it. */
  defer_loading?: unknown;
}

/** The names of a request's deferred tools (`defer_loading: true`). */
export function deferredToolNames(tools: readonly ChatCompletionTool[] | undefined): Set<string> {
  return new Set((tools ?? []).filter((tool) => tool?.defer_loading === true).map((tool) => String(tool.function?.name)));
}

/** The tools a tool message's content references (`{ type: "tool_reference", tool_name }` blocks). */
export function referencedToolNames(message: ChatCompletionMessage): string[] {
  if (!Array.isArray(message.content)) return [];
  return (message.content as Array<{ type?: unknown; tool_name?: unknown }>)
    .filter((part) => part?.type === "tool_reference")
    .map((part) => String(part.tool_name));
}

/** A Chat Completions request body, as far as validation and the fake's scripts read it. */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatCompletionMessage[];
  tools?: ChatCompletionTool[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  [key: string]: unknown;
}

function invalid(message: string, param: string | null, code: string | null): OpenAIErrorBody {
  return { error: { message, type: "invalid_request_error", param, code } };
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

function validateTool(tool: unknown, index: number): OpenAIErrorBody | undefined {
  const at = `tools[${index}]`;
  if (typeof tool !== "object" || tool === null || Array.isArray(tool)) {
    return invalid(`Invalid type for '${at}': expected an object, but got ${typeName(tool)} instead.`, at, "invalid_type");
  }
  const { type, function: fn } = tool as ChatCompletionTool;
  if (type !== "function") {
    return invalid(`Invalid value: '${String(type)}'. Supported values are: 'function' and 'custom'.`, `${at}.type`, "invalid_value");
  }
  if (typeof fn !== "object" || fn === null)
    return invalid(`Missing required parameter: '${at}.function'.`, `${at}.function`, "missing_required_parameter");
  const param = `${at}.function.name`;
  if (fn.name === undefined) return invalid(`Missing required parameter: '${param}'.`, param, "missing_required_parameter");
  if (typeof fn.name !== "string") {
    return invalid(`Invalid type for '${param}': expected a string, but got ${typeName(fn.name)} instead.`, param, "invalid_type");
  }
  if (fn.name.length === 0) {
    return invalid(
      `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
      param,
      "empty_string",
    );
  }
  if (fn.name.length > 64) {
    return invalid(
      `Invalid '${param}': string too long. Expected a string with maximum length 64, but got a string with length ${fn.name.length} instead.`,
      param,
      "string_above_max_length",
    );
  }
  if (!OPENAI_FUNCTION_NAME_PATTERN.test(fn.name)) {
    return invalid(
      `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
      param,
      "invalid_value",
    );
  }
  if ((tool as ChatCompletionTool).defer_loading !== undefined && typeof (tool as ChatCompletionTool).defer_loading !== "boolean") {
    return invalid(
      `Invalid type for '${at}.defer_loading': expected a boolean, but got ${typeName((tool as ChatCompletionTool).defer_loading)} instead.`,
      `${at}.defer_loading`,
      "invalid_type",
    );
  }
  if (fn.parameters !== undefined) {
    const schemaType = (fn.parameters as { type?: unknown } | null)?.type;
    if (typeName(fn.parameters) !== "object" || schemaType !== "object") {
      return invalid(
        `Invalid schema for function '${fn.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schemaType ?? "None")}"'.`,
        `${at}.function.parameters`,
        "invalid_function_parameters",
      );
    }
  }
  return undefined;
}

function validateTools(tools: unknown): OpenAIErrorBody | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) {
    return invalid(`Invalid type for 'tools': expected an array of objects, but got ${typeName(tools)} instead.`, "tools", "invalid_type");
  }
  if (tools.length > OPENAI_API_MAX_TOOLS) {
    return invalid(
      `Invalid 'tools': array too long. Expected an array with maximum length ${OPENAI_API_MAX_TOOLS}, but got an array with length ${tools.length} instead.`,
      "tools",
      "array_above_max_length",
    );
  }
  for (const [index, tool] of tools.entries()) {
    const error = validateTool(tool, index);
    if (error !== undefined) return error;
  }
  if (tools.length > 0 && tools.every((tool: ChatCompletionTool) => tool.defer_loading === true)) {
    return invalid("Invalid 'tools': every tool has defer_loading set. At least one tool must not be deferred.", "tools", "invalid_value");
  }
  return undefined;
}

/** Each `tool_reference` sits in a tool message and names a deferred tool of the request. */
function validateReferences(messages: readonly ChatCompletionMessage[], tools: unknown): OpenAIErrorBody | undefined {
  const deferred = deferredToolNames(Array.isArray(tools) ? (tools as ChatCompletionTool[]) : undefined);
  for (const [index, message] of messages.entries()) {
    const references = referencedToolNames(message);
    if (references.length === 0) continue;
    if (message.role !== "tool") {
      return invalid(
        `Invalid 'messages[${index}].content': tool_reference parts are only allowed in messages with role 'tool'.`,
        `messages[${index}].content`,
        "invalid_value",
      );
    }
    const unknown = references.find((name) => !deferred.has(name));
    if (unknown !== undefined) {
      return invalid(
        `Invalid 'messages[${index}].content': tool_reference '${unknown}' does not name a tool of this request with defer_loading: true.`,
        `messages[${index}].content`,
        "invalid_value",
      );
    }
  }
  return undefined;
}

/** Every tool call of an assistant message is answered by a tool message right after it, and nothing else is. */
function validateToolPairing(messages: readonly ChatCompletionMessage[]): OpenAIErrorBody | undefined {
  let open: { index: number; ids: Set<string> } | undefined;
  for (const [index, message] of messages.entries()) {
    if (message.role === "tool") {
      if (open === undefined || !open.ids.delete(message.tool_call_id ?? "")) {
        return invalid(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${index}].role`,
          null,
        );
      }
      continue;
    }
    if (open !== undefined && open.ids.size > 0) break;
    open =
      message.role === "assistant" && message.tool_calls?.length
        ? { index, ids: new Set(message.tool_calls.map((call) => call.id)) }
        : undefined;
  }
  if (open !== undefined && open.ids.size > 0) {
    return invalid(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open.ids].join(", ")}`,
      `messages.[${open.index}].role`,
      null,
    );
  }
  return undefined;
}

const MESSAGE_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

const ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);

function validateMessages(messages: unknown): OpenAIErrorBody | undefined {
  if (messages === undefined) return invalid("Missing required parameter: 'messages'.", "messages", "missing_required_parameter");
  if (!Array.isArray(messages)) {
    return invalid(
      `Invalid type for 'messages': expected an array of objects, but got ${typeName(messages)} instead.`,
      "messages",
      "invalid_type",
    );
  }
  if (messages.length === 0) {
    return invalid(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "messages",
      "empty_array",
    );
  }
  for (const [index, message] of messages.entries()) {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof role !== "string" || !ROLES.has(role)) {
      return invalid(
        `Invalid value: '${String(role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        `messages[${index}].role`,
        "invalid_value",
      );
    }
    // A participant's name, where given: the API answers 400 for any other character (public reports of
    // "string does not match pattern" on messages[].name).
    const name = (message as { name?: unknown }).name;
    if (name !== undefined && name !== null && !(typeof name === "string" && MESSAGE_NAME_PATTERN.test(name))) {
      return invalid(
        `Invalid 'messages[${index}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        `messages[${index}].name`,
        "invalid_value",
      );
    }
  }
  return validateToolPairing(messages as ChatCompletionMessage[]);
}

/**
 * Checks a parsed Chat Completions body as the API would, returning the API's error body for the first problem
 * found, or undefined when the request is acceptable.
 *
 * @param body - the parsed JSON body of `POST /v1/chat/completions`.
 * @example
 * ```ts
 * const error = validateChatCompletionRequest({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], tools });
 * error?.error.code; // "array_above_max_length" when tools.length > 128
 * ```
 */
export function validateChatCompletionRequest(body: unknown): OpenAIErrorBody | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return invalid(`Invalid type for the request body: expected an object, but got ${typeName(body)} instead.`, null, "invalid_type");
  }
  const request = body as Partial<ChatCompletionRequest>;
  if (typeof request.model !== "string" || request.model.length === 0) return invalid("you must provide a model parameter", null, null);
  return (
    validateMessages(request.messages) ??
    validateTools(request.tools) ??
    validateReferences(request.messages as ChatCompletionMessage[], request.tools)
  );
}
