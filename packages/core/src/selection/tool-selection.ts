/**
 * @module The result of a selection: which tools to bind, in what order, and why. Plain JSON, so it can live in
 * graph state, a checkpoint, a trace or a CLI's output.
 */

import type { CoUsedTool } from "./expand-co-usage.js";
import type { CalledTool } from "../conversation/called-tools.js";
import type { Abstention } from "./abstention.js";
import type { PinnedTool } from "./pinned-tools.js";

/** Why a category or tool was selected, by priority (earlier tiers are trimmed last). */
export type SelectionTier = "current" | "related" | "history" | "default";

/** The priority order of {@link SelectionTier}s: what the budget keeps first. */
export const TIER_PRIORITY: readonly SelectionTier[] = ["current", "related", "history", "default"];

/** A selected category and its reason. */
export interface SelectedCategory {
  name: string;
  /** Human-readable: `keyword "salary" in the current message`, `related to salary`, `from history: "…"`, `default`. */
  reason: string;
  tier: SelectionTier;
  /** The keyword that matched (current and history). */
  keyword?: string;
  /** The category this one is related to (related). */
  relatedTo?: string;
  /** The earlier message that matched (history). */
  message?: string;
}

/** A tool selected on its own by one of its keywords. */
export interface SelectedTool {
  name: string;
  reason: string;
  tier: SelectionTier;
  keyword?: string;
  message?: string;
}

/** A tool chosen by a retrieval strategy, with its score and the signals that found it. */
export interface RankedSelection {
  name: string;
  /** Rank among the strategy's results, from 1. */
  rank: number;
  score: number;
  /** Each signal's own score (`bm25`, `fuzzy`, `exact`, `vector`, …). */
  signals: Record<string, number>;
  /** Its signals in words: `bm25 7.12, fuzzy 0.81`, or `called 2 turns ago` when conversation memory ranked it up. */
  reason: string;
}

/** Which tools to bind this turn, and the whole explanation. */
export interface ToolSelection {
  /** How the tools were chosen. */
  strategy: string;
  /** Tool names in bind order: core first, then by priority. */
  tools: string[];
  /** `tools.length`. */
  count: number;
  /** Tools in the catalog. */
  totalTools: number;
  /** The core tools bound (always first). */
  core: string[];
  /** Selected categories with their reasons, in priority order. */
  categories: SelectedCategory[];
  /** Tools selected on their own by tool-level keywords. */
  matchedTools: SelectedTool[];
  /** Retrieval strategies: the tools the strategy ranked and kept, best first, with scores and signals. */
  ranked?: RankedSelection[];
  /**
   * With usage: tools added after the chosen ones because they are often used with them (`tier: "co-usage"`,
   * reason `often used with …`), in bind order; those the budget cut are also in `trimmed`. Absent without usage.
   */
  coUsed?: CoUsedTool[];
  /**
   * Tools the current message names (by name, or by display name), bound right after the core tools whatever the
   * ranking, `topK`, AutoCut or the budget say, each explained `named in the current message ("…")`. A name that is
   * one ordinary word (`calculator`) counts only when quoted, back-ticked or followed by "tool". When the message names
   * more than the budget holds after the core tools, those it holds (in the message's order); the rest are in
   * `trimmed`. Absent when none is bound.
   */
  pinned?: PinnedTool[];
  /**
   * Retrieval with abstention: set when no ranked tool was a credible match (small talk, thanks, off-topic), so no
   * ranked tool (nor what it would pull in, nor the catalog's declared defaults) was bound: only core tools, tools the
   * message names, and, in a thread, the tools the thread last called (an elliptical follow-up, "and for
   * yesterday?", goes on with them; they are then all of `ranked`, else it is empty). `reason` says which floor
   * nothing reached and what ranked best. Absent when the selection found something credible, or abstention is off.
   */
  abstained?: Abstention;
  /** Tools that were chosen but cut by the budget, highest priority first. */
  trimmed: string[];
  /** The limit that cut them. */
  trimmedBy?: "maxTools" | "maxTokens";
  /** The limits in force. */
  budget: { maxTools: number; maxTokens?: number };
  /**
   * Definition tokens (o200k_base) of the selected tools versus every enabled tool; absent when not counted.
   * `selected` is counted in this process when `maxTokens` is set; without it, a catalog restored from a snapshot
   * reports the snapshot's counts (`ToolCatalog.knownTokensOf`). `all` is an estimate, marked `allEstimated: true`,
   * until the catalog's exact count finishes in the background (see `ToolCatalog.estimatedTotalTokens`).
   */
  tokens?: { selected: number; all: number; allEstimated?: true };
  /**
   * What the selection read: the current message, earlier human messages and, when the thread called tools in
   * earlier turns, those tools with how many turns ago (`calledTools`, ranked up by conversation memory).
   */
  query: { current: string; history: string[]; calledTools?: CalledTool[] };
  /**
   * Catalog tools never bound to a model although they run when called (a name or schema model APIs reject), with
   * the reason; absent when there are none.
   */
  unbindable?: Array<{ name: string; reason: string }>;
}
