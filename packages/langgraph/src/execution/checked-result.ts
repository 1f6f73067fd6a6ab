/**
 * @module A tool's result must answer the call it ran for: a ToolMessage the tool returns with another call's id
 * would answer that call and leave this one unanswered (ToolNode passes it through). Such a result is replaced
 * by an error ToolMessage for this call (code `INVALID_TOOL_RESULT`).
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
