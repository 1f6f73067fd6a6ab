/**
 * @module The observation a step of a conversation makes: after the model called tools and their results came back,
 * which calls succeeded. Pure; reads LangChain messages or plain `{ role, content, tool_calls, tool_call_id, status }`.
 */
import { readConversation, textOf, type ConversationMessage } from "../conversation/conversation-text.js";
import type { Observation } from "./observation.js";

interface ToolCallLike {
  id?: string;
  name: string;
}

function roleOf(message: unknown): string {
  const record = message as { getType?: () => string; _getType?: () => string; role?: string; type?: string };
  if (typeof record.getType === "function") return record.getType();
  if (typeof record._getType === "function") return record._getType();
  return record.role ?? record.type ?? "";
}

function toolCallsOf(message: unknown): ToolCallLike[] {
  const calls = (message as { tool_calls?: unknown }).tool_calls;
  return Array.isArray(calls) ? calls.filter((call): call is ToolCallLike => typeof call?.name === "string") : [];
}

/** Options of {@link toolResultsObservation}. */
export interface ToolResultsObservationOptions {
  scope?: string;
  caller?: string;
  /** @defaultValue Date.now() */
  at?: number;
  /** Which calls succeeded besides the tool message's status (e.g. a known error prefix). @defaultValue status !== "error" */
  succeeded?: (result: { name: string; content: string; status: string | undefined }) => boolean;
}

/**
 * The observation of the latest step, when the conversation ends with tool results: the last human message, the
 * tools the last AI message called whose result came back without error. A refused, unknown or failed call (an
 * error tool message, `status: "error"`) or a call without a result does not count; when none counts, the
 * observation has `ok: false` and lists the calls. Undefined when the conversation does not end with tool results
 * or has no human message.
 *
 * @example
 * ```ts
 * toolResultsObservation([
 *   new HumanMessage("weather in Oslo?"),
 *   new AIMessage({ content: "", tool_calls: [{ id: "1", name: "get_weather", args: {} }] }),
 *   new ToolMessage({ tool_call_id: "1", content: "rain" }),
 * ]); // { message: "weather in Oslo?", tools: ["get_weather"], ok: true, at: … }
 * ```
 */
export function toolResultsObservation(messages: readonly unknown[], options: ToolResultsObservationOptions = {}): Observation | undefined {
  const { scope, caller, at = Date.now(), succeeded = ({ status }) => status !== "error" } = options;
  let start = messages.length;
  while (start > 0 && roleOf(messages[start - 1]) === "tool") start--;
  if (start === messages.length || start === 0) return undefined;
  const calls = toolCallsOf(messages[start - 1]);
  if (calls.length === 0) return undefined;
  const results = new Map<string, { content: string; status: string | undefined }>();
  for (const message of messages.slice(start)) {
    const record = message as { tool_call_id?: string; content?: unknown; status?: string };
    if (typeof record.tool_call_id === "string")
      results.set(record.tool_call_id, { content: textOf(record.content), status: record.status });
  }
  const conversation = readConversation(messages.slice(0, start) as ConversationMessage[]);
  if (conversation.current === "") return undefined;
  const ok = calls.filter((call) => {
    const result = call.id === undefined ? undefined : results.get(call.id);
    return result !== undefined && succeeded({ name: call.name, ...result });
  });
  return {
    message: conversation.current,
    ...(conversation.history.length === 0 ? {} : { history: conversation.history }),
    tools: [...new Set((ok.length > 0 ? ok : calls).map((call) => call.name))],
    ok: ok.length > 0,
    ...(scope === undefined ? {} : { scope }),
    ...(caller === undefined ? {} : { caller }),
    at,
  };
}
