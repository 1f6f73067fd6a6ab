/**
 * The lifecycle of `tool_search` over a live catalog: close(), `using` and a signal stop its index from following
 * the catalog; a search after close fails with CLOSED (an error ToolMessage in a graph); an unreferenced tool is
 * collected; and the prebuilt agent's close() releases the tool_search and the selector it created.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DynamicToolsError, type RetrievalStrategy, type ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { createToolSearchTool } from "./tool-search-tool.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the garbage collector until `done()`, each round in a fresh task (`deref()` keeps its target for the job). */
async function collectUntil(done: () => boolean): Promise<boolean> {
  for (let round = 0; round < 30; round++) {
    await tick(0);
    gc();
    await tick(10);
    if (done()) return true;
  }
  return false;
}

/** An incremental strategy that counts what is asked of it and always finds `send_email`. */
function countingStrategy(name = "counting") {
  const counts = { index: 0, add: 0, remove: 0, rank: 0 };
  const strategy: RetrievalStrategy = {
    name,
    index() {
      counts.index++;
    },
    rank() {
      counts.rank++;
      return [{ name: "send_email", score: 1, signals: { [name]: 1 } }];
    },
    add() {
      counts.add++;
    },
    remove() {
      counts.remove++;
    },
  };
  return { strategy, counts };
}

let added = 0;
/** Adds a tool and removes it again: two catalog updates. */
function updateCatalog(catalog: ToolCatalog): void {
  added++;
  catalog.add([{ name: `mail_merge_${added}`, description: "Merge a mail template with a list of recipients" }]);
  catalog.remove([`mail_merge_${added}`]);
}

const searchCall = (id = "s1") => ({ name: "tool_search", args: { query: "send an email" }, id, type: "tool_call" as const });

describe("createToolSearchTool: close", () => {
  it("stops its index from following the catalog once closed: no add, remove or index", async () => {
    const { catalog } = createSearchCatalog();
    const { strategy, counts } = countingStrategy();
    const toolSearch = createToolSearchTool(catalog, { strategy });
    await toolSearch.invoke(searchCall());
    updateCatalog(catalog);
    await toolSearch.invoke(searchCall("s2"));
    expect(counts).toEqual({ index: 1, add: 1, remove: 2, rank: 2 });

    expect(toolSearch.closed).toBe(false);
    toolSearch.close();
    expect(toolSearch.closed).toBe(true);
    updateCatalog(catalog);
    await tick(5);
    expect(counts).toEqual({ index: 1, add: 1, remove: 2, rank: 2 });
  });

  it("fails a search after close with CLOSED, an error ToolMessage in a graph; closing twice is harmless", async () => {
    const { catalog } = createSearchCatalog();
    const toolSearch = createToolSearchTool(catalog, { strategy: countingStrategy().strategy });
    toolSearch.close();
    toolSearch.close();
    toolSearch[Symbol.dispose]();
    const error = await toolSearch.invoke(searchCall()).catch((reason: unknown) => reason);
    expect(DynamicToolsError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLOSED",
      message: "tool_search was closed (by close(), `using` or its signal); create another with createToolSearchTool(catalog, options).",
    });

    const graph = new StateGraph(DynamicToolsAnnotation)
      .addNode("tools", new DynamicToolNode(catalog, { extraTools: [toolSearch] }))
      .addEdge("__start__", "tools")
      .compile();
    const result = await graph.invoke({ messages: [new AIMessage({ content: "", tool_calls: [searchCall()] })] });
    const message = result.messages.at(-1) as ToolMessage;
    expect(message.status).toBe("error");
    expect(message.content).toContain("tool_search was closed");
  });

  it("closes at the end of a `using` block and when its signal aborts", async () => {
    const { catalog } = createSearchCatalog();
    const { strategy, counts } = countingStrategy();
    let outside: ReturnType<typeof createToolSearchTool> | undefined;
    {
      using toolSearch = createToolSearchTool(catalog, { strategy });
      await toolSearch.invoke(searchCall());
      outside = toolSearch;
    }
    expect(outside.closed).toBe(true);

    const request = new AbortController();
    const withSignal = createToolSearchTool(catalog, { strategy, signal: request.signal });
    await withSignal.invoke(searchCall());
    request.abort();
    expect(withSignal.closed).toBe(true);
    updateCatalog(catalog);
    await tick(5);
    expect(counts).toMatchObject({ index: 2, add: 0, remove: 0 });
  });

  it("is not kept alive by the catalog: an unreferenced tool_search is collected with its index", async () => {
    const { catalog } = createSearchCatalog();
    const made = await (async () => {
      const { strategy } = countingStrategy();
      const toolSearch = createToolSearchTool(catalog, { strategy });
      await toolSearch.invoke(searchCall());
      return { toolSearch: new WeakRef(toolSearch), strategy: new WeakRef(strategy) };
    })();
    expect(await collectUntil(() => made.toolSearch.deref() === undefined && made.strategy.deref() === undefined)).toBe(true);
    updateCatalog(catalog); // nothing left to update; no error
  });
});

describe("createDynamicToolAgent: close", () => {
  it("closes the tool_search and the selector it created: catalog updates no longer reach either index", async () => {
    const { catalog } = createSearchCatalog();
    const selection = countingStrategy("selection");
    const search = countingStrategy("search");
    const model = fakeModel()
      .respond(callTool("tool_search", { query: "send an email" }))
      .respond(new AIMessage("Found it."));
    const agent = createDynamicToolAgent({ model, catalog, mode: "both", strategy: selection.strategy, search: { strategy: search.strategy }, countTokens: false });
    await agent.invoke({ messages: [new HumanMessage("email Ann")] });
    updateCatalog(catalog);
    await tick(5);
    expect([selection.counts, search.counts]).toMatchObject([
      { index: 1, add: 1, remove: 2 },
      { index: 1, add: 1, remove: 2 },
    ]);

    await agent.close();
    updateCatalog(catalog);
    await tick(5);
    expect([selection.counts, search.counts]).toMatchObject([
      { index: 1, add: 1, remove: 2 },
      { index: 1, add: 1, remove: 2 },
    ]);
    await expect(agent.invoke({ messages: [new HumanMessage("email Bo")] })).rejects.toMatchObject({ code: "CLOSED" });
  });

  it("closes them when the signal passed to the agent aborts", async () => {
    const { catalog } = createSearchCatalog();
    const selection = countingStrategy("selection");
    const application = new AbortController();
    const agent = createDynamicToolAgent({ model: fakeModel().respond(new AIMessage("Hi.")), catalog, mode: "both", strategy: selection.strategy, signal: application.signal });
    await agent.invoke({ messages: [new HumanMessage("email Ann")] });
    application.abort();
    updateCatalog(catalog);
    await tick(5);
    expect(selection.counts).toMatchObject({ index: 1, add: 0, remove: 0 });
  });
});
