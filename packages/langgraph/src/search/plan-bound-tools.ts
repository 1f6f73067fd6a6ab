/**
 * @module The budget over everything bound: core + tool_search + this turn's selection + loaded tools never exceed
 * `maxTools` / `maxTokens`. Loaded tools that do not fit are unloaded least recently used first; core tools never
 * are. Pure; each group is cut by core's one budget ({@link applyBudget}) with what the groups before it left.
 */
import { applyBudget } from "@dynamic-tools/core/internal";

/** Inputs of {@link planBoundTools}. */
export interface PlanBoundToolsInput {
  /** Always bound, first, never trimmed: the core tools, then `tool_search`. */
  fixed: readonly string[];
  /** This turn's selection (without core), highest priority first. */
  selected: readonly string[];
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

/** What {@link planBoundTools} decided. */
export interface BoundToolsPlan {
  /** Bind order: fixed, then the kept selection, then the kept loaded tools in first-load order. */
  tools: string[];
  /** The selection kept (bound in the selection's slot). */
  selected: string[];
  /** Loaded tools bound after the selection, in first-load order. */
  loaded: string[];
  /** Selection tools cut by the budget, highest priority first. */
  trimmed: string[];
  /** Loaded tools unloaded by the budget, least recently used first. */
  unloaded: string[];
  /** The limit that cut first, if any. */
  trimmedBy: "maxTools" | "maxTokens" | undefined;
  /** Tokens of the bound definitions (0 when not counted). */
  tokens: number;
}

/**
 * Decides what to bind. Priority (what the budget keeps first): the fixed tools; loaded tools used this turn, most
 * recent first; the selection, as a prefix; older loaded tools, most recent first. Within each group the first
 * tool that does not fit and everything after it are cut, so a less recently used tool is never kept in place of
 * a more recent one. A loaded tool that is also selected keeps its loaded slot.
 *
 * @example
 * ```ts
 * planBoundTools({ fixed: ["get_gym_info", "tool_search"], selected: [], loaded: ["a", "b", "c"],
 *   lastUsed: new Map([["a", 9], ["b", 2], ["c", 5]]), maxTools: 4 });
 * // { tools: ["get_gym_info", "tool_search", "a", "c"], unloaded: ["b"], trimmedBy: "maxTools", … }
 * ```
 */
export function planBoundTools(input: PlanBoundToolsInput): BoundToolsPlan {
  const { fixed, maxTools, maxTokens = Infinity, tokensOf, lastUsed = new Map<string, number>(), turnStart = Infinity } = input;
  const fixedSet = new Set(fixed);
  const loaded = [...new Set(input.loaded)].filter((name) => !fixedSet.has(name));
  const loadedSet = new Set(loaded);
  const selected = [...new Set(input.selected)].filter((name) => !fixedSet.has(name) && !loadedSet.has(name));
  const loadOrder = new Map(loaded.map((name, index) => [name, index]));
  const recencyOf = (name: string) => lastUsed.get(name) ?? -1;
  const byRecency = [...loaded].sort((a, b) => recencyOf(b) - recencyOf(a) || loadOrder.get(b)! - loadOrder.get(a)!);
  const current = byRecency.filter((name) => recencyOf(name) >= turnStart);
  const older = byRecency.filter((name) => recencyOf(name) < turnStart);

  let count = fixed.length;
  let tokens = fixed.reduce((sum, name) => sum + (tokensOf?.(name) ?? 0), 0);
  let trimmedBy: BoundToolsPlan["trimmedBy"];
  /** Keeps the longest prefix of `names` that fits what is left (nothing once a group was cut). */
  const takePrefix = (names: readonly string[]): string[] => {
    if (trimmedBy !== undefined) return [];
    const left = applyBudget({
      ordered: names,
      maxTools: maxTools - count,
      maxTokens: maxTokens - tokens,
      ...(tokensOf === undefined ? {} : { tokensOf }),
    });
    trimmedBy = left.trimmedBy;
    count += left.selected.length;
    tokens += left.tokens;
    return left.selected;
  };
  const keptCurrent = takePrefix(current);
  const keptSelected = takePrefix(selected);
  const kept = new Set([...keptCurrent, ...takePrefix(older)]);
  const selectedSet = new Set(keptSelected);
  return {
    tools: [...fixed, ...keptSelected, ...loaded.filter((name) => kept.has(name))],
    selected: keptSelected,
    loaded: loaded.filter((name) => kept.has(name)),
    trimmed: selected.filter((name) => !selectedSet.has(name)),
    unloaded: [...byRecency].reverse().filter((name) => !kept.has(name)),
    trimmedBy,
    tokens,
  };
}
