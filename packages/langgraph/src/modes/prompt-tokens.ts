/**
 * @module A quick estimate of the prompt tokens a conversation holds after the tools array: what re-sending it
 * uncached costs when the array changes. Pure.
 */
import type { BaseMessage } from "@langchain/core/messages";

/** Characters per token of the estimate (o200k_base averages about 4 on English text and JSON). */
export const CHARACTERS_PER_TOKEN = 4;

/**
 * About how many tokens `messages` take: their text, tool calls and arguments at {@link CHARACTERS_PER_TOKEN}
 * characters a token, plus a few tokens of framing per message. An estimate, linear in the messages' size, never a
 * tokenizer pass: it runs before every model call.
 *
 * @example
 * ```ts
 * estimatePromptTokens([new HumanMessage("what is pending salary?")]); // 10
 * ```
 */
export function estimatePromptTokens(messages: readonly BaseMessage[]): number {
  let characters = 0;
  for (const message of messages) {
    const content = message.content;
    if (typeof content === "string") characters += content.length;
    else
      for (const part of content)
        characters +=
          typeof part === "object" && part !== null && "text" in part && typeof part.text === "string"
            ? part.text.length
            : JSON.stringify(part).length;
    const calls = (message as { tool_calls?: Array<{ name?: unknown; args?: unknown }> }).tool_calls;
    // A hand-built message may carry calls without a string name or without args: they count what they have.
    if (Array.isArray(calls))
      for (const call of calls)
        characters += (typeof call?.name === "string" ? call.name.length : 0) + (JSON.stringify(call?.args ?? {})?.length ?? 0);
  }
  return Math.ceil(characters / CHARACTERS_PER_TOKEN) + 4 * messages.length;
}
