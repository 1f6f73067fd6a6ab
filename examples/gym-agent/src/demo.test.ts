/**
 * The demo conversation through the real graph (prebuilt agent, DynamicToolNode, offline model): state changes
 * made by one turn's tool are seen by the next turn's.
 */
import { createDynamicToolAgent } from "@dynamic-tools/langgraph";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";
import { OfflineScriptedModel } from "./offline-model.js";
import { createGymStore } from "./store.js";

describe("the gym demo conversation", () => {
  it("runs every scripted turn and the freeze shows up in the stats", async () => {
    const store = createGymStore();
    const frozenBefore = store.data.memberships.filter((membership) => membership.status === "frozen").length;
    const agent = createDynamicToolAgent({
      model: new OfflineScriptedModel({ script: OFFLINE_SCRIPT }),
      catalog: createGymCatalog(store),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "t" } };
    const called: string[] = [];
    let deliveries = 0;
    let seen = 0;
    for (const text of DEMO_CONVERSATION) {
      const state = await agent.invoke({ messages: [new HumanMessage(text)] }, config);
      const fresh = state.messages.slice(seen);
      seen = state.messages.length;
      for (const message of fresh) {
        if (ToolMessage.isInstance(message)) {
          expect(message.status).toBe("success");
          // A tool_search result here is the cache-aware binding delivering a later topic's tools (called through
          // call_tool, recorded under their own names), not a call the model made.
          if (message.name === "tool_search") deliveries++;
          else called.push(message.name!);
        }
      }
      expect(state.toolSelection!.count).toBeLessThanOrEqual(128);
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
    expect(deliveries).toBeGreaterThan(0);
    expect(store.data.memberships.filter((membership) => membership.status === "frozen").length).toBe(frozenBefore + 1);
    expect(store.data.ui.theme.mode).toBe("dark");
  });
});
