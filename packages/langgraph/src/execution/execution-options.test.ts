import { describe, expect, it } from "vitest";
import { MAX_TIMEOUT_MS, timeoutLookup } from "./execution-options.js";

describe("timeoutLookup", () => {
  it("takes limits up to the longest timer (2³¹ − 1 ms)", () => {
    expect(timeoutLookup({ default: MAX_TIMEOUT_MS, tools: { slow: 1 } })("other")).toBe(MAX_TIMEOUT_MS);
  });

  it.each([
    [{ default: MAX_TIMEOUT_MS + 1 }, /timeouts\.default: expected a number of milliseconds > 0 and at most 2147483647 .* got 2147483648/],
    [{ tools: { slow: 1e12 } }, /timeouts\.tools\.slow: .* at most 2147483647 .* got 1000000000000/],
    [{ default: 0 }, /timeouts\.default: .* got 0/],
  ])("refuses %j at construction with a typed error naming it (a longer timer would fire at once)", (timeouts, message) => {
    expect(() => timeoutLookup(timeouts)).toThrow(message);
    try {
      timeoutLookup(timeouts);
    } catch (error) {
      expect((error as { code?: string }).code).toBe("INVALID_OPTION");
    }
  });
});
