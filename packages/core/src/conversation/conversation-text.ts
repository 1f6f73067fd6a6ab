/**
 * @module What selection reads from a conversation: the current human message and the recent earlier ones.
 * Accepts LangChain messages, plain `{ role, content }` objects, or a single string.
 */
import type { CalledTool } from "./called-tools.js";

/** A message as selection reads it: a LangChain `BaseMessage` or a plain chat message. */
export type ConversationMessage =
  | { getType(): string; content: unknown }
  | { role: string; content: unknown }
  | { type: string; content: unknown };

/** The text selection matches against. */
export interface ConversationText {
  /** The latest human message. */
  current: string;
  /** Earlier human messages, most recent last. */
  history: string[];
  /**
   * Tools called successfully in earlier turns, most recent first (see `readCalledTools`); a retrieval selection
   * ranks them up. Absent when there are none.
   */
  calledTools?: CalledTool[];
}

/**
 * Most characters selection reads of one message: its first and last half of this. A pasted 1 MB log then costs a
 * selection what a long paragraph does (every strategy's work is at least linear in the text, some steps more),
 * and what a message asks is almost always at its start or its end.
 */
export const MAX_MESSAGE_CHARS = 16_384;

/** `text` cut to {@link MAX_MESSAGE_CHARS}: its first and last halves, joined by a space. */
export function clipMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  const half = MAX_MESSAGE_CHARS / 2;
  return `${text.slice(0, half)} ${text.slice(-(half - 1))}`;
}

/** Options of {@link readConversation}. */
export interface ReadConversationOptions {
  /** The last N human messages… @defaultValue 4 */
  historyMessages?: number;
  /** …among the last M messages before the current one. @defaultValue 8 */
  historyWindow?: number;
}

function roleOf(message: ConversationMessage): string {
  // A history is untrusted data: null, a string or a number in it is no message, and is skipped.
  if (typeof message !== "object" || message === null) return "";
  if ("getType" in message && typeof message.getType === "function") {
    const type: unknown = message.getType();
    return typeof type === "string" ? type : "";
  }
  if ("role" in message && typeof message.role === "string") return message.role;
  if ("type" in message && typeof message.type === "string") return message.type;
  return "";
}

function isHuman(message: ConversationMessage): boolean {
  const role = roleOf(message);
  return role === "human" || role === "user";
}

/** The text of a message's content: a string, or the text blocks of a content array. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) =>
      typeof block === "string"
        ? block
        : typeof block === "object" && block !== null && typeof (block as { text?: unknown }).text === "string"
          ? (block as { text: string }).text
          : "",
    )
    .filter((text) => text !== "")
    .join(" ");
}

/**
 * Finds the latest human message (the current one) and, before it, the last `historyMessages` human messages
 * among the last `historyWindow` messages (by default: the last 4 human messages among the last 8). Each text is
 * cut to {@link MAX_MESSAGE_CHARS} (its start and its end); entries that are not messages (null, strings, numbers)
 * are skipped.
 *
 * @example
 * ```ts
 * readConversation([
 *   { role: "user", content: "show me all active clients" },
 *   { role: "assistant", content: "Here they are…" },
 *   { role: "user", content: "freeze the first one" },
 * ]);
 * // { current: "freeze the first one", history: ["show me all active clients"] }
 * ```
 */
export function readConversation(
  input: string | readonly ConversationMessage[],
  { historyMessages = 4, historyWindow = 8 }: ReadConversationOptions = {},
): ConversationText {
  if (typeof input === "string") return { current: clipMessage(input), history: [] };
  if (!Array.isArray(input)) return { current: "", history: [] };
  let currentIndex = -1;
  for (let index = input.length - 1; index >= 0; index--) {
    if (isHuman(input[index]!)) {
      currentIndex = index;
      break;
    }
  }
  if (currentIndex < 0) return { current: "", history: [] };
  const window = historyWindow === 0 ? [] : input.slice(Math.max(0, currentIndex - historyWindow), currentIndex);
  const history = window.filter(isHuman).map((message) => clipMessage(textOf(message.content)));
  return {
    current: clipMessage(textOf(input[currentIndex]!.content)),
    history: historyMessages === 0 ? [] : history.slice(-historyMessages),
  };
}
