/**
 * Mode `auto` on a catalog too large to count at construction: the estimate of every definition's tokens decides
 * when the decision is the same at both ends of its error bound; near the threshold the exact count decides.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { ESTIMATE_ERROR_BOUND } from "@dynamic-tools/core/internal";
import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { decideAutoMode } from "./auto-mode.js";
import { createTurnPlanner } from "./turn-planner.js";

const TOOLS = Array.from({ length: 1_000 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Handles request kind ${index} ${"with extra care and detail ".repeat(index % 9)}`,
}));

const catalog = () => new ToolCatalog({ tools: TOOLS, maxTools: 5_000 });

function planner(contextWindow: number) {
  const tools = catalog();
  const plan = createTurnPlanner({
    catalog: tools,
    mode: "auto",
    contextWindow,
    searchTool: createToolSearchTool(tools),
    countTokens: false,
  });
  return { tools, plan };
}

describe("mode auto on a large catalog", () => {
  const exact = catalog().totalTokens();
  // auto is auto:10: the threshold is a tenth of the context window.
  const windowFor = (share: number) => Math.round((exact * share) / 0.1);
  const exactMode = (contextWindow: number) =>
    decideAutoMode({ percent: 10, contextWindow, definitionTokens: exact, toolCount: 1_000, maxTools: 5_000, fallback: "search" }).mode;

  it("decides from the estimate far from the threshold (no exact count at construction), as the exact count would", () => {
    for (const share of [3, 0.3]) {
      const { tools, plan } = planner(windowFor(share));
      expect(tools.estimatedTotalTokens().exact).toBe(false);
      expect(plan.mode).toBe(exactMode(windowFor(share)));
      expect(plan.auto!.reason).toContain(share > 1 ? "binding every tool" : "about ");
    }
    expect(exactMode(windowFor(3))).toBe("all");
    expect(exactMode(windowFor(0.3))).toBe("search");
  });

  it("counts exactly within the estimate's error bound of the threshold", () => {
    for (const share of [1 + ESTIMATE_ERROR_BOUND / 2, 1 - ESTIMATE_ERROR_BOUND / 2, 1]) {
      const { tools, plan } = planner(windowFor(share));
      expect(plan.mode).toBe(exactMode(windowFor(share)));
      expect(plan.auto!.definitionTokens).toBe(exact);
      expect(tools.estimatedTotalTokens()).toEqual({ tokens: exact, exact: true });
    }
  });
});
