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
import { neededTools, topicOf, type NeededToolsOptions } from "./needed-tools.js";
import { callSavings } from "./savings-ledger.js";

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
  /**
   * Every tool the conversation may bind (the constant array binding them all would send): the baseline of the
   * savings ledger. With it, `cache-aware` changes the array only while the conversation has saved, against binding
   * every tool from its first call, at least what the change re-bills, so it never costs more than that baseline
   * (see {@link callSavings}).
   */
  everyTool?: readonly string[];
  /** What the conversation saved up to its previous call (that call's {@link ToolBinding.saved}). @defaultValue 0 */
  saved?: number;
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
   * Needed tools the policy left unbound: the change that would bind them would have cost more than the conversation
   * has saved (see {@link bindTools}). Absent when every needed tool is bound.
   */
  unbound?: string[];
  /**
   * With `everyTool`: what the conversation has saved, this call included, against binding every tool from its first
   * call, in whole plain input tokens, rounded down so that the ledger never credits more than was saved (pass it back
   * as the next call's `saved`).
   */
  saved?: number;
}

/**
 * Decides this call's tools array under `policy` (see the module summary).
 *
 * `cache-aware` (the decision weighs what a change re-bills against what the conversation has saved):
 * - **keep** the previous array, in its order, while every tool the selection *needs* is in it
 *   ({@link neededTools}: what matched the current message, not the tail of a ranking or the default categories);
 * - a change costs nothing while the prompt (previous array, system and messages) is under the provider's cache
 *   minimum (`rules.minimumTokens`): then any needed tool that is not bound changes the array;
 * - otherwise a change re-bills the whole prompt after the array's first changed tool (`rebilledTokens`: all of it
 *   under Anthropic's breakpoints, at the write price; under OpenAI everything after the common prefix). Given
 *   `everyTool`, the conversation keeps a ledger of what its smaller arrays saved against binding every tool from the
 *   first call ({@link callSavings}, `saved`), and **keeps** the array, naming the needed tools in `unbound`, when
 *   the change would spend more than that: the conversation never costs more than binding everything. A missing core
 *   tool always changes it;
 * - otherwise **change once for the topic**: the previous array stays in order and the selection's topic that is
 *   missing is appended ({@link topicTools}: the selection but the tail of its ranking, the ranked tools scoring under
 *   a third of the best that the message does not need, which every later call would re-read), so the following
 *   messages on the topic find their tools bound;
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
  const { selection, previous, bindable = () => true } = input;
  const needed = neededTools(selection, input.needed);
  if (previous == null) {
    const topic = topicOf(selection, needed);
    const tail = selection.tools.length - topic.length;
    return finish(
      "cache-aware",
      input,
      topic,
      `first call: the selection${tail === 0 ? "" : ` but the ${tail} tool${tail === 1 ? "" : "s"} of its ranking's tail`}`,
    );
  }
  const kept = previous.filter((name) => bindable(name));
  const lost = previous.filter((name) => !bindable(name));
  const bound = new Set(kept);
  const unbound = needed.filter((name) => !bound.has(name));
  const missingCore = selection.core.filter((name) => !bound.has(name));
  const keep = (why: string) =>
    finish("cache-aware", input, kept, lost.length > 0 ? `changed: ${list(lost)} may no longer be bound` : why, unbound);
  if (unbound.length === 0 && missingCore.length === 0)
    return keep(`kept: every needed tool is bound${needed.length > 0 ? ` (${list(needed)})` : ""}`);
  // Change once for the topic: the previous array in order, then what the topic adds, in the selection's order.
  const additions = topicOf(selection, needed).filter((name) => !bound.has(name));
  const tools = fitBudget(input, kept, additions);
  // The cost side: what a change would re-bill (nothing while the prompt is too short to be cached at all). A missing
  // core tool, or a tool that may no longer be bound, changes the array anyway: then the needed tools come along.
  const rebill = changeCost(input, tools);
  if (missingCore.length === 0 && lost.length === 0 && rebill > 0 && input.everyTool !== undefined) {
    const saved = input.saved ?? 0;
    if (saved + savingsOf(input, tools, true) < 0) {
      return keep(
        `kept: ${list(unbound)} ${unbound.length === 1 ? "is" : "are"} needed, but the change would re-bill about ${rebill} tokens, more than the ${Math.round(saved)} this conversation has saved against binding every tool`,
      );
    }
  }
  const missing = [...missingCore, ...unbound];
  const why = `changed: ${list(missing)} ${missing.length === 1 ? "is" : "are"} needed and not bound; added the topic's ${additions.length} missing tool${additions.length === 1 ? "" : "s"}`;
  return finish("cache-aware", input, tools, why);
}

/**
 * The array after a change that appends `additions` to `kept`, within the selection's budget: what goes first is what
 * this selection does not name, oldest first (the array's front).
 */
function fitBudget({ selection, tokensOf }: BindingInput, kept: readonly string[], additions: readonly string[]): string[] {
  const selected = new Set(selection.tools);
  const core = new Set(selection.core);
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
  return [...kept.filter((name) => fits.has(name)), ...additions.filter((name) => fits.has(name))];
}

/** What a call sending `tools` saves against binding `everyTool` (see {@link callSavings}). */
function savingsOf(input: BindingInput, tools: readonly string[], changed: boolean): number {
  const { previous, everyTool = [], tokensOf = () => 0, promptTokens = 0, rules = cacheRules("anthropic"), selection } = input;
  const every = applyBudget({ ordered: everyTool, ...selection.budget, tokensOf }).tokens;
  const sum = (names: readonly string[]) => names.reduce((total, name) => total + tokensOf(name), 0);
  return callSavings({
    rules,
    first: previous == null,
    changed,
    everyTokens: every,
    arrayTokens: sum(tools),
    commonTokens: rules.kind === "automatic" ? sum(tools.slice(0, commonPrefix(previous ?? [], tools))) : 0,
    promptTokens,
  });
}

function commonPrefix(previous: readonly string[], tools: readonly string[]): number {
  let common = 0;
  while (common < tools.length && common < previous.length && tools[common] === previous[common]) common++;
  return common;
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
    ...(input.everyTool === undefined ? {} : { saved: Math.floor((input.saved ?? 0) + savingsOf(input, tools, changed)) }),
  };
}

/** The tokens after the first changed position of the array (all of them under breakpoint rules) plus the prompt. */
function rebilled(
  { previous, tokensOf = () => 0, promptTokens = 0, rules = cacheRules("anthropic") }: BindingInput,
  tools: readonly string[],
): number {
  const common = previous != null && rules.kind === "automatic" ? commonPrefix(previous, tools) : 0;
  let tokens = promptTokens;
  for (let index = common; index < tools.length; index++) tokens += tokensOf(tools[index]!);
  return tokens;
}

function list(names: readonly string[]): string {
  return names.length <= 4 ? names.join(", ") : `${names.slice(0, 4).join(", ")} and ${names.length - 4} more`;
}
