/**
 * @module Groups the lines of a conversations file (the eval queries format, ids `<conversation>-turn-<n>`) into
 * conversations whose user turns are in order. Pure.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { EvalQuery } from "./queries-file.js";

/** One user turn of a replayed conversation. */
export interface ConversationTurn {
  /** The user's message. */
  query: string;
  /** The tools the turn needs: the model calls each of them once (the line's `relevant`; may be empty). */
  tools: string[];
  /**
   * Earlier human messages as the line gives them (eval's `history`), with the tools each called when known. Only
   * the entries before the conversation's first replayed turn matter to a replay: later ones are its own turns.
   */
  history?: { query: string; tools: string[] }[];
}

/** A conversation to replay: its id and its user turns in order. */
export interface ReplayConversation {
  id: string;
  turns: ConversationTurn[];
}

const TURN_ID = /^(.+)-turn-(\d+)$/;

/**
 * A checker of conversation turn ids, in file order: returns the problem with `id` (not `<conversation>-turn-<n>`,
 * or a turn number an earlier id already has), else `undefined`. Pass it as `checkId` to `loadQueriesFile` so each
 * problem names its line.
 * @example
 * ```ts
 * loadQueriesFile("conversations.jsonl", catalog, { allowNoTools: true, checkId: conversationIdChecker() });
 * ```
 */
export function conversationIdChecker(): (id: string, line?: number) => string | undefined {
  const seen = new Map<string, { id: string; line: number | undefined }>();
  return (id, line) => {
    const match = TURN_ID.exec(id);
    if (match === null)
      return `id "${id}" is not of the form <conversation>-turn-<n> (e.g. "c1-turn-1"): a conversations file names each turn.`;
    const [, conversation, number] = match;
    const key = JSON.stringify([conversation, Number(number)]);
    const twin = seen.get(key);
    if (twin !== undefined)
      return `ids "${twin.id}"${twin.line === undefined ? "" : ` (line ${twin.line})`} and "${id}" are both turn ${Number(number)} of "${conversation}".`;
    seen.set(key, { id, line });
    return undefined;
  };
}

/**
 * Groups queries into conversations by id: `<conversation>-turn-<n>` (n from 0 or 1, in any line order). Conversations
 * come in the order of their first line; turns by `n`.
 *
 * @throws DynamicToolsError `INVALID_DECLARATION` for an id not of that form, or two lines for one turn number.
 * @example
 * ```ts
 * groupConversations([
 *   { id: "c1-turn-2", query: "and in Paris?", relevant: ["get_weather"] },
 *   { id: "c1-turn-1", query: "weather in Rome?", relevant: ["get_weather"] },
 * ]);
 * // [{ id: "c1", turns: [{ query: "weather in Rome?", tools: ["get_weather"] }, { query: "and in Paris?", tools: ["get_weather"] }] }]
 * ```
 */
export function groupConversations(queries: readonly EvalQuery[], file = "conversations"): ReplayConversation[] {
  const byId = new Map<string, { turn: number; line: EvalQuery }[]>();
  const check = conversationIdChecker();
  for (const line of queries) {
    const problem = check(line.id);
    if (problem !== undefined) throw new DynamicToolsError("INVALID_DECLARATION", `${file}: ${problem}`);
    const [, conversation, number] = TURN_ID.exec(line.id)!;
    const turns = byId.get(conversation!) ?? [];
    const turn = Number(number);
    turns.push({ turn, line });
    byId.set(conversation!, turns);
  }
  return [...byId].map(([id, turns]) => ({
    id,
    turns: turns
      .sort((a, b) => a.turn - b.turn)
      .map(({ line }) => ({
        query: line.query,
        tools: [...line.relevant],
        ...(line.turns === undefined ? {} : { history: line.turns.map((turn) => ({ query: turn.query, tools: [...turn.tools] })) }),
      })),
  }));
}
