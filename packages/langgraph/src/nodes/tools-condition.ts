/**
 * @module The edge after the model: LangGraph's `toolsCondition`, which also routes to the tools node when the model's
 * message holds only calls its client could not parse (`invalid_tool_calls`), so `DynamicToolNode` answers them
 * instead of the turn ending with calls no ToolMessage answers (which a provider rejects on the next request).
 */
import { END } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { malformedCalls } from "../execution/pending-calls.js";

/**
 * `"tools"` when the last message has tool calls or unanswered malformed ones, otherwise `END`. A drop-in for
 * `toolsCondition` in front of a `DynamicToolNode`.
 *
 * @example
 * ```ts
 * graph.addConditionalEdges("agent", dynamicToolsCondition, ["tools", END]);
 * ```
 */
export function dynamicToolsCondition(state: Parameters<typeof toolsCondition>[0]): "tools" | typeof END {
  if (toolsCondition(state) === "tools") return "tools";
  const messages = Array.isArray(state) ? state : state.messages;
  return malformedCalls([messages.at(-1)]) === undefined ? END : "tools";
}
