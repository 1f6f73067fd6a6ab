/**
 * @module The keyword strategy: the foundation's category-keyword selection as a ranking (current-message matches,
 * then related, history and default categories), so it can be evaluated and swapped like any other strategy.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { createSelector, type Selector } from "../selection/select-tools.js";
import { TIER_PRIORITY, type SelectionTier } from "../selection/tool-selection.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "./retrieval-strategy.js";

const TIER_SCORE: Record<SelectionTier, number> = { current: 4, related: 3, history: 2, default: 1 };

/**
 * Creates the keyword strategy. Scores are by tier (4 current, 3 related, 2 history, 1 default); within a tier,
 * catalog order.
 *
 * @example
 * ```ts
 * const keyword = createKeywordStrategy();
 * keyword.index(catalog);
 * keyword.rank({ query: "what is pending salary?", limit: 10 });
 * ```
 */
export function createKeywordStrategy(): RetrievalStrategy {
  let catalog: ToolCatalog | undefined;
  let select: Selector | undefined;
  return {
    name: "keyword",
    index(target: ToolCatalog) {
      catalog = target;
      // No core tools and no cap: the strategy ranks, the selection pipeline adds core tools and the budget.
      select = createSelector(target, { core: [], maxTools: Math.max(1, target.size), countTokens: false });
    },
    rank({ query, history = [], limit, filter }: RankRequest): RankedTool[] {
      if (select === undefined || catalog === undefined) return [];
      const selection = select([...history, query].map((content) => ({ role: "user", content })));
      const tierOf = new Map<string, SelectionTier>();
      for (const tool of selection.matchedTools) if (!tierOf.has(tool.name)) tierOf.set(tool.name, tool.tier);
      for (const category of [...selection.categories].sort((a, b) => TIER_PRIORITY.indexOf(a.tier) - TIER_PRIORITY.indexOf(b.tier))) {
        for (const name of catalog.category(category.name)?.tools ?? []) if (!tierOf.has(name)) tierOf.set(name, category.tier);
      }
      return selection.tools
        .filter((name) => filter === undefined || filter(name))
        .slice(0, limit)
        .map((name) => {
          const score = TIER_SCORE[tierOf.get(name) ?? "default"];
          return { name, score, signals: { keyword: score } };
        });
    },
  };
}
