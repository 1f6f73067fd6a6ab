/**
 * @module The conversation of a natively deferred request: each `tool_search` result (the model's own, or the one
 * the select node delivers a selection with) becomes the provider's loading blocks for the deferred tools it loaded:
 * Anthropic and Chat Completions `tool_reference` blocks, a Responses `tool_search_output` answering its
 * `tool_search_call`. Plus Anthropic's two cache breakpoints. The graph state keeps plain LangChain messages; these
 * are the copies sent to the model.
 */
import type { ToolDefinition } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { isToolSearchArtifact } from "../search/search-artifact.js";
import type { NativeProtocol } from "./native-protocol.js";
import { responsesFunction, type NativeNamespace } from "./native-tools.js";
import { PROXY_TOOL_NAME } from "@dynamic-tools/core/caching";
import { textOf } from "@dynamic-tools/core/internal";
import { proxyMessages, withDirectCalls } from "./proxy-calls.js";

/** What rendering needs to know about the request's tools. */
export interface NativeMessagesOptions {
  /** The search tool's name. */
  searchName: string;
  /** The deferred tools of the request's array: only these are referenced. */
  deferred: ReadonlySet<string>;
  /** Proxy: the tools the array sends (core, search): a call of any other is sent through the proxy. */
  direct?: ReadonlySet<string>;
  /** A deferred tool's definition (Responses sends it inside `tool_search_output`). */
  definitionOf: (name: string) => ToolDefinition | undefined;
  /** Responses: the namespace a deferred tool belongs to. */
  namespaceOf?: (name: string) => NativeNamespace | undefined;
}

/** The `cache_control` block Anthropic caches a prefix at (5-minute TTL). */
export const EPHEMERAL_CACHE = { type: "ephemeral" } as const;

type Block = Record<string, unknown> & { type: string };

/** Most `cache_control` breakpoints Anthropic accepts in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

function breakpointsIn(content: BaseMessage["content"]): number {
  if (!Array.isArray(content)) return 0;
  let count = 0;
  for (const block of content) if (typeof block === "object" && block !== null && "cache_control" in block) count++;
  return count;
}

function hasCacheControl(content: BaseMessage["content"]): boolean {
  return breakpointsIn(content) > 0;
}

function markedBlocks(content: BaseMessage["content"]): Block[] | undefined {
  if (typeof content === "string") return content === "" ? undefined : [{ type: "text", text: content, cache_control: EPHEMERAL_CACHE }];
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const blocks = content.map((block) => ({ ...(block as Block) }));
  blocks[blocks.length - 1]!.cache_control = EPHEMERAL_CACHE;
  return blocks;
}

/** A tool message as the user turn ChatAnthropic sends it (a `tool_result` block), with a breakpoint on it. */
function markedToolResult(message: ToolMessage): HumanMessage | undefined {
  const { content } = message;
  const plain = typeof content === "string" || (Array.isArray(content) && content.every((block) => (block as Block).type === "text"));
  if (!plain) return undefined;
  return new HumanMessage({
    content: [{ type: "tool_result", tool_use_id: message.tool_call_id, content, cache_control: EPHEMERAL_CACHE }] as never,
  });
}

/**
 * Anthropic's two breakpoints, as the cost model bills them: `cache_control` at the end of the system prompt and on
 * the last message (a message that already carries one is left as it is). Breakpoints the messages already carry (a
 * caller's own) count against Anthropic's limit of {@link MAX_CACHE_BREAKPOINTS}: with room for one, only the last
 * message's is added (it caches the most), with none, neither. Returns copies; the input is untouched.
 *
 * @example
 * ```ts
 * await model.invoke(anthropicCacheBreakpoints([new SystemMessage(prompt), ...state.messages]));
 * ```
 */
export function anthropicCacheBreakpoints(messages: readonly BaseMessage[]): BaseMessage[] {
  const out = [...messages];
  let room = MAX_CACHE_BREAKPOINTS;
  for (const message of out) room -= breakpointsIn(message.content);
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (room > 0 && last !== undefined && !(lastIndex === 0 && SystemMessage.isInstance(last)) && !hasCacheControl(last.content)) {
    if (HumanMessage.isInstance(last)) {
      const blocks = markedBlocks(last.content);
      if (blocks !== undefined) {
        out[lastIndex] = new HumanMessage({ content: blocks as never, id: last.id });
        room--;
      }
    } else if (ToolMessage.isInstance(last)) {
      const marked = markedToolResult(last);
      if (marked !== undefined) {
        out[lastIndex] = marked;
        room--;
      }
    }
  }
  const first = out[0];
  if (room > 0 && first !== undefined && SystemMessage.isInstance(first) && !hasCacheControl(first.content)) {
    const blocks = markedBlocks(first.content);
    if (blocks !== undefined) out[0] = new SystemMessage({ content: blocks as never });
  }
  return out;
}

/** The deferred tools a search result loaded, in load order (none for any other message). */
function referencesOf(message: BaseMessage, { searchName, deferred }: NativeMessagesOptions): string[] {
  if (!ToolMessage.isInstance(message) || message.name !== searchName || message.status === "error") return [];
  return isToolSearchArtifact(message.artifact) ? message.artifact.loaded.filter((name) => deferred.has(name)) : [];
}

function searchOutputTools(names: readonly string[], options: NativeMessagesOptions): unknown[] {
  const tools: unknown[] = [];
  const namespaces = new Map<string, { type: "namespace"; name: string; description: string; tools: unknown[] }>();
  for (const name of names) {
    const definition = options.definitionOf(name);
    if (definition === undefined) continue;
    const namespace = options.namespaceOf?.(name);
    if (namespace === undefined) {
      tools.push(responsesFunction(definition, true));
      continue;
    }
    let entry = namespaces.get(namespace.name);
    if (entry === undefined) {
      entry = { type: "namespace", name: namespace.name, description: namespace.description, tools: [] };
      namespaces.set(namespace.name, entry);
      tools.push(entry);
    }
    entry.tools.push(responsesFunction(definition, true));
  }
  return tools;
}

/** The Responses items an assistant message stands for, with its search calls as client `tool_search_call` items. */
function responsesAssistant(message: AIMessage, searchName: string): AIMessage {
  const calls = message.tool_calls ?? [];
  if (!calls.some((call) => call.name === searchName)) return message;
  const output = message.response_metadata?.output;
  if (Array.isArray(output) && output.length > 0) return message; // the API's own items, replayed verbatim
  const text = typeof message.content === "string" ? message.content : "";
  const items: unknown[] = [
    ...(text === "" ? [] : [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }]),
    ...calls.map((call) =>
      call.name === searchName
        ? { type: "tool_search_call", call_id: call.id, execution: "client", arguments: call.args, status: "completed" }
        : { type: "function_call", call_id: call.id, name: call.name, arguments: JSON.stringify(call.args) },
    ),
  ];
  return new AIMessage({ content: message.content, tool_calls: calls, response_metadata: { ...message.response_metadata, output: items } });
}

/**
 * The messages to send under `protocol`: each search result that loaded deferred tools of the request becomes the
 * provider's loading blocks (Anthropic: a `tool_result` of `tool_reference` blocks; Chat Completions: a tool message
 * of `tool_reference` parts; Responses: a `tool_search_output` carrying the loaded definitions, answering the
 * `tool_search_call` the assistant message is sent as; proxy: the result's text followed by the loaded definitions,
 * and calls of deferred tools sent through `call_tool`, see `proxyMessages`). Under Anthropic the two cache
 * breakpoints are added too. Other messages are sent as they are.
 *
 * @example
 * ```ts
 * const sent = nativeMessages("anthropic", state.messages, { searchName: "tool_search", deferred, definitionOf });
 * ```
 */
export function nativeMessages(protocol: NativeProtocol, messages: readonly BaseMessage[], options: NativeMessagesOptions): BaseMessage[] {
  if (protocol === "proxy") {
    const direct = new Set([...(options.direct ?? []), options.searchName, PROXY_TOOL_NAME]);
    return proxyMessages(messages, { searchName: options.searchName, direct, definitionOf: options.definitionOf });
  }
  const rendered = messages.flatMap((message): BaseMessage | BaseMessage[] => {
    if (protocol === "openai-responses" && AIMessage.isInstance(message)) return responsesAssistant(message, options.searchName);
    const references = referencesOf(message, options);
    if (!ToolMessage.isInstance(message)) return message;
    if (protocol === "openai-responses" && message.name === options.searchName) {
      const output = {
        type: "tool_search_output",
        call_id: message.tool_call_id,
        execution: "client",
        status: "completed",
        tools: searchOutputTools(references, options),
      };
      const answered = new AIMessage({ content: "", response_metadata: { output: [output] } });
      // A tool_search_output carries tools, not text: a search that failed (bad arguments) says why in a system
      // message after it, as the other protocols' tool results do, so the model can correct its call.
      if (message.status !== "error") return answered;
      return [answered, new SystemMessage(`The ${options.searchName} call ${message.tool_call_id} failed: ${textOf(message.content)}`)];
    }
    if (references.length === 0) return message;
    const blocks = references.map((name) => ({ type: "tool_reference", tool_name: name }));
    if (protocol === "chat-completions")
      return new ToolMessage({ content: blocks as never, tool_call_id: message.tool_call_id, name: message.name });
    return new HumanMessage({ content: [{ type: "tool_result", tool_use_id: message.tool_call_id, content: blocks }] as never });
  });
  return protocol === "anthropic" ? anthropicCacheBreakpoints(rendered) : rendered;
}

/**
 * How to read the provider's answer under `protocol`: Responses' client search calls become tool calls
 * ({@link withClientSearchCalls}), proxy calls calls of the tools they name (`withDirectCalls`); other protocols'
 * answers are kept as they are.
 *
 * @example
 * ```ts
 * const answer = nativeReceiver("proxy", "tool_search")(await bound.invoke(sent));
 * ```
 */
export function nativeReceiver(protocol: NativeProtocol, searchName: string): (message: BaseMessage) => BaseMessage {
  if (protocol === "openai-responses") return (message) => withClientSearchCalls(message, searchName);
  if (protocol === "proxy") return withDirectCalls;
  return (message) => message;
}

/**
 * The receive side of Responses: the API answers a call of the client-executed `tool_search` with a
 * `tool_search_call` item, which LangChain keeps in `additional_kwargs.tool_outputs`; this adds it to the message's
 * `tool_calls` (named `searchName`, id its `call_id`) so the tool node runs the search. Other messages are returned
 * as they are.
 *
 * @example
 * ```ts
 * const response = withClientSearchCalls(await bound.invoke(sent), "tool_search");
 * response.tool_calls; // [{ name: "tool_search", args: { query: "salary" }, id: "call_…" }]
 * ```
 */
export function withClientSearchCalls(message: BaseMessage, searchName: string): BaseMessage {
  if (!AIMessage.isInstance(message)) return message;
  const outputs = (message.additional_kwargs?.tool_outputs ?? message.response_metadata?.output) as unknown;
  if (!Array.isArray(outputs)) return message;
  const known = new Set((message.tool_calls ?? []).map((call) => call.id));
  const searches = (outputs as Array<{ type?: string; execution?: string; call_id?: string; arguments?: unknown }>).filter(
    (item) => item?.type === "tool_search_call" && item.execution === "client" && !known.has(item.call_id),
  );
  if (searches.length === 0) return message;
  const added = searches.map((item) => ({
    name: searchName,
    id: String(item.call_id),
    args: (typeof item.arguments === "string" ? safeParse(item.arguments) : (item.arguments ?? {})) as Record<string, unknown>,
    type: "tool_call" as const,
  }));
  return new AIMessage({
    content: message.content,
    id: message.id,
    tool_calls: [...(message.tool_calls ?? []), ...added],
    invalid_tool_calls: message.invalid_tool_calls,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
