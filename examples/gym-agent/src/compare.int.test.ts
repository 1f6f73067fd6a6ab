/**
 * `pnpm start -- --compare`: both runs go through the real ChatOpenAI client; the static side is rejected on every
 * turn with 137 tools, the dynamic side never sends more than 128, and the totals add up.
 */
import { describe, expect, it } from "vitest";
import { formatComparison, runComparison } from "./compare.js";
import { DEMO_CONVERSATION } from "./conversation.js";

describe("the --compare run", () => {
  it("reports per turn what each side sent, and the saving", async () => {
    const comparison = await runComparison();
    expect(comparison.totalTools).toBe(137);
    expect(comparison.turns.map((turn) => turn.message)).toEqual(DEMO_CONVERSATION);
    for (const turn of comparison.turns) {
      expect(turn.static).toMatchObject({ toolsSent: [137], statuses: [400], result: "rejected: array too long" });
      expect(turn.static.tokensSent).toBe(comparison.allToolsTokens);
      expect(turn.dynamic.statuses.every((status) => status === 200)).toBe(true);
      for (const count of turn.dynamic.toolsSent) expect(count).toBeLessThanOrEqual(128);
      expect(turn.staticTokensNeeded).toBe(turn.dynamic.toolsSent.length * comparison.allToolsTokens);
    }
    expect(comparison.turns[3]!.dynamic.result).toBe("get_pending_salaries");
    expect(comparison.dynamicTokens).toBe(comparison.turns.reduce((sum, turn) => sum + turn.dynamic.tokensSent, 0));
    expect(comparison.dynamicTokens).toBeLessThan(comparison.staticTokens / 2);

    const text = formatComparison(comparison);
    expect(text.split("\n").filter((line) => line.includes("rejected: array too long"))).toHaveLength(DEMO_CONVERSATION.length);
    expect(text).toMatch(/Total definition tokens: static [\d,]+ vs dynamic [\d,]+: [\d,]+ fewer \(\d+\.\d% saved\)/);
  });
});
