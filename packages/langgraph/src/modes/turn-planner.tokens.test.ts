import { ToolCatalog } from "@dynamic-tools/core";
import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it, vi } from "vitest";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { createTurnPlanner } from "./turn-planner.js";

/** More enabled tools than the estimate samples (256): the exact total is then not known at once. */
function largeCatalog(): ToolCatalog {
  return new ToolCatalog({
    tools: Array.from({ length: 600 }, (_, index) => ({ name: `tool_${index}`, description: `Does thing number ${index} for the user` })),
  });
}

describe("the turn planner's search modes report tokens as the pipeline does", () => {
  it.each(["search", "both"] as const)(
    "%s: the catalog's estimated total, never a synchronous exact count of every definition",
    async (mode) => {
      const catalog = largeCatalog();
      const exact = vi.spyOn(catalog, "totalTokens");
      const plan = createTurnPlanner({ catalog, mode, searchTool: createToolSearchTool(catalog), strategy: "bm25" });
      const { selection } = await plan({ messages: [new HumanMessage("thing number 7")] });
      expect(exact).not.toHaveBeenCalled();
      const estimate = catalog.estimatedTotalTokens();
      expect(estimate.exact).toBe(false);
      expect(selection.tokens).toEqual({ selected: expect.any(Number), all: estimate.tokens, allEstimated: true });
    },
  );
});
