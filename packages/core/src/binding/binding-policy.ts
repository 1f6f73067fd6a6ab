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
  /**
   * Tokens the prompt holds after the tools array (system and messages, without the definitions `proxy` deliveries put
   * in them): what a change of the array re-bills, with those definitions.
   */
  promptTokens?: number;
  /** The caching rules the re-bill estimate uses. @defaultValue Anthropic's (the dearer re-bill) */
  rules?: CacheRules;
  /** How needed tools are told from the rest of the selection (the tools of a keyword category). */
  needed?: NeededToolsOptions;
  /**
   * Every tool the conversation may bind (the constant array binding them all would send): the baseline of the
   * savings ledger. With it, `cache-aware` changes the array only while the conversation has saved, against binding
   * every tool from its first call, at least what the change re-bills, so it never costs more than that baseline
   * (see {@link callSavings}). Pass every tool, or at least one more than the budget holds when there are more: a
   * budget that cuts this array makes binding them all no option (see {@link bindTools}).
   */
  everyTool?: readonly string[];
  /** What the conversation saved up to its previous call (that call's {@link ToolBinding.saved}). @defaultValue 0 */
  saved?: number;
  /**
   * `cache-aware`: deliver needed tools through a proxy tool when that costs less than changing the array (see
   * {@link bindTools}). Without it a needed tool is only ever bound by a change of the array.
   */
  proxy?: ProxyDelivery;
}

/**
 * The `call_tool` proxy of a cache-aware conversation: bound from its first call (after the core tools), it lets the
 * model call a tool the array lacks once the tool's definition is in the messages. `tokensOf` must count the proxy's
 * definition under `name`.
 */
export interface ProxyDelivery {
  /** The proxy tool's name (`call_tool`). */
  name: string;
  /** Tools earlier calls of the conversation delivered through the proxy: their definitions are in the messages. */
  delivered?: readonly string[];
  /** How many deliveries the conversation made (each adds `headerTokens`). @defaultValue 0 */
  deliveries?: number;
  /**
   * Tokens each delivery adds besides the definitions: the header they follow (and, as the graph sends a delivery, its
   * synthetic search call). @defaultValue 0
   */
  headerTokens?: number;
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
   * With `proxy`: needed tools this call delivers through the proxy instead of changing the array (their definitions
   * enter the messages before the call). Absent when none.
   */
  delivered?: string[];
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
 *   tool always changes it. When the budget cannot hold every tool, that array could not serve every need either: a
 *   needed tool is then delivered through the proxy whatever the ledger says, and a first call never falls back to
 *   it;
 * - otherwise **change once for the topic**: the previous array stays in order and the selection's topic that is
 *   missing is appended ({@link topicTools}: the selection but the tail of its ranking, the ranked tools scoring under
 *   a third of the best that the message does not need, which every later call would re-read), so the following
 *   messages on the topic find their tools bound;
 * - **drop** only a tool that may no longer be bound, or, when the budget (`selection.budget`) forces it, the
 *   previous tools the selection does not name, oldest first;
 * - given `proxy`, the first call that binds more than the core tools also binds the proxy, after them (unless the
 *   tools left out weigh no more than the proxy's definition), and a needed tool the array lacks may instead be
 *   **delivered**: its definition enters the messages
 *   once (`delivered`) and the model calls it through the proxy. Of the change (re-billing `rebilledTokens` at the
 *   write price instead of the read price) and the delivery (its definitions and header written once, read after), the
 *   cheaper is made if the ledger affords it, else the other; a tool delivered earlier counts as bound. When its prompt
 *   is long enough to be cached, that first call binds of a ranked selection only the tools the message needs (and the
 *   core tools) rather than the topic: a later need is delivered, where a tool bound on a guess is read again on every
 *   call.
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
  const { selection, previous, proxy } = input;
  const needed = neededTools(selection, input.needed);
  if (previous == null) return firstCall(input, needed);
  const bindable = (name: string) => name === proxy?.name || (input.bindable ?? (() => true))(name);
  const kept = previous.filter(bindable);
  const lost = previous.filter((name) => !bindable(name));
  const bound = new Set(kept);
  const proxied = proxy !== undefined && bound.has(proxy.name);
  const loaded = new Set(proxied ? (proxy.delivered ?? []).filter(bindable) : []);
  const unbound = needed.filter((name) => !bound.has(name) && !loaded.has(name));
  const missingCore = selection.core.filter((name) => !bound.has(name));
  const keep = (why: string, delivered: readonly string[] = []) =>
    finish("cache-aware", input, kept, lost.length > 0 ? `changed: ${list(lost)} may no longer be bound` : why, unbound, delivered);
  if (unbound.length === 0 && missingCore.length === 0)
    return keep(`kept: every needed tool is bound${needed.length > 0 ? ` (${list(needed)})` : ""}`);
  // Change once for the topic: the previous array in order, then what the topic adds, in the selection's order.
  const additions = topicOf(selection, needed).filter((name) => !bound.has(name) && !loaded.has(name));
  // A change also brings the proxy (before what it adds) if the array has none yet, as on a first call.
  const fitted = fitBudget(input, kept, additions);
  const tools = [...withProxy(input, fitted, fitted.length - additions.filter((name) => fitted.includes(name)).length)];
  const missing = [...missingCore, ...unbound];
  const change = () =>
    finish(
      "cache-aware",
      input,
      tools,
      `changed: ${list(missing)} ${missing.length === 1 ? "is" : "are"} needed and not bound; added the topic's ${additions.length} missing tool${additions.length === 1 ? "" : "s"}${tools.length > fitted.length ? `, and ${proxy!.name} for tools delivered later` : ""}`,
    );
  // A missing core tool, or a tool that may no longer be bound, changes the array anyway: the needed tools come along.
  if (missingCore.length > 0 || lost.length > 0) return change();
  // The cost side: what a change would re-bill (nothing while the prompt is too short to be cached at all), against
  // what a delivery through the proxy writes, each as far as the ledger affords it.
  const rebill = changeCost(input, tools);
  const saved = input.saved ?? 0;
  const affords = (array: readonly string[], changed: boolean, delivered: readonly string[] = []) =>
    input.everyTool === undefined || saved + savingsOf(input, array, changed, delivered) >= 0;
  // A change is made only if the conversation affords it and later calls that keep the new array still save.
  const canChange = rebill === 0 || (affords(tools, true) && (input.everyTool === undefined || laterCallsSave(input, tools, [])));
  // A delivery's definitions are read on every later call: it is made only while a later call that keeps the array
  // still saves against binding every tool (the array and every definition delivered read less than every tool, by
  // more than what reads in steps can lose), so that keeping the array never costs more than that.
  // Unless binding every tool is no option: the budget cuts that array, so the comparison is with an array that could
  // not serve every need either, and a delivery (the cheapest way in) is made anyway.
  const beyondEvery = budgetCutsEvery(input);
  const canDeliver =
    proxied && (beyondEvery || (affords(kept, false, unbound) && (input.everyTool === undefined || laterCallsSave(input, kept, unbound))));
  const { read, write } = (input.rules ?? cacheRules("anthropic")).prices;
  const deliveryCost = deliveredTokensOf(input, unbound) * write;
  if (canDeliver && (!canChange || deliveryCost < rebill * (write - read))) {
    return keep(
      `kept: ${list(unbound)} ${unbound.length === 1 ? "is" : "are"} needed, delivered through ${proxy!.name} (about ${Math.round(deliveryCost)} tokens written) rather than changing the array (about ${rebill} tokens re-billed)`,
      unbound,
    );
  }
  if (canChange) return change();
  return keep(
    `kept: ${list(unbound)} ${unbound.length === 1 ? "is" : "are"} needed, but the change would re-bill about ${rebill} tokens, more than the ${Math.round(saved)} this conversation has saved against binding every tool`,
  );
}

/**
 * The first call. For a ranked selection, with the proxy (see {@link withProxy}) and a prompt long enough to be cached,
 * the tools the message needs and the proxy after the core tools: a tool bound on the ranking's guess would be read
 * again on every call, where a later need is delivered for the price of its definition. Otherwise the topic of the
 * selection (and the proxy where it is worth a place): a keyword selection's categories are declared, without the
 * proxy a later need changes the array, and while nothing is cached the topic costs only its own tokens on the calls
 * before the prompt is.
 */
function firstCall(input: BindingInput, needed: readonly string[]): ToolBinding {
  const binding = firstCallOf(input, needed);
  // A cached array that leaves out too little to save on later calls (under OpenAI's rules, reads in 128-token steps
  // can lose more than it saves) costs more than every tool: then every tool is bound, as the baseline binds them.
  if (input.everyTool === undefined || !isCached(input, binding.tools) || laterCallsSave(input, binding.tools, [])) return binding;
  // A budget that cannot hold every tool makes binding them all no option: the first tools of the catalog would stand
  // in for what the message needs.
  if (budgetCutsEvery(input)) return binding;
  const every = everyArrayOf(input).selected;
  return finish(
    "cache-aware",
    input,
    every,
    `first call: every tool (${every.length}): the selection would leave out too little to save on later calls`,
  );
}

function firstCallOf(input: BindingInput, needed: readonly string[]): ToolBinding {
  const { selection, proxy } = input;
  const core = new Set(selection.core);
  const wanted = new Set(needed);
  const own = selection.tools.filter((name) => core.has(name) || wanted.has(name));
  const proxied = withProxy(input, own, leadingCore(own, core));
  if (selection.ranked !== undefined && proxied !== own && isCached(input, proxied)) {
    const guessed = selection.tools.length - own.length;
    const reason = `first call: the tools the message needs${guessed === 0 ? "" : ` (not the ${guessed} more the selection ranked)`}`;
    return finish("cache-aware", input, [...proxied], `${reason}, and ${proxy!.name} for tools delivered later`);
  }
  const topic = topicOf(selection, needed);
  const tail = selection.tools.length - topic.length;
  const reason = `first call: the selection${tail === 0 ? "" : ` but the ${tail} tool${tail === 1 ? "" : "s"} of its ranking's tail`}`;
  const tools = withProxy(input, topic, leadingCore(topic, core));
  return finish("cache-aware", input, [...tools], tools === topic ? reason : `${reason}, and ${proxy!.name} for tools delivered later`);
}

/** Whether a first call sending `tools` is long enough to be cached (the provider's minimum). */
function isCached(input: BindingInput, tools: readonly string[]): boolean {
  const { promptTokens = 0, rules = cacheRules("anthropic") } = input;
  return tokensIn(input, tools) + promptTokens >= rules.minimumTokens;
}

/** How many of `array`'s first tools are core tools: where the proxy goes. */
function leadingCore(array: readonly string[], core: ReadonlySet<string>): number {
  let at = 0;
  while (at < array.length && core.has(array[at]!)) at++;
  return at;
}

/**
 * `array` with the proxy inserted at `at`, when it is worth a place: the array binds a tool beyond the core tools (a
 * selection that found nothing binds the core tools alone), the tools it leaves out outweigh the proxy's definition
 * (else the proxy, read on every call, costs more than what it stands in for), and the budget has room. Else `array`
 * itself. However few tokens the tools left out weigh, a change re-bills the whole prompt after them (the system prompt
 * and the conversation): without the proxy a conversation that has saved little could never afford one, and a later
 * topic's tools would stay unbound. Whether the array with the proxy saves at all is the first call's check
 * ({@link laterCallsSave}: else every tool is bound).
 */
function withProxy(input: BindingInput, array: readonly string[], at: number): readonly string[] {
  const { selection, proxy, tokensOf = () => 0, everyTool } = input;
  if (proxy === undefined || array.includes(proxy.name)) return array;
  const core = new Set(selection.core);
  if (array.every((name) => core.has(name))) return array;
  // (A budget that cuts every tool's array leaves out more than it lists: the proxy is the way to the rest.)
  if (everyTool !== undefined && !budgetCutsEvery(input)) {
    const inArray = new Set(array);
    const leftOut = everyTool.filter((name) => !inArray.has(name)).reduce((sum, name) => sum + tokensOf(name), 0);
    if (leftOut <= tokensOf(proxy.name)) return array;
  }
  const { maxTools, maxTokens } = selection.budget;
  if (array.length >= maxTools || (maxTokens !== undefined && tokensIn(input, array) + tokensOf(proxy.name) > maxTokens)) return array;
  return [...array.slice(0, at), proxy.name, ...array.slice(at)];
}

/**
 * Whether a later call that keeps `kept`, after delivering `delivered`, would still save against binding every tool:
 * under breakpoint rules, while the array and the delivered definitions are no more than every tool's; under automatic
 * rules, by more than the step's worth of reads the ledger counts as lost on each call. True without token counts.
 */
function laterCallsSave(input: BindingInput, kept: readonly string[], delivered: readonly string[]): boolean {
  const { promptTokens = 0, rules = cacheRules("anthropic") } = input;
  // Without token counts there is nothing to weigh.
  if (input.tokensOf === undefined) return true;
  return (
    callSavings({
      rules,
      first: false,
      changed: false,
      everyTokens: everyTokensOf(input),
      arrayTokens: tokensIn(input, kept),
      commonTokens: 0,
      promptTokens,
      loadedTokens: loadedTokensOf(input) + deliveredTokensOf(input, delivered),
    }) >= 0
  );
}

/** Tokens a proxy delivery of `names` puts in the messages: their definitions and `headerTokens`. */
function deliveredTokensOf({ proxy, tokensOf = () => 0 }: BindingInput, names: readonly string[]): number {
  if (names.length === 0) return 0;
  return names.reduce((sum, name) => sum + tokensOf(name), proxy?.headerTokens ?? 0);
}

/** Tokens the conversation's earlier proxy deliveries put in the messages (each one's `headerTokens` included). */
function loadedTokensOf({ proxy, tokensOf = () => 0 }: BindingInput): number {
  if (proxy === undefined) return 0;
  const definitions = (proxy.delivered ?? []).reduce((sum, name) => sum + tokensOf(name), 0);
  return definitions + (proxy.deliveries ?? 0) * (proxy.headerTokens ?? 0);
}

/**
 * The array after a change that appends `additions` to `kept`, within the selection's budget: what goes first is what
 * this selection does not name, oldest first (the array's front); the proxy is never what goes.
 */
function fitBudget({ selection, tokensOf, proxy }: BindingInput, kept: readonly string[], additions: readonly string[]): string[] {
  const selected = new Set(selection.tools);
  // The proxy stays like a core tool: the tools delivered through it are callable only through it.
  const core = new Set(proxy === undefined ? selection.core : [...selection.core, proxy.name]);
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
function savingsOf(input: BindingInput, tools: readonly string[], changed: boolean, delivered: readonly string[] = []): number {
  const { previous, promptTokens = 0, rules = cacheRules("anthropic") } = input;
  return callSavings({
    rules,
    first: previous == null,
    changed,
    everyTokens: everyTokensOf(input),
    arrayTokens: tokensIn(input, tools),
    commonTokens: rules.kind === "automatic" ? tokensIn(input, tools.slice(0, commonPrefix(previous ?? [], tools))) : 0,
    promptTokens,
    loadedTokens: loadedTokensOf(input),
    deliveredTokens: deliveredTokensOf(input, delivered),
  });
}

/** {@link everyArrayOf} per decision: the ledger and the checks ask for it several times in one. */
const everyArrays = new WeakMap<BindingInput, { selected: string[]; tokens: number }>();

/** The array binding every tool (within the budget), and its definition tokens: the ledger's baseline. */
function everyArrayOf(input: BindingInput): { selected: string[]; tokens: number } {
  let every = everyArrays.get(input);
  if (every === undefined) {
    const { everyTool = [], selection, tokensOf = () => 0 } = input;
    every = applyBudget({ ordered: everyTool, ...selection.budget, tokensOf });
    everyArrays.set(input, every);
  }
  return every;
}

/** Whether the budget cannot hold every tool (`everyTool` is longer than the array binding them all). */
function budgetCutsEvery(input: BindingInput): boolean {
  return input.everyTool !== undefined && everyArrayOf(input).selected.length < input.everyTool.length;
}

function everyTokensOf(input: BindingInput): number {
  return everyArrayOf(input).tokens;
}

function tokensIn({ tokensOf = () => 0 }: BindingInput, names: readonly string[]): number {
  return names.reduce((total, name) => total + tokensOf(name), 0);
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
  const { promptTokens = 0, rules = cacheRules("anthropic") } = input;
  if (tokensIn(input, input.previous ?? []) + promptTokens + loadedTokensOf(input) < rules.minimumTokens) return 0;
  return rebilled(input, tools);
}

function finish(
  policy: BindingPolicyName,
  input: BindingInput,
  tools: string[],
  reason: string,
  unbound: readonly string[] = [],
  delivered: readonly string[] = [],
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
    ...(unbound.length === 0 || delivered.length > 0 ? {} : { unbound: [...unbound] }),
    ...(delivered.length === 0 ? {} : { delivered: [...delivered] }),
    ...(input.everyTool === undefined ? {} : { saved: Math.floor((input.saved ?? 0) + savingsOf(input, tools, changed, delivered)) }),
  };
}

/**
 * The tokens after the first changed position of the array (all of them under breakpoint rules), plus the prompt and
 * the definitions delivered into it.
 */
function rebilled(input: BindingInput, tools: readonly string[]): number {
  const { previous, tokensOf = () => 0, promptTokens = 0, rules = cacheRules("anthropic") } = input;
  const common = previous != null && rules.kind === "automatic" ? commonPrefix(previous, tools) : 0;
  let tokens = promptTokens + loadedTokensOf(input);
  for (let index = common; index < tools.length; index++) tokens += tokensOf(tools[index]!);
  return tokens;
}

function list(names: readonly string[]): string {
  return names.length <= 4 ? names.join(", ") : `${names.slice(0, 4).join(", ")} and ${names.length - 4} more`;
}
