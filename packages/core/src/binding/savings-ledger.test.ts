import { describe, expect, it } from "vitest";
import { cacheRules } from "../cost/cache-rules.js";
import { callSavings } from "./savings-ledger.js";

const anthropic = cacheRules("anthropic");
const openai = cacheRules("openai");
const call = { first: false, changed: false, everyTokens: 13_000, arrayTokens: 1_000, commonTokens: 0, promptTokens: 5_000 };

describe("callSavings", () => {
  it("a first call saves the write of the definitions it leaves out", () => {
    expect(callSavings({ ...call, rules: anthropic, first: true })).toBe(12_000 * 1.25);
  });

  it("a kept array saves the cache reads of the definitions it leaves out", () => {
    expect(callSavings({ ...call, rules: anthropic })).toBeCloseTo(1_200, 9);
  });

  it("a change spends: its array and the prompt at the write price where binding everything reads from the cache", () => {
    expect(callSavings({ ...call, rules: anthropic, changed: true, arrayTokens: 2_000 })).toBeCloseTo(18_000 * 0.1 - 7_000 * 1.25, 9);
  });

  it("under automatic rules the common prefix of the array is still read, less a step's worth of rounding", () => {
    const changed = { ...call, rules: openai, changed: true, arrayTokens: 2_000, commonTokens: 1_500 };
    expect(callSavings(changed)).toBeCloseTo(18_000 * 0.1 - (1_500 * 0.1 + 5_500 * 1) - 128 * 0.9, 9);
    // A shared prefix under the provider's minimum is not read at all.
    expect(callSavings({ ...changed, commonTokens: 1_000 })).toBeCloseTo(18_000 * 0.1 - 7_000 * 1 - 128 * 0.9, 9);
    const kept = { ...call, rules: openai, arrayTokens: 2_000 };
    expect(callSavings(kept)).toBeCloseTo((18_000 - 7_000) * 0.1 - 128 * 0.9, 9);
    // The first call has nothing to read, so nothing to round.
    expect(callSavings({ ...kept, first: true })).toBeCloseTo(18_000 - 7_000, 9);
  });

  it("a prompt under the provider's minimum is not cached: the plain price on every call", () => {
    const small = { ...call, rules: anthropic, everyTokens: 3_000, arrayTokens: 100, promptTokens: 600 };
    // 700 tokens at the plain price against 3,600 read at 0.1.
    expect(callSavings(small)).toBeCloseTo(360 - 700, 9);
  });
});
