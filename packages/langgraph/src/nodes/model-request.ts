/**
 * @module One model call as the provider should receive it, from the turn's selection: under the `native` binding
 * the natively deferred request (every tool the caller may use, deferred but for core and `tool_search`, and the
 * conversation with its loading blocks); otherwise the selection's tools bound as they are. With an Anthropic model,
 * the conversation carries the two cache breakpoints the cost model bills by (end of system, last message).
 */
import { DynamicToolsError, type ToolCatalog, type ToolSelection } from "@dynamic-tools/core";
import type { BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { anthropicCacheBreakpoints, nativeReceiver } from "../providers/native-messages.js";
import type { NativeProtocol } from "../providers/native-protocol.js";
import { nativeRequest } from "../providers/native-request.js";
import { bindsProxy, proxiedMessages, withDirectCalls } from "../providers/proxy-calls.js";
import { bindSelectedTools, type ToolCallingModel } from "./bind-selected-tools.js";

/** Inputs of {@link modelRequest}. */
export interface ModelRequestInput {
  model: ToolCallingModel;
  catalog: ToolCatalog;
  /** The turn's selection (`binding.policy` `"native"` selects the natively deferred request). */
  selection: ToolSelection | null | undefined;
  /** Tools outside the catalog the selection names (the search tool). */
  extraTools: readonly StructuredToolInterface[];
  /** The conversation, system prompt first if any. */
  messages: readonly BaseMessage[];
  /** The model's protocol (see `nativeProtocolOf`). */
  protocol: NativeProtocol;
  /**
   * Whether this call's caller may use a tool: under the cache-aware binding with the proxy, only such tools' delivered
   * definitions are sent. @defaultValue every catalog tool
   */
  usable?: (name: string) => boolean;
}

/** What to invoke, with what, and how to read the answer. */
export interface ModelRequest {
  /** The model with this call's tools bound. */
  runnable: ReturnType<NonNullable<ToolCallingModel["bindTools"]>>;
  messages: BaseMessage[];
  /**
   * Turns the provider's answer into the message to store (Responses: its `tool_search_call` items become tool calls;
   * proxy: its `call_tool` calls calls of the tools they name).
   */
  receive(message: BaseMessage): BaseMessage;
  /** Under `native`: tools the protocol's limit left out of the array. */
  omitted?: string[];
}

interface NativeBindingShape {
  policy: "native";
  tools: readonly string[];
  direct: readonly string[];
}

function nativeBindingOf(selection: ToolSelection | null | undefined): NativeBindingShape | undefined {
  const binding = (selection as { binding?: { policy?: string } } | null | undefined)?.binding;
  return binding?.policy === "native" ? (binding as NativeBindingShape) : undefined;
}

/**
 * Builds the call (see the module summary).
 *
 * @throws DynamicToolsError `INVALID_OPTION` when the binding is native and the search tool is not among `extraTools`.
 * @example
 * ```ts
 * const request = modelRequest({ model, catalog, selection: state.toolSelection, extraTools: [toolSearch], messages, protocol: "anthropic" });
 * const answer = request.receive(await request.runnable.invoke(request.messages));
 * ```
 */
export function modelRequest({
  model,
  catalog,
  selection,
  extraTools,
  messages,
  protocol,
  usable = () => true,
}: ModelRequestInput): ModelRequest {
  const native = nativeBindingOf(selection);
  if (native === undefined) {
    const proxied = bindsProxy(
      selection,
      catalog,
      extraTools.map((tool) => tool.name),
    );
    const sent = proxied ? proxiedMessages(messages, selection!.tools, catalog, usable) : [...messages];
    return {
      runnable: bindSelectedTools(model, catalog, selection, extraTools),
      messages: protocol === "anthropic" ? anthropicCacheBreakpoints(sent) : sent,
      receive: proxied ? withDirectCalls : (message) => message,
    };
  }
  const searchName = (selection as { searchTool?: string }).searchTool ?? native.direct.at(-1);
  const searchTool = extraTools.find((tool) => tool.name === searchName);
  if (searchTool === undefined) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `The native binding sends "${String(searchName)}" beside the deferred tools: pass it in extraTools (createToolSearchTool(catalog)).`,
      { path: ["extraTools"] },
    );
  }
  const direct = new Set(native.direct);
  const request = nativeRequest({
    protocol,
    catalog,
    core: native.direct.filter((name) => name !== searchTool.name),
    searchTool,
    callable: native.tools.filter((name) => !direct.has(name)),
    messages,
  });
  return {
    runnable: model.bindTools!(request.tools as never),
    messages: request.messages,
    receive: nativeReceiver(protocol, searchTool.name),
    omitted: request.omitted,
  };
}
