import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { dynamicToolsCondition } from "./tools-condition.js";

const malformed = (extra: Partial<ConstructorParameters<typeof AIMessage>[0] & object> = {}) =>
  new AIMessage({
    id: "m1",
    content: "",
    invalid_tool_calls: [
      { name: "get_staff_list", args: '{"a":', id: "bad", error: "Unexpected end of JSON input", type: "invalid_tool_call" },
    ],
    ...extra,
  });

describe("DynamicToolNode: calls the model's client could not parse", () => {
  it("answers each with INVALID_TOOL_CALL, never runs it, and moves it into the message's calls (same id)", async () => {
    const { catalog, calls } = createSmallCatalog();
    const output = (await new DynamicToolNode(catalog).invoke({
      messages: [
        new HumanMessage("staff?"),
        malformed({ tool_calls: [{ name: "get_gym_info", args: {}, id: "good", type: "tool_call" }] }),
      ],
    })) as { messages: BaseMessage[] };
    const [good, repaired, answer] = output.messages as [ToolMessage, AIMessage, ToolMessage];
    expect([good.tool_call_id, good.status]).toEqual(["good", "success"]);
    expect(repaired.id).toBe("m1");
    expect(repaired.tool_calls?.map((call) => [call.id, call.name, call.args])).toEqual([
      ["good", "get_gym_info", {}],
      ["bad", "get_staff_list", {}],
    ]);
    expect(repaired.invalid_tool_calls).toEqual([]);
    expect([answer.tool_call_id, answer.status, answer.name, answer.artifact]).toEqual([
      "bad",
      "error",
      "get_staff_list",
      { code: "INVALID_TOOL_CALL", toolName: "get_staff_list", reason: "Unexpected end of JSON input" },
    ]);
    expect(answer.content).toBe(
      'Error: The call of "get_staff_list" could not be read (Unexpected end of JSON input), so it did not run. Call it again with arguments that are one JSON object.\n Please fix your mistakes.',
    );
    expect(calls).toEqual(["get_gym_info"]);
  });

  it("answers a message with only malformed calls (list input too), and not one already answered", async () => {
    const { catalog } = createSmallCatalog();
    const node = new DynamicToolNode(catalog);
    const listOutput = (await node.invoke([malformed()])) as BaseMessage[];
    expect(listOutput.map((message) => message.getType())).toEqual(["ai", "tool"]);
    const answered = new ToolMessage({ content: "x", tool_call_id: "bad" });
    expect(((await node.invoke({ messages: [malformed(), answered] })) as { messages: BaseMessage[] }).messages).toEqual([]);
  });

  it("with handleToolErrors: false, throws the coded error instead", async () => {
    const { catalog } = createSmallCatalog();
    await expect(new DynamicToolNode(catalog, { handleToolErrors: false }).invoke({ messages: [malformed()] })).rejects.toMatchObject({
      code: "INVALID_TOOL_CALL",
    });
  });

  it("dynamicToolsCondition routes a message with only malformed calls to the tools, as toolsCondition routes calls", () => {
    expect(dynamicToolsCondition({ messages: [malformed()] })).toBe("tools");
    expect(dynamicToolsCondition({ messages: [malformed(), new ToolMessage({ content: "x", tool_call_id: "bad" })] })).toBe(END);
    expect(dynamicToolsCondition({ messages: [new AIMessage({ content: "", tool_calls: [{ name: "a", args: {}, id: "1" }] })] })).toBe(
      "tools",
    );
    expect(dynamicToolsCondition([new AIMessage("done")])).toBe(END);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "get_staff_list"],
    ["a number", 5],
  ])(
    "skips an entry of tool_calls that is no call (%s): the valid calls run and are answered, the message is repaired",
    async (_label, entry) => {
      const { catalog, calls } = createSmallCatalog();
      const ai = new AIMessage({
        id: "m1",
        content: "",
        tool_calls: [
          { name: "get_gym_info", args: {}, id: "good", type: "tool_call" },
          entry as never,
          { name: "get_staff_list", args: {}, id: "g2" },
        ],
      });
      const output = (await new DynamicToolNode(catalog).invoke({ messages: [new HumanMessage("hi"), ai] })) as { messages: BaseMessage[] };
      const [first, second, repaired] = output.messages as [ToolMessage, ToolMessage, AIMessage];
      expect([first, second].map((message) => [message.tool_call_id, message.status])).toEqual([
        ["good", "success"],
        ["g2", "success"],
      ]);
      // The message again (same id, so the reducer replaces it) without the entry: no later request sends it.
      expect([repaired.getType(), repaired.id, repaired.tool_calls?.map((call) => call.id)]).toEqual(["ai", "m1", ["good", "g2"]]);
      expect(output.messages).toHaveLength(3);
      expect(calls.sort()).toEqual(["get_gym_info", "get_staff_list"]);
    },
  );

  it("in a graph, such an entry no longer crashes the run, and leaves no trace in the state", async () => {
    const { catalog } = createSmallCatalog();
    const ai = new AIMessage({
      content: "",
      tool_calls: [{ name: "get_gym_info", args: {}, id: "good", type: "tool_call" }, null as never],
    });
    const graph = new StateGraph(MessagesAnnotation).addNode("tools", new DynamicToolNode(catalog)).addEdge(START, "tools").compile();
    const { messages } = await graph.invoke({ messages: [new HumanMessage("hi"), ai] });
    expect(messages.map((message) => message.getType())).toEqual(["human", "ai", "tool"]);
    expect((messages[1] as AIMessage).tool_calls?.map((call) => call.id)).toEqual(["good"]);
    expect((messages[2] as ToolMessage).status).toBe("success");
  });

  it("answers nothing for a Send of an entry that is no call", async () => {
    const { catalog, calls } = createSmallCatalog();
    const ai = new AIMessage({ content: "", tool_calls: [{ name: "get_gym_info", args: {}, id: "good", type: "tool_call" }] });
    expect(await new DynamicToolNode(catalog).invoke({ messages: [ai], lg_tool_call: null })).toEqual({ messages: [] });
    expect(calls).toEqual([]);
  });
});
