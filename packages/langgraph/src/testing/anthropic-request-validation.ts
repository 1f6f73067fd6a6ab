/**
 * @module Validates an Anthropic Messages request body the way the API does for what deferred loading and prompt
 * caching depend on (tools, `defer_loading`, `tool_reference` blocks, `cache_control` breakpoints, the
 * tool_use/tool_result pairing), answering with the API's error body. Pure: the fake endpoint calls it, tests can too.
 */

/**
 * The most tools one request may carry: the tool search documentation's catalog maximum (deferred tools included).
 */
export const ANTHROPIC_MAX_TOOLS = 10_000;

/** The most `cache_control` breakpoints one request may carry (blocks, plus the top-level automatic one). */
export const ANTHROPIC_MAX_BREAKPOINTS = 4;

/** What the API accepts as a custom tool's name. */
export const ANTHROPIC_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The error body of a rejected request (HTTP 400). */
export interface AnthropicErrorBody {
  type: "error";
  error: { type: "invalid_request_error" | "not_found_error" | "api_error"; message: string };
}

/** A content block, as far as validation and the fake read it. */
export interface AnthropicBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  tool_name?: string;
  content?: string | AnthropicBlock[];
  cache_control?: unknown;
  [key: string]: unknown;
}

/** A message of the request. */
export interface AnthropicMessage {
  role: string;
  content: string | AnthropicBlock[];
}

/** A tool of the request: a custom tool (`name`, `input_schema`) or a server tool (`type`). */
export interface AnthropicTool {
  type?: string;
  name?: unknown;
  description?: unknown;
  input_schema?: unknown;
  defer_loading?: unknown;
  cache_control?: unknown;
  [key: string]: unknown;
}

/** A Messages request body, as far as validation and the fake read it. */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  system?: string | AnthropicBlock[];
  tools?: AnthropicTool[];
  stream?: boolean;
  /** Top-level (automatic) caching: a breakpoint on the last cacheable block. */
  cache_control?: unknown;
  [key: string]: unknown;
}

function invalid(message: string): AnthropicErrorBody {
  return { type: "error", error: { type: "invalid_request_error", message } };
}

/** A custom tool (as opposed to a server tool such as `tool_search_tool_bm25_20251119`). */
export function isCustomTool(tool: AnthropicTool): boolean {
  return tool.type === undefined || tool.type === "custom";
}

/** The blocks of a message's content (a string is one text block). */
export function blocksOf(content: AnthropicMessage["content"] | undefined): AnthropicBlock[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content : [];
}

function validateTools(tools: unknown): AnthropicErrorBody | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) return invalid("tools: Input should be a valid list");
  if (tools.length > ANTHROPIC_MAX_TOOLS) {
    return invalid(`tools: List should have at most ${ANTHROPIC_MAX_TOOLS} items after validation, not ${tools.length}`);
  }
  const names = new Set<string>();
  for (const [index, tool] of (tools as AnthropicTool[]).entries()) {
    if (typeof tool !== "object" || tool === null) return invalid(`tools.${index}: Input should be a valid dictionary or object`);
    if (!isCustomTool(tool)) continue;
    if (typeof tool.name !== "string" || !ANTHROPIC_TOOL_NAME_PATTERN.test(tool.name)) {
      return invalid(`tools.${index}.custom.name: String should match pattern '${ANTHROPIC_TOOL_NAME_PATTERN.source}'`);
    }
    const schema = tool.input_schema as { type?: unknown } | null | undefined;
    if (typeof schema !== "object" || schema === null) return invalid(`tools.${index}.custom.input_schema: Field required`);
    if (schema.type !== "object") return invalid(`tools.${index}.custom.input_schema.type: Input should be 'object'`);
    if (tool.defer_loading !== undefined && typeof tool.defer_loading !== "boolean") {
      return invalid(`tools.${index}.custom.defer_loading: Input should be a valid boolean`);
    }
    if (names.has(tool.name)) return invalid(`tools: Tool names must be unique. Duplicate: ${tool.name}`);
    names.add(tool.name);
  }
  const list = tools as AnthropicTool[];
  if (list.length > 0 && list.every((tool) => tool.defer_loading === true)) {
    return invalid("tools: All tools have defer_loading set. At least one tool must not be deferred (typically the tool search tool).");
  }
  return undefined;
}

/** Every breakpoint a request carries: blocks with `cache_control` in tools, system and messages, plus the top level. */
export function countBreakpoints(request: AnthropicRequest): number {
  let count = request.cache_control == null ? 0 : 1;
  for (const tool of request.tools ?? []) if (tool.cache_control != null) count++;
  if (Array.isArray(request.system)) for (const block of request.system) if (block.cache_control != null) count++;
  for (const message of request.messages) {
    for (const block of blocksOf(message.content)) {
      if (block.cache_control != null) count++;
      if (Array.isArray(block.content)) for (const inner of block.content) if (inner.cache_control != null) count++;
    }
  }
  return count;
}

function validateMessages(request: AnthropicRequest): AnthropicErrorBody | undefined {
  const { messages } = request;
  if (!Array.isArray(messages)) return invalid("messages: Field required");
  if (messages.length === 0) return invalid("messages: at least one message is required");
  const deferred = new Set(
    (request.tools ?? []).filter((tool) => isCustomTool(tool) && tool.defer_loading === true).map((tool) => String(tool.name)),
  );
  let open: Set<string> | undefined;
  for (const [index, message] of messages.entries()) {
    if (message?.role !== "user" && message?.role !== "assistant") {
      return invalid(`messages.${index}.role: Input should be 'user' or 'assistant'`);
    }
    const blocks = blocksOf(message.content);
    if (message.role === "user") {
      const results = blocks.filter((block) => block.type === "tool_result");
      const unexpected = results.filter((block) => !open?.has(String(block.tool_use_id)));
      if (unexpected.length > 0) {
        return invalid(
          `messages.${index}.content.${blocks.indexOf(unexpected[0]!)}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected[0]!.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        );
      }
      for (const block of results) open?.delete(String(block.tool_use_id));
      if (open !== undefined && open.size > 0) {
        return invalid(
          `messages.${index - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...open].join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
      for (const [at, block] of blocks.entries()) {
        if (block.type === "tool_reference") {
          return invalid(
            `messages.${index}.content.${at}: tool_reference blocks are only allowed inside the content of a tool_result block`,
          );
        }
        if (block.type !== "tool_result" || !Array.isArray(block.content)) continue;
        for (const [inner, reference] of block.content.entries()) {
          if (reference.type !== "tool_reference") continue;
          const name = reference.tool_name;
          if (typeof name !== "string" || !deferred.has(name)) {
            return invalid(
              `messages.${index}.content.${at}.content.${inner}: tool_reference '${String(name)}' does not name a tool of this request with defer_loading: true (deferred tools: ${deferred.size === 0 ? "none" : [...deferred].slice(0, 10).join(", ")}${deferred.size > 10 ? ", …" : ""})`,
            );
          }
        }
      }
      open = undefined;
    } else {
      if (open !== undefined && open.size > 0) {
        return invalid(
          `messages.${index - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...open].join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
      const uses = blocks.filter((block) => block.type === "tool_use").map((block) => String(block.id));
      open = uses.length > 0 ? new Set(uses) : undefined;
    }
  }
  if (open !== undefined && open.size > 0) {
    return invalid(
      `messages.${messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...open].join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
    );
  }
  return undefined;
}

/**
 * Checks a parsed Messages body as the API would, returning the API's error body for the first problem found, or
 * undefined when the request is acceptable. Rules: tools (at most {@link ANTHROPIC_MAX_TOOLS}, valid unique names,
 * object schemas, not every tool deferred), each `tool_reference` (only inside a `tool_result`) names a tool of the
 * request with `defer_loading: true`, `tool_use`/`tool_result` pairing, at most {@link ANTHROPIC_MAX_BREAKPOINTS}
 * `cache_control` breakpoints.
 *
 * @example
 * ```ts
 * validateAnthropicRequest({ model: "claude-sonnet-4-5", max_tokens: 512, messages, tools: [{ name: "a", input_schema: { type: "object" }, defer_loading: true }] });
 * // { type: "error", error: { type: "invalid_request_error", message: "tools: All tools have defer_loading set. …" } }
 * ```
 */
export function validateAnthropicRequest(body: unknown): AnthropicErrorBody | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return invalid("The request body must be a JSON object");
  const request = body as AnthropicRequest;
  if (typeof request.model !== "string" || request.model === "") return invalid("model: Field required");
  if (!Number.isInteger(request.max_tokens) || request.max_tokens < 1) return invalid("max_tokens: Field required");
  const problem = validateTools(request.tools) ?? validateMessages(request);
  if (problem !== undefined) return problem;
  const breakpoints = countBreakpoints(request);
  if (breakpoints > ANTHROPIC_MAX_BREAKPOINTS) {
    return invalid(`A maximum of ${ANTHROPIC_MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`);
  }
  return undefined;
}
