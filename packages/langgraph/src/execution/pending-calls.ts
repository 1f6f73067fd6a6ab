/**
 * @module The tool calls a tools step will run: the last AI message's calls that no ToolMessage answers yet, or the
 * one call of a `Send` (`lg_tool_call`), exactly as ToolNode picks them. Shared by DynamicToolNode and the
 * middleware, so both ask approval for the same calls they then run.
 */
import { isAIMessage, isBaseMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

/** The messages of a tools step's input (its `messages`, or the input itself when it is a list). */
export function messagesOf(input: unknown): readonly unknown[] {
  if (Array.isArray(input)) return input;
  const messages = (input as { messages?: unknown } | null | undefined)?.messages;
  return Array.isArray(messages) ? messages : [];
}

/**
 * The calls ToolNode would run for this input, in call order, as the same objects (not copies).
 *
 * @example
 * ```ts
 * pendingCalls({ messages: [ai, toolMessageForFirstCall] }); // the AI message's other calls
 * ```
 */
export function pendingCalls(input: unknown): ToolCall[] {
  const send = (input as { lg_tool_call?: ToolCall } | null | undefined)?.lg_tool_call;
  if (typeof send === "object" && send !== null) return [send];
  const messages = messagesOf(input).filter((message): message is BaseMessage => isBaseMessage(message));
  const answered = new Set(
    messages.filter((message) => message.getType() === "tool").map((message) => (message as ToolMessage).tool_call_id),
  );
  const last = messages.findLast((message) => isAIMessage(message));
  const calls = last !== undefined && isAIMessage(last) ? (last.tool_calls ?? []) : [];
  return calls.filter((call) => call.id == null || !answered.has(call.id));
}
