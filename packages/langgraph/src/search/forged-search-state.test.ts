/**
 * The loaded channel and the state `tool_search` reads hold whatever a client wrote (a graph's input, `updateState`):
 * a value of the wrong shape is read as no names, never thrown on, so the run goes on and the model gets its search.
 */
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSearchCatalog, createSearchStep } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { reduceLoadedTools } from "./loaded-tools.js";
import type { ToolSearchArtifact } from "./search-artifact.js";

const FORGED_UPDATES = [
  { unload: 5 },
  { unload: "get_weather" },
  { unload: [null, 7] },
  [5, null, {}, ["send_email"]],
  "send_email",
  7,
  {},
];

describe("reduceLoadedTools on a forged update", () => {
  it.each(FORGED_UPDATES.map((update) => [JSON.stringify(update), update]))("reads %s as no names, without throwing", (_, update) => {
    expect(reduceLoadedTools(["get_weather"], update as never)).toEqual(["get_weather"]);
  });

  it("keeps the names of a list and drops its other entries", () => {
    expect(reduceLoadedTools(["a"], ["b", 5, null, "c"] as never)).toEqual(["a", "b", "c"]);
    expect(reduceLoadedTools(["a", "b"], { unload: ["a", 5] } as never)).toEqual(["b"]);
    expect(reduceLoadedTools(["a", 5, "b"] as never, null)).toEqual(["a", "b"]);
  });
});

describe("a forged loadedTools in the prebuilt agent's input", () => {
  it.each(FORGED_UPDATES.map((update) => [JSON.stringify(update), update]))("%s: the run answers, nothing is loaded", async (_, update) => {
    const { catalog, calls } = createSearchCatalog();
    const agent = createDynamicToolAgent({
      model: fakeModel().respond(new AIMessage("ok")),
      catalog,
      mode: "search",
      countTokens: false,
      checkpointer: new MemorySaver(),
    });
    const result = await agent.invoke(
      { messages: [new HumanMessage("hi")], loadedTools: update as never },
      { configurable: { thread_id: `forged-${JSON.stringify(update)}` } },
    );
    expect(result.messages.at(-1)?.content).toBe("ok");
    expect(result.toolSelection?.tools).toEqual(["get_time", "tool_search"]);
    expect(calls).toEqual([]);
  });
});

describe("tool_search over a forged state", () => {
  it.each([{ tools: 5 }, { tools: "abc" }, { tools: [null, 7] }, 5, "x"])("toolSelection %j: the search answers", async (toolSelection) => {
    const { graph } = createSearchStep();
    const result = await graph.invoke({
      messages: [callTool("tool_search", { query: "send an email message" })],
      toolSelection: toolSelection as never,
    });
    const message = result.messages.at(-1) as ToolMessage;
    expect(message.status).not.toBe("error");
    expect((message.artifact as ToolSearchArtifact).loaded).toEqual(["send_email"]);
    expect(result.loadedTools).toEqual(["send_email"]);
  });
});
