/**
 * @module The keyword strategy's candidates for a conversation, in tiers: categories and tools whose keywords are in
 * the current message, the categories related to those, then the matches of earlier messages (most recent first)
 * and their related categories. Each carries its reason.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ConversationText } from "../../conversation/conversation-text.js";
import { expandRelated } from "../related-categories.js";
import { CatalogKeywords } from "./catalog-keywords.js";
import type { KeywordMatch } from "./keyword-index.js";

/** The tier a keyword candidate was found in, best first. */
export type KeywordTier = "current" | "related" | "history";

/** A category found by keywords (or related to one), with its reason. */
export interface KeywordCategory {
  name: string;
  /** `keyword "salary" in the current message`, `related to salary`, `from history: "…"`. */
  reason: string;
  tier: KeywordTier;
  keyword?: string;
  relatedTo?: string;
  message?: string;
}

/** A tool found by one of its own keywords. */
export interface KeywordTool {
  name: string;
  reason: string;
  tier: "current" | "history";
  keyword?: string;
  message?: string;
}

/** What {@link keywordCandidates} found, in the order found. */
export interface KeywordCandidates {
  categories: KeywordCategory[];
  tools: KeywordTool[];
}

const QUOTE_LIMIT = 80;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT - 1)}…` : flat;
}

/** Candidates being collected, with the names already found (a message may match hundreds of categories). */
interface Collecting extends KeywordCandidates {
  readonly seenCategories: Set<string>;
  readonly seenTools: Set<string>;
}

function collectMatches(
  catalog: ToolCatalog,
  candidates: Collecting,
  matches: readonly KeywordMatch[],
  tier: "current" | "history",
  message: string,
): void {
  const where = tier === "current" ? "in the current message" : `from history: "${quote(message)}"`;
  for (const { target, keyword } of matches) {
    const seen = target.kind === "category" ? candidates.seenCategories : candidates.seenTools;
    if (seen.has(target.name)) continue;
    seen.add(target.name);
    const reason = tier === "current" ? `keyword "${keyword}" ${where}` : where;
    const entry = { name: target.name, reason, tier, keyword, ...(tier === "history" ? { message } : {}) };
    if (target.kind === "category") candidates.categories.push(entry);
    else if (catalog.has(target.name)) candidates.tools.push(entry);
  }
}

function addRelated(catalog: ToolCatalog, candidates: Collecting, from: "current" | "history", depth: number): void {
  if (depth <= 0) return;
  const start = candidates.categories.filter((category) => category.tier === from).map((category) => category.name);
  const relatedOf = (name: string) => catalog.category(name)?.related ?? [];
  const related = expandRelated({ start, relatedOf, depth, exclude: candidates.seenCategories });
  for (const { name, relatedTo } of related) {
    candidates.seenCategories.add(name);
    const suffix = from === "history" ? " (from history)" : "";
    // Related categories of history matches rank with history: the user's current words come first.
    const tier = from === "current" ? "related" : "history";
    candidates.categories.push({ name, reason: `related to ${relatedTo}${suffix}`, tier, relatedTo });
  }
}

/**
 * The keyword candidates of a conversation. Related categories of current matches form the `related` tier; those of
 * history matches rank with history.
 *
 * @param options.relatedDepth - hops of `related` followed (0: none).
 * @example
 * ```ts
 * const { categories } = keywordCandidates({ catalog, conversation: { current: "pending salary?", history: [] }, relatedDepth: 1 });
 * // [{ name: "salary", tier: "current", … }, { name: "staff", tier: "related", relatedTo: "salary", … }]
 * ```
 */
export function keywordCandidates({
  catalog,
  conversation,
  relatedDepth,
}: {
  catalog: ToolCatalog;
  conversation: ConversationText;
  relatedDepth: number;
}): KeywordCandidates {
  const keywords = CatalogKeywords.of(catalog);
  const candidates: Collecting = { categories: [], tools: [], seenCategories: new Set(), seenTools: new Set() };
  collectMatches(catalog, candidates, keywords.match(conversation.current), "current", conversation.current);
  addRelated(catalog, candidates, "current", relatedDepth);
  // Most recent history first: a follow-up is likelier to refer to the message just before it.
  for (const message of [...conversation.history].reverse()) {
    collectMatches(catalog, candidates, keywords.match(message), "history", message);
  }
  addRelated(catalog, candidates, "history", relatedDepth);
  return { categories: candidates.categories, tools: candidates.tools };
}

/** A candidate category of any tier, the default tier included. */
export type TieredCategory = Omit<KeywordCategory, "tier"> & { tier: KeywordTier | "default" };

/** The tiers in bind order: what the budget keeps first. */
export const TIER_ORDER: ReadonlyArray<KeywordTier | "default"> = ["current", "related", "history", "default"];

/**
 * The bind order of candidates of any strategy: tier by tier, a tier's own tool matches (for a retrieval strategy,
 * its ranked tools form the `current` tier), then its categories' tools (in
 * catalog order of the categories). A tool matched on its own is not repeated by its category.
 *
 * @param options.categoryOrder - each category's position in the catalog (see {@link categoryOrderOf}).
 * @param options.toolsOf - a category's tools that may be bound, in catalog order.
 * @param options.allowed - whether a tool matched on its own may be bound.
 * @returns the categories sorted into tiers, the tool matches kept, and the tool names in bind order.
 */
export function orderByTier({
  categoryOrder,
  categories,
  tools,
  toolsOf,
  allowed,
}: {
  categoryOrder: ReadonlyMap<string, number>;
  categories: readonly TieredCategory[];
  tools: readonly KeywordTool[];
  toolsOf: (category: string) => readonly string[];
  allowed: (name: string) => boolean;
}): { categories: TieredCategory[]; ordered: string[] } {
  const tierOf = (tier: TieredCategory["tier"]) => TIER_ORDER.indexOf(tier);
  const byCatalogOrder = (a: { name: string }, b: { name: string }) => (categoryOrder.get(a.name) ?? 0) - (categoryOrder.get(b.name) ?? 0);
  // Within a tier, categories sort in catalog order so the bound list is stable from turn to turn.
  const sorted = [...categories].sort((a, b) => tierOf(a.tier) - tierOf(b.tier) || byCatalogOrder(a, b));
  const matchedTools = tools.filter((tool) => allowed(tool.name));
  const matchedNames = new Set(matchedTools.map((tool) => tool.name));
  const ordered: string[] = [];
  for (const tier of TIER_ORDER) {
    for (const tool of matchedTools) if (tool.tier === tier) ordered.push(tool.name);
    for (const category of sorted) {
      if (category.tier !== tier) continue;
      // Each tool has one category, so category lists never overlap: only tool-level matches need de-duplicating.
      const members = toolsOf(category.name);
      if (matchedNames.size === 0) for (const name of members) ordered.push(name);
      else for (const name of members) if (!matchedNames.has(name)) ordered.push(name);
    }
  }
  return { categories: sorted, ordered };
}

/** Each category's position in the catalog, for {@link orderByTier}: compute it once per catalog version. */
export function categoryOrderOf(catalog: ToolCatalog): Map<string, number> {
  return new Map(catalog.categories().map((category, index) => [category.name, index]));
}
