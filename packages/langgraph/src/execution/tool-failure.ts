/**
 * @module What a tool threw, made safe to report: ToolNode formats `Error: ${e.message}`, which itself throws for
 * `throw undefined`/`throw null` (e.g. `Promise.reject()`) or an error whose `message` getter throws, and reads
 * "undefined" for a thrown string. Anything that is not an error with a readable string message, and an error whose
 * message is longer than {@link MAX_ERROR_TEXT}, is wrapped in a {@link ToolCallFailure} that keeps the thrown value;
 * other errors (and LangGraph's interrupts) pass unchanged.
 */
import { ToolMessage } from "@langchain/core/messages";
import { isGraphBubbleUp, isGraphDrained } from "@langchain/langgraph";
import type { ToolCall } from "@langchain/core/messages/tool";
import { refusalError, type ToolCallRefusal } from "./tool-call-refusal.js";

const MARKER = Symbol.for("dynamic-tools.tool-call-failure");
/** The longest description of a thrown non-error value quoted to the model. */
const MAX_DESCRIBED = 2_000;
/**
 * The longest error message passed on to the model: a schema error quotes the call's arguments whole ("Error invoking
 * tool 'x' with kwargs {…}"), so a model that sends a megabyte of arguments would read it back.
 */
export const MAX_ERROR_TEXT = 4_000;

/** A tool call that failed with something other than a readable error (or ran past its timeout). */
export class ToolCallFailure extends Error {
  readonly [MARKER] = true;
  override readonly name = "ToolCallFailure";
  /** What the tool threw, unchanged (re-thrown as is when errors are not handled). */
  readonly thrown: unknown;
  /** Set when the executor ended the call itself (a timeout): the code that travels with the error message. */
  readonly refusal: ToolCallRefusal | undefined;

  constructor(message: string, thrown: unknown, refusal?: ToolCallRefusal) {
    super(message);
    this.thrown = thrown;
    this.refusal = refusal;
  }

  /** True for a ToolCallFailure from this or another copy of the package. */
  static isInstance(value: unknown): value is ToolCallFailure {
    return typeof value === "object" && value !== null && MARKER in value;
  }
}

/** `text`, or its first `limit` characters and its length when it is longer. */
export function bounded(text: string, limit = MAX_DESCRIBED): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length} characters)`;
}

/**
 * The error's message when it is a string, or a number, boolean or bigint (which ToolNode's `${e.message}` writes as
 * is), else undefined (never throws).
 */
function readableMessage(thrown: unknown): string | undefined {
  if (typeof thrown !== "object" || thrown === null) return undefined;
  try {
    const message = (thrown as { message?: unknown }).message;
    if (typeof message === "string") return message;
    return typeof message === "number" || typeof message === "boolean" || typeof message === "bigint" ? String(message) : undefined;
  } catch {
    return undefined;
  }
}

/** A description of any thrown value, bounded in length, that never throws. */
export function describeThrown(thrown: unknown): string {
  const message = readableMessage(thrown);
  // This package's own failure is a description already, bounded when made (cut again, it would count the cut text).
  if (message !== undefined) return thrown instanceof ToolCallFailure ? message : bounded(message, MAX_ERROR_TEXT);
  if (thrown === undefined || thrown === null) return `the tool failed without an error (it threw ${String(thrown)})`;
  if (typeof thrown === "string") return bounded(thrown);
  if (typeof thrown !== "object" && typeof thrown !== "function") return String(thrown);
  try {
    const json = JSON.stringify(thrown);
    if (json !== undefined) return bounded(json);
  } catch {
    // Circular or hostile (a throwing toJSON): fall through to the type tag.
  }
  return Object.prototype.toString.call(thrown);
}

/**
 * The thrown value ToolNode's error handling can safely format: itself when it has a readable message of at most
 * {@link MAX_ERROR_TEXT} characters (an Error), else a {@link ToolCallFailure} describing it: a longer message cut to
 * that length, as {@link describeThrown} cuts it. LangGraph's interrupts, drains and parent commands pass unchanged,
 * whatever their length (ToolNode re-throws them).
 *
 * @example
 * ```ts
 * toReportable(new Error("boom")); // the same Error
 * (toReportable(new Error("E".repeat(100_000))) as Error).message; // "EEEE…" (4,000 E's) + "… (100000 characters)"
 * ```
 */
export function toReportable(thrown: unknown): unknown {
  const message = readableMessage(thrown);
  if (message === undefined) return new ToolCallFailure(describeThrown(thrown), thrown);
  if (message.length <= MAX_ERROR_TEXT || isGraphBubbleUp(thrown) || isGraphDrained(thrown)) return thrown;
  return new ToolCallFailure(bounded(message, MAX_ERROR_TEXT), thrown);
}

/** What to throw when errors are not handled: what the tool threw, or the executor's own coded error. */
export function unwrapFailure(error: unknown): unknown {
  if (!ToolCallFailure.isInstance(error)) return error;
  return error.refusal === undefined ? error.thrown : refusalError(error.refusal);
}

/**
 * The error ToolMessage for a failed call, in ToolNode's words (`Error: <message>\n Please fix your mistakes.`),
 * with the code as `artifact` when the executor ended the call (a timeout).
 */
export function failureMessage(call: Pick<ToolCall, "id" | "name">, thrown: unknown): ToolMessage {
  const refusal = ToolCallFailure.isInstance(thrown) ? thrown.refusal : undefined;
  return new ToolMessage({
    status: "error",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: `Error: ${describeThrown(thrown)}\n Please fix your mistakes.`,
    ...(refusal === undefined ? {} : { artifact: refusal }),
  });
}
