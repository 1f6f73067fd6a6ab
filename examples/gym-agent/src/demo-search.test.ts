/**
 * The gym demo conversation in the search modes (`pnpm start -- --mode search|both|auto`): the offline model searches
 * for tools it lacks, loaded tools stay bound for later turns, and every tool of the select demo still runs. Also
 * the first-turn cost per mode (`pnpm start -- --tokens`).
 */
import { createDynamicToolAgent, type ToolMode } from "@dynamic-tools/langgraph";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";
import { measureFirstTurn } from "./first-turn-tokens.js";
import { SearchingOfflineModel } from "./searching-offline-model.js";
import { createGymStore } from "./store.js";

describe.each(["search", "both", "auto"] as const)("the gym demo conversation, mode %s", (mode: ToolMode) => {
  it("runs every scripted tool, searching only for what is not bound", async () => {
    const store = createGymStore();
    const agent = createDynamicToolAgent({
      model: new SearchingOfflineModel({ script: OFFLINE_SCRIPT }),
      catalog: createGymCatalog(store),
      mode,
      contextWindow: 128_000,
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "t" } };
    const called: string[] = [];
    let seen = 0;
    for (const text of DEMO_CONVERSATION) {
      const state = await agent.invoke({ messages: [new HumanMessage(text)] }, config);
      for (const message of state.messages.slice(seen)) {
        if (ToolMessage.isInstance(message) && message.name !== "tool_search") {
          expect(message.status).toBe("success");
          called.push(message.name!);
        }
      }
      seen = state.messages.length;
      expect(state.toolSelection!.count).toBeLessThanOrEqual(128);
      expect(state.toolSelection!.tools.slice(8, 9)).toEqual(["tool_search"]); // right after the 8 core tools
    }
    expect(called).toEqual([
      "get_clients_list",
      "freeze_membership",
      "get_membership_stats",
      "get_pending_salaries",
      "get_revenue_stats",
      "get_services",
      "change_theme",
    ]);
    expect(store.data.ui.theme.mode).toBe("dark");
  });
});

describe("first-turn cost per mode (what is pending salary?)", () => {
  it("binds core + tool_search first in search and auto (gpt-4o-mini), the selection in select, both in both", async () => {
    const { rows, allTokens } = await measureFirstTurn();
    const byMode = Object.fromEntries(rows.map((row) => [row.mode, row]));
    // The selection's 19 tools and call_tool, the cache-aware binding's proxy for tools delivered later.
    expect(byMode.select).toMatchObject({ resolved: "select", tools: 20, calls: 2 });
    expect(byMode.search).toMatchObject({ resolved: "search", tools: 9, calls: 3, called: ["tool_search", "get_pending_salaries"] });
    expect(byMode.both).toMatchObject({ resolved: "both", tools: 20, calls: 2 });
    expect(byMode.auto).toMatchObject({ resolved: "search", tools: byMode.search!.tools, tokens: byMode.search!.tokens });
    expect(byMode.search!.tokens).toBeLessThan(byMode.select!.tokens / 2);
    expect(byMode.both!.tokens).toBeGreaterThan(byMode.select!.tokens);
    expect(allTokens).toBeGreaterThan(byMode.both!.tokens * 5);
  });
});
