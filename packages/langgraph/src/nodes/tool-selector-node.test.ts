import { DynamicToolsError } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { recordBoundTools } from "../__fixtures__/record-bound-tools.js";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { createDynamicModelNode } from "./bind-selected-tools.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { createToolSelectorNode } from "./tool-selector-node.js";

describe("createToolSelectorNode", () => {
  it("fails at construction on a bad option, not on the first message", () => {
    const { catalog } = createSmallCatalog();
    expect(() => createToolSelectorNode({ catalog, maxTools: 0 })).toThrowError(/maxTools must be a whole number/);
    expect(() => createToolSelectorNode({ catalog, defaults: ["salry"] })).toThrowError(/Did you mean: salary/);
    let thrown: unknown;
    try {
      createToolSelectorNode({ catalog, core: ["nope"] });
    } catch (error) {
      thrown = error;
    }
    expect(DynamicToolsError.isInstance(thrown) && thrown.code).toBe("UNKNOWN_TOOL");
  });

  it("fails at construction when the model cannot bind tools", () => {
    const { catalog } = createSmallCatalog();
    expect(() => createDynamicModelNode({ model: {} as never, catalog })).toThrowError(/bindTools/);
  });

  it("refuses to call the model without a selection, where it would bind no tool (MessagesAnnotation, or no select node)", async () => {
    const { catalog } = createSmallCatalog();
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("done")));
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("select_tools", createToolSelectorNode({ catalog }))
      .addNode("agent", createDynamicModelNode({ model, catalog }))
      .addEdge(START, "select_tools")
      .addEdge("select_tools", "agent")
      .addEdge("agent", END)
      .compile();
    await expect(graph.invoke({ messages: [new HumanMessage("who is on staff?")] })).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message: expect.stringMatching(/^The model node found no toolSelection in the graph's state, so it would bind no tool/),
    });
    expect(bound).toEqual([]);
  });

  it("drops into a hand-built graph in place of bindTools(ALL_TOOLS)", async () => {
    const { catalog } = createSmallCatalog();
    const { model, bound } = recordBoundTools(
      fakeModel()
        .respondWithTools([{ name: "get_staff_list", args: {}, id: "1" }])
        .respond(new AIMessage("done")),
    );
    const graph = new StateGraph(DynamicToolsAnnotation)
      .addNode("select_tools", createToolSelectorNode({ catalog }))
      .addNode("agent", createDynamicModelNode({ model, catalog, systemPrompt: "Be brief." }))
      .addNode("tools", new DynamicToolNode(catalog))
      .addEdge(START, "select_tools")
      .addEdge("select_tools", "agent")
      .addConditionalEdges("agent", toolsCondition, ["tools", END])
      .addEdge("tools", "select_tools")
      .compile();
    const result = await graph.invoke({ messages: [new HumanMessage("who is on staff?")] });
    expect(bound).toEqual([
      ["get_gym_info", "get_staff_list"],
      ["get_gym_info", "get_staff_list"],
    ]);
    expect(result.toolSelection).toMatchObject({ count: 2, categories: [{ name: "staff", tier: "current" }] });
    expect(result.toolSelection?.tokens?.selected).toBeGreaterThan(0);
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it.each(["select", "search", "both"] as const)(
    "mode %s: reads a state without messages, or with entries that are not messages, as core reads a conversation",
    async (mode) => {
      const { catalog } = createSmallCatalog();
      const searchTool = mode === "select" ? {} : { searchTool: createToolSearchTool(catalog) };
      const node = createToolSelectorNode({ catalog, mode, countTokens: false, ...searchTool });
      // No messages: an empty conversation (core tools, and tool_search where the mode binds it).
      const empty = await node({ messages: undefined as never });
      expect(empty.toolSelection.query).toEqual({ current: "", history: [] });
      // Null, numbers and strings in the list are no messages and are skipped; the messages around them are read.
      const mixed = [5, null, "salary", new HumanMessage("who is on staff?"), undefined] as never;
      const { toolSelection } = await node({ messages: mixed });
      expect(toolSelection.query.current).toBe("who is on staff?");
      expect(toolSelection.tools).toEqual((await node({ messages: [new HumanMessage("who is on staff?")] })).toolSelection.tools);
    },
  );
});
