/**
 * @module How select mode delivers its selection under native deferral without touching the tools array: a
 * synthetic `tool_search` call and its result, appended to the conversation, whose artifact loads the selected tools
 * the conversation has not loaded yet. Rendered for the provider (see `nativeMessages`), the result is its loading
 * blocks. Pure.
 */
import { deliveryQuery } from "@dynamic-tools/core/caching";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { loadedToolsFromMessages } from "../search/loaded-tools-history.js";
import type { ToolSearchArtifact } from "../search/search-artifact.js";

/** Inputs of {@link selectionDelivery}. */
export interface SelectionDeliveryInput {
  messages: readonly BaseMessage[];
  /** The selection's tools the caller may use that are deferred in the request, in selection order. */
  selected: readonly string[];
  searchName: string;
  /** The query the selection answered (shown, shortened, as the call's argument). */
  query: string;
  /** A tool's description, for the result's matches. */
  descriptionOf?: (name: string) => string;
}

/**
 * The messages that load what the selection needs and the conversation has not loaded (by any earlier search
 * result), or an empty list when everything is loaded. The call id is derived from the history's length, so the
 * same history always gets the same messages.
 *
 * @example
 * ```ts
 * selectionDelivery({ messages: state.messages, selected: ["get_salary"], searchName: "tool_search", query: "salary?" });
 * // [AIMessage{ tool_calls: [{ name: "tool_search", id: "select_3", … }] }, ToolMessage{ artifact: { loaded: ["get_salary"], … } }]
 * ```
 */
export function selectionDelivery({ messages, selected, searchName, query, descriptionOf }: SelectionDeliveryInput): BaseMessage[] {
  const loaded = new Set(loadedToolsFromMessages(messages, { toolName: searchName }));
  const missing = [...new Set(selected)].filter((name) => !loaded.has(name));
  if (missing.length === 0) return [];
  const id = `select_${messages.length}`;
  const shown = deliveryQuery(query);
  const artifact: ToolSearchArtifact = {
    query: shown,
    limit: missing.length,
    totalCandidates: missing.length,
    matches: missing.map((name) => ({ name, description: descriptionOf?.(name) ?? "", score: 1 })),
    loaded: missing,
    namespaces: [],
    delivery: true,
  };
  return [
    new AIMessage({ content: "", tool_calls: [{ name: searchName, args: { query: shown }, id, type: "tool_call" }] }),
    new ToolMessage({
      content: `Loaded (callable from your next step): ${missing.join(", ")}.`,
      artifact,
      name: searchName,
      tool_call_id: id,
      status: "success",
    }),
  ];
}
