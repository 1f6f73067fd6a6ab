/**
 * @module The `native` binding: the tools array is the whole callable catalog (core tools and the search tool sent,
 * every other tool the caller may use deferred), the same on every call of a conversation; what the model may call
 * grows by loading (a `tool_search` result, or the selection delivered as one). Pure.
 */
import type { ToolBinding } from "@dynamic-tools/core/caching";
import type { BaseMessage } from "@langchain/core/messages";
import { selectionDelivery } from "../providers/native-delivery.js";
import { loadedToolsFromMessages } from "../search/loaded-tools-history.js";
import type { DynamicToolSelection } from "./dynamic-tool-selection.js";

/** What the native binding decided: the array (with `policy: "native"`), and how the selection is delivered. */
export interface NativeBinding extends Omit<ToolBinding, "policy"> {
  policy: "native";
  /** Tools of the array sent without deferral (core, then the search tool); every other one is deferred. */
  direct: string[];
}

/** Inputs of {@link planNative}. */
export interface NativePlanInput {
  /** The turn's selection in its mode (select, both: the selector's; search: core's last stage). */
  selection: DynamicToolSelection;
  /** Core tools the caller may use, in order. */
  core: readonly string[];
  /** Every other catalog tool the caller may use, in catalog order. */
  callable: readonly string[];
  searchName: string;
  messages: readonly BaseMessage[];
  /** Deliver the selection (select and both): load its tools the conversation has not loaded. */
  deliver: boolean;
  /**
   * The selected tools the current message needs (`neededTools`): only these are delivered, each definition entering
   * the conversation once; the model finds the rest with the search tool. @defaultValue every selected tool
   */
  needed?: readonly string[];
  /** The previous call's binding array, if any. */
  previous?: readonly string[] | undefined;
  descriptionOf?: (name: string) => string;
}

/** The plan: the selection to write (its `tools`: what the model may call now) and the messages to append. */
export interface NativePlan {
  selection: DynamicToolSelection;
  messages: BaseMessage[];
}

/**
 * Plans a natively deferred turn. `selection.tools` becomes what the model may call (core, the search tool, the
 * loaded tools, then the newly delivered ones), `selection.loaded` the loaded ones, and `selection.binding` the
 * array sent (`tools`) with `changed` only when the catalog or the caller's permissions changed it.
 *
 * @example
 * ```ts
 * const { selection, messages } = planNative({ selection, core: ["get_time"], callable, searchName: "tool_search", messages: state.messages, deliver: true });
 * selection.binding?.tools; // ["get_time", "tool_search", …every callable tool]
 * ```
 */
export function planNative({
  selection,
  core,
  callable,
  searchName,
  messages,
  deliver,
  needed = selection.tools,
  previous,
  descriptionOf,
}: NativePlanInput): NativePlan {
  const coreSet = new Set(core);
  const deferred = callable.filter((name) => !coreSet.has(name) && name !== searchName);
  const deferredSet = new Set(deferred);
  const loaded = loadedToolsFromMessages(messages, { toolName: searchName }).filter((name) => deferredSet.has(name));
  const loadedSet = new Set(loaded);
  const wanted = deliver ? needed.filter((name) => deferredSet.has(name) && !loadedSet.has(name)) : [];
  const appended = selectionDelivery({
    messages,
    selected: wanted,
    searchName,
    query: selection.query.current,
    ...(descriptionOf === undefined ? {} : { descriptionOf }),
  });
  const direct = [...core, searchName];
  const array = [...direct, ...deferred];
  const changed = previous == null || previous.length !== array.length || array.some((name, index) => previous[index] !== name);
  const before = new Set(previous ?? []);
  const after = new Set(array);
  const binding: NativeBinding = {
    policy: "native",
    tools: array,
    direct,
    changed,
    added: array.filter((name) => !before.has(name)),
    dropped: (previous ?? []).filter((name) => !after.has(name)),
    reason:
      previous == null
        ? `first call: every tool the caller may use (${deferred.length} deferred)`
        : changed
          ? "changed: the catalog or the caller's permissions changed the callable tools"
          : wanted.length > 0
            ? `kept: ${wanted.join(", ")} loaded by reference`
            : "kept: the callable tools are unchanged",
    rebilledTokens: 0,
  };
  const tools = [...direct, ...loaded, ...wanted];
  return {
    selection: { ...selection, tools, count: tools.length, searchTool: searchName, loaded: [...loaded, ...wanted], binding },
    messages: appended,
  };
}
