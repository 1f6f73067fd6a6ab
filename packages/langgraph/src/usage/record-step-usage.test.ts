/**
 * Learning from usage in the select node and the createAgent middleware: the step's successful calls are recorded
 * before the next step is planned, and the recorded usage changes later selections.
 */
import { createBm25Strategy, MemoryUsageStore, UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { InMemoryStore } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { describe, expect, it, vi } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { BaseStoreUsageStore } from "./base-store-usage-store.js";

function learningSetup() {
  const { catalog, calls } = createSmallCatalog();
  const model = new UsageModel({ catalog });
  const recorder = new UsageRecorder({ model, store: new MemoryUsageStore() });
  return { catalog, calls, model, recorder, strategy: createBm25Strategy({ usage: model }) };
}

describe("recording usage in the prebuilt agent (DynamicToolNode records, the select node ranks)", () => {
  it("learns a step's successful call (not a refused one) in the background, and selects by it afterwards", async () => {
    const { catalog, model, recorder, strategy } = learningSetup();
    const node = createToolSelectorNode({ catalog, strategy, autoCut: false, topK: 1, usage: recorder });
    const before = await node({ messages: [new HumanMessage("who works at the front desk?")] });
    expect(before.toolSelection.tools).not.toContain("get_staff_list");

    const agent = createDynamicToolAgent({
      catalog,
      strategy,
      autoCut: false,
      topK: 1,
      usage: recorder,
      countTokens: false,
      model: fakeModel()
        .respondWithTools([
          { id: "1", name: "get_staff_list", args: {} },
          { id: "2", name: "delete_everything", args: {} },
        ])
        .respond(new AIMessage("Ann and Bob.")),
    });
    await agent.invoke(
      { messages: [new HumanMessage("who works at the front desk?")] },
      { configurable: { thread_id: "t1" }, context: { userId: "u1" } },
    );
    await recorder.flush();
    expect(model.toolUsage("get_staff_list").count).toBe(1);
    expect(model.toolUsage("delete_everything").count).toBe(0);
    // The caller is the permission layer's identity, not the thread.
    expect((await recorder.store!.read()).observations).toEqual([
      expect.objectContaining({ message: "works front desk", tools: ["get_staff_list"], ok: true, caller: "u1" }),
    ]);

    const after = await node({ messages: [new HumanMessage("who is at the front desk today")] });
    expect(after.toolSelection.tools).toContain("get_staff_list");
  });
});

describe("co-usage in the select node", () => {
  it("a node given a recorder adds the tools often used with the ranked one, never a disabled tool", async () => {
    const { catalog, model, recorder } = learningSetup();
    model.observe([
      { message: "pay the staff", tools: ["get_pending_salaries", "get_staff_list", "delete_everything"], at: 0 },
      { message: "pay them all", tools: ["get_pending_salaries", "get_staff_list", "delete_everything"], at: 0 },
    ]);
    const node = createToolSelectorNode({ catalog, strategy: "bm25", autoCut: false, topK: 1, usage: recorder, countTokens: false });
    const { toolSelection } = await node({ messages: [new HumanMessage("pending salaries")] });
    expect(toolSelection.ranked!.map((tool) => tool.name)).toEqual(["get_pending_salaries"]);
    expect(toolSelection.coUsed).toEqual([
      expect.objectContaining({ name: "get_staff_list", reason: "often used with get_pending_salaries", tier: "co-usage" }),
    ]);
    expect(toolSelection.tools.slice(-2)).toEqual(["get_pending_salaries", "get_staff_list"]);
    expect(toolSelection.tools).not.toContain("delete_everything");
  });
});

describe("recording usage in the createAgent middleware", () => {
  it("records the step's tool results in beforeModel", async () => {
    const { catalog, calls, model, recorder, strategy } = learningSetup();
    const agent = createAgent({
      model: fakeModel()
        .respondWithTools([{ name: "get_staff_list", args: {}, id: "1" }])
        .respond(new AIMessage("Ann and Bob.")),
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, strategy, usage: recorder, usageScope: "gym-1", countTokens: false })],
    });
    await agent.invoke({ messages: [new HumanMessage("who works here?")] });
    await recorder.flush();
    expect(calls).toEqual(["get_staff_list"]);
    expect((await recorder.store!.read()).observations).toEqual([
      expect.objectContaining({ tools: ["get_staff_list"], ok: true, scope: "gym-1" }),
    ]);
    // The model learns unscoped observations only: gym-1's usage does not rank for it.
    expect(model.toolUsage("get_staff_list").count).toBe(0);
  });
});

describe("a recording that fails, after the tools ran", () => {
  it("is a warning in the middleware: the run completes with the tool's result, and the tool ran once", async () => {
    const { catalog, calls } = createSmallCatalog();
    const usage = new UsageRecorder({ model: new UsageModel({ catalog }) });
    usage.recordLater = () => {
      throw new Error("store is down");
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const agent = createAgent({
        model: fakeModel()
          .respondWithTools([{ name: "get_staff_list", args: {}, id: "1" }])
          .respond(new AIMessage("Ann and Bob.")),
        tools: [],
        middleware: [dynamicToolsMiddleware({ catalog, usage, countTokens: false })],
      });
      const result = await agent.invoke({ messages: [new HumanMessage("who works here?")] });
      expect(calls).toEqual(["get_staff_list"]);
      expect(result.messages.map((message) => message.getType())).toEqual(["human", "ai", "tool", "ai"]);
      expect(warn.mock.calls).toEqual([["dynamic-tools: could not record usage: store is down"]]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("BaseStoreUsageStore over InMemoryStore", () => {
  it("reads all observations, then only new ones, and skips items that are not observations", async () => {
    const store = new InMemoryStore();
    const usage = new BaseStoreUsageStore(store);
    await usage.append([
      { message: "a", tools: ["x"], ok: true, at: 2 },
      { message: "b", tools: ["y"], ok: true, at: 1 },
    ]);
    await store.put(["dynamic-tools", "usage"], "junk", { hello: "world" });
    const first = await usage.read();
    expect(first.observations.map((observation) => observation.message)).toEqual(["b", "a"]);
    expect((await usage.read(first.cursor)).observations).toEqual([]);
    await usage.append([{ message: "c", tools: ["z"], ok: true, at: 3, caller: "u" }]);
    expect((await usage.read(first.cursor)).observations).toEqual([{ message: "c", tools: ["z"], ok: true, at: 3, caller: "u" }]);
  });

  it("pages through more items than one search returns", async () => {
    const usage = new BaseStoreUsageStore(new InMemoryStore(), { pageSize: 3 });
    await usage.append(Array.from({ length: 10 }, (_, index) => ({ message: `m${index}`, tools: ["x"], ok: true, at: index })));
    expect((await usage.read()).observations).toHaveLength(10);
  });
});
