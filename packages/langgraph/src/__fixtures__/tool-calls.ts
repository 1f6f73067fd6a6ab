import { AIMessage } from "@langchain/core/messages";

let counter = 0;

/** An AIMessage calling one tool, with a unique id (ToolNode skips calls whose id already has a ToolMessage). */
export function callTool(name: string, args: Record<string, unknown> = {}): AIMessage {
  counter += 1;
  return new AIMessage({ content: "", tool_calls: [{ name, args, id: `${name}_${counter}`, type: "tool_call" }] });
}

/** Tool names called by the AIMessages among `messages`. */
export function calledTools(messages: ReadonlyArray<{ tool_calls?: ReadonlyArray<{ name: string }> }>): string[] {
  return messages.flatMap((message) => (message.tool_calls ?? []).map((call) => call.name));
}
