/** Helpers for calling tools the way a ToolNode does (with a ToolCall, so the result is a ToolMessage). */
import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";

let callId = 0;

/** Invokes a tool with a ToolCall and returns the ToolMessage. */
export async function callTool(tool: StructuredToolInterface, args: Record<string, unknown>): Promise<ToolMessage> {
  return (await tool.invoke({ name: tool.name, args, id: `call_${++callId}`, type: "tool_call" })) as ToolMessage;
}

/** The tool of that name, or a failure listing the names there are. */
export function findTool(tools: readonly StructuredToolInterface[], name: string): StructuredToolInterface {
  const found = tools.find((tool) => tool.name === name);
  if (found === undefined) throw new Error(`no tool ${name} in ${tools.map((tool) => tool.name).join(", ")}`);
  return found;
}
