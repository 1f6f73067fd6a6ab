/**
 * @module The simulated agent loop of a cost replay, as prompt segments: per user turn the human message, then (when
 * the turn needs tools) the model's call of each needed tool and their results, then the answer. Pure.
 */
import type { PromptSegment } from "../cost/bill-requests.js";
import type { ConversationMessage } from "../conversation/conversation-text.js";

/** Token sizes of the simulated messages. */
export interface TranscriptSizes {
  /** Tokens of one tool call in the model's reply. @defaultValue 30 */
  callTokens?: number;
  /** Tokens of one tool result. @defaultValue 120 */
  resultTokens?: number;
  /** Tokens of the model's answer. @defaultValue 60 */
  answerTokens?: number;
}

/** The defaults of {@link TranscriptSizes}. */
export const TRANSCRIPT_DEFAULTS = { callTokens: 30, resultTokens: 120, answerTokens: 60 } as const;

/** One exchange of the transcript: a user message and what follows it. */
export interface TranscriptExchange {
  /** The human message. */
  human: PromptSegment;
  /** The model's tool calls (one segment for the whole reply), when the exchange calls tools. */
  calls?: PromptSegment;
  /** One result per tool called. */
  results: PromptSegment[];
  /** The model's answer. */
  answer: PromptSegment;
}

/**
 * The segments of one exchange. Ids are `<prefix>h` (human), `<prefix>c` (calls), `<prefix>r<j>` (results) and
 * `<prefix>a` (answer): unique within a conversation when `prefix` is.
 *
 * @example
 * ```ts
 * exchange("t0.", 12, ["get_weather"], {}); // human 12, calls 30, one result 120, answer 60
 * ```
 */
export function exchange(prefix: string, humanTokens: number, tools: readonly string[], sizes: TranscriptSizes): TranscriptExchange {
  const { callTokens, resultTokens, answerTokens } = { ...TRANSCRIPT_DEFAULTS, ...sizes };
  return {
    human: { id: `${prefix}h`, tokens: humanTokens },
    ...(tools.length === 0 ? {} : { calls: { id: `${prefix}c`, tokens: callTokens * tools.length } }),
    results: tools.map((_, index) => ({ id: `${prefix}r${index}`, tokens: resultTokens })),
    answer: { id: `${prefix}a`, tokens: answerTokens },
  };
}

/** Every segment of a finished exchange, in order. */
export function exchangeSegments(done: TranscriptExchange): PromptSegment[] {
  return [done.human, ...(done.calls === undefined ? [] : [done.calls]), ...done.results, done.answer];
}

/**
 * The messages a selection reads for one exchange, in the shape `readConversation` takes: the human message, the
 * model's tool calls (ids `<prefix><n>`) and the tool results answering them (their text does not matter to
 * selection; their count does, since the history window counts messages, and the calls are what conversation memory
 * reads), then the answer.
 *
 * @example
 * ```ts
 * selectionMessages("weather in Rome?", ["get_weather"], "t0.");
 * // [{ role: "user", … }, { role: "assistant", tool_calls: [{ id: "t0.0", function: { name: "get_weather" } }] },
 * //  { role: "tool", tool_call_id: "t0.0", … }, { role: "assistant", … }]
 * ```
 */
export function selectionMessages(query: string, tools: readonly string[], prefix: string): ConversationMessage[] {
  const ids = tools.map((_, index) => `${prefix}${index}`);
  const messages: Array<{ role: string; content: string; tool_calls?: unknown; tool_call_id?: string }> = [
    { role: "user", content: query },
    ...(tools.length === 0
      ? []
      : [{ role: "assistant", content: "", tool_calls: tools.map((name, index) => ({ id: ids[index]!, function: { name } })) }]),
    ...ids.map((id) => ({ role: "tool", content: "", tool_call_id: id })),
    { role: "assistant", content: "" },
  ];
  return messages;
}

/** Total tokens of segments. */
export function tokensOfSegments(segments: readonly PromptSegment[]): number {
  let total = 0;
  for (const segment of segments) total += segment.tokens;
  return total;
}
