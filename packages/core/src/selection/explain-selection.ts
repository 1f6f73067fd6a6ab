/**
 * @module The last stages: budget (core first, count and tokens, through {@link applyBudget}), the learned
 * co-usage expansion after what the budget kept, and the explanation: the assembled {@link ToolSelection}.
 */
import { applyBudget } from "../budget/apply-budget.js";
import type { ConversationText } from "../conversation/conversation-text.js";
import { expandCoUsage, type CoUsedTool } from "./expand-co-usage.js";
import type { Abstention } from "./abstention.js";
import type { PinnedTool } from "./pinned-tools.js";
import type { SelectionReserve, SelectionScope } from "./selection-scope.js";
import type { RankedSelection, SelectedCategory, SelectedTool, ToolSelection } from "./tool-selection.js";

/** The parts of a selection a selector decided; {@link finishSelection} adds the budget and tokens. */
export interface SelectionDraft {
  strategy: string;
  /** Candidate tools, highest priority first, core first. */
  ordered: readonly string[];
  categories: SelectedCategory[];
  matchedTools: SelectedTool[];
  ranked?: RankedSelection[];
  /** Tools the current message names, bound right after core. */
  pinned?: PinnedTool[];
  /** Set when no ranked tool was credible. */
  abstained?: Abstention;
  conversation: ConversationText;
}

/**
 * Applies the budget (count and tokens, less what `reserve` keeps for tools bound beside the selection) and
 * assembles the explanation.
 */
export function finishSelection(
  scope: SelectionScope,
  { strategy, ordered: candidates, categories, matchedTools, ranked, pinned, abstained, conversation }: SelectionDraft,
  filter?: (name: string) => boolean,
  reserve: SelectionReserve = { tools: 0, tokens: 0 },
): ToolSelection {
  const { catalog, settings, countTokens } = scope;
  const ordered = filter === undefined ? candidates : candidates.filter((name) => filter(name));
  // A token budget counts the tools it walks (at most maxTools + 1) in this process, whatever a snapshot says; a
  // report alone takes the counts the catalog knows (a restored catalog's, with no tokenizer loaded).
  const tokensOf =
    settings.maxTokens !== undefined
      ? (name: string) => catalog.tokensOf(name)
      : countTokens
        ? (name: string) => catalog.knownTokensOf(name)
        : undefined;
  const budgetOf = (list: readonly string[]) =>
    applyBudget({
      ordered: list,
      maxTools: settings.maxTools - reserve.tools,
      ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens - reserve.tokens }),
      ...(tokensOf === undefined ? {} : { tokensOf }),
    });
  let budget = budgetOf(ordered);
  let coUsed: CoUsedTool[] | undefined;
  if (scope.coUsage !== undefined) {
    // Expanded from the tools the budget kept, appended after every candidate: an expansion is trimmed first.
    const { usage, minWeight, maxTools } = scope.coUsage;
    coUsed = expandCoUsage({
      chosen: budget.selected.filter((name) => !scope.coreSet.has(name)),
      usage,
      allowed: (name) => scope.selectable.has(name) && (filter === undefined || filter(name)),
      present: () => new Set(ordered),
      minWeight,
      maxTools,
    });
    if (coUsed.length > 0) budget = budgetOf([...ordered, ...coUsed.map((tool) => tool.name)]);
  }
  const selection: ToolSelection = {
    strategy,
    tools: budget.selected,
    count: budget.selected.length,
    totalTools: catalog.size,
    core: filter === undefined ? [...scope.bindableCore] : scope.bindableCore.filter((name) => filter(name)),
    categories,
    matchedTools,
    trimmed: budget.trimmed,
    budget: { maxTools: settings.maxTools, ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }) },
    query: conversation,
  };
  if (ranked !== undefined) selection.ranked = ranked;
  // Only the named tools the budget kept (more named than it holds: the rest are in `trimmed`).
  const boundPins = pinned?.filter((tool) => budget.selected.includes(tool.name));
  if (boundPins !== undefined && boundPins.length > 0) selection.pinned = boundPins;
  if (abstained !== undefined) selection.abstained = abstained;
  if (coUsed !== undefined) selection.coUsed = coUsed;
  if (scope.unbindable.length > 0) selection.unbindable = scope.unbindable.map((entry) => ({ ...entry }));
  if (budget.trimmedBy !== undefined) selection.trimmedBy = budget.trimmedBy;
  if (countTokens) {
    const all = catalog.estimatedTotalTokens();
    selection.tokens = { selected: budget.tokens, all: all.tokens, ...(all.exact ? {} : { allEstimated: true as const }) };
  }
  return selection;
}
