/**
 * @module The candidates stage of a retrieval strategy, shared by selection and `tool_search`: the strategy ranks
 * the catalog for the conversation, the filter is enforced again (a custom strategy may ignore it), duplicates go,
 * the top K are kept, a relative-score floor (when given) drops noise, AutoCut (unless off) drops the tail after a
 * large score drop, and each is explained by its score and signals.
 */
import type { ConversationText } from "../conversation/conversation-text.js";
import { autoCut } from "../retrieval/hybrid/auto-cut.js";
import { STEP_SIGNAL } from "../retrieval/lexical/request-steps.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import type { Abstention } from "./abstention.js";
import {
  CALLED_SIGNAL,
  MEMORY_DEFAULTS,
  continuedTools,
  rememberCalledTools,
  toolWithinReach,
  type ConversationMemoryOptions,
} from "./conversation-memory.js";
import type { RankedSelection } from "./tool-selection.js";
import { roundedScore } from "./rounded-score.js";

/** AutoCut settings: cut where a score is more than `ratio` times the next, keeping at least `minimum`. */
export interface AutoCutOptions {
  /** @defaultValue 2 */
  ratio?: number;
  /** @defaultValue 3 */
  minimum?: number;
}

function formatSignal(signal: string, score: number): string {
  if (signal === "exact") return "exact name";
  if (signal === CALLED_SIGNAL) return `called ${score} turn${score === 1 ? "" : "s"} ago`;
  if (signal === STEP_SIGNAL) return `step ${score} of the request`;
  return `${signal} ${roundedScore(score)}`;
}

function formatSignals(tool: RankedTool): string {
  const parts = Object.entries(tool.signals).map(([signal, score]) => formatSignal(signal, score ?? 0));
  const said = parts.length > 0 ? parts.join(", ") : `score ${roundedScore(tool.score)}`;
  if (tool.weights === undefined) return said;
  const weights = Object.entries(tool.weights).map(([signal, weight]) => `${signal} ${Number((weight ?? 0).toFixed(2))}`);
  return `${said} (weights fitted from usage: ${weights.join(", ")})`;
}

/**
 * The ranked candidates of a conversation: at most `topK`, each allowed by `filter`, once; with `minRelativeScore`,
 * only those scoring above 0 and at least that share of the best; then cut by AutoCut unless `cut` is false (with
 * memory, the one tool the previous turn called is kept within memory's `reach`). An empty conversation ranks nothing.
 *
 * @example
 * ```ts
 * const ranked = await rankedCandidates({ strategy, conversation, topK: 10, cut: {}, filter: (name) => selectable.has(name) });
 * // [{ name: "resize_image", rank: 1, score: 4.1, signals: { bm25: 4.1 }, reason: "bm25 4.1" }, …]
 * ```
 */
export async function rankedCandidates({
  strategy,
  conversation,
  topK,
  cut,
  filter,
  minRelativeScore,
  judge,
  memory,
}: {
  strategy: RetrievalStrategy;
  conversation: ConversationText;
  topK: number;
  cut: AutoCutOptions | false;
  filter: (name: string) => boolean;
  /** Drop results scoring 0 or less, or below this share of the best score (`tool_search`'s noise floor). */
  minRelativeScore?: number;
  /**
   * Called with the allowed top K before the noise floor and AutoCut; when it returns an abstention, only the tools
   * the thread last called are kept (see `continuedTools`; none without memory) and the abstention is returned with
   * them.
   */
  judge?: (ranked: readonly RankedTool[]) => Promise<Abstention | undefined>;
  /** Conversation memory: the conversation's called tools ranked up (see `rememberCalledTools`). @defaultValue off */
  memory?: ConversationMemoryOptions;
}): Promise<RankedSelection[] & { abstained?: Abstention }> {
  const called = memory === undefined ? [] : (conversation.calledTools ?? []);
  // Deep enough that a called tool ranked just under the top K is raised from its own score, as eval sees it.
  const strategyResults =
    conversation.current.trim() === "" && conversation.history.length === 0
      ? []
      : await strategy.rank({ query: conversation.current, history: conversation.history, limit: topK + called.length, filter });
  const results = called.length === 0 ? strategyResults : rememberCalledTools({ ranked: strategyResults, called, ...memory });
  // The filter is enforced here too, and duplicates dropped: a custom strategy that ignores the filter must still
  // never bind a filtered tool, nor one tool twice.
  const seen = new Set<string>();
  const permitted = results.filter((tool) => filter(tool.name) && !seen.has(tool.name) && seen.add(tool.name));
  let allowed = permitted.slice(0, topK);
  const abstained = judge === undefined ? undefined : await judge(allowed);
  // Nothing credible: only the tools the thread last called stay (the thread goes on), without a cut.
  if (abstained !== undefined) return Object.assign(selections(continuedTools(permitted).slice(0, topK)), { abstained });
  if (minRelativeScore !== undefined) {
    const best = Math.max(0, ...allowed.map((tool) => tool.score));
    allowed = allowed.filter((tool) => tool.score > 0 && tool.score >= best * minRelativeScore);
  }
  const scores = allowed.map((tool) => tool.score);
  const kept = cut === false ? allowed.length : autoCut(scores, { ratio: cut.ratio ?? 2, minimum: cut.minimum ?? 3 });
  // The one tool the previous turn called stays within reach (memory's `reach`): AutoCut does not drop it.
  const reach = memory?.reach ?? MEMORY_DEFAULTS.reach;
  const within = reach > 0 ? toolWithinReach(called) : undefined;
  const keeps = (tool: RankedTool, index: number) => index < kept || (index < reach && tool.name === within);
  return selections(allowed.filter(keeps));
}

/** Ranked tools as a selection lists them: ranks from 1, with their reasons. */
function selections(tools: readonly RankedTool[]): RankedSelection[] {
  return tools.map((tool, index) => ({
    name: tool.name,
    rank: index + 1,
    score: tool.score,
    signals: tool.signals as Record<string, number>,
    reason: formatSignals(tool),
  }));
}
