/**
 * @module The turns the select step appends to deliver tools (the cache-aware binding's `call_tool` proxy, or native
 * deferral): a `tool_search` call and its result, with ids `select_<n>`. They are the binding's, not calls the model made.
 */
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";

/** Whether `message` is the call or the result of a delivery the select step appended. */
export function isDelivery(message: BaseMessage): boolean {
  const id = AIMessage.isInstance(message)
    ? message.tool_calls?.[0]?.id
    : ToolMessage.isInstance(message)
      ? message.tool_call_id
      : undefined;
  return id?.startsWith("select_") === true;
}
