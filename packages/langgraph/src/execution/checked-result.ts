/**
 * @module A tool's result must answer the call it ran for: a ToolMessage the tool returns with another call's id
 * would answer that call and leave this one unanswered (ToolNode passes it through). Such a result is replaced
 * by an error ToolMessage for this call (code `INVALID_TOOL_RESULT`). One returned without an id answers this call.
 */
import { isBaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { ToolCallRefusal } from "./tool-call-refusal.js";

/** The refusal for a result that answers another call, or undefined when the result is this call's. */
export function foreignAnswer(call: Pick<ToolCall, "id" | "name">, result: unknown): ToolCallRefusal | undefined {
  if (call.id == null || !isBaseMessage(result) || result.getType() !== "tool") return undefined;
  const answered = (result as ToolMessage).tool_call_id;
  if (answered === call.id) return undefined;
  const shown = typeof answered === "string" ? JSON.stringify(answered.slice(0, 100)) : String(answered);
  return {
    code: "INVALID_TOOL_RESULT",
    toolName: call.name,
    reason: `its ToolMessage has tool_call_id ${shown}, not ${JSON.stringify(String(call.id).slice(0, 100))}`,
  };
}

/**
 * `result`, a ToolMessage the tool returned without a `tool_call_id` given the id of the call it ran for (ToolNode
 * passes it on as it is, and no provider accepts a tool result without its call's id); any other result as it is.
 *
 * @example
 * ```ts
 * withCallId({ id: "call_1", name: "lookup" }, new ToolMessage({ content: "found" } as never)).tool_call_id; // "call_1"
 * ```
 */
export function withCallId<T>(call: Pick<ToolCall, "id">, result: T): T {
  if (call.id == null || !isBaseMessage(result) || result.getType() !== "tool") return result;
  const message = result as unknown as ToolMessage;
  if (message.tool_call_id == null || message.tool_call_id === "") message.tool_call_id = call.id;
  return result;
}
