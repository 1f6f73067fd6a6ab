/**
 * @module The savings ledger of a cache-aware conversation: what it has saved so far against binding every tool from
 * its first call (a constant array, cached after the first call), the baseline a selection must never cost more
 * than. A smaller array saves the cache reads (and the first write) of the definitions it leaves out; a change of the
 * array spends, because it re-bills the prompt after the change at the write price where the constant array reads
 * it from the cache. Pure.
 */
import type { CacheRules } from "../cost/cache-rules.js";

/** One model call, as the ledger sees it (all in tokens). */
export interface LedgerCall {
  rules: CacheRules;
  /** The conversation's first call (everything is written). */
  first: boolean;
  /** Whether this call's array differs from the previous call's. */
  changed: boolean;
  /** Definition tokens of every tool the conversation may bind (the constant array of the baseline). */
  everyTokens: number;
  /** Definition tokens of this call's array. */
  arrayTokens: number;
  /** Definition tokens of the array's prefix the previous call shared and the provider still reads (automatic rules). */
  commonTokens: number;
  /**
   * Tokens after the tools array (system and messages) already in the conversation, without the definitions proxy
   * deliveries put in it (`loadedTokens`): the prompt the baseline sends too.
   */
  promptTokens: number;
  /** Definition tokens earlier proxy deliveries put in the messages (headers included): read like the rest. @defaultValue 0 */
  loadedTokens?: number;
  /** Definition tokens this call's proxy delivery puts in the messages (header included): written. @defaultValue 0 */
  deliveredTokens?: number;
}

/**
 * What one call saves (positive) or spends (negative) against the constant array, in plain input tokens:
 * - the first call writes its array where the baseline writes every definition: it saves the write of the rest;
 * - a call that keeps the array reads it where the baseline reads every definition: it saves their reads;
 * - a call that changes the array re-bills it (after the common prefix, under automatic rules) and the prompt at the
 *   write price, where the baseline reads every definition and the prompt from the cache;
 * - definitions a proxy delivery puts in the messages are the baseline's too, but ours sit in the prompt: written once
 *   (`deliveredTokens`) and read on every later call (`loadedTokens`), where the baseline reads them in its array;
 * - a prompt under the provider's minimum (`rules.minimumTokens`) is not cached: it costs its plain price each call;
 * - where cache hits come in steps (`rules.step`, OpenAI's 128 tokens), each cached call also counts a step's worth of
 *   reads as lost, the most rounding can cost it against the baseline.
 *
 * @example
 * ```ts
 * const rules = cacheRules("anthropic");
 * callSavings({ rules, first: false, changed: false, everyTokens: 13_000, arrayTokens: 1_000, commonTokens: 0, promptTokens: 5_000 });
 * // 1_200: 12,000 definitions not read at 0.1
 * callSavings({ rules, first: false, changed: true, everyTokens: 13_000, arrayTokens: 2_000, commonTokens: 0, promptTokens: 5_000 });
 * // -6_950: 7,000 tokens written at 1.25 where the baseline reads 18,000 at 0.1
 * ```
 */
export function callSavings(call: LedgerCall): number {
  const { rules, first, changed, everyTokens, arrayTokens, commonTokens, promptTokens, loadedTokens = 0, deliveredTokens = 0 } = call;
  const { read, write } = rules.prices;
  // A prompt under the provider's minimum is not cached at all: every token at the plain price, every call.
  const price = (total: number, cost: () => number) => (total < rules.minimumTokens ? total : cost());
  const baseline = price(everyTokens + promptTokens, () => (everyTokens + promptTokens) * (first ? write : read));
  const total = arrayTokens + promptTokens + loadedTokens + deliveredTokens;
  const ours = price(total, () => {
    if (first) return total * write;
    if (!changed) return (total - deliveredTokens) * read + deliveredTokens * write;
    // A shared prefix shorter than the provider's minimum is not read at all.
    const common = commonTokens >= rules.minimumTokens ? commonTokens : 0;
    return common * read + (total - common) * write;
  });
  // Reads come in whole steps (OpenAI: 128 tokens), so a shorter prompt may lose up to a step's worth of reads the
  // baseline keeps: counted as lost, so the ledger never credits what the bill will not show.
  const rounding = !first && rules.step > 1 && total >= rules.minimumTokens ? rules.step * Math.max(0, 1 - read) : 0;
  return baseline - ours - rounding;
}
