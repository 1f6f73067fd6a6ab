/**
 * @module The budget: keeps the longest prefix of a priority-ordered tool list that fits `maxTools` and
 * `maxTokens`. Pure.
 */

/** What {@link applyBudget} kept and cut. */
export interface BudgetResult {
  selected: string[];
  trimmed: string[];
  /** Which limit cut the list first, if any. */
  trimmedBy: "maxTools" | "maxTokens" | undefined;
  /** Tokens of the selected definitions (0 when tokens are not counted). */
  tokens: number;
}

/** Inputs of {@link applyBudget}. */
export interface ApplyBudgetOptions {
  /** Tool names, highest priority first (core tools first). */
  ordered: readonly string[];
  /** Most tools. */
  maxTools: number;
  /** Most tokens. @defaultValue Infinity */
  maxTokens?: number;
  /** Token cost of one tool's definition; omitted when tokens are not counted. */
  tokensOf?: (name: string) => number;
}

/**
 * Walks `ordered` and keeps tools while both limits hold; the first tool that does not fit and everything after
 * it are trimmed, so a lower-priority tool is never kept in place of a higher-priority one.
 *
 * @example
 * ```ts
 * applyBudget({ ordered: ["a", "b", "c"], maxTools: 2 });
 * // { selected: ["a", "b"], trimmed: ["c"], trimmedBy: "maxTools", tokens: 0 }
 * ```
 */
export function applyBudget({ ordered, maxTools, maxTokens = Infinity, tokensOf }: ApplyBudgetOptions): BudgetResult {
  const selected: string[] = [];
  let tokens = 0;
  let trimmedBy: BudgetResult["trimmedBy"];
  for (const name of ordered) {
    if (selected.length >= maxTools) {
      trimmedBy = "maxTools";
      break;
    }
    const cost = tokensOf?.(name) ?? 0;
    if (tokens + cost > maxTokens) {
      trimmedBy = "maxTokens";
      break;
    }
    selected.push(name);
    tokens += cost;
  }
  return { selected, trimmed: ordered.slice(selected.length), trimmedBy, tokens };
}
