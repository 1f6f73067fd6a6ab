/**
 * @module Conversation memory: the tools the thread already called are a ranking signal for the turns that
 * follow, weighted by recency. Pure; a selection and `eval` apply it to a strategy's ranking alike.
 */
import type { CalledTool } from "../conversation/called-tools.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { RankedTool } from "../retrieval/retrieval-strategy.js";

/** How much a tool called earlier in the thread counts (`memory` of `createToolSelector`). */
export interface ConversationMemoryOptions {
  /**
   * A tool called in the previous turn gains this share of the ranking's best score (a tool the strategy did not
   * rank enters with that score). @defaultValue 0.3
   */
  weight?: number;
  /** Each turn further back multiplies the gain by this, from 0 to 1 (more would rank older calls higher). @defaultValue 0.5 */
  decay?: number;
  /**
   * The strategy's first `after` tools keep their places: a called tool rises at most to just below them (a turn
   * further back one place lower), so a new topic's best matches are never pushed down by the old one.
   * @defaultValue 2
   */
  after?: number;
  /**
   * When the previous turn called one tool, that tool ranks no lower than place `reach` (a selection keeps it through
   * AutoCut): the conversation was about it, and a follow-up usually still is. It enters at that place, taking the
   * score of the tool it passes. A turn that called several tools (a task of several steps) singles none out, and
   * keeping them all would crowd the next request's own matches. 0 turns this off. @defaultValue 10 (a selection's
   * default `topK`)
   */
  reach?: number;
}

/** The defaults of {@link ConversationMemoryOptions}. */
export const MEMORY_DEFAULTS: Readonly<Required<ConversationMemoryOptions>> = Object.freeze({
  weight: 0.3,
  decay: 0.5,
  after: 2,
  reach: 10,
});

/** The signal a remembered tool carries: how many turns ago it was called. */
export const CALLED_SIGNAL = "called";

/** How many turns back an abstaining selection looks for the tools the thread last called ({@link continuedTools}). */
export const CONTINUATION_TURNS = 3;

/**
 * What an abstaining selection keeps of a remembered ranking: the tools the thread last called (the smallest
 * `signals.called`, when it is at most `within` turns back), in ranking order. A message that asks for nothing a tool
 * could do on its own ("and for yesterday?", "ok, same for March", "thanks!") continues the thread, so the tools it was
 * just using stay bound; nothing else is. Turns that called nothing in between ("thanks", then "and for March?") do
 * not end the thread.
 *
 * @example
 * ```ts
 * continuedTools([
 *   { name: "get_forecast", score: 2, signals: { bm25: 2 } },
 *   { name: "get_weather", score: 1.6, signals: { bm25: 1, called: 2 } },
 *   { name: "send_email", score: 0.3, signals: { called: 3 } },
 * ]); // [get_weather]: the previous turn called nothing, the one before get_weather
 * ```
 */
export function continuedTools<T extends RankedTool>(ranked: readonly T[], within = CONTINUATION_TURNS): T[] {
  let latest = Number.POSITIVE_INFINITY;
  for (const tool of ranked) {
    const turnsAgo = tool.signals[CALLED_SIGNAL];
    if (turnsAgo !== undefined && turnsAgo < latest) latest = turnsAgo;
  }
  return latest > within ? [] : ranked.filter((tool) => tool.signals[CALLED_SIGNAL] === latest);
}

/**
 * The ranking with the called tools remembered: each gains `best · weight · decay^(turnsAgo − 1)` (best: the
 * ranking's best score, or 1 when the ranking is empty or not positive), never rising above the strategy's tool at
 * place `after + turnsAgo − 1`, and carries `signals.called = turnsAgo`; a called tool the strategy did not rank
 * joins with the gain alone (under the same ceiling). Re-sorted by score, ties in the ranking's order
 * (joined tools after ranked ones, most recent first). Then the one tool the previous turn called (see
 * {@link toolWithinReach}), if it still ranks below place `reach`, moves up to the last place within it, with the score
 * of the tool it passes. Without called tools the ranking is returned as is.
 *
 * @example
 * ```ts
 * rememberCalledTools({
 *   ranked: [
 *     { name: "get_forecast", score: 2, signals: { bm25: 2 } },
 *     { name: "get_time", score: 1.5, signals: { bm25: 1.5 } },
 *     { name: "get_alerts", score: 1.2, signals: { bm25: 1.2 } },
 *     { name: "get_weather", score: 1, signals: { bm25: 1 } },
 *   ],
 *   called: [{ name: "get_weather", turnsAgo: 1 }],
 * });
 * // get_forecast, get_time, then get_weather (1 + 2·0.3 = 1.6, held just under get_time's 1.5; signals
 * // { bm25: 1, called: 1 }), then get_alerts
 * ```
 */
export function rememberCalledTools({
  ranked,
  called,
  weight = MEMORY_DEFAULTS.weight,
  decay = MEMORY_DEFAULTS.decay,
  after = MEMORY_DEFAULTS.after,
  reach = MEMORY_DEFAULTS.reach,
}: {
  ranked: readonly RankedTool[];
  called: readonly CalledTool[];
} & ConversationMemoryOptions): RankedTool[] {
  if (called.length === 0 || weight <= 0) return ranked as RankedTool[];
  const topScore = ranked.reduce((best, tool) => Math.max(best, tool.score), -Infinity);
  const best = topScore > 0 ? topScore : 1;
  const gains = new Map<string, CalledTool>();
  for (const tool of called) if (!gains.has(tool.name) || gains.get(tool.name)!.turnsAgo > tool.turnsAgo) gains.set(tool.name, tool);
  // The score a called tool may reach: its gain, but never above the strategy's tool at place after + turnsAgo − 1.
  const ceilingOf = (turnsAgo: number) => {
    const place = after + turnsAgo - 1;
    const above = place >= 1 ? ranked[Math.min(place, ranked.length) - 1] : undefined;
    return above === undefined || place < 1 ? Infinity : above.score * (1 - 1e-9 * turnsAgo);
  };
  const gainOf = (turnsAgo: number) => best * weight * decay ** (turnsAgo - 1);
  const raised = (score: number, turnsAgo: number) => Math.max(score, Math.min(score + gainOf(turnsAgo), ceilingOf(turnsAgo)));
  const result: Array<RankedTool & { order: number }> = ranked.map((tool, order) => {
    const memory = gains.get(tool.name);
    if (memory === undefined) return { ...tool, order };
    gains.delete(tool.name);
    return {
      name: tool.name,
      score: raised(tool.score, memory.turnsAgo),
      signals: { ...tool.signals, [CALLED_SIGNAL]: memory.turnsAgo },
      order,
    };
  });
  let order = ranked.length;
  for (const memory of [...gains.values()].sort((a, b) => a.turnsAgo - b.turnsAgo)) {
    result.push({
      name: memory.name,
      score: Math.min(gainOf(memory.turnsAgo), ceilingOf(memory.turnsAgo)),
      signals: { [CALLED_SIGNAL]: memory.turnsAgo },
      order: order++,
    });
  }
  result.sort((a, b) => b.score - a.score || a.order - b.order);
  const ranking = result.map(({ order: _order, ...tool }) => tool);
  const place = Math.floor(reach);
  const kept = place > 0 ? toolWithinReach(called) : undefined;
  const at = kept === undefined ? -1 : ranking.findIndex((tool) => tool.name === kept);
  if (at < place) return ranking;
  // Below place `reach`: it enters at that place, scored as the tool it passes (the ranking stays sorted).
  const passed = ranking[place - 1]!;
  const entering = { ...ranking[at]!, score: Math.max(ranking[at]!.score, passed.score) };
  return [...ranking.slice(0, place - 1), entering, ...ranking.slice(place - 1, at), ...ranking.slice(at + 1)];
}

/**
 * The tool memory keeps within reach: the one tool the previous turn called, when it called exactly one (several
 * single none out).
 *
 * @example
 * ```ts
 * toolWithinReach([{ name: "get_weather", turnsAgo: 1 }, { name: "send_email", turnsAgo: 2 }]); // "get_weather"
 * toolWithinReach([{ name: "get_weather", turnsAgo: 1 }, { name: "get_time", turnsAgo: 1 }]); // undefined
 * ```
 */
export function toolWithinReach(called: readonly CalledTool[]): string | undefined {
  const previous = new Set(called.filter((tool) => tool.turnsAgo === 1).map((tool) => tool.name));
  return previous.size === 1 ? [...previous][0] : undefined;
}

/**
 * Validated memory settings, or undefined when memory is off.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad setting.
 */
export function resolveMemoryOptions(
  memory: boolean | ConversationMemoryOptions | undefined,
): Required<ConversationMemoryOptions> | undefined {
  if (memory === false) return undefined;
  const resolved = { ...MEMORY_DEFAULTS, ...(memory === true || memory === undefined ? {} : memory) };
  for (const key of ["weight", "decay", "after", "reach"] as const) {
    const value = resolved[key];
    const whole = key === "reach";
    const share = key === "decay";
    if (
      !(typeof value === "number" && value >= 0 && Number.isFinite(value) && (!whole || Number.isInteger(value)) && (!share || value <= 1))
    ) {
      const valid = whole ? "a whole number ≥ 0" : share ? "a number from 0 to 1" : "a finite number ≥ 0";
      throw new DynamicToolsError("INVALID_OPTION", `memory.${key} must be ${valid}, got ${String(value)}.`, {
        path: ["memory", key],
      });
    }
  }
  return resolved;
}
