/**
 * @module Binding policies: given this turn's selection and the tools array the conversation's previous model call
 * sent, decide the tools array of this call. `per-turn` sends the selection as it is; `cache-aware` keeps the
 * previous array unless the conversation needs a tool it lacks, because providers cache the prompt by prefix and
 * the tools array comes first (a changed array re-bills the whole conversation). Pure.
 */
import { applyBudget } from "../budget/apply-budget.js";
import { cacheRules, type CacheRules } from "../cost/cache-rules.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { neededTools, type NeededToolsOptions } from "./needed-tools.js";

/** The policies {@link bindTools} knows. */
export type BindingPolicyName = "cache-aware" | "per-turn";

/** The valid {@link BindingPolicyName}s. */
export const BINDING_POLICIES: readonly BindingPolicyName[] = ["cache-aware", "per-turn"];

/** What a policy decides from. */
export interface BindingInput {
  /** This turn's selection (its `tools` in bind order, core first). */
  selection: ToolSelection;
  /** The tools array the previous model call of this conversation sent, in order; absent on its first call. */
  previous?: readonly string[] | null | undefined;
  /**
   * Whether a previously bound tool may still be bound (the caller may still use it, it is still in the catalog and
   * enabled). A tool that may not is always dropped. @defaultValue every tool
   */
  bindable?: (name: string) => boolean;
  /** Definition tokens of a tool, for the budget and the re-bill estimate. @defaultValue 0 for every tool */
  tokensOf?: (name: string) => number;
  /** Tokens the prompt holds after the tools array (system and messages): what a change of the array re-bills. */
  promptTokens?: number;
  /** The caching rules the re-bill estimate uses. @defaultValue Anthropic's (the dearer re-bill) */
  rules?: CacheRules;
  /** How needed tools are told from the rest of the selection (the tools of a keyword category). */
  needed?: NeededToolsOptions;
}

/** What a policy decided, in plain JSON (it is explained in the selection). */
export interface ToolBinding {
  policy: BindingPolicyName;
  /** The tools array to send, in order. */
  tools: string[];
  /** True when `tools` differs from the previous call's array (always true on a conversation's first call). */
  changed: boolean;
  /** Tools the array gained, in order. */
  added: string[];
  /** Tools it lost. */
  dropped: string[];
  /** Why, in a sentence: `kept: every needed tool is bound (get_salary)` or `changed: get_staff_list is needed …`. */
  reason: string;
  /**
   * Estimated prompt tokens the change re-bills at the uncached or cache-write price instead of the cache-read
   * price: the tools array plus `promptTokens` when the array changed, else 0.
   */
  rebilledTokens: number;
  /**
   * Needed tools the policy left unbound: the array kept the selection's best match, and these rank below it (see
   * {@link bindTools}). Absent when every needed tool is bound.
   */
  unbound?: string[];
}

/**
 * Decides this call's tools array under `policy` (see the module summary).
 *
 * `cache-aware` (the decision weighs what a change re-bills against the risk it removes):
 * - **keep** the previous array, in its order, while every tool the selection *needs* is in it
 *   ({@link neededTools}: what matched the current message, not the tail of a ranking or the default categories);
 * - **keep** it too when a ranked selection's best match for the current message is bound and the needed tools that
 *   are not rank below it, and the change would re-bill something: a change re-bills the whole prompt after the
 *   array's first changed tool (`rebilledTokens`: all of it under Anthropic's breakpoints, at the write price; under
 *   OpenAI everything after the common prefix), while the model already has the tool the evidence favours most. The
 *   tools left out are named in `unbound`. A needed tool the keyword stage matched by name, a needed category's tool,
 *   or a core tool always counts;
 * - a change costs nothing while the prompt (previous array, system and messages) is under the provider's cache
 *   minimum (`rules.minimumTokens`): then any needed tool that is not bound changes the array;
 * - otherwise **change once for the topic**: the previous array stays in order and the whole selection that is
 *   missing is appended, so the following messages on the topic find their tools bound;
 * - **drop** only a tool that may no longer be bound, or, when the budget (`selection.budget`) forces it, the
 *   previous tools the selection does not name, oldest first.
 *
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown policy.
 * @example
 * ```ts
 * const binding = bindTools("cache-aware", { selection, previous: ["get_salary", "get_staff_list"] });
 * binding.changed; // false while the selection needs nothing else
 * binding.reason; // "kept: every needed tool is bound (get_salary)"
 * binding.rebilledTokens; // 0: nothing re-billed
 * ```
 */
export function bindTools(policy: BindingPolicyName, input: BindingInput): ToolBinding {
  if (policy === "per-turn") return perTurn(input);
  if (policy === "cache-aware") return cacheAware(input);
  throw new DynamicToolsError("INVALID_OPTION", `Unknown binding policy "${String(policy)}". Policies: ${BINDING_POLICIES.join(", ")}.`, {
    path: ["binding"],
  });
}

function perTurn(input: BindingInput): ToolBinding {
  const tools = [...input.selection.tools];
  const reason = input.previous == null ? "first call: the selection" : "per-turn: the selection of this message";
  return finish("per-turn", input, tools, reason);
}

function cacheAware(input: BindingInput): ToolBinding {
  const { selection, previous, bindable = () => true, tokensOf } = input;
  if (previous == null) return finish("cache-aware", input, [...selection.tools], "first call: the selection");
  const kept = previous.filter((name) => bindable(name));
  const lost = previous.filter((name) => !bindable(name));
  const bound = new Set(kept);
  const needed = neededTools(selection, input.needed);
  const unbound = needed.filter((name) => !bound.has(name));
  const missingCore = selection.core.filter((name) => !bound.has(name));
  // The cost side: what a change would re-bill (nothing while the prompt is too short to be cached at all).
  const additions = selection.tools.filter((name) => !bound.has(name));
  const rebill = changeCost(input, [...kept, ...additions]);
  const outranked = rebill === 0 ? undefined : bestBoundMatch(selection, bound, unbound);
  if ((unbound.length === 0 || outranked !== undefined) && missingCore.length === 0) {
    const why =
      lost.length > 0
        ? `changed: ${list(lost)} may no longer be bound`
        : unbound.length > 0
          ? `kept: the selection's best match ${outranked} is bound; ${list(unbound)} rank${unbound.length === 1 ? "s" : ""} below it, not worth re-billing about ${rebill} tokens`
          : `kept: every needed tool is bound${needed.length > 0 ? ` (${list(needed)})` : ""}`;
    return finish("cache-aware", input, kept, why, unbound);
  }
  const missing = unbound;
  // Change once for the topic: the previous array in order, then what the selection adds, in its order.
  const selected = new Set(selection.tools);
  const core = new Set(selection.core);
  // Under the budget, what goes first is what this selection does not name, oldest first (the array's front).
  const evictable = kept.filter((name) => !selected.has(name) && !core.has(name));
  const protectedKept = kept.filter((name) => selected.has(name) || core.has(name));
  const { maxTools, maxTokens } = selection.budget;
  const fit = applyBudget({
    ordered: [...protectedKept, ...additions, ...[...evictable].reverse()],
    maxTools,
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(tokensOf === undefined ? {} : { tokensOf }),
  });
  const fits = new Set(fit.selected);
  const tools = [...kept.filter((name) => fits.has(name)), ...additions.filter((name) => fits.has(name))];
  const why = `changed: ${list([...missingCore, ...missing])} ${missing.length + missingCore.length === 1 ? "is" : "are"} needed and not bound; added the selection's ${additions.length} missing tool${additions.length === 1 ? "" : "s"}`;
  return finish("cache-aware", input, tools, why);
}

/**
 * Tokens a change to `tools` would re-bill (see {@link rebilled}), or 0 when the prompt is shorter than the
 * provider's cache minimum: nothing of it is cached, so a change loses nothing.
 */
function changeCost(input: BindingInput, tools: readonly string[]): number {
  const { tokensOf = () => 0, promptTokens = 0, rules = cacheRules("anthropic") } = input;
  const previousTokens = (input.previous ?? []).reduce((sum, name) => sum + tokensOf(name), 0);
  if (previousTokens + promptTokens < rules.minimumTokens) return 0;
  return rebilled(input, tools);
}

/**
 * For a ranked selection: the bound tool the current message ranks best, when it ranks at least as high as every
 * needed tool that is not bound (the array already holds the selection's best evidence); else undefined. Keyword
 * selections have no scores: a needed category's tool that is not bound always counts.
 */
function bestBoundMatch(selection: ToolSelection, bound: ReadonlySet<string>, unbound: readonly string[]): string | undefined {
  if (selection.ranked === undefined || unbound.length === 0) return undefined;
  const missing = new Set(unbound);
  // Only a tool the keyword stage did not choose on its own may be weighed: a matched tool is asked for by name.
  if (selection.matchedTools.some((tool) => tool.tier === "current" && missing.has(tool.name))) return undefined;
  let best: { name: string; score: number } | undefined;
  let bestMissing = Number.NEGATIVE_INFINITY;
  for (const tool of selection.ranked) {
    if (tool.reason === "history") continue;
    if (bound.has(tool.name) && (best === undefined || tool.score > best.score)) best = { name: tool.name, score: tool.score };
    if (missing.has(tool.name)) bestMissing = Math.max(bestMissing, tool.score);
  }
  if (bestMissing === Number.NEGATIVE_INFINITY) return undefined;
  return best !== undefined && best.score >= bestMissing ? best.name : undefined;
}

function finish(
  policy: BindingPolicyName,
  input: BindingInput,
  tools: string[],
  reason: string,
  unbound: readonly string[] = [],
): ToolBinding {
  const previous = input.previous ?? [];
  const before = new Set(previous);
  const after = new Set(tools);
  const changed = input.previous == null || tools.length !== previous.length || tools.some((name, index) => name !== previous[index]);
  const rebilledTokens = changed ? rebilled(input, tools) : 0;
  return {
    policy,
    tools,
    changed,
    added: tools.filter((name) => !before.has(name)),
    dropped: previous.filter((name) => !after.has(name)),
    reason: changed && reason.startsWith("kept") ? `changed: ${reason}` : reason,
    rebilledTokens,
    ...(unbound.length === 0 ? {} : { unbound: [...unbound] }),
  };
}

/** The tokens after the first changed position of the array (all of them under breakpoint rules) plus the prompt. */
function rebilled(
  { previous, tokensOf = () => 0, promptTokens = 0, rules = cacheRules("anthropic") }: BindingInput,
  tools: readonly string[],
): number {
  let common = 0;
  if (previous != null && rules.kind === "automatic") {
    while (common < tools.length && common < previous.length && tools[common] === previous[common]) common++;
  }
  let tokens = promptTokens;
  for (let index = common; index < tools.length; index++) tokens += tokensOf(tools[index]!);
  return tokens;
}

function list(names: readonly string[]): string {
  return names.length <= 4 ? names.join(", ") : `${names.slice(0, 4).join(", ")} and ${names.length - 4} more`;
}
