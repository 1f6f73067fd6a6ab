/**
 * @module Category-keyword selection (seed 004, done right): keywords in the current message and recent history →
 * categories → related expansion → defaults → filters → budget with core first. A pure function of
 * (catalog, messages, options).
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { readConversation, type ConversationMessage } from "../conversation/conversation-text.js";
import { expandRelated } from "./expand-related.js";
import type { KeywordMatch } from "./keyword-index.js";
import { finishSelection, followCatalog, type SelectionRequest, type SelectToolsOptions } from "./selection-scope.js";
import { TIER_PRIORITY, type SelectedCategory, type SelectedTool, type SelectionTier, type ToolSelection } from "./tool-selection.js";

export type { SelectToolsOptions } from "./selection-scope.js";

/** What a selector reads: one message, or a conversation whose latest human message is the current one. */
export type SelectionInput = string | readonly ConversationMessage[];

/** A selection function with its settings resolved and validated once. */
export type Selector = (input: SelectionInput, request?: SelectionRequest) => ToolSelection;

const QUOTE_LIMIT = 80;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT - 1)}…` : flat;
}

interface Candidates {
  categories: SelectedCategory[];
  tools: SelectedTool[];
}

function collectMatches(
  catalog: ToolCatalog,
  candidates: Candidates,
  matches: readonly KeywordMatch[],
  tier: "current" | "history",
  message: string,
): void {
  const where = tier === "current" ? "in the current message" : `from history: "${quote(message)}"`;
  for (const { target, keyword } of matches) {
    const list: Array<{ name: string }> = target.kind === "category" ? candidates.categories : candidates.tools;
    if (list.some((item) => item.name === target.name)) continue;
    const reason = tier === "current" ? `keyword "${keyword}" ${where}` : where;
    const entry = { name: target.name, reason, tier, keyword, ...(tier === "history" ? { message } : {}) };
    if (target.kind === "category") candidates.categories.push(entry);
    else if (catalog.has(target.name)) candidates.tools.push(entry);
  }
}

function addRelated(catalog: ToolCatalog, candidates: Candidates, from: SelectionTier, depth: number): void {
  const start = candidates.categories.filter((category) => category.tier === from).map((category) => category.name);
  const related = expandRelated({
    start,
    relatedOf: (name) => catalog.category(name)?.related ?? [],
    depth,
    exclude: new Set(candidates.categories.map((category) => category.name)),
  });
  for (const { name, relatedTo } of related) {
    const suffix = from === "history" ? " (from history)" : "";
    // Related categories of history matches rank with history: the user's current words come first.
    candidates.categories.push({ name, reason: `related to ${relatedTo}${suffix}`, tier: from === "current" ? "related" : "history", relatedTo });
  }
}

/**
 * Builds a keyword selector for a catalog. Settings are resolved and validated here, so a bad option fails at
 * construction rather than on the first message.
 *
 * @example
 * ```ts
 * const select = createSelector(catalog, { maxTools: 64 });
 * const selection = select([new HumanMessage("what is pending salary?")]);
 * selection.tools; // core tools, then salary, then staff (related)
 * ```
 */
export function createSelector(catalog: ToolCatalog, options: SelectToolsOptions = {}): Selector {
  const currentScope = followCatalog(catalog, options);
  const tierOf = (tier: SelectionTier) => TIER_PRIORITY.indexOf(tier);

  return function selectForConversation(input: SelectionInput, request: SelectionRequest = {}): ToolSelection {
    // One scope for the whole selection: a live update during it is seen by the next selection, not half of this one.
    const scope = currentScope();
    const { settings, coreSet, bindableCore, selectable, toolsByCategory } = scope;
    const categoryOrder = new Map(catalog.categories().map((category, index) => [category.name, index]));
    const byCatalogOrder = (a: { name: string }, b: { name: string }) => (categoryOrder.get(a.name) ?? 0) - (categoryOrder.get(b.name) ?? 0);
    const conversation = readConversation(input, {
      historyMessages: settings.historyMessages,
      historyWindow: settings.historyWindow,
    });
    const candidates: Candidates = { categories: [], tools: [] };
    collectMatches(catalog, candidates, catalog.keywordIndex.match(conversation.current), "current", conversation.current);
    addRelated(catalog, candidates, "current", settings.relatedDepth);
    // Most recent history first: a follow-up is likelier to refer to the message just before it.
    for (const message of [...conversation.history].reverse()) {
      collectMatches(catalog, candidates, catalog.keywordIndex.match(message), "history", message);
    }
    addRelated(catalog, candidates, "history", settings.relatedDepth);
    if (candidates.categories.length === 0 && candidates.tools.length === 0) {
      for (const name of settings.defaults) candidates.categories.push({ name, reason: "default", tier: "default" });
    }

    // Within a tier, categories sort in catalog order so the bound list is stable from turn to turn.
    const categories = [...candidates.categories].sort((a, b) => tierOf(a.tier) - tierOf(b.tier) || byCatalogOrder(a, b));
    const matchedTools = candidates.tools.filter((tool) => selectable.has(tool.name) && !coreSet.has(tool.name));
    const matchedNames = new Set(matchedTools.map((tool) => tool.name));
    const ordered: string[] = [...bindableCore];
    for (const tier of TIER_PRIORITY) {
      for (const tool of matchedTools) if (tool.tier === tier) ordered.push(tool.name);
      for (const category of categories) {
        if (category.tier !== tier) continue;
        // Each tool has one category, so category lists never overlap: only tool-level matches need de-duplicating.
        const tools = toolsByCategory.get(category.name) ?? [];
        if (matchedNames.size === 0) for (const name of tools) ordered.push(name);
        else for (const name of tools) if (!matchedNames.has(name)) ordered.push(name);
      }
    }

    return finishSelection(scope, { strategy: "keyword", ordered, categories, matchedTools: candidates.tools, conversation }, request.filter);
  };
}

/**
 * Selects the tools to bind for a conversation: a pure function of (catalog, messages, options).
 *
 * @param options.catalog - the full registry.
 * @param options.messages - the conversation (its latest human message is the current one) or a single message.
 * @example
 * ```ts
 * import { selectTools } from "@dynamic-tools/core";
 * const selection = selectTools({ catalog, messages: "what is pending salary?" });
 * console.log(selection.count, selection.categories.map((c) => `${c.name}: ${c.reason}`));
 * ```
 */
export function selectTools({
  catalog,
  messages,
  ...options
}: SelectToolsOptions & { catalog: ToolCatalog; messages: SelectionInput }): ToolSelection {
  return createSelector(catalog, options)(messages);
}
