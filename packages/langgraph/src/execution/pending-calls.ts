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
 * Whether an entry of a message's `tool_calls` is a call (an object). A client can parse a malformed raw call to
 * `undefined`, and a client that writes the state can put anything there: `null`, a string or a number is no call,
 * with no id to answer and nothing to run.
 */
export const isCallEntry = (call: unknown): call is ToolCall => typeof call === "object" && call !== null;

/**
 * The calls ToolNode would run for this input, in call order, as the same objects (not copies). Entries of
 * `tool_calls` that are not calls are skipped (see {@link callsOnlyInput}).
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
  return calls.filter((call) => isCallEntry(call) && (call.id == null || !answered.has(call.id)));
}

/**
 * The input as ToolNode's own `run` can read it (it reads `call.id` of every entry): the last AI message's
 * `tool_calls` without the entries that are not calls, in a view of the message (the same calls, the same objects).
 * The input itself when every entry is a call.
 *
 * @example
 * ```ts
 * callsOnlyInput({ messages: [new AIMessage({ content: "", tool_calls: [call, null] })] }); // { messages: [AIMessage { tool_calls: [call] }] }
 * ```
 */
export function callsOnlyInput(input: unknown): unknown {
  const messages = messagesOf(input);
  const index = messages.findLastIndex((message) => isBaseMessage(message) && isAIMessage(message));
  const last = messages[index] as AIMessage | undefined;
  const entries = entriesOf(last);
  if (last === undefined || entries.every(isCallEntry)) return input;
  const view = Object.create(last, { tool_calls: { value: entries.filter(isCallEntry), enumerable: true, writable: true } });
  const viewed = messages.with(index, view);
  return Array.isArray(input) ? viewed : { ...(input as object), messages: viewed };
}

/**
 * The model's answer without the entries of its `tool_calls` that are not calls (see {@link isCallEntry}), so none
 * reaches the state (createAgent's own nodes read `call.name` of every entry): the answer itself when it has none.
 *
 * @example
 * ```ts
 * withCallsOnly(new AIMessage({ id: "m1", content: "", tool_calls: [call, null] })); // AIMessage { id: "m1", tool_calls: [call] }
 * ```
 */
export function withCallsOnly<M>(message: M): M {
  if (!isBaseMessage(message) || !isAIMessage(message)) return message;
  const entries = entriesOf(message);
  return entries.every(isCallEntry) ? message : (withCalls(message, entries.filter(isCallEntry), message.invalid_tool_calls ?? []) as M);
}

/** The entries of a message's `tool_calls`, read as anything a client could have written there. */
const entriesOf = (message: AIMessage | undefined): readonly unknown[] => (Array.isArray(message?.tool_calls) ? message.tool_calls : []);

/** The message again (same id, so the messages reducer replaces it) with these calls; every other field kept. */
function withCalls(message: AIMessage, toolCalls: ToolCall[], invalid: InvalidToolCall[]): AIMessage {
  return new AIMessage({
    content: message.content,
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.name === undefined ? {} : { name: message.name }),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    ...(message.usage_metadata === undefined ? {} : { usage_metadata: message.usage_metadata }),
    tool_calls: toolCalls,
    invalid_tool_calls: invalid,
  });
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
 * replaces it) with each such call moved into `tool_calls` with empty arguments, and the calls. Entries of its
 * `tool_calls` that are not calls (`null`, a string: see {@link isCallEntry}) are dropped from the message again, so
 * that no later request sends them (a provider's client throws on them); such a message is repaired even when no
 * call is malformed (`calls` is then empty). Undefined when there is nothing to repair, and for a `Send`'s single call.
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
  if (last === undefined) return undefined;
  const entries = entriesOf(last);
  const nonCalls = !entries.every(isCallEntry);
  if (!nonCalls && (!Array.isArray(last.invalid_tool_calls) || last.invalid_tool_calls.length === 0)) return undefined;
  const answered = answeredCallIds(messages);
  const calls: MalformedCall[] = [];
  const kept: InvalidToolCall[] = [];
  for (const call of (Array.isArray(last.invalid_tool_calls) ? last.invalid_tool_calls : []) as unknown[]) {
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
  if (calls.length === 0 && !nonCalls) return undefined;
  const moved = calls.map(({ id, name }) => ({ id, name, args: {}, type: "tool_call" as const }));
  return { message: withCalls(last, [...entries.filter(isCallEntry), ...moved], kept), calls };
}
