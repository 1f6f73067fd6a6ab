/**
 * DynamicToolNode's options are checked when the node is built: ToolNode's own (name, tags, handleToolErrors) by the
 * types LangGraph's ToolNode declares, `usage` as the recorder it records into, and a `tool_search` made without the
 * node's policy.
 */
import { definePolicy, ToolCatalog, UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { describe, expect, it, vi } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { thrownError } from "../__fixtures__/thrown-error.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { createToolSelectorNode } from "./tool-selector-node.js";
import { DynamicToolNode, type DynamicToolNodeOptions } from "./dynamic-tool-node.js";

describe("DynamicToolNode: ToolNode's options are checked when built", () => {
  it.each([
    [{ handleToolErrors: "yes" }, 'handleToolErrors must be true or false, got "yes".', ["handleToolErrors"]],
    [{ name: 5 }, "name must be a string (the node's name), got number 5.", ["name"]],
    [{ tags: "x" }, 'tags must be a list of strings, got "x".', ["tags"]],
    [{ tags: ["ok", 5] }, "tags[1] must be a string, got number 5.", ["tags", 1]],
  ])("refuses %j, naming the value and what is valid", (options, message, path) => {
    const { catalog } = createSmallCatalog();
    const error = thrownError(() => new DynamicToolNode(catalog, options as unknown as DynamicToolNodeOptions));
    expect([error.code, error.message, error.path]).toEqual(["INVALID_OPTION", message, path]);
  });

  it("keeps accepting what LangGraph's ToolNode accepts (a boolean handleToolErrors, a string name, string tags)", () => {
    const { catalog } = createSmallCatalog();
    const node = new DynamicToolNode(catalog, { handleToolErrors: false, name: "my_tools", tags: ["a", "b"] });
    expect([node.handleToolErrors, node.name]).toEqual([false, "my_tools"]);
    expect(new DynamicToolNode(catalog, { handleToolErrors: true }).handleToolErrors).toBe(true);
  });
});

describe("DynamicToolNode: usage is the recorder the calls that ran are recorded through", () => {
  it("refuses a UsageModel when built, saying to pass a UsageRecorder made from it", () => {
    const { catalog, calls } = createSmallCatalog();
    const error = thrownError(() => new DynamicToolNode(catalog, { usage: new UsageModel({ catalog }) as unknown as UsageRecorder }));
    expect([error.code, error.path]).toEqual(["INVALID_OPTION", ["usage"]]);
    expect(error.message).toBe(
      "usage must be a UsageRecorder (the calls that ran are recorded through it), got a UsageModel: pass new UsageRecorder({ model }) with that model, which records into it.",
    );
    expect(calls).toEqual([]);
  });

  it.each([5, "recorder", {}, { recordLater: () => undefined }])("refuses usage %j, naming it", (usage) => {
    const { catalog } = createSmallCatalog();
    const error = thrownError(() => new DynamicToolNode(catalog, { usage: usage as never }));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toMatch(/^usage must be a UsageRecorder \(new UsageRecorder\(\{ model, store\? \}\): .*\), got /);
    expect(error.message).toContain(typeof usage === "number" ? "number 5" : typeof usage === "string" ? '"recorder"' : "an object");
  });

  it("accepts a UsageRecorder made from a model, and learns into that model", async () => {
    const { catalog, calls } = createSmallCatalog();
    const model = new UsageModel({ catalog });
    const usage = new UsageRecorder({ model });
    const ai = new AIMessage({ content: "", tool_calls: [{ name: "get_staff_list", args: {}, id: "1", type: "tool_call" }] });
    await new DynamicToolNode(catalog, { usage }).invoke({ messages: [new HumanMessage("who is on staff?"), ai] });
    await usage.flush();
    expect(calls).toEqual(["get_staff_list"]);
    expect(model.toolUsage("get_staff_list").count).toBe(1);
  });
});

describe("DynamicToolNode: a recording that fails never loses the result of a tool that ran", () => {
  const fail = (message: string) => () => {
    throw new Error(message);
  };
  const recorder = (recordLater: () => void) =>
    Object.assign(new UsageRecorder({ model: new UsageModel({ catalog: new ToolCatalog({ tools: [] }) }) }), { recordLater });
  it.each([
    ["a recorder that throws", { usage: recorder(fail("store is down")) }, "store is down"],
    ["a usageScope that throws", { usage: recorder(() => undefined), usageScope: fail("no tenant") }, "no tenant"],
  ])("%s: the step completes with the tool's answer, and the failure is a warning", async (_label, options, reason) => {
    const { catalog, calls } = createSmallCatalog();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const ai = new AIMessage({ content: "", tool_calls: [{ name: "get_staff_list", args: {}, id: "1", type: "tool_call" }] });
      const node = new DynamicToolNode(catalog, options as unknown as DynamicToolNodeOptions);
      const output = (await node.invoke({ messages: [new HumanMessage("who is on staff?"), ai] })) as { messages: ToolMessage[] };
      expect(output.messages.map((message) => [message.tool_call_id, message.status])).toEqual([["1", "success"]]);
      expect(calls).toEqual(["get_staff_list"]);
      expect(warn.mock.calls).toEqual([[`dynamic-tools: could not record usage: ${reason}`]]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("DynamicToolNode: a tool_search made without the node's policy", () => {
  const catalog = () =>
    new ToolCatalog({
      tools: [
        { name: "admin_reset", description: "Reset admin settings", permission: "write" },
        { name: "echo", description: "Echo text", permission: "read" },
      ],
    });
  const policy = definePolicy({ roles: { viewer: { allow: [{ permission: "read" }] } } });

  it("is refused when built, with the select node's code and words", () => {
    const tools = catalog();
    const search = createToolSearchTool(tools);
    const error = thrownError(() => new DynamicToolNode(tools, { policy, extraTools: [search] }));
    expect([error.code, error.path]).toEqual(["INVALID_OPTION", ["extraTools", 0]]);
    expect(error.message).toBe(
      "extraTools[0] was made without a policy, so it would list tools the caller may not use: pass the same policy to createToolSearchTool(catalog, { policy }).",
    );
    const selectNode = thrownError(() => createToolSelectorNode({ catalog: tools, mode: "search", policy, searchTool: search }));
    expect([selectNode.code, selectNode.message.replace(/^searchTool/, "extraTools[0]")]).toEqual([error.code, error.message]);
  });

  it("is accepted with a policy of its own, and without a node policy", async () => {
    const tools = catalog();
    new DynamicToolNode(tools, { extraTools: [createToolSearchTool(tools)] });
    const node = new DynamicToolNode(tools, { policy, extraTools: [createToolSearchTool(tools, { policy })] });
    const ai = new AIMessage({
      content: "",
      tool_calls: [{ name: "tool_search", args: { query: "reset admin settings" }, id: "1", type: "tool_call" }],
    });
    const output = (await node.invoke({ messages: [ai] }, { configurable: { role: "viewer" } })) as Array<{
      update: { loadedTools: string[] };
    }>;
    expect(output[0]!.update.loadedTools).not.toContain("admin_reset");
  });
});
