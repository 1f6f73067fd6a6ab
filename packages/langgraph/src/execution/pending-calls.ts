/**
 * @module The tool calls a tools step will run: the last AI message's calls that no ToolMessage answers yet, or the
 * one call of a `Send` (`lg_tool_call`), exactly as ToolNode picks them. Shared by DynamicToolNode and the
 * middleware, so both ask approval for the same calls they then run.
 */
import { AIMessage, isAIMessage, isBaseMessage, type BaseMessage, type InvalidToolCall, type ToolMessage } from "@langchain/core/messages";
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
  const messages = baseMessagesOf(input);
  const calls = lastAIMessage(messages)?.tool_calls ?? [];
  if (calls.length === 0) return [];
  const answered = answeredCallIds(messages);
  // A call that is not an object (a client can parse a malformed raw call to undefined) has nothing to run or answer.
  return calls.filter((call) => typeof call === "object" && call !== null && (call.id == null || !answered.has(call.id)));
}

const baseMessagesOf = (input: unknown) => messagesOf(input).filter((message): message is BaseMessage => isBaseMessage(message));

function lastAIMessage(messages: readonly BaseMessage[]): AIMessage | undefined {
  const last = messages.findLast((message) => isAIMessage(message));
  return last !== undefined && isAIMessage(last) ? last : undefined;
}

/** The tool call ids the messages' ToolMessages answer. */
function answeredCallIds(messages: readonly BaseMessage[]): Set<string> {
  return new Set(messages.filter((message) => message.getType() === "tool").map((message) => (message as ToolMessage).tool_call_id));
}

/** Longest part of a malformed call's parse error quoted back to the model. */
const MAX_QUOTED_ERROR = 300;

/** A call of the model's message that its client could not parse. */
export interface MalformedCall {
  id: string;
  name: string;
  /** The client's parse error, on one line and clipped. */
  error: string | undefined;
}

/**
 * What answers the calls of the last AI message that its client could not parse (`invalid_tool_calls`: arguments
 * that are not valid JSON) and that have an id and no answer yet: the message again (same id, so the messages reducer
 * replaces it) with each such call moved into `tool_calls` with empty arguments, and the calls. Undefined when there
 * are none, and for a `Send`'s single call.
 *
 * ToolNode drops such calls. Clients then send the message's calls differently (ChatOpenAI sends the raw calls when
 * no call parsed, only the parsed ones otherwise), so an answer to a call that is not in `tool_calls` can be rejected
 * as answering nothing, and no answer at all as a call left unanswered. Moved into `tool_calls` and answered with an
 * error (code `INVALID_TOOL_CALL`), the call is sent and answered alike by every client, and the model can retry it.
 *
 * @example
 * ```ts
 * const ai = new AIMessage({ id: "m1", content: "", invalid_tool_calls: [{ name: "f", args: "{", id: "1", error: "bad" }] });
 * malformedCalls({ messages: [ai] });
 * // { message: AIMessage { id: "m1", tool_calls: [{ name: "f", args: {}, id: "1" }] }, calls: [{ id: "1", name: "f", error: "bad" }] }
 * ```
 */
export function malformedCalls(input: unknown): { message: AIMessage; calls: MalformedCall[] } | undefined {
  if (typeof (input as { lg_tool_call?: unknown } | null | undefined)?.lg_tool_call === "object") return undefined;
  const messages = baseMessagesOf(input);
  const last = lastAIMessage(messages);
  if (last === undefined || !Array.isArray(last.invalid_tool_calls) || last.invalid_tool_calls.length === 0) return undefined;
  const answered = answeredCallIds(messages);
  const calls: MalformedCall[] = [];
  const kept: InvalidToolCall[] = [];
  for (const call of last.invalid_tool_calls as unknown[]) {
    const { id, name, error } = (typeof call === "object" && call !== null ? call : {}) as {
      id?: unknown;
      name?: unknown;
      error?: unknown;
    };
    if (typeof id !== "string" || id === "" || answered.has(id)) {
      if (typeof call === "object" && call !== null) kept.push(call as InvalidToolCall);
      continue;
    }
    calls.push({
      id,
      name: typeof name === "string" ? name : String(name),
      error: typeof error === "string" && error.trim() !== "" ? error.replace(/\s+/g, " ").trim().slice(0, MAX_QUOTED_ERROR) : undefined,
    });
  }
  if (calls.length === 0) return undefined;
  const message = new AIMessage({
    content: last.content,
    ...(last.id === undefined ? {} : { id: last.id }),
    ...(last.name === undefined ? {} : { name: last.name }),
    additional_kwargs: last.additional_kwargs,
    response_metadata: last.response_metadata,
    ...(last.usage_metadata === undefined ? {} : { usage_metadata: last.usage_metadata }),
    tool_calls: [...(last.tool_calls ?? []), ...calls.map(({ id, name }) => ({ id, name, args: {}, type: "tool_call" as const }))],
    invalid_tool_calls: kept,
  });
  return { message, calls };
}
