/**
 * @module The cost model: bills a conversation's model requests under a provider's prompt-caching rules. Pure: the
 * same requests and rules always give the same bill.
 */
import type { CacheRules } from "./cache-rules.js";

/**
 * One piece of a prompt with an identity: a tool definition, the system prompt, a message, a reference block. Two
 * segments with the same `id` are the same bytes; a request's prefix is identified by the ids of its segments.
 */
export interface PromptSegment {
  id: string;
  tokens: number;
}

/**
 * One model request as the provider renders it: the tools block first, then the system block, then the messages
 * (the order both Anthropic and OpenAI cache by). A deferred tool the request has not referenced is not rendered:
 * leave it out of `tools`.
 */
export interface PromptRequest {
  tools: readonly PromptSegment[];
  system: readonly PromptSegment[];
  messages: readonly PromptSegment[];
  /**
   * Under breakpoint rules, where the request carries its cache breakpoints (Anthropic `cache_control`): each entry
   * the number of leading segments (tools, then system, then messages) the breakpoint closes. An empty list caches
   * nothing. @defaultValue the end of the system block and the end of the request
   */
  breakpoints?: readonly number[];
}

/** The input side of one request's bill, in tokens. */
export interface RequestBill {
  /** Every input token of the request. */
  inputTokens: number;
  /** Tokens read from the cache (billed at `prices.read`). */
  cacheReadTokens: number;
  /** Tokens written to the cache (billed at `prices.write`). */
  cacheWriteTokens: number;
  /** Tokens billed at the plain input price. */
  uncachedTokens: number;
  /** What the request costs in plain-input-token equivalents: uncached + read × read price + write × write price. */
  billedTokens: number;
}

/** The bill of a conversation: each request's, and their sum. */
export interface ConversationBill {
  requests: RequestBill[];
  total: RequestBill;
}

/**
 * Bills the requests of one conversation, in order, under `rules`. Each request may hit what earlier requests of the
 * same conversation cached (see {@link CacheRules}): under Anthropic's rules the longest prefix an earlier request
 * wrote at a breakpoint (the end of the system block or the end of a request), the rest written; under OpenAI's the
 * longest common prefix with any earlier request, in `step`-token steps. Nothing shorter than `minimumTokens` is
 * cached. Time-to-live is not modelled: a conversation's requests are taken to be minutes apart at most.
 *
 * @example
 * ```ts
 * const tools = [{ id: "tool:a", tokens: 900 }, { id: "tool:b", tokens: 400 }];
 * const system = [{ id: "system", tokens: 600 }];
 * const first = { tools, system, messages: [{ id: "human:1", tokens: 20 }] };
 * const second = { tools, system, messages: [...first.messages, { id: "ai:1", tokens: 60 }, { id: "human:2", tokens: 20 }] };
 * const bill = billConversation([first, second], cacheRules("anthropic"));
 * bill.requests[1].cacheReadTokens; // 1920: the first request's whole prompt
 * bill.requests[1].cacheWriteTokens; // 80
 * ```
 */
export function billConversation(requests: readonly PromptRequest[], rules: CacheRules): ConversationBill {
  const written = new Set<string>();
  const seen: string[][] = [];
  const bills: RequestBill[] = [];
  for (const request of requests) {
    const prefixes = prefixKeys(request);
    const inputTokens = prefixes.length === 0 ? 0 : prefixes[prefixes.length - 1]!.tokens;
    let bill: RequestBill;
    if (rules.kind === "breakpoints") {
      const breakpoints = breakpointsOf(request, prefixes.length);
      // The cache is looked up at the request's breakpoints: nothing past its last one is read.
      const readable = breakpoints.length === 0 ? 0 : breakpoints[breakpoints.length - 1]!;
      let read = 0;
      for (const prefix of prefixes.slice(0, readable)) if (written.has(prefix.key) && prefix.tokens > read) read = prefix.tokens;
      const last = breakpoints.length === 0 ? 0 : prefixes[breakpoints[breakpoints.length - 1]! - 1]!.tokens;
      let write = 0;
      for (const count of breakpoints) {
        const prefix = prefixes[count - 1]!;
        if (prefix.tokens >= rules.minimumTokens) written.add(prefix.key);
      }
      if (last >= rules.minimumTokens && last > read) write = last - read;
      bill = priced(inputTokens, read, write, rules);
    } else {
      const keys = prefixes.map((prefix) => prefix.key);
      let common = 0;
      for (const earlier of seen) common = Math.max(common, commonPrefixTokens(keys, earlier, prefixes));
      const read = common >= rules.minimumTokens ? Math.floor(common / rules.step) * rules.step : 0;
      seen.push(keys);
      bill = priced(inputTokens, read, 0, rules);
    }
    bills.push(bill);
  }
  return { requests: bills, total: sumBills(bills) };
}

/** The request's breakpoints, in order, each within the request (see {@link PromptRequest.breakpoints}). */
function breakpointsOf(request: PromptRequest, segments: number): number[] {
  const given = request.breakpoints ?? [request.tools.length + request.system.length, segments];
  return [...new Set(given)].filter((count) => count > 0 && count <= segments).sort((a, b) => a - b);
}

/** Adds bills up. @example sumBills([a, b]).billedTokens === a.billedTokens + b.billedTokens */
export function sumBills(bills: readonly RequestBill[]): RequestBill {
  const total: RequestBill = { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 0, billedTokens: 0 };
  for (const bill of bills) {
    total.inputTokens += bill.inputTokens;
    total.cacheReadTokens += bill.cacheReadTokens;
    total.cacheWriteTokens += bill.cacheWriteTokens;
    total.uncachedTokens += bill.uncachedTokens;
    total.billedTokens += bill.billedTokens;
  }
  return total;
}

function priced(inputTokens: number, read: number, write: number, rules: CacheRules): RequestBill {
  const uncachedTokens = inputTokens - read - write;
  return {
    inputTokens,
    cacheReadTokens: read,
    cacheWriteTokens: write,
    uncachedTokens,
    billedTokens: uncachedTokens + read * rules.prices.read + write * rules.prices.write,
  };
}

/**
 * Each segment boundary of a request: the key of the prefix that ends there and its tokens. A key chains two 32-bit
 * hashes over the segments' blocks and ids (fixed size, so a long conversation costs linear time, not quadratic).
 */
function prefixKeys(request: PromptRequest): { key: string; tokens: number }[] {
  const prefixes: { key: string; tokens: number }[] = [];
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let tokens = 0;
  const add = (block: string, segments: readonly PromptSegment[]) => {
    for (const segment of segments) {
      // The block is part of the identity (the same text as a tool and as a message renders differently), and so is
      // the count: a segment's id names its bytes, and a count that differs means other bytes.
      const text = `${block}\u0000${segment.id}\u0000${segment.tokens}\u0001`;
      for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        h1 = Math.imul(h1 ^ code, 0x01000193);
        h2 = Math.imul(h2 ^ code, 0x5bd1e995) ^ (h2 >>> 15);
      }
      tokens += segment.tokens;
      prefixes.push({ key: `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${prefixes.length}`, tokens });
    }
  };
  add("tools", request.tools);
  add("system", request.system);
  add("messages", request.messages);
  return prefixes;
}

/** Tokens of the longest run of leading segments two requests share. */
function commonPrefixTokens(keys: readonly string[], earlier: readonly string[], prefixes: readonly { tokens: number }[]): number {
  let low = 0;
  let high = Math.min(keys.length, earlier.length);
  // A prefix key chains every segment before it, so equal keys at one boundary mean equal keys at every earlier one:
  // the last equal boundary is found by bisection.
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (keys[middle - 1] === earlier[middle - 1]) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? 0 : prefixes[low - 1]!.tokens;
}
