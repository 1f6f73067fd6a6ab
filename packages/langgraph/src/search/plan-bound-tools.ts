/**
 * @module What is bound beside the selection in the search modes: core + tool_search + loaded tools, within
 * `maxTools` / `maxTokens`. The selection itself is cut once, by the pipeline's budget, with the room of what is bound
 * ahead of it reserved ({@link boundAhead}); loaded tools that do not fit are unloaded least recently used first;
 * core tools never are. Pure; each loaded group is cut by core's budget function ({@link applyBudget}) with what the
 * tools before it left.
 */
import { applyBudget } from "@dynamic-tools/core/internal";

/** Inputs of {@link boundAhead}. */
export interface BoundAheadInput {
  /** Always bound, first, never trimmed: the core tools, then `tool_search`. */
  fixed: readonly string[];
  /** The loaded set, in first-load order. */
  loaded: readonly string[];
  /** Tool name → when it was last loaded or called (higher is more recent); absent means unknown (oldest). */
  lastUsed?: ReadonlyMap<string, number>;
  /**
   * Loads and calls at or after this position belong to the current turn: those loaded tools rank above the
   * selection (the model asked for them just now); older ones rank below it. @defaultValue Infinity (none)
   */
  turnStart?: number;
  maxTools: number;
  /** @defaultValue Infinity */
  maxTokens?: number;
  /** Token cost of a definition; omitted when tokens are not counted. */
  tokensOf?: (name: string) => number;
}

/** What is bound ahead of the selection: its room is reserved in the pipeline's budget. */
export interface BoundAhead {
  /** Loaded tools used this turn that fit after the fixed tools, most recent first. */
  loaded: string[];
  /** The other loaded tools (not fixed), most recent first: bound after the selection if they fit. */
  older: string[];
  /** Tools bound ahead of the selection, fixed included. */
  count: number;
  /** Their tokens (0 when not counted). */
  tokens: number;
  /** Set when a loaded tool of this turn did not fit: nothing after it is bound. */
  trimmedBy: "maxTools" | "maxTokens" | undefined;
}

/** Inputs of {@link planBoundTools}. */
export interface PlanBoundToolsInput extends BoundAheadInput {
  /**
   * This turn's selection (without core), as the pipeline's one budget kept it with {@link boundAhead}'s room
   * reserved: bound as given, never cut again.
   */
  selected: readonly string[];
}

/** What {@link planBoundTools} decided. */
export interface BoundToolsPlan {
  /** Bind order: fixed, then the selection, then the kept loaded tools in first-load order. */
  tools: string[];
  /** The selection bound (in the selection's slot). */
  selected: string[];
  /** Loaded tools bound after the selection, in first-load order. */
  loaded: string[];
  /** Loaded tools unloaded by the budget, least recently used first. */
  unloaded: string[];
  /** The limit that unloaded a tool first, if any. */
  trimmedBy: "maxTools" | "maxTokens" | undefined;
  /** Tokens of the bound definitions (0 when not counted). */
  tokens: number;
}

/** Loaded tools without the fixed ones, once each, in first-load order. */
function loadedOf({ fixed, loaded }: Pick<BoundAheadInput, "fixed" | "loaded">): string[] {
  const fixedSet = new Set(fixed);
  return [...new Set(loaded)].filter((name) => !fixedSet.has(name));
}

/**
 * Loaded tools, most recently used first. Ties: tools last used by the same message (one `tool_search` result, whose
 * loads are in its rank order: its best match, then the rest of its namespace) keep that order, so the budget unloads
 * a namespace's filler before the match the model searched for; of tools of unknown recency, a later load counts as
 * more recent.
 */
function mostRecentFirst(loaded: readonly string[], lastUsed: ReadonlyMap<string, number>): string[] {
  const loadOrder = new Map(loaded.map((name, index) => [name, index]));
  const recencyOf = (name: string) => lastUsed.get(name) ?? -1;
  const order = (a: string, b: string) => loadOrder.get(a)! - loadOrder.get(b)!;
  return [...loaded].sort((a, b) => recencyOf(b) - recencyOf(a) || (recencyOf(a) < 0 ? order(b, a) : order(a, b)));
}

/**
 * The fixed tools, then the loaded tools used this turn (most recent first) while they fit: what is bound ahead of
 * the selection, whose room a caller reserves in the pipeline's budget (`SelectionRequest.reserve`).
 *
 * @example
 * ```ts
 * boundAhead({ fixed: ["get_gym_info", "tool_search"], loaded: ["a", "b"], lastUsed: new Map([["b", 7]]), turnStart: 5, maxTools: 6 });
 * // { loaded: ["b"], older: ["a"], count: 3, tokens: 0, trimmedBy: undefined }
 * ```
 */
export function boundAhead(input: BoundAheadInput): BoundAhead {
  const { fixed, maxTools, maxTokens = Infinity, tokensOf, lastUsed = new Map<string, number>(), turnStart = Infinity } = input;
  const loaded = loadedOf(input);
  const byRecency = mostRecentFirst(loaded, lastUsed);
  const current = byRecency.filter((name) => (lastUsed.get(name) ?? -1) >= turnStart);
  const fixedTokens = fixed.reduce((sum, name) => sum + (tokensOf?.(name) ?? 0), 0);
  const fit = applyBudget({
    ordered: current,
    maxTools: maxTools - fixed.length,
    maxTokens: maxTokens - fixedTokens,
    ...(tokensOf === undefined ? {} : { tokensOf }),
  });
  const kept = new Set(fit.selected);
  return {
    loaded: fit.selected,
    older: byRecency.filter((name) => !kept.has(name)),
    count: fixed.length + fit.selected.length,
    tokens: fixedTokens + fit.tokens,
    trimmedBy: fit.trimmedBy,
  };
}

/**
 * Decides what to bind. Priority (what the budget keeps first): the fixed tools; loaded tools used this turn, most
 * recent first; the selection, as the pipeline's budget kept it; older loaded tools, most recent first, in what is
 * left. Within each loaded group the first tool that does not fit and everything after it are unloaded, so a less
 * recently used tool is never kept in place of a more recent one. A loaded tool that is also selected keeps its
 * loaded slot.
 *
 * @example
 * ```ts
 * planBoundTools({ fixed: ["get_gym_info", "tool_search"], selected: [], loaded: ["a", "b", "c"],
 *   lastUsed: new Map([["a", 9], ["b", 2], ["c", 5]]), maxTools: 4 });
 * // { tools: ["get_gym_info", "tool_search", "a", "c"], unloaded: ["b"], trimmedBy: "maxTools", … }
 * ```
 */
export function planBoundTools(input: PlanBoundToolsInput): BoundToolsPlan {
  const { fixed, maxTools, maxTokens = Infinity, tokensOf } = input;
  const loaded = loadedOf(input);
  const ahead = boundAhead(input);
  const excluded = new Set([...fixed, ...loaded]);
  const selected = [...new Set(input.selected)].filter((name) => !excluded.has(name));
  const count = ahead.count + selected.length;
  const tokens = ahead.tokens + selected.reduce((sum, name) => sum + (tokensOf?.(name) ?? 0), 0);
  // Older loaded tools take what is left, unless a loaded tool of this turn was already cut.
  const older =
    ahead.trimmedBy === undefined
      ? applyBudget({
          ordered: ahead.older,
          maxTools: maxTools - count,
          maxTokens: maxTokens - tokens,
          ...(tokensOf === undefined ? {} : { tokensOf }),
        })
      : { selected: [], tokens: 0, trimmedBy: ahead.trimmedBy };
  const kept = new Set([...ahead.loaded, ...older.selected]);
  const byRecency = [...ahead.loaded, ...ahead.older];
  return {
    tools: [...fixed, ...selected, ...loaded.filter((name) => kept.has(name))],
    selected,
    loaded: loaded.filter((name) => kept.has(name)),
    unloaded: byRecency.reverse().filter((name) => !kept.has(name)),
    trimmedBy: ahead.trimmedBy ?? older.trimmedBy,
    tokens: tokens + older.tokens,
  };
}
