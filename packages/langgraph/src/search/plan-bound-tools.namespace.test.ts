/**
 * A search that loads a namespace larger than the room left: the budget unloads the namespace's filler, never the
 * match the model searched for (one search's loads share a recency; its rank order breaks the tie).
 */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";
import { planBoundTools } from "./plan-bound-tools.js";

describe("a namespace larger than the budget", () => {
  it("planBoundTools keeps one search's loads in rank order (the best match first) when they tie on recency", () => {
    const lastUsed = new Map(["hit", "member_1", "member_2", "member_3"].map((name) => [name, 4] as const));
    const plan = planBoundTools({
      fixed: [],
      selected: [],
      loaded: ["hit", "member_1", "member_2", "member_3"],
      lastUsed,
      turnStart: 3,
      maxTools: 2,
    });
    expect(plan.tools).toEqual(["hit", "member_1"]);
    expect(plan.unloaded).toEqual(["member_3", "member_2"]);
  });

  it("the prebuilt agent binds the searched match and unloads the namespace's last members", async () => {
    const { catalog } = createSearchCatalog();
    const model = fakeModel()
      .respond(callTool("tool_search", { query: "list pull requests", limit: 1 }))
      .respond(new AIMessage("found"));
    const { model: recorded, bound } = recordBoundTools(model);
    const agent = createDynamicToolAgent({
      model: recorded,
      catalog,
      mode: "search",
      maxTools: 4,
      countTokens: false,
      checkpointer: new MemorySaver(),
    });
    const result = await agent.invoke({ messages: [new HumanMessage("show the pull requests")] }, { configurable: { thread_id: "ns" } });
    expect(bound.at(-1)).toEqual(["get_time", "tool_search", "list_pulls", "create_issue"]);
    expect(result.loadedTools).toEqual(["list_pulls", "create_issue"]);
    expect(result.toolSelection?.unloaded?.map((tool) => tool.name)).toEqual(["close_issue", "list_issues"]);
  });
});
