/**
 * @module The providers' documented prompt-caching rules as data: where a request may be cached, from how many
 * tokens, in what steps, and what cached and uncached input costs relative to plain input. Pure.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** Providers whose caching rules {@link cacheRules} knows. */
export type CacheProvider = "anthropic" | "openai";

/** The providers {@link cacheRules} accepts, for messages and CLI help. */
export const CACHE_PROVIDERS: readonly CacheProvider[] = ["anthropic", "openai"];

/** Price multipliers of one input token, relative to a plain (uncached) input token. */
export interface CachePrices {
  /** A token read from the cache. Anthropic 0.1; OpenAI 0.1 on the gpt-5 family (0.25–0.5 on older models). */
  read: number;
  /** A token written to the cache. Anthropic 1.25 (5-minute TTL); OpenAI 1 (writes are free). */
  write: number;
}

/**
 * How a provider caches a prompt prefix.
 *
 * - `breakpoints` (Anthropic): the cache is written at explicit breakpoints (here the end of the system block and the
 *   end of each request, as `cache_control` on the system prompt and on the last message); a request reads the
 *   longest prefix an earlier request wrote at a breakpoint and writes everything after it up to its last breakpoint.
 * - `automatic` (OpenAI): the longest common prefix with any earlier request is read, rounded down to `step` tokens;
 *   nothing is written at a premium.
 */
export interface CacheRules {
  provider: CacheProvider;
  kind: "breakpoints" | "automatic";
  /** Shortest prefix that is cached at all (1,024 for both providers). */
  minimumTokens: number;
  /** Granularity of a cache hit in tokens (OpenAI 128; 1 where hits are whole breakpoint prefixes). */
  step: number;
  prices: CachePrices;
}

/**
 * The documented rules of a provider, with prices that may be overridden.
 *
 * @param provider - `"anthropic"` or `"openai"`.
 * @param prices - override the read or write multiplier (e.g. `{ read: 0.5 }` for an older OpenAI model).
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown provider or a negative or non-finite price.
 * @example
 * ```ts
 * cacheRules("anthropic"); // { provider: "anthropic", kind: "breakpoints", minimumTokens: 1024, step: 1, prices: { read: 0.1, write: 1.25 } }
 * cacheRules("openai", { read: 0.25 }).prices; // { read: 0.25, write: 1 }
 * ```
 */
export function cacheRules(provider: CacheProvider, prices: Partial<CachePrices> = {}): CacheRules {
  const base: CacheRules | undefined =
    provider === "anthropic"
      ? { provider, kind: "breakpoints", minimumTokens: 1024, step: 1, prices: { read: 0.1, write: 1.25 } }
      : provider === "openai"
        ? { provider, kind: "automatic", minimumTokens: 1024, step: 128, prices: { read: 0.1, write: 1 } }
        : undefined;
  if (base === undefined) {
    throw new DynamicToolsError("INVALID_OPTION", `Unknown provider "${String(provider)}". Providers: ${CACHE_PROVIDERS.join(", ")}.`, {
      path: ["provider"],
    });
  }
  for (const key of ["read", "write"] as const) {
    const value = prices[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < 0) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `The ${key} price must be a finite number ≥ 0 (a multiple of the input price), got ${String(value)}.`,
        {
          path: ["prices", key],
        },
      );
    }
    base.prices[key] = value;
  }
  return base;
}
