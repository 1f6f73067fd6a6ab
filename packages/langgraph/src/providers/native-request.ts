/**
 * @module A natively deferred model request, from the decision to what the chat model is invoked with: the tools
 * array (core tools and the search tool sent, every other tool the caller may use deferred, in catalog order) and
 * the conversation with its loading blocks. Pure apart from reading the catalog.
 */
import type { ToolCatalog, ToolDefinition } from "@dynamic-tools/core";
import { PROXY_TOOL_NAME } from "@dynamic-tools/core/caching";
import type { BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { definitionOfTool } from "../search/extra-tool-definition.js";
import { loadedToolsFromMessages } from "../search/loaded-tools-history.js";
import { nativeMessages } from "./native-messages.js";
import type { NativeProtocol } from "./native-protocol.js";
import { nativeTools, type NativeNamespace } from "./native-tools.js";

/** Inputs of {@link nativeRequest}. */
export interface NativeRequestInput {
  protocol: NativeProtocol;
  catalog: ToolCatalog;
  /** The core tools the caller may use, sent first. */
  core: readonly string[];
  /** The search tool, sent after the core tools (never deferred). */
  searchTool: StructuredToolInterface;
  /** Every other catalog tool the caller may use, in catalog order: deferred. */
  callable: readonly string[];
  /** The conversation (system prompt first, if any). */
  messages: readonly BaseMessage[];
}

/** What to invoke the model with. */
export interface NativeRequest {
  /** For `model.bindTools(tools)`. */
  tools: unknown[];
  /** The conversation as the provider should see it. */
  messages: BaseMessage[];
  /** Names sent with deferral, and callable tools the protocol's limit left out. */
  deferred: string[];
  omitted: string[];
}

/** The namespace of a catalog tool, with its description (MCP servers and declared groups). */
export function catalogNamespaceOf(catalog: ToolCatalog): (name: string) => NativeNamespace | undefined {
  return (name) => {
    const namespace = catalog.get(name)?.namespace;
    if (namespace === undefined) return undefined;
    return { name: namespace, description: catalog.namespace(namespace)?.description ?? "" };
  };
}

/**
 * Builds the request (see the module summary).
 *
 * @example
 * ```ts
 * const request = nativeRequest({ protocol: "anthropic", catalog, core: ["get_gym_info"], searchTool, callable, messages });
 * const response = await model.bindTools(request.tools).invoke(request.messages);
 * ```
 */
export function nativeRequest({ protocol, catalog, core, searchTool, callable, messages }: NativeRequestInput): NativeRequest {
  const coreSet = new Set(core);
  // Under the proxy a catalog tool named like the proxy (added after construction) could never be called: not sent.
  const sendable = (name: string) => !coreSet.has(name) && catalog.has(name) && !(protocol === "proxy" && name === PROXY_TOOL_NAME);
  const deferredDefinitions = catalog.definitions(callable.filter(sendable));
  const namespaceOf = catalogNamespaceOf(catalog);
  const direct: ToolDefinition[] = [...catalog.definitions(core.filter((name) => catalog.has(name))), definitionOfTool(searchTool)];
  // Past the protocol's limit, what the conversation loaded is sent first (see nativeTools).
  const loaded = new Set(loadedToolsFromMessages(messages, { toolName: searchTool.name }));
  const built = nativeTools({ protocol, direct, searchName: searchTool.name, deferred: deferredDefinitions, namespaceOf, loaded });
  const deferred = new Set(built.deferred);
  const rendered = nativeMessages(protocol, messages, {
    searchName: searchTool.name,
    deferred,
    direct: new Set(direct.map((definition) => definition.function.name)),
    definitionOf: (name) => (deferred.has(name) ? catalog.definitions([name])[0] : undefined),
    namespaceOf,
  });
  return { tools: built.tools, messages: rendered, deferred: built.deferred, omitted: built.omitted };
}
