/**
 * @module The loaded set as the message history records it: which tools each `tool_search` call loaded (its
 * ToolMessage artifact) and when each loaded tool was last loaded or called. Pure functions of the messages.
 */
import { AIMessage, isBaseMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { isToolSearchArtifact } from "./search-artifact.js";

/** The default name of the search tool. */
export const TOOL_SEARCH_NAME = "tool_search";

/** Options of {@link loadedToolsFromMessages} and {@link loadedToolRecency}. */
export interface LoadedHistoryOptions {
  /** The search tool's name. @defaultValue "tool_search" */
  toolName?: string;
}

function loadsOf(message: BaseMessage, toolName: string): string[] | undefined {
  if (!ToolMessage.isInstance(message) || message.name !== toolName || message.status === "error") return undefined;
  return isToolSearchArtifact(message.artifact) ? message.artifact.loaded : undefined;
}

/**
 * Rebuilds the loaded set from the `tool_search` ToolMessages in the history (their artifacts), in first-load
 * order: for a thread whose loaded channel was lost, or a history carried over from elsewhere.
 *
 * @example
 * ```ts
 * loadedToolsFromMessages(state.messages); // ["create_issue", "list_pulls", "get_weather"]
 * ```
 */
export function loadedToolsFromMessages(messages: readonly BaseMessage[], options: LoadedHistoryOptions = {}): string[] {
  return [...new Set(searchLoads(messages, options).flat())];
}

/**
 * What each `tool_search` result of the history that loaded tools loaded, in order (one list per result).
 *
 * @example
 * ```ts
 * searchLoads(state.messages); // [["create_issue"], ["list_pulls", "get_weather"]]
 * ```
 */
export function searchLoads(messages: readonly BaseMessage[], { toolName = TOOL_SEARCH_NAME }: LoadedHistoryOptions = {}): string[][] {
  const loads: string[][] = [];
  for (const message of messages) {
    const loaded = loadsOf(message, toolName);
    if (loaded !== undefined && loaded.length > 0) loads.push(loaded);
  }
  return loads;
}

/** When each tool was last used, by message position, and where the current turn starts. */
export interface LoadedToolRecency {
  /** Tool name → index of the last message that loaded it (a tool_search result) or called it (an AI tool call). */
  lastUsed: Map<string, number>;
  /** Index of the latest human message: uses at or after it belong to the current turn (-1 when none). */
  turnStart: number;
}

/**
 * When each tool was last loaded or called, read from the history: the recency the budget's least-recently-used
 * unloading goes by.
 *
 * @example
 * ```ts
 * const { lastUsed, turnStart } = loadedToolRecency(state.messages);
 * lastUsed.get("create_issue"); // 7: the index of the AIMessage that last called it
 * ```
 */
export function loadedToolRecency(
  messages: readonly BaseMessage[],
  { toolName = TOOL_SEARCH_NAME }: LoadedHistoryOptions = {},
): LoadedToolRecency {
  const lastUsed = new Map<string, number>();
  let turnStart = -1;
  messages.forEach((message, index) => {
    if (isBaseMessage(message) && message.getType() === "human") turnStart = index;
    if (AIMessage.isInstance(message)) for (const call of message.tool_calls ?? []) lastUsed.set(call.name, index);
    for (const name of loadsOf(message, toolName) ?? []) lastUsed.set(name, index);
  });
  return { lastUsed, turnStart };
}
