/**
 * @module Native deferral for any tool-calling model, by proxy: the tools array holds the core tools, the search tool
 * and one `call_tool` proxy, and nothing else; a search result (the model's own, or the selection delivered as one)
 * carries the loaded tools' definitions as text, and the model calls a loaded tool through the proxy, with its name
 * and arguments. The graph state keeps plain calls of the real tools: the proxy calls are unwrapped on receipt
 * ({@link withDirectCalls}) and wrapped again when the conversation is sent ({@link proxyMessages}), so permissions,
 * validation, usage learning and Studio see the tool the model meant. The proxy's definition and the text around the
 * definitions are core's (`@dynamic-tools/core/caching`), so the cost replay counts what is sent. Pure.
 */
import { DynamicToolsError, type ToolCatalog, type ToolDefinition } from "@dynamic-tools/core";
import { PROXY_DEFINITIONS_HEADER, PROXY_TOOL_NAME, proxyDefinitionLine } from "@dynamic-tools/core/caching";
import { TOOL_NAME_PATTERN } from "@dynamic-tools/core/internal";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { TOOL_SEARCH_NAME } from "../search/loaded-tools-history.js";
import { isToolSearchArtifact } from "../search/search-artifact.js";

/**
 * Refuses a catalog or an extra tool (the search tool) named like the proxy: under the proxy protocol its calls could
 * not be told apart. (A catalog tool of that name added later is never delivered under the proxy: see `nativeRequest`.)
 *
 * @throws DynamicToolsError `INVALID_OPTION` naming the tool.
 */
export function checkProxyName(catalog: Pick<ToolCatalog, "has">, extraTools: readonly string[] = []): void {
  const holder = catalog.has(PROXY_TOOL_NAME)
    ? "The catalog has"
    : extraTools.includes(PROXY_TOOL_NAME)
      ? "The search tool (or another extra tool) is"
      : undefined;
  if (holder === undefined) return;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `${holder} a tool named "${PROXY_TOOL_NAME}", the name the proxy protocol calls loaded tools through: rename the tool, or use another native protocol (anthropic, openai-responses, chat-completions).`,
    { path: ["nativeProtocol"] },
  );
}

/**
 * Whether a selection binds the `call_tool` proxy under the cache-aware binding (its `tools` hold the proxy, and
 * neither the catalog nor the runtime's own tools, `own`, have a tool of that name, which would be bound as itself):
 * the conversation is then rendered with {@link proxyMessages} and answers read with {@link withDirectCalls}.
 *
 * @example
 * ```ts
 * bindsProxy(state.toolSelection, catalog); // true once the select node bound call_tool
 * ```
 */
export function bindsProxy(
  selection: { tools?: unknown; binding?: unknown } | null | undefined,
  catalog: Pick<ToolCatalog, "has">,
  own: Iterable<string> = [],
): boolean {
  const policy = (selection?.binding as { policy?: unknown } | undefined)?.policy;
  return (
    policy === "cache-aware" &&
    Array.isArray(selection?.tools) &&
    selection.tools.includes(PROXY_TOOL_NAME) &&
    !catalog.has(PROXY_TOOL_NAME) &&
    ![...own].includes(PROXY_TOOL_NAME)
  );
}

/** What rendering the conversation for the proxy needs. */
export interface ProxyMessagesOptions {
  searchName: string;
  /** The tools sent in the array (core, search, proxy): a call of any other tool is sent through the proxy. */
  direct: ReadonlySet<string>;
  /** The definition of a tool the caller may use that a search loaded (undefined for any other). */
  definitionOf: (name: string) => ToolDefinition | undefined;
}

/** The assistant message with other calls; every other field kept but the client's raw calls, which the new ones replace. */
function withCalls(
  message: AIMessage,
  toolCalls: NonNullable<AIMessage["tool_calls"]>,
  invalid: AIMessage["invalid_tool_calls"],
): AIMessage {
  const { tool_calls: _raw, ...kwargs } = message.additional_kwargs ?? {};
  return new AIMessage({
    content: message.content,
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.name === undefined ? {} : { name: message.name }),
    tool_calls: toolCalls,
    invalid_tool_calls: invalid ?? [],
    additional_kwargs: kwargs,
    response_metadata: message.response_metadata,
    ...(message.usage_metadata === undefined ? {} : { usage_metadata: message.usage_metadata }),
  });
}

/**
 * The conversation as sent under the proxy protocol: a search result that loaded tools gains their definitions after
 * its text ({@link PROXY_DEFINITIONS_HEADER}; a delivery the select step appended is sent as the header and the
 * definitions alone); an assistant call of a tool not in the array is sent as a `call_tool`
 * call with the same id. Other messages are sent as they are; the input is untouched.
 *
 * @example
 * ```ts
 * proxyMessages(state.messages, { searchName: "tool_search", direct: new Set(["get_time", "tool_search", "call_tool"]), definitionOf });
 * ```
 */
export function proxyMessages(messages: readonly BaseMessage[], { searchName, direct, definitionOf }: ProxyMessagesOptions): BaseMessage[] {
  return messages.map((message) => {
    if (AIMessage.isInstance(message)) {
      const calls = message.tool_calls ?? [];
      if (!calls.some((call) => !direct.has(call.name))) return message;
      const proxied = calls.map((call) =>
        direct.has(call.name) ? call : { ...call, name: PROXY_TOOL_NAME, args: { name: call.name, arguments: call.args } },
      );
      return withCalls(message, proxied, message.invalid_tool_calls);
    }
    if (!ToolMessage.isInstance(message) || message.name !== searchName || message.status === "error") return message;
    if (!isToolSearchArtifact(message.artifact) || typeof message.content !== "string") return message;
    const definitions = message.artifact.loaded.flatMap((name) => definitionOf(name) ?? []);
    if (definitions.length === 0) return message;
    // A delivery's own text only lists the names its definitions give: the header and the definitions are sent alone.
    const text = message.artifact.delivery === true ? [] : [message.content];
    return new ToolMessage({
      content: [...text, PROXY_DEFINITIONS_HEADER, ...definitions.map(proxyDefinitionLine)].join("\n"),
      tool_call_id: message.tool_call_id,
      name: message.name,
    });
  });
}

/**
 * The conversation under the cache-aware binding with the proxy: each delivery's definitions after its result (tools
 * the caller may use only), and calls of tools outside the array sent as `call_tool` calls.
 */
export function proxiedMessages(
  messages: readonly BaseMessage[],
  array: readonly string[],
  catalog: ToolCatalog,
  usable: (name: string) => boolean,
): BaseMessage[] {
  return proxyMessages(messages, {
    searchName: TOOL_SEARCH_NAME,
    direct: new Set(array),
    definitionOf: (name) => (catalog.has(name) && usable(name) ? catalog.definitions([name])[0] : undefined),
  });
}

/** A value as JSON for an error message, clipped: "nothing" for undefined; never throws (cycles, deep nesting). */
function quoted(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? "nothing";
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  } catch {
    return "a value that cannot be written as JSON";
  }
}

/**
 * Why a `call_tool` call's arguments name no call, or undefined when they do. The name must be a tool name
 * (`^[a-zA-Z0-9_-]{1,64}$`): it becomes the answer's `name`, which providers check on every later request.
 */
function proxyArgumentsError(args: unknown): string | undefined {
  const { name, arguments: inner } = (typeof args === "object" && args !== null ? args : {}) as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name))
    return `"name" must be the loaded tool's name (letters, digits, _ and -, at most 64 characters), got ${quoted(name)}`;
  if (typeof inner !== "object" || inner === null || Array.isArray(inner))
    return `"arguments" must be an object of the tool's arguments, got ${quoted(inner)}`;
  return undefined;
}

/**
 * The receive side: each `call_tool` call of the model's answer becomes a call of the tool it names, with the same
 * id and its `arguments` (given as an object, or as a JSON string of one), so the tool node runs it as a direct call
 * (permissions and validation included). A proxy call whose arguments name no call (a `name` that is no tool name,
 * `arguments` not an object) moves to `invalid_tool_calls` with the reason, and is answered as a malformed call the
 * model can retry. Other messages are returned as they are.
 *
 * @example
 * ```ts
 * withDirectCalls(new AIMessage({ content: "", tool_calls: [{ name: "call_tool", args: { name: "get_salary", arguments: { id: 7 } }, id: "c1" }] }));
 * // AIMessage { tool_calls: [{ name: "get_salary", args: { id: 7 }, id: "c1" }] }
 * ```
 */
export function withDirectCalls(message: BaseMessage): BaseMessage {
  if (!AIMessage.isInstance(message)) return message;
  const calls = message.tool_calls ?? [];
  if (!calls.some((call) => call.name === PROXY_TOOL_NAME)) return message;
  const direct: NonNullable<AIMessage["tool_calls"]> = [];
  const invalid = [...(message.invalid_tool_calls ?? [])];
  for (const call of calls) {
    if (call.name !== PROXY_TOOL_NAME) {
      direct.push(call);
      continue;
    }
    const args = { ...(call.args as Record<string, unknown>) };
    if (typeof args.arguments === "string") {
      try {
        args.arguments = JSON.parse(args.arguments);
      } catch {
        // reported below: not an object
      }
    }
    const error = proxyArgumentsError(args);
    if (error === undefined) direct.push({ ...call, name: args.name as string, args: args.arguments as Record<string, unknown> });
    else invalid.push({ type: "invalid_tool_call", name: PROXY_TOOL_NAME, args: quoted(call.args), id: call.id, error });
  }
  return withCalls(message, direct, invalid);
}
