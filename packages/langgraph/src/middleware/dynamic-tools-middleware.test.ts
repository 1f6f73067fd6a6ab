/**
 * The createAgent path: LangChain v1's createAgent with a fake tool-calling model and dynamicToolsMiddleware,
 * asserting on what each model call was bound with and on the resulting messages and state.
 */
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { ToolCatalog, UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { tool, type ClientTool } from "@langchain/core/tools";
import { Command, MemorySaver, interrupt } from "@langchain/langgraph";
import { z } from "zod";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import type { ToolSearchArtifact } from "../search/search-artifact.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";
import { dynamicToolsMiddleware } from "./dynamic-tools-middleware.js";

const thread = (id: string) => ({ configurable: { thread_id: id } });

describe("dynamicToolsMiddleware with createAgent", () => {
  it("search → load → call: binds core + tool_search, loads what was found, then binds and runs it", async () => {
    const { catalog, calls } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "list pull requests" }))
      .respond(callTool("list_pulls", { text: "dynamic-tools" }))
      .respond(new AIMessage("There are 2 open pull requests."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createAgent({ model, tools: [], middleware: [dynamicToolsMiddleware({ catalog, mode: "search", countTokens: false })] });
    const result = await agent.invoke({ messages: [new HumanMessage("any open PRs?")] });

    const github = ["list_pulls", "create_issue", "list_issues", "close_issue"];
    expect(bound[0]).toEqual(["get_time", "tool_search"]);
    expect(bound[1]!.slice(0, 2 + github.length)).toEqual(["get_time", "tool_search", ...github]);
    expect(calls).toEqual(["list_pulls"]);
    expect(result.loadedTools!.slice(0, 4)).toEqual(github);
    expect(result.toolSelection).toMatchObject({ mode: "search", searchTool: "tool_search" });
    const messages = result.messages;
    const search = messages.find((message) => ToolMessage.isInstance(message) && message.name === "tool_search") as ToolMessage;
    expect((search.artifact as ToolSearchArtifact).matches[0]!.name).toBe("list_pulls");
    const call = messages.find((message) => ToolMessage.isInstance(message) && message.name === "list_pulls") as ToolMessage;
    expect(call.status).not.toBe("error");
    expect(messages.at(-1)?.content).toBe("There are 2 open pull requests.");
  });

  it("gives the same explanation as the graph's selector node for the same options", async () => {
    const { catalog } = createSearchCatalog();
    const { model } = recordBoundTools(fakeModel().respond(new AIMessage("hi")));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, mode: "both", strategy: "bm25", countTokens: false })],
    });
    const result = await agent.invoke({ messages: [new HumanMessage("send an email")] });
    const node = createToolSelectorNode({
      catalog,
      mode: "both",
      strategy: "bm25",
      countTokens: false,
      searchTool: createToolSearchTool(catalog, { strategy: "bm25" }),
    });
    const expected = await node({ messages: [new HumanMessage("send an email")] });
    expect(result.toolSelection).toEqual(expected.toolSelection);
  });

  it("narrows the tools createAgent was given (mode select) and keeps tools the catalog does not know", async () => {
    const { catalog } = createSmallCatalog();
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("ok")));
    const extra = createToolSearchTool(catalog, { name: "not_in_catalog" });
    const tools: ClientTool[] = [...catalog.executableTools(), extra];
    const agent = createAgent({ model, tools, middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })] });
    const result = await agent.invoke({ messages: [new HumanMessage("who is on staff?")] });
    expect(bound[0]).toEqual(["get_gym_info", "get_staff_list", "not_in_catalog"]);
    expect(result.toolSelection).toMatchObject({ mode: "select", categories: [{ name: "staff" }] });
  });

  it("runs a tool createAgent was given that the catalog does not know", async () => {
    const { catalog } = createSmallCatalog();
    const rang: string[] = [];
    const own = tool(
      () => {
        rang.push("ring");
        return "ringing";
      },
      { name: "ring_phone", description: "Ring the front desk phone", schema: z.object({}) },
    );
    const fake = fakeModel()
      .respond(new AIMessage({ content: "", tool_calls: [{ name: "ring_phone", args: {}, id: "a", type: "tool_call" }] }))
      .respond(new AIMessage("done"));
    const agent = createAgent({ model: fake, tools: [own], middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })] });
    const result = await agent.invoke({ messages: [new HumanMessage("ring the desk")] });
    const reply = result.messages.find((message) => ToolMessage.isInstance(message)) as ToolMessage | undefined;
    expect(reply).toMatchObject({ name: "ring_phone", content: "ringing" });
    expect(rang).toEqual(["ring"]);
  });

  it("executes catalog tools it was not given, and refuses disabled or unknown ones with an error ToolMessage", async () => {
    const { catalog, calls } = createSmallCatalog();
    const fake = fakeModel()
      .respond(
        new AIMessage({
          content: "",
          tool_calls: [
            { name: "get_pending_salaries", args: { month: "2026-11" }, id: "a", type: "tool_call" },
            { name: "delete_everything", args: {}, id: "b", type: "tool_call" },
            { name: "get_staf_list", args: {}, id: "c", type: "tool_call" },
          ],
        }),
      )
      .respond(new AIMessage("done"));
    const agent = createAgent({ model: fake, tools: [], middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })] });
    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] });
    const replies = result.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];
    const byId = Object.fromEntries(replies.map((message) => [message.tool_call_id, message]));
    expect(byId.a!.status).not.toBe("error");
    expect(byId.b!.status).toBe("error");
    expect(byId.b!.content).toContain('Tool "delete_everything" is not available');
    expect(byId.c!.content).toContain("Did you mean: get_staff_list?");
    expect(calls).toEqual(["get_pending_salaries"]);
  });

  it("keeps loaded tools in the thread's state across turns (MemorySaver)", async () => {
    const { catalog } = createSearchCatalog();
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "weather forecast" }))
      .respond(new AIMessage("I can check the weather now."))
      .respond(callTool("get_weather", { text: "Paris" }))
      .respond(new AIMessage("Sunny."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createAgent({
      model,
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, mode: "search", countTokens: false })],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke({ messages: [new HumanMessage("can you check weather?")] }, thread("w"));
    const second = await agent.invoke({ messages: [new HumanMessage("weather in Paris")] }, thread("w"));
    expect(bound[2]).toEqual(["get_time", "tool_search", "get_weather"]); // first call of turn 2: no new search
    expect(second.messages.at(-1)?.content).toBe("Sunny.");
    expect(second.loadedTools).toEqual(["get_weather"]);
  });

  it("survives an interrupt in a loaded tool and its resume", async () => {
    const { catalog: base } = createSearchCatalog();
    const approvals: string[] = [];
    const refund = tool(
      (input: { orderId: string }) => {
        approvals.push(interrupt({ question: `Refund ${input.orderId}?` }) as string);
        return "Refunded.";
      },
      { name: "refund_order", description: "Refund a customer's order payment", schema: z.object({ orderId: z.string() }) },
    );
    const catalog = new ToolCatalog({ tools: [...base.executableTools(), refund], core: ["get_time"] });
    const fake = fakeModel()
      .respond(callTool("tool_search", { query: "refund an order payment" }))
      .respond(callTool("refund_order", { orderId: "A-17" }))
      .respond(new AIMessage("Refunded A-17."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createAgent({
      model,
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, mode: "search", countTokens: false })],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke({ messages: [new HumanMessage("refund order A-17")] }, thread("i"));
    const paused = await agent.graph.getState(thread("i"));
    expect(paused.tasks.flatMap((task) => task.interrupts).map((entry) => entry.value)).toEqual([{ question: "Refund A-17?" }]);
    expect(paused.values.loadedTools).toContain("refund_order");
    const resumed = await agent.invoke(new Command({ resume: "approved" }), thread("i"));
    expect(approvals).toEqual(["approved"]);
    expect(resumed.messages.at(-1)?.content).toBe("Refunded A-17.");
    expect(bound[2]).toContain("refund_order");
  });

  it("fails at construction on a bad option", () => {
    const { catalog } = createSearchCatalog();
    expect(() => dynamicToolsMiddleware({ catalog, mode: "auto" })).toThrowError(/needs the model's context window/);
    expect(() => dynamicToolsMiddleware({ catalog, mode: "auto", model: "gpt-4o" })).not.toThrow();
    expect(() => dynamicToolsMiddleware({ catalog, maxTools: 0 })).toThrowError(/maxTools must be a whole number/);
  });

  it("refuses a UsageModel as usage when built, with what to pass instead, before the tool_search check reads it", () => {
    const { catalog } = createSmallCatalog();
    for (const mode of ["select", "search"] as const) {
      expect(() => dynamicToolsMiddleware({ catalog, mode, usage: new UsageModel({ catalog }) as never })).toThrowError(
        expect.objectContaining({
          code: "INVALID_OPTION",
          message:
            "usage must be a UsageRecorder (the calls that ran are recorded through it), got a UsageModel: pass new UsageRecorder({ model }) with that model, which records into it.",
        }),
      );
    }
    expect(() => dynamicToolsMiddleware({ catalog, usage: new UsageRecorder({ model: new UsageModel({ catalog }) }) })).not.toThrow();
  });

  it("runs the valid calls of an answer whose tool_calls hold null entries, and keeps no such entry in the state", async () => {
    const { catalog, calls } = createSmallCatalog();
    const call = (id: string) => ({ name: "get_staff_list", args: {}, id, type: "tool_call" as const });
    const fake = fakeModel()
      .respond(new AIMessage({ content: "", tool_calls: [call("a")] }))
      .respond(new AIMessage({ content: "", tool_calls: [call("b"), null as never] }))
      .respond(new AIMessage({ content: "", tool_calls: [undefined as never, call("c")] }))
      .respond(new AIMessage("done"));
    const agent = createAgent({ model: fake, tools: [], middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })] });
    const result = await agent.invoke({ messages: [new HumanMessage("who is on staff?")] });
    expect(calls).toEqual(["get_staff_list", "get_staff_list", "get_staff_list"]);
    const answers = result.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];
    expect(answers.map((message) => [message.tool_call_id, message.status])).toEqual([
      ["a", "success"],
      ["b", "success"],
      ["c", "success"],
    ]);
    const entries = result.messages.flatMap((message) => (AIMessage.isInstance(message) ? (message.tool_calls ?? []) : []));
    expect(entries.map((entry) => entry?.id)).toEqual(["a", "b", "c"]);
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it("repairs a state message holding null entries (written by a client) in afterModel, so that nothing crashes", async () => {
    const { catalog, calls } = createSmallCatalog();
    const agent = createAgent({
      model: fakeModel().respond(new AIMessage("hello")).respond(new AIMessage("done")),
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke({ messages: [new HumanMessage("hi")] }, thread("null-entries"));
    const written = new AIMessage({
      id: "w1",
      content: "",
      tool_calls: [{ name: "get_gym_info", args: {}, id: "g", type: "tool_call" }, null as never],
    });
    await agent.graph.updateState(thread("null-entries"), { messages: [written] }, "model_request");
    const result = await agent.invoke(null as never, thread("null-entries"));
    expect(calls).toEqual(["get_gym_info"]);
    const repaired = result.messages.find((message) => message.id === "w1") as AIMessage;
    expect(repaired.tool_calls?.map((entry) => entry?.id)).toEqual(["g"]);
    expect(result.messages.map((message) => message.getType())).toEqual(["human", "ai", "ai", "tool", "ai"]);
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it("quotes a tool error's message up to 4,000 characters, as DynamicToolNode does", async () => {
    const failing = tool(
      () => {
        throw new Error("E".repeat(100_000));
      },
      { name: "throw_long", description: "Fails at length", schema: z.object({}) },
    );
    const catalog = new ToolCatalog({ tools: [failing], defaultPermission: "read" });
    const agent = createAgent({
      model: fakeModel().respond(callTool("throw_long")).respond(new AIMessage("done")),
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })],
    });
    const result = await agent.invoke({ messages: [new HumanMessage("x")] });
    const answer = result.messages.find((message) => ToolMessage.isInstance(message)) as ToolMessage;
    expect([answer.status, answer.content]).toEqual([
      "error",
      `Error: ${"E".repeat(4_000)}… (100000 characters)\n Please fix your mistakes.`,
    ]);
  });
});
