/**
 * @module A quick estimate of the prompt tokens a conversation holds after the tools array: what re-sending it
 * uncached costs when the array changes. Pure.
 */
import type { BaseMessage } from "@langchain/core/messages";
import { canonicalJson } from "../execution/canonical-json.js";

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
    // Hand-built or hostile messages may hold anything: every part counts what it has, and nothing throws.
    const content: unknown = message.content;
    if (typeof content === "string") characters += content.length;
    else if (Array.isArray(content))
      for (const part of content)
        characters +=
          typeof part === "object" && part !== null && "text" in part && typeof part.text === "string"
            ? part.text.length
            : jsonLength(part);
    else characters += jsonLength(content);
    const calls = (message as { tool_calls?: unknown }).tool_calls;
    if (Array.isArray(calls))
      for (const call of calls as Array<{ name?: unknown; args?: unknown } | undefined>)
        characters += (typeof call?.name === "string" ? call.name.length : 0) + jsonLength(call?.args ?? {});
  }
  return Math.ceil(characters / CHARACTERS_PER_TOKEN) + 4 * messages.length;
}

/** The length of a value's JSON: written without recursion when too deep, 0 when it has none (undefined, a cycle). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch (error) {
    return error instanceof RangeError ? canonicalJson(value).length : 0;
  }
}
