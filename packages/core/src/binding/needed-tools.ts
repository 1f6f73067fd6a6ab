/**
 * @module Which tools of a selection the conversation needs now (as opposed to what the selection adds around them):
 * what the cache-aware policy changes the tools array for. Pure.
 */
import type { ToolSelection } from "../selection/tool-selection.js";

/**
 * A ranked tool is needed when its score is at least this share of the best score. The rest of a ranking (kept by
 * `topK` and AutoCut) is context a change brings along, not a reason to change.
 */
export const NEEDED_SCORE_RATIO = 0.5;

/** Options of {@link neededTools}. */
export interface NeededToolsOptions {
  /** The tools of a category (keyword selections name categories, not each tool). */
  membersOf?: (category: string) => readonly string[];
  /** @defaultValue {@link NEEDED_SCORE_RATIO} */
  scoreRatio?: number;
}

/**
 * The selected tools the current message asks for, in selection order: for a keyword selection the tools of the
 * categories its keywords matched in the current message and the tools matched on their own (not related, history or
 * default categories); for a retrieval selection the ranked tools found through the current message whose score is
 * at least `scoreRatio` of the best. Only tools the selection kept (`selection.tools`) count.
 *
 * @example
 * ```ts
 * neededTools(selection, { membersOf: (category) => catalog.category(category)?.tools ?? [] });
 * // ["get_pending_salaries", "get_salary_history", …] for "what is pending salary?" (not the related staff tools)
 * ```
 */
export function neededTools(selection: ToolSelection, { membersOf, scoreRatio = NEEDED_SCORE_RATIO }: NeededToolsOptions = {}): string[] {
  const wanted = new Set<string>();
  if (selection.ranked !== undefined) {
    const current = selection.ranked.filter((tool) => tool.reason !== "history");
    const best = current.reduce((top, tool) => Math.max(top, tool.score), 0);
    for (const tool of current) if (tool.score >= best * scoreRatio) wanted.add(tool.name);
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
