/**
 * The example's conversation in both runtimes, offline: the model searches only when the tool it needs is not bound,
 * and a namespace loaded in turn 1 (github) serves turn 2 without a new search.
 */
import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createTeamAgent } from "./agent.js";
import { createTeamCatalog, createTeamStore } from "./catalog.js";
import { CONVERSATION, INTENTS } from "./conversation.js";
import { ScriptedSearchModel } from "./scripted-model.js";

describe.each(["middleware", "graph"] as const)("the tool-search example (%s)", (runtime) => {
  it("searches, loads, calls, and reuses loaded tools on later turns", async () => {
    const store = createTeamStore();
    const model = new ScriptedSearchModel({ intents: INTENTS });
    const agent = createTeamAgent({ runtime, catalog: createTeamCatalog(store), model, mode: "search", checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "demo" } };
    const callsPerTurn: string[][] = [];
    for (const text of CONVERSATION) {
      const before = model.log.calls.length;
      await agent.invoke({ messages: [new HumanMessage(text)] }, config);
      callsPerTurn.push(model.log.calls.slice(before));
    }
    expect(callsPerTurn).toEqual([
      ["tool_search", "create_issue"],
      ["list_pull_requests"], // loaded with the github namespace in turn 1
      ["tool_search", "create_event"],
      ["tool_search", "get_weather"],
    ]);
    expect(store.issues.map((issue) => issue.title)).toContain("Login page shows a blank screen");
    expect(model.log.bound[0]).toEqual(["get_time", "tool_search"]);
    expect(model.log.bound.every((bound) => bound[0] === "get_time" && bound[1] === "tool_search")).toBe(true);
  });
});
