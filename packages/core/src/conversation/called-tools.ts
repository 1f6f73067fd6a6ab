/**
 * @module The tools a conversation already called: each AI tool call that a tool message answered without an
 * error, with how many turns ago it was made. Reads LangChain messages (`AIMessage.tool_calls`, `ToolMessage`) and
 * plain OpenAI-style objects (`{ role: "assistant", tool_calls: [{ id, function: { name } }] }`, `{ role: "tool",
 * tool_call_id }`).
 */
import type { ConversationMessage } from "./conversation-text.js";

/** A tool the conversation called successfully before the current message. */
export interface CalledTool {
  name: string;
  /** 1 when called while answering the previous human message, 2 the one before, … */
  turnsAgo: number;
}

type Loose = Record<string, unknown>;

function typeOf(message: Loose): string {
  if (typeof message.getType === "function") {
    const type: unknown = (message.getType as () => unknown)();
    if (typeof type === "string") return type;
  }
  if (typeof message.role === "string") return message.role;
  if (typeof message.type === "string") return message.type;
  if (typeof message._getType === "function") {
    const type: unknown = (message._getType as () => unknown)();
    if (typeof type === "string") return type;
  }
  return "";
}

/** The `{ id, name }` of each tool call an AI message makes (LangChain's `tool_calls`, or OpenAI's `function.name`). */
function toolCallsOf(message: Loose): Array<{ id: string | undefined; name: string }> {
  const calls = message.tool_calls;
  if (!Array.isArray(calls)) return [];
  const result: Array<{ id: string | undefined; name: string }> = [];
  for (const call of calls as unknown[]) {
    if (typeof call !== "object" || call === null) continue;
    const { id, name, function: fn } = call as { id?: unknown; name?: unknown; function?: { name?: unknown } };
    const toolName = typeof name === "string" ? name : typeof fn?.name === "string" ? fn.name : undefined;
    if (toolName !== undefined && toolName !== "") result.push({ id: typeof id === "string" ? id : undefined, name: toolName });
  }
  return result;
}

const HUMAN = new Set(["human", "user"]);
const AI = new Set(["ai", "assistant"]);

/**
 * The tools called successfully before the current (latest) human message, most recent first, each once (its most
 * recent call), at most `turns` turns back. A call counts when a tool message answers its id without
 * `status: "error"`; a call no tool message answers does not count (it never ran, or the thread was cut).
 *
 * @param options.turns - how many earlier turns to read. @defaultValue 4
 * @example
 * ```ts
 * readCalledTools([
 *   new HumanMessage("weather in Paris?"),
 *   new AIMessage({ content: "", tool_calls: [{ id: "1", name: "get_weather", args: { city: "Paris" } }] }),
 *   new ToolMessage({ tool_call_id: "1", content: "18°C" }),
 *   new AIMessage("18°C and sunny."),
 *   new HumanMessage("and tomorrow?"),
 * ]);
 * // [{ name: "get_weather", turnsAgo: 1 }]
 * ```
 */
export function readCalledTools(messages: readonly ConversationMessage[], { turns = 4 }: { turns?: number } = {}): CalledTool[] {
  if (!Array.isArray(messages) || turns < 1) return [];
  const entries = messages as readonly unknown[];
  let current = -1;
  for (let index = entries.length - 1; index >= 0 && current < 0; index--) {
    const message = entries[index];
    if (isLoose(message) && HUMAN.has(typeOf(message))) current = index;
  }
  // The calls of the AI messages within `turns` turns before it, the most recent first.
  const calls: Array<{ id: string; name: string; turnsAgo: number }> = [];
  let turnsAgo = 0;
  for (let index = current - 1; index >= 0; index--) {
    const message = entries[index];
    if (!isLoose(message)) continue;
    const type = typeOf(message);
    if (HUMAN.has(type)) {
      turnsAgo++;
      // Calls before this human message answer the one before it: turnsAgo + 1 turns ago.
      if (turnsAgo >= turns) break;
      continue;
    }
    if (!AI.has(type)) continue;
    for (const { id, name } of toolCallsOf(message)) if (id !== undefined) calls.push({ id, name, turnsAgo: turnsAgo + 1 });
  }
  if (calls.length === 0) return [];
  // Which call ids were answered successfully.
  const succeeded = new Set<string>();
  for (let index = 0; index < current; index++) {
    const message = entries[index];
    if (!isLoose(message) || typeOf(message) !== "tool") continue;
    // A tool result the select step appended to deliver tools (its artifact marks it) answers no call the model made.
    if ((message.artifact as { delivery?: unknown } | undefined)?.delivery === true) continue;
    const id = message.tool_call_id;
    if (typeof id === "string" && message.status !== "error") succeeded.add(id);
  }
  const called = new Map<string, number>();
  for (const call of calls) if (succeeded.has(call.id) && !called.has(call.name)) called.set(call.name, call.turnsAgo);
  return [...called].map(([name, age]) => ({ name, turnsAgo: age })).sort((a, b) => a.turnsAgo - b.turnsAgo);
}

const isLoose = (message: unknown): message is Loose => typeof message === "object" && message !== null;
