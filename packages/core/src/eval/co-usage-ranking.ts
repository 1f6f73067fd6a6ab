/**
 * @module The co-usage expansion applied to a whole ranking, as a retrieval selector would apply it: the top K
 * cut by AutoCut, then the tools often used with them, then the rest of the ranking. Pure.
 */
import { autoCut } from "../retrieval/hybrid/auto-cut.js";
import type { RankedTool } from "../retrieval/retrieval-strategy.js";
import { expandCoUsage, type CoUsageOptions } from "../selection/expand-co-usage.js";
import type { CoUsageReader } from "../usage/co-usage-reader.js";

/**
 * Reorders a ranking the way `createToolSelector` binds it with usage (defaults: top 10, AutoCut ratio 2, minimum 3):
 * the kept ranked tools, then their co-usage expansion, then every other tool in ranked order. Without an expansion
 * the ranking is unchanged, so an eval compares the expansion alone.
 *
 * @example
 * ```ts
 * rankWithCoUsage(ranked, usage); // ["pay_salary", "get_staff_list" (co-used), "salary_report", …]
 * ```
 */
export function rankWithCoUsage(
  ranked: readonly RankedTool[],
  usage: CoUsageReader,
  { topK = 10, ratio = 2, minimum = 3, ...options }: CoUsageOptions & { topK?: number; ratio?: number; minimum?: number } = {},
): string[] {
  const top = ranked.slice(0, topK);
  const kept = top
    .slice(
      0,
      autoCut(
        top.map((tool) => tool.score),
        { ratio, minimum },
      ),
    )
    .map((tool) => tool.name);
  const names = ranked.map((tool) => tool.name);
  const all = new Set(names);
  const added = expandCoUsage({ chosen: kept, usage, allowed: (name) => all.has(name), present: new Set(kept), ...options }).map(
    (tool) => tool.name,
  );
  const front = new Set([...kept, ...added]);
  return [...kept, ...added, ...names.filter((name) => !front.has(name))];
}
