/**
 * The prebuilt agent in modes search, both and auto: tool_search finds and loads tools through a Command, the loaded
 * tools are bound from the next model call on (after core, tool_search and the selection), persist with the thread,
 * are unloaded least recently used first under the budget, and survive an interrupt and its resume.
 */
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver, interrupt } from "@langchain/langgraph";
import { ToolCatalog } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { callTool, calledTools } from "../__fixtures__/tool-calls.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";
import type { ToolSearchArtifact } from "../search/search-artifact.js";
import { createDynamicToolAgent } from "./create-dynamic-tool-agent.js";

const thread = (id: string) => ({ configurable: { thread_id: id } });

describe("createDynamicToolAgent, mode search", () => {
  it("binds core + tool_search, loads what the model found, and binds it from the next call on", async () => {
    const { catalog, calls } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "send an email message" }))
      .respond(callTool("send_email", { text: "hi" }))
      .respond(new AIMessage("Sent."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "search", countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("email Ann that the build is green")] });

    expect(bound).toEqual([
      ["get_time", "tool_search"],
      ["get_time", "tool_search", "send_email"],
      ["get_time", "tool_search", "send_email"],
    ]);
    expect(calls).toEqual(["send_email"]);
    expect(result.loadedTools).toEqual(["send_email"]);
    expect(result.toolSelection).toMatchObject({
      mode: "search",
      strategy: "search",
      searchTool: "tool_search",
      loaded: ["send_email"],
      unloaded: [],
    });
    const searchMessage = result.messages.find(
      (message) => ToolMessage.isInstance(message) && message.name === "tool_search",
    ) as ToolMessage;
    expect((searchMessage.artifact as ToolSearchArtifact).loaded).toEqual(["send_email"]);
  });

  it("keeps loaded tools across turns of a thread (MemorySaver) and appends new ones in load order", async () => {
    const { catalog } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "list pull requests" }))
      .respond(new AIMessage("Found the GitHub tools."))
      .respond(callTool("list_pulls"))
      .respond(callTool("tool_search", { query: "weather forecast" }))
      .respond(new AIMessage("Done."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "search", checkpointer: new MemorySaver(), countTokens: false });
    await agent.invoke({ messages: [new HumanMessage("what can you do with github?")] }, thread("t"));
    const second = await agent.invoke({ messages: [new HumanMessage("list the open pull requests, then the weather")] }, thread("t"));

    const github = ["list_pulls", "create_issue", "list_issues", "close_issue"];
    // turn 2's first call already has the GitHub namespace bound: no second search for it
    expect(bound[2]!.slice(0, 2)).toEqual(["get_time", "tool_search"]);
    expect(bound[2]).toEqual(expect.arrayContaining(github));
    // the new load is appended after the earlier ones: the prefix of the bound list never changes
    expect(bound[4]!.slice(0, bound[2]!.length)).toEqual(bound[2]);
    expect(bound[4]!.at(-1)).toBe("get_weather");
    expect(second.loadedTools!.slice(0, 4)).toEqual(github);
    expect(calledTools(second.messages as AIMessage[]).filter((name) => name === "tool_search")).toHaveLength(2); // one per turn
  });

  it("unloads the least recently used loaded tools when the budget is full, never core, and says so", async () => {
    const { catalog } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "send an email message" }))
      .respond(callTool("send_email"))
      .respond(callTool("tool_search", { query: "weather forecast" }))
      .respond(callTool("get_weather"))
      .respond(callTool("tool_search", { query: "translate text into another language" }))
      .respond(new AIMessage("ok"));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "search", maxTools: 4, countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("email, weather, translate")] });

    expect(bound.every((tools) => tools.length <= 4)).toBe(true);
    expect(bound.every((tools) => tools[0] === "get_time" && tools[1] === "tool_search")).toBe(true);
    expect(bound.at(-1)).toEqual(["get_time", "tool_search", "get_weather", "translate_text"]);
    expect(result.toolSelection!.unloaded).toEqual([
      { name: "send_email", reason: "least recently used loaded tool; unloaded to fit maxTools (4)" },
    ]);
    expect(result.loadedTools).toEqual(["get_weather", "translate_text"]);
  });

  it("counts tool_search and every loaded definition against maxTokens", async () => {
    const { catalog } = createSearchCatalog();
    const fixed = catalog.tokensOf("get_time") + 200; // room for tool_search and little else
    const agent = createDynamicToolAgent({
      model: fakeModel().respond(new AIMessage("hi")),
      catalog,
      mode: "search",
      maxTokens: fixed + 1_000,
    });
    const result = await agent.invoke({ messages: [new HumanMessage("hello")] });
    expect(result.toolSelection!.tokens!.selected).toBeLessThanOrEqual(fixed + 1_000);
    expect(result.toolSelection!.tokens!.selected).toBeGreaterThan(catalog.tokensOf("get_time"));
    expect(() =>
      createDynamicToolAgent({ model: fakeModel(), catalog, mode: "search", maxTokens: catalog.tokensOf("get_time") + 1 }),
    ).toThrowError(/The core tools and tool_search alone exceed the budget/);
  });

  it("survives an interrupt and its resume: loaded tools stay bound and the interrupted tool runs", async () => {
    const refunds: string[] = [];
    const refund = tool(
      (input: { orderId: string }) => {
        const answer = interrupt({ question: `Refund order ${input.orderId}?` }) as string;
        refunds.push(`${input.orderId}:${answer}`);
        return answer === "yes" ? "Refunded." : "Not refunded.";
      },
      { name: "refund_order", description: "Refund a customer's order payment", schema: z.object({ orderId: z.string() }) },
    );
    const { catalog: base } = createSearchCatalog();
    const catalog = new ToolCatalog({ tools: [...base.executableTools(), refund], core: ["get_time"] });
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "refund an order payment" }))
      .respond(callTool("refund_order", { orderId: "A-17" }))
      .respond(new AIMessage("The order was refunded."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "search", checkpointer: new MemorySaver(), countTokens: false });

    const paused = await agent.invoke({ messages: [new HumanMessage("refund order A-17")] }, thread("r"));
    const { __interrupt__: interrupts } = paused as { __interrupt__?: Array<{ value: unknown }> };
    expect(interrupts?.[0]?.value).toEqual({ question: "Refund order A-17?" });
    expect((await agent.getState(thread("r"))).values.loadedTools).toContain("refund_order");

    const resumed = await agent.invoke(new Command({ resume: "yes" }), thread("r"));
    expect(refunds).toEqual(["A-17:yes"]);
    expect(resumed.messages.at(-1)?.content).toBe("The order was refunded.");
    expect(bound[1]).toContain("refund_order");
    expect(bound[2]).toContain("refund_order"); // after the resume, still bound without a new search
    expect(calledTools(resumed.messages as AIMessage[])).toEqual(["tool_search", "refund_order"]);
  });
});

describe("createDynamicToolAgent, mode both", () => {
  it("binds core, tool_search, this turn's selection, then the loaded tools", async () => {
    const { catalog } = createSmallCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "staff list" }))
      .respond(new AIMessage("ok"));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "both", countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] });
    // salary selects get_pending_salaries and (related) get_staff_list, which is then bound already: search skips it
    expect(bound[0]).toEqual(["get_gym_info", "tool_search", "get_pending_salaries", "get_staff_list"]);
    expect(result.toolSelection).toMatchObject({ mode: "both", strategy: "keyword", categories: [{ name: "salary" }, { name: "staff" }] });
    const search = result.messages.find((message) => ToolMessage.isInstance(message)) as ToolMessage;
    expect((search.artifact as ToolSearchArtifact).matches.map((match) => match.name)).not.toContain("get_staff_list");
  });

  it("appends loaded tools after the selection", async () => {
    const { catalog } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "weather forecast" }))
      .respond(new AIMessage("ok"));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, mode: "both", strategy: "bm25", countTokens: false, autoCut: false, topK: 1 });
    await agent.invoke({ messages: [new HumanMessage("send an email")] });
    expect(bound[0]).toEqual(["get_time", "tool_search", "send_email"]);
    expect(bound[1]).toEqual(["get_time", "tool_search", "send_email", "get_weather"]);
  });
});

describe("createDynamicToolAgent, mode auto", () => {
  it("binds every tool while the definitions fit in N% of the context window", async () => {
    const { catalog } = createSearchCatalog();
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("hi")));
    const agent = createDynamicToolAgent({ model, catalog, mode: "auto", contextWindow: 200_000, countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("hello")] });
    // every tool the caller may see: not the disabled one, not the non-searchable one
    expect(bound[0]).toEqual(catalog.names().filter((name) => name !== "drop_database" && name !== "debug_dump"));
    expect(result.toolSelection).toMatchObject({
      mode: "all",
      strategy: "all",
      auto: { mode: "all", percent: 10, contextWindow: 200_000 },
    });
  });

  it("switches to search past the threshold (auto:N), reading the context window from the model's name", async () => {
    const { catalog } = createSearchCatalog();
    const total = catalog.totalTokens();
    const { model, bound } = recordBoundTools(Object.assign(fakeModel().respond(new AIMessage("hi")), { model: "gpt-4o" }));
    // N% of 128,000 just below the catalog's tokens
    const percent = Math.floor(((total - 1) / 128_000) * 100 * 1000) / 1000;
    const agent = createDynamicToolAgent({ model, catalog, mode: `auto:${percent}`, countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("hello")] });
    expect(bound[0]).toEqual(["get_time", "tool_search"]);
    expect(result.toolSelection!.auto).toMatchObject({ mode: "search", contextWindow: 128_000, definitionTokens: total });
    expect(() => createDynamicToolAgent({ model: fakeModel(), catalog, mode: "auto" })).toThrowError(/needs the model's context window/);
  });
});
