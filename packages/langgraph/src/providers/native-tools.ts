/**
 * @module The tools array of a natively deferred request, a pure function of the decision: the tools sent as they are
 * (core tools, then the search tool) and every other callable tool deferred, in the provider's wire shape. The same
 * decision gives the same array, so it never changes within a conversation while the catalog and the caller's
 * permissions stay the same.
 */
import type { ToolDefinition } from "@dynamic-tools/core";
import { NATIVE_TOOL_LIMITS, type NativeProtocol } from "./native-protocol.js";
import { proxyToolDefinition } from "@dynamic-tools/core/caching";

/** A namespace a deferred tool belongs to (Responses groups them). */
export interface NativeNamespace {
  name: string;
  description: string;
}

/** Inputs of {@link nativeTools}. */
export interface NativeToolsInput {
  protocol: NativeProtocol;
  /** Sent without deferral, first, in order: the core tools the caller may use, then the search tool. */
  direct: readonly ToolDefinition[];
  /** The search tool's name (under Responses it is sent as the client-executed `tool_search`). */
  searchName: string;
  /** Every other tool the caller may use, in catalog order: deferred. */
  deferred: readonly ToolDefinition[];
  /** Responses: the namespace of a deferred tool (MCP servers, declared groups), if any. */
  namespaceOf?: (name: string) => NativeNamespace | undefined;
  /** Most entries of the array. @defaultValue the protocol's limit ({@link NATIVE_TOOL_LIMITS}) */
  limit?: number;
  /**
   * Deferred tools the conversation has loaded (a search result or a delivered selection referenced them): past the
   * limit, they are sent in place of the last tools not loaded, so that a loaded tool is always callable.
   * @defaultValue none
   */
  loaded?: ReadonlySet<string>;
}

/** The provider tools array, and what it defers and left out. */
export interface NativeTools {
  /** Pass to the chat model's `bindTools`, as is. */
  tools: unknown[];
  /** Names deferred, in order. */
  deferred: string[];
  /** Callable tools left out because the array reached the limit, in catalog order (never a loaded one that fits). */
  omitted: string[];
}

/**
 * The deferred tools that fit in `capacity` entries of the array: each entry a tool, or a Responses namespace with its
 * members (`entryOf` names it). All of them when they fit; past the limit, the entries holding a loaded tool first,
 * then the others, each in catalog order.
 */
function fittingTools(
  names: readonly string[],
  capacity: number,
  entryOf: (name: string) => string,
  loaded: ReadonlySet<string>,
): ReadonlySet<string> {
  // Fewer tools than entries: all fit, without grouping them (the common case, on every model call).
  if (names.length <= capacity) return new Set(names);
  const entries = new Map<string, string[]>();
  for (const name of names) {
    const key = entryOf(name);
    const members = entries.get(key);
    if (members === undefined) entries.set(key, [name]);
    else members.push(name);
  }
  if (entries.size <= capacity) return new Set(names);
  const holdsLoaded = (members: readonly string[]) => members.some((name) => loaded.has(name));
  const all = [...entries.values()];
  const chosen = [...all.filter(holdsLoaded), ...all.filter((members) => !holdsLoaded(members))].slice(0, Math.max(0, capacity));
  return new Set(chosen.flat());
}

const nameOf = (definition: ToolDefinition) => definition.function.name;

function anthropicTool({ function: fn }: ToolDefinition, deferred: boolean) {
  return { name: fn.name, description: fn.description, input_schema: fn.parameters, ...(deferred ? { defer_loading: true } : {}) };
}

function chatTool(definition: ToolDefinition, deferred: boolean) {
  return deferred ? { ...definition, defer_loading: true } : definition;
}

/** A Responses function (the shape inside a namespace or a `tool_search_output`). */
export function responsesFunction({ function: fn }: ToolDefinition, deferred: boolean) {
  return {
    type: "function",
    name: fn.name,
    description: fn.description,
    parameters: fn.parameters,
    ...(deferred ? { defer_loading: true } : {}),
  };
}

/**
 * Builds the tools array. Anthropic and Chat Completions: the direct tools, then each deferred tool with
 * `defer_loading: true`. Proxy: the direct tools and the `call_tool` proxy, the deferred tools in no entry at all (a
 * search result carries their definitions). Responses: the direct catalog tools, the search tool as
 * `{ type: "tool_search", execution: "client" }` with its description and parameters, then the deferred functions,
 * those of a namespace inside one `{ type: "namespace" }` entry at the place of its first member. Past the limit, the
 * tools (or namespaces) that do not fit are omitted: the loaded ones fit first, in place of the last not loaded (the
 * array then changes when the conversation loads a tool that was left out, once).
 *
 * @example
 * ```ts
 * nativeTools({ protocol: "anthropic", direct: [searchDefinition], searchName: "tool_search", deferred: catalog.definitions() });
 * // { tools: [{ name: "tool_search", … }, { name: "get_salary", …, defer_loading: true }, …], deferred: ["get_salary", …], omitted: [] }
 * ```
 */
export function nativeTools({
  protocol,
  direct,
  searchName,
  deferred,
  namespaceOf,
  limit = NATIVE_TOOL_LIMITS[protocol],
  loaded = new Set(),
}: NativeToolsInput): NativeTools {
  const tools: unknown[] = [];
  const deferredNames: string[] = [];
  const omitted: string[] = [];
  if (protocol === "proxy") {
    return { tools: [...direct, proxyToolDefinition()], deferred: deferred.map((definition) => definition.function.name), omitted };
  }
  if (protocol !== "openai-responses") {
    const shape = protocol === "anthropic" ? anthropicTool : chatTool;
    for (const definition of direct) tools.push(shape(definition, false));
    const fits = fittingTools(deferred.map(nameOf), limit - tools.length, (name) => name, loaded);
    for (const definition of deferred) {
      if (!fits.has(nameOf(definition))) omitted.push(definition.function.name);
      else {
        tools.push(shape(definition, true));
        deferredNames.push(definition.function.name);
      }
    }
    return { tools, deferred: deferredNames, omitted };
  }
  for (const definition of direct) {
    const { name, description, parameters } = definition.function;
    tools.push(name === searchName ? { type: "tool_search", execution: "client", description, parameters } : definition);
  }
  const namespaces = new Map<string, { type: "namespace"; name: string; description: string; tools: unknown[] }>();
  // A namespace is one entry whatever its members (the `\u0000` keeps a namespace apart from a tool of that name).
  const entryOf = (name: string) => {
    const namespace = namespaceOf?.(name);
    return namespace === undefined ? name : `\u0000${namespace.name}`;
  };
  const fits = fittingTools(deferred.map(nameOf), limit - tools.length, entryOf, loaded);
  for (const definition of deferred) {
    if (!fits.has(nameOf(definition))) {
      omitted.push(definition.function.name);
      continue;
    }
    const namespace = namespaceOf?.(definition.function.name);
    const entry = namespace === undefined ? undefined : namespaces.get(namespace.name);
    if (entry !== undefined) {
      entry.tools.push(responsesFunction(definition, true));
      deferredNames.push(definition.function.name);
      continue;
    }
    if (namespace === undefined) tools.push({ ...definition, defer_loading: true });
    else {
      const created = {
        type: "namespace" as const,
        name: namespace.name,
        description: namespace.description,
        tools: [responsesFunction(definition, true)],
      };
      namespaces.set(namespace.name, created);
      tools.push(created);
    }
    deferredNames.push(definition.function.name);
  }
  return { tools, deferred: deferredNames, omitted };
}
