/**
 * `tool_search` over a live catalog: its index catches up at the start of a search (never in between); an
 * unreferenced tool is collected with its index; the prebuilt agent's selector and tool_search catch up the same way.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { RetrievalStrategy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
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
/** Adds a tool: one catalog update. */
function updateCatalog(catalog: ToolCatalog): void {
  added++;
  catalog.add([{ name: `mail_merge_${added}`, description: "Merge a mail template with a list of recipients" }]);
}

const searchCall = (id = "s1") => ({ name: "tool_search", args: { query: "send an email" }, id, type: "tool_call" as const });

describe("createToolSearchTool over a live catalog", () => {
  it("applies an update at the start of the next search, not when it happens", async () => {
    const { catalog } = createSearchCatalog();
    const { strategy, counts } = countingStrategy();
    const toolSearch = createToolSearchTool(catalog, { strategy });
    expect(counts.index).toBe(0); // built on the first search
    await toolSearch.invoke(searchCall());
    updateCatalog(catalog);
    await tick(5);
    expect(counts).toEqual({ index: 1, add: 0, remove: 0, rank: 1 });
    await toolSearch.invoke(searchCall("s2"));
    expect(counts).toEqual({ index: 1, add: 1, remove: 1, rank: 2 });
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

describe("createDynamicToolAgent over a live catalog", () => {
  it("brings the selector's and tool_search's indexes up to date on the next turn", async () => {
    const { catalog } = createSearchCatalog();
    const selection = countingStrategy("selection");
    const search = countingStrategy("search");
    const model = fakeModel()
      .respond(callTool("tool_search", { query: "send an email" }))
      .respond(new AIMessage("Found it."))
      .respond(callTool("tool_search", { query: "send an email" }))
      .respond(new AIMessage("Found it again."));
    const options = {
      model,
      catalog,
      mode: "both" as const,
      strategy: selection.strategy,
      search: { strategy: search.strategy },
      countTokens: false,
    };
    const agent = createDynamicToolAgent(options);
    await agent.invoke({ messages: [new HumanMessage("email Ann")] });
    expect([selection.counts, search.counts]).toMatchObject([
      { index: 1, add: 0, remove: 0 },
      { index: 1, add: 0, remove: 0 },
    ]);
    updateCatalog(catalog);
    await tick(5);
    expect([selection.counts, search.counts]).toMatchObject([
      { index: 1, add: 0, remove: 0 },
      { index: 1, add: 0, remove: 0 },
    ]);
    await agent.invoke({ messages: [new HumanMessage("email Bo")] });
    expect([selection.counts, search.counts]).toMatchObject([
      { index: 1, add: 1, remove: 1 },
      { index: 1, add: 1, remove: 1 },
    ]);
  });
});
