/**
 * @module What a fake provider bills: every request it has seen, in order, under the cost model's caching rules
 * (`billConversation` under `cacheRules` from `@dynamic-tools/core/caching`), with prompt pieces counted by the
 * library's o200k counter. The fakes report these figures as the provider's `usage`.
 */
import { billConversation, cacheRules, type CacheProvider, type PromptRequest, type RequestBill } from "@dynamic-tools/core/caching";
import { countTokens } from "@dynamic-tools/core/internal";

/**
 * A request rendered for billing: the tools block, the system block and the messages, each a list of pieces as the
 * provider renders them (canonical JSON text, keys sorted: the provider reads parsed JSON, so a block sent with its
 * keys in another order is the same piece; two equal texts in the same place are the same bytes).
 */
export interface RenderedPrompt {
  tools: readonly string[];
  system: readonly string[];
  messages: readonly string[];
  /** Breakpoints (Anthropic `cache_control`) as counts of leading pieces; absent: the cost model's default. */
  breakpoints?: readonly number[];
}

/** The running bill of a fake endpoint. */
export interface PromptCacheLedger {
  /** Bills `prompt` after every request billed before it, and remembers it. */
  bill(prompt: RenderedPrompt): RequestBill;
  /** Every bill, in order. */
  readonly bills: readonly RequestBill[];
}

/** Tokens of one piece of text, with the library's o200k counter. @example tokensOf('{"name":"get_salary"}') */
export function tokensOf(text: string): number {
  return countTokens(text);
}

/**
 * Creates the ledger of one fake endpoint. The cache is the endpoint's (as a provider's cache is the organisation's,
 * not a conversation's), so a request may read what any earlier request wrote.
 *
 * @example
 * ```ts
 * const ledger = createPromptCacheLedger("anthropic");
 * ledger.bill({ tools: [toolJson], system: [systemJson], messages: [userJson] }).cacheWriteTokens;
 * ```
 */
export function createPromptCacheLedger(provider: CacheProvider): PromptCacheLedger {
  const rules = cacheRules(provider);
  const requests: PromptRequest[] = [];
  const bills: RequestBill[] = [];
  const counted = new Map<string, number>();
  const segment = (text: string) => {
    let tokens = counted.get(text);
    if (tokens === undefined) {
      tokens = tokensOf(text);
      counted.set(text, tokens);
    }
    return { id: text, tokens };
  };
  return {
    bills,
    bill(prompt) {
      requests.push({
        tools: prompt.tools.map(segment),
        system: prompt.system.map(segment),
        messages: prompt.messages.map(segment),
        ...(prompt.breakpoints === undefined ? {} : { breakpoints: prompt.breakpoints }),
      });
      const bill = billConversation(requests, rules).requests.at(-1)!;
      bills.push(bill);
      return bill;
    },
  };
}
