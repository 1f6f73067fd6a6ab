import { describe, expect, it } from "vitest";
import { MAX_TIMEOUT_MS, timeoutLookup, type ToolTimeouts } from "./execution-options.js";

describe("timeoutLookup", () => {
  it("takes limits up to the longest timer (2³¹ − 1 ms)", () => {
    expect(timeoutLookup({ default: MAX_TIMEOUT_MS, tools: { slow: 1 } })("other")).toBe(MAX_TIMEOUT_MS);
  });

  it.each([
    [{ default: MAX_TIMEOUT_MS + 1 }, /timeouts\.default: expected at most 2147483647 milliseconds .* got 2147483648/],
    [{ tools: { slow: 1e12 } }, /timeouts\.tools\.slow: expected at most 2147483647 milliseconds .* got 1000000000000/],
    [{ default: 0 }, /timeouts\.default: expected a number of milliseconds > 0, got 0/],
    [50, /timeouts: expected \{ default\?, tools\? \} \(milliseconds\), got 50; a limit for every tool is \{ default: 50 \}/],
    [{ slow: 50 }, /timeouts: unknown key "slow"; valid: default, tools \(a limit per tool name is tools: \{ "slow": … \}\)/],
    [{ defualt: 50 }, /Did you mean: default\?/],
    [{ tools: [50] }, /timeouts\.tools: expected \{ <tool name>: milliseconds \}, got \[50\]/],
  ])("refuses %j at construction with a typed error naming it", (timeouts, message) => {
    expect(() => timeoutLookup(timeouts as ToolTimeouts)).toThrow(message);
    try {
      timeoutLookup(timeouts as ToolTimeouts);
    } catch (error) {
      expect((error as { code?: string }).code).toBe("INVALID_OPTION");
    }
  });
});
