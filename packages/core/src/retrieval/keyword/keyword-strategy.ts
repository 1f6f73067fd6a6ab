/**
 * @module The keyword strategy: category-keyword selection as a ranking (current-message matches, then related,
 * history and default categories), so it can be evaluated and swapped like any other strategy.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import { readConversation } from "../../conversation/conversation-text.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { categoryOrderOf, keywordCandidates, orderByTier, type KeywordTier, type TieredCategory } from "./keyword-candidates.js";

const TIER_SCORE: Record<KeywordTier | "default", number> = { current: 4, related: 3, history: 2, default: 1 };

/**
 * Creates the keyword strategy. Scores are by tier (4 current, 3 related, 2 history, 1 default); within a tier,
 * catalog order. It reads the catalog's keywords through its own index ({@link CatalogKeywords}), which follows live
 * updates. Like every strategy it ranks what `filter` allows; which tools may be bound at all is the selection
 * pipeline's filters stage.
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
  let order: { version: number; categoryOrder: Map<string, number> } | undefined;
  return {
    name: "keyword",
    index(target: ToolCatalog) {
      catalog = target;
    },
    rank({ query, history = [], limit, filter }: RankRequest): RankedTool[] {
      if (catalog === undefined) return [];
      const target = catalog;
      const { settings } = target;
      const messages = [...history, query].map((content) => ({ role: "user", content }));
      const conversation = readConversation(messages, { historyMessages: settings.historyMessages, historyWindow: settings.historyWindow });
      const found = keywordCandidates({ catalog: target, conversation, relatedDepth: settings.relatedDepth });
      const categories: TieredCategory[] = [...found.categories];
      if (categories.length === 0 && found.tools.length === 0) {
        for (const name of settings.defaults) categories.push({ name, reason: "default", tier: "default" });
      }
      const allowed = filter ?? (() => true);
      if (order?.version !== target.version) order = { version: target.version, categoryOrder: categoryOrderOf(target) };
      const { categories: sorted, ordered } = orderByTier({
        categoryOrder: order.categoryOrder,
        categories,
        tools: found.tools,
        toolsOf: (name) => target.category(name)?.tools.filter(allowed) ?? [],
        allowed,
      });
      const tierOf = new Map<string, KeywordTier | "default">();
      for (const tool of found.tools) if (!tierOf.has(tool.name)) tierOf.set(tool.name, tool.tier);
      for (const category of sorted) {
        for (const name of target.category(category.name)?.tools ?? []) if (!tierOf.has(name)) tierOf.set(name, category.tier);
      }
      return ordered.slice(0, limit).map((name) => {
        const score = TIER_SCORE[tierOf.get(name) ?? "default"];
        return { name, score, signals: { keyword: score } };
      });
    },
  };
}
