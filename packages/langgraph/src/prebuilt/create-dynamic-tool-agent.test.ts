import { UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { recordBoundTools } from "../__fixtures__/record-bound-tools.js";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { createDynamicToolAgent } from "./create-dynamic-tool-agent.js";

describe("createDynamicToolAgent", () => {
  it("binds only the selected tools on each model call and runs the tool called", async () => {
    const { catalog, calls } = createSmallCatalog();
    const fake = fakeModel()
      .respondWithTools([{ name: "get_pending_salaries", args: { month: "2026-11" }, id: "c1" }])
      .respond(new AIMessage("Two salaries are pending."));
    const { model, bound } = recordBoundTools(fake);
    const agent = createDynamicToolAgent({ model, catalog, countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] });

    expect(fake.calls).toHaveLength(2);
    expect(bound).toEqual([
      ["get_gym_info", "get_pending_salaries", "get_staff_list"],
      ["get_gym_info", "get_pending_salaries", "get_staff_list"],
    ]);
    expect(calls).toEqual(["get_pending_salaries"]);
    expect(result.toolSelection?.categories.map((category) => category.name)).toEqual(["salary", "staff"]);
    const toolMessage = result.messages.find((message) => ToolMessage.isInstance(message));
    expect(toolMessage?.content).toContain("2026-11");
  });

  it("executes a tool that was not bound on this turn (full-catalog executor)", async () => {
    const { catalog, calls } = createSmallCatalog();
    // "staff" selects only the staff category; the model calls a salary tool bound on an earlier turn.
    const { model, bound } = recordBoundTools(
      fakeModel()
        .respondWithTools([{ name: "get_pending_salaries", args: { month: "2026-10" }, id: "c1" }])
        .respond(new AIMessage("done")),
    );
    const agent = createDynamicToolAgent({ model, catalog, countTokens: false });
    await agent.invoke({ messages: [new HumanMessage("list the staff")] });
    expect(bound[0]).toEqual(["get_gym_info", "get_staff_list"]);
    expect(bound[0]).not.toContain("get_pending_salaries");
    expect(calls).toEqual(["get_pending_salaries"]);
  });

  it("answers unknown, disabled and malformed calls with error ToolMessages and keeps going", async () => {
    const { catalog, calls } = createSmallCatalog();
    const model = fakeModel()
      .respondWithTools([
        { name: "get_pending_salary", args: {}, id: "u1" },
        { name: "delete_everything", args: {}, id: "d1" },
        { name: "get_pending_salaries", args: { month: 7 }, id: "m1" },
      ])
      .respond(new AIMessage("sorry"));
    const agent = createDynamicToolAgent({ model, catalog, countTokens: false });
    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] });
    const errors = result.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];
    expect(errors.map((message) => message.status)).toEqual(["error", "error", "error"]);
    expect(errors[0]!.content).toContain("Did you mean: get_pending_salaries?");
    expect(errors[1]!.content).toContain("not available");
    expect(errors[2]!.tool_call_id).toBe("m1");
    expect(calls).toEqual([]);
    expect(result.messages.at(-1)?.content).toBe("sorry");
  });

  it("keeps multi-turn context per thread with a checkpointer", async () => {
    const { catalog } = createSmallCatalog();
    const model = fakeModel().respond(new AIMessage("ok")).respond(new AIMessage("ok")).respond(new AIMessage("ok"));
    const agent = createDynamicToolAgent({ model, catalog, checkpointer: new MemorySaver(), countTokens: false });
    await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] }, { configurable: { thread_id: "a" } });
    const second = await agent.invoke({ messages: [new HumanMessage("and the first one?")] }, { configurable: { thread_id: "a" } });
    expect(second.toolSelection?.categories[0]).toMatchObject({ name: "salary", tier: "history" });
    const other = await agent.invoke({ messages: [new HumanMessage("and the first one?")] }, { configurable: { thread_id: "b" } });
    expect(other.toolSelection?.categories).toEqual([]);
  });

  it("refuses a UsageModel as usage when built (the tools node records into it), and a recorder made from it learns", async () => {
    const { catalog, calls } = createSmallCatalog();
    const usage = new UsageModel({ catalog });
    const model = fakeModel()
      .respondWithTools([{ name: "get_staff_list", args: {}, id: "c1" }])
      .respond(new AIMessage("done"));
    expect(() => createDynamicToolAgent({ model, catalog, usage: usage as never })).toThrowError(
      expect.objectContaining({
        code: "INVALID_OPTION",
        message:
          "usage must be a UsageRecorder (the calls that ran are recorded through it), got a UsageModel: pass new UsageRecorder({ model }) with that model, which records into it.",
      }),
    );
    expect(() => createDynamicToolAgent({ model, catalog, usage: 5 as never })).toThrowError(
      /^usage must be a UsageRecorder .*got number 5\.$/,
    );
    const recorder = new UsageRecorder({ model: usage });
    await createDynamicToolAgent({ model, catalog, usage: recorder, countTokens: false }).invoke({
      messages: [new HumanMessage("who is on staff?")],
    });
    await recorder.flush();
    expect(calls).toEqual(["get_staff_list"]);
    expect(usage.toolUsage("get_staff_list").count).toBe(1);
  });

  it("runs the valid calls of an answer whose tool_calls hold a null entry, and completes", async () => {
    const { catalog, calls } = createSmallCatalog();
    const answer = new AIMessage({
      content: "",
      tool_calls: [{ name: "get_staff_list", args: {}, id: "c1", type: "tool_call" }, null as never],
    });
    const agent = createDynamicToolAgent({
      model: fakeModel().respond(answer).respond(new AIMessage("done")),
      catalog,
      countTokens: false,
    });
    const result = await agent.invoke({ messages: [new HumanMessage("who is on staff?")] });
    expect(calls).toEqual(["get_staff_list"]);
    expect(result.messages.map((message) => message.getType())).toEqual(["human", "ai", "tool", "ai"]);
    expect((result.messages[1] as AIMessage).tool_calls?.map((call) => call?.id)).toEqual(["c1"]);
    expect((result.messages[2] as ToolMessage).tool_call_id).toBe("c1");
    expect(result.messages.at(-1)?.content).toBe("done");
  });
});
