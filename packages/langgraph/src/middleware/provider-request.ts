/**
 * @module The middleware's model request as the provider should receive it (see the model node's `modelRequest`):
 * under the `native` binding the natively deferred tools array and the conversation with its loading blocks; with an
 * Anthropic model, `cache_control` at the end of the system message and on the last message.
 */
import type { ToolCatalog } from "@dynamic-tools/core";
import type { SystemMessage, BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { anthropicCacheBreakpoints, nativeReceiver } from "../providers/native-messages.js";
import type { NativeProtocol } from "../providers/native-protocol.js";
import { nativeRequest } from "../providers/native-request.js";
import { proxiedMessages, withDirectCalls } from "../providers/proxy-calls.js";

/** The parts of createAgent's model request this rewrites. */
export interface ProviderRequestParts {
  messages: BaseMessage[];
  systemMessage?: SystemMessage | undefined;
  tools: unknown[];
}

/** Inputs of {@link providerRequestParts}. */
export interface ProviderRequestInput extends ProviderRequestParts {
  protocol: NativeProtocol;
  catalog: ToolCatalog;
  /** The selection's native binding, if the binding is native. */
  native?: { tools: readonly string[]; direct: readonly string[] } | undefined;
  searchTool?: StructuredToolInterface | undefined;
  /**
   * The cache-aware binding with the `call_tool` proxy: the array sent, and whether the caller may use a tool (only
   * such tools' delivered definitions are sent).
   */
  proxy?: { array: readonly string[]; usable: (name: string) => boolean };
}

/**
 * Rewrites the request's messages, system message and tools for the provider, and gives how to read its answer.
 *
 * @example
 * ```ts
 * const parts = providerRequestParts({ protocol: "anthropic", catalog, messages: request.messages, systemMessage: request.systemMessage, tools });
 * const answer = parts.receive(await handler({ ...request, ...parts.request }));
 * ```
 */
export function providerRequestParts(input: ProviderRequestInput): {
  request: ProviderRequestParts;
  receive: (message: BaseMessage) => BaseMessage;
} {
  const { protocol, catalog, native, searchTool, systemMessage } = input;
  const withSystem = systemMessage === undefined || systemMessage.text === "" ? input.messages : [systemMessage, ...input.messages];
  let messages: BaseMessage[];
  let tools = input.tools;
  let receive = (message: BaseMessage) => message;
  if (native !== undefined && searchTool !== undefined) {
    const direct = new Set(native.direct);
    const built = nativeRequest({
      protocol,
      catalog,
      core: native.direct.filter((name) => name !== searchTool.name),
      searchTool,
      callable: native.tools.filter((name) => !direct.has(name)),
      messages: withSystem,
    });
    messages = built.messages;
    tools = built.tools;
    receive = nativeReceiver(protocol, searchTool.name);
  } else {
    const sent = input.proxy === undefined ? [...withSystem] : proxiedMessages(withSystem, input.proxy.array, catalog, input.proxy.usable);
    messages = protocol === "anthropic" ? anthropicCacheBreakpoints(sent) : sent;
    if (input.proxy !== undefined) receive = withDirectCalls;
  }
  if (withSystem === input.messages) return { request: { messages, tools }, receive };
  const [system, ...rest] = messages;
  return { request: { messages: rest, systemMessage: system as SystemMessage, tools }, receive };
}
