/**
 * @module Which tools of a selection the conversation needs now (as opposed to what the selection adds around them),
 * what the cache-aware policy changes the tools array for, and which it binds for the topic when it does. Pure.
 */
import { CALLED_SIGNAL } from "../selection/conversation-memory.js";
import type { RankedSelection, ToolSelection } from "../selection/tool-selection.js";

/**
 * A ranked tool is needed when its score is at least this share of the best score. The rest of a ranking (kept by
 * `topK` and AutoCut) is context a change brings along, not a reason to change.
 */
export const NEEDED_SCORE_RATIO = 0.5;

/**
 * A ranked tool scoring under this share of the best is the tail of a ranking (kept by `topK` to be safe): a
 * cache-aware array leaves it out, since every tool bound is re-read on each call and re-written on each change, and
 * the tail is rarely what a later message on the topic asks for.
 */
export const TOPIC_SCORE_RATIO = 0.3;

/** Options of {@link neededTools}. */
export interface NeededToolsOptions {
  /** The tools of a category (keyword selections name categories, not each tool). */
  membersOf?: (category: string) => readonly string[];
  /** @defaultValue {@link NEEDED_SCORE_RATIO} */
  scoreRatio?: number;
}

/**
 * The selected tools the current message asks for, in selection order: the tools it names (`pinned`); for a keyword
 * selection the tools of the categories its keywords matched in the current message and the tools matched on their
 * own (not related, history or default categories); for a retrieval selection the ranked tools found through the
 * current message whose score is at least `scoreRatio` of the best (a tool conversation memory alone brought in, because
 * the thread called it, is not needed). Only tools the selection kept
 * (`selection.tools`) count.
 *
 * @example
 * ```ts
 * neededTools(selection, { membersOf: (category) => catalog.category(category)?.tools ?? [] });
 * // ["get_pending_salaries", "get_salary_history", …] for "what is pending salary?" (not the related staff tools)
 * ```
 */
export function neededTools(selection: ToolSelection, { membersOf, scoreRatio = NEEDED_SCORE_RATIO }: NeededToolsOptions = {}): string[] {
  const wanted = new Set<string>(selection.pinned?.map((tool) => tool.name));
  if (selection.ranked !== undefined) {
    const best = bestCurrentScore(selection);
    for (const tool of selection.ranked) if (foundByMessage(tool) && tool.score >= best * scoreRatio) wanted.add(tool.name);
  }
  for (const tool of selection.matchedTools) if (tool.tier === "current") wanted.add(tool.name);
  for (const category of selection.categories) {
    if (category.tier !== "current") continue;
    if (membersOf === undefined) {
      // Without membership every selected tool of the turn counts: a change is never skipped for a lack of knowledge.
      for (const name of selection.tools) wanted.add(name);
      break;
    }
    for (const name of membersOf(category.name)) wanted.add(name);
  }
  const core = new Set(selection.core);
  return selection.tools.filter((name) => wanted.has(name) && !core.has(name));
}

/**
 * The tools a cache-aware array binds for the topic of `selection`, in selection order: the whole selection but the
 * tail of its ranking, the ranked tools scoring under `topicRatio` of the best ({@link TOPIC_SCORE_RATIO}) that the
 * message does not need. Core tools, named tools, needed tools, categories, defaults and co-used tools all stay; a
 * selection without a ranking (keyword) is bound whole.
 *
 * @example
 * ```ts
 * topicTools(selection); // the selection without the ranked tools scoring under 0.3 of the best
 * ```
 */
export function topicTools(
  selection: ToolSelection,
  { topicRatio = TOPIC_SCORE_RATIO, ...options }: NeededToolsOptions & { topicRatio?: number } = {},
): string[] {
  return topicOf(selection, neededTools(selection, options), topicRatio);
}

/** {@link topicTools} given the selection's {@link neededTools} (the cache-aware policy has them already). */
export function topicOf(selection: ToolSelection, neededNames: readonly string[], topicRatio = TOPIC_SCORE_RATIO): string[] {
  if (selection.ranked === undefined) return [...selection.tools];
  const needed = new Set(neededNames);
  const best = bestCurrentScore(selection);
  const tail = new Set(
    selection.ranked.filter((tool) => tool.score < best * topicRatio && !needed.has(tool.name)).map((tool) => tool.name),
  );
  const core = new Set(selection.core);
  return selection.tools.filter((name) => core.has(name) || !tail.has(name));
}

/** The best score of the ranked tools the messages found (not those conversation memory alone brought in). */
function bestCurrentScore(selection: ToolSelection): number {
  let best = 0;
  for (const tool of selection.ranked ?? []) if (foundByMessage(tool)) best = Math.max(best, tool.score);
  return best;
}

/** A ranked tool the strategy found, as opposed to one conversation memory alone brought in (its only signal `called`). */
function foundByMessage(tool: RankedSelection): boolean {
  const signals = Object.keys(tool.signals);
  return !(signals.length === 1 && signals[0] === CALLED_SIGNAL);
}
