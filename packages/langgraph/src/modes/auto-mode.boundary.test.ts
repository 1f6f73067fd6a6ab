/**
 * `auto:N` at its boundaries: a catalog of exactly N% of the context window (in tokens) and exactly `maxTools` tools
 * is bound whole; one token or one tool more falls back. Decimal percentages are exact.
 */
import { describe, expect, it } from "vitest";
import { decideAutoMode } from "./auto-mode.js";
import { parseToolMode } from "./tool-mode.js";

const base = { toolCount: 10, maxTools: 10, fallback: "search" as const };

describe("auto:N at the boundary", () => {
  it.each([
    ["auto:2.3", 200_000, 4_600],
    ["auto:4.1", 200_000, 8_200],
    ["auto:32.3", 128_000, 41_344],
    ["auto:10", 128_000, 12_800],
    ["auto:0.5", 1_000_000, 5_000],
  ])("%s of %d tokens: exactly %d definition tokens fit, one more does not", (mode, contextWindow, threshold) => {
    const parsed = parseToolMode(mode);
    const percent = parsed.kind === "auto" ? parsed.percent : Number.NaN;
    const at = decideAutoMode({ ...base, percent, contextWindow, definitionTokens: threshold });
    expect([at.thresholdTokens, at.mode]).toEqual([threshold, "all"]);
    expect(at.reason).toContain(`fit in ${percent}%`);
    expect(decideAutoMode({ ...base, percent, contextWindow, definitionTokens: threshold + 1 }).mode).toBe("search");
  });

  it("exactly maxTools tools fit; one more falls back, and the reason names the count", () => {
    const fits = { percent: 10, contextWindow: 128_000, definitionTokens: 100 };
    expect(decideAutoMode({ ...base, ...fits }).mode).toBe("all");
    const over = decideAutoMode({ ...base, ...fits, toolCount: 11 });
    expect(over.mode).toBe("search");
    expect(over.reason).toBe('auto: using "search": 11 tools exceed maxTools (10)');
  });
});
