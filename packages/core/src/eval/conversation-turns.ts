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
  for (const line of queries) {
    const match = TURN_ID.exec(line.id);
    if (match === null) {
      throw new DynamicToolsError(
        "INVALID_DECLARATION",
        `${file}: id "${line.id}" is not of the form <conversation>-turn-<n> (e.g. "c1-turn-1"): a conversations file names each turn.`,
      );
    }
    const [, conversation, number] = match;
    const turns = byId.get(conversation!) ?? [];
    const turn = Number(number);
    const twin = turns.find((other) => other.turn === turn);
    if (twin !== undefined) {
      throw new DynamicToolsError(
        "INVALID_DECLARATION",
        `${file}: ids "${twin.line.id}" and "${line.id}" are both turn ${turn} of "${conversation}".`,
      );
    }
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
