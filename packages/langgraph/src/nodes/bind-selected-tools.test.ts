/**
 * createDynamicModelNode validates its options when built, as every other constructor does: a misspelled `polcy`
 * would otherwise bind tools the caller may not use.
 */
import { definePolicy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { ChatAnthropic } from "@langchain/anthropic";
import { fakeModel } from "@langchain/core/testing";
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { recordBoundTools } from "../__fixtures__/record-bound-tools.js";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { thrownError } from "../__fixtures__/thrown-error.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { createDynamicModelNode, type DynamicModelNodeOptions } from "./bind-selected-tools.js";

const build = (options: Record<string, unknown>) => () =>
  createDynamicModelNode({ model: fakeModel(), catalog: createSmallCatalog().catalog, ...options } as DynamicModelNodeOptions);

describe("createDynamicModelNode: options are checked when built", () => {
  it("refuses an explicit nativeProtocol the client cannot send, and takes any other at its word", () => {
    const openai = new ChatOpenAI({ model: "gpt-4o", apiKey: "test" });
    const responses = new ChatOpenAI({ model: "gpt-4o", apiKey: "test", useResponsesApi: true });
    const anthropic = new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test" });
    for (const [model, protocol, speaks] of [
      [openai, "anthropic", "chat-completions"],
      [openai, "openai-responses", "chat-completions"],
      [responses, "chat-completions", "openai-responses"],
      [anthropic, "openai-responses", "anthropic"],
    ] as const) {
      const error = thrownError(build({ model, nativeProtocol: protocol }));
      expect([error.code, error.path]).toEqual(["INVALID_OPTION", ["nativeProtocol"]]);
      expect(error.message).toContain(`nativeProtocol "${protocol}" is not what ${model.getName()} sends: it speaks ${speaks}`);
    }
    for (const [model, protocol] of [
      [openai, "proxy"],
      [openai, "chat-completions"],
      [responses, "openai-responses"],
      [anthropic, "anthropic"],
      [fakeModel(), "anthropic"],
    ] as const)
      expect(build({ model, nativeProtocol: protocol })).not.toThrow();
  });

  it("refuses a misspelled option with the option meant and every valid one", () => {
    const policy = definePolicy({ roles: { viewer: { allow: [{ permission: "read" }] } } });
    const error = thrownError(build({ polcy: policy }));
    expect([error.code, error.path]).toEqual(["INVALID_OPTION", ["polcy"]]);
    expect(error.message).toBe(
      'createDynamicModelNode: unknown option "polcy". Did you mean: policy? Valid options: model, catalog, systemPrompt, extraTools, nativeProtocol, policy, maxTools.',
    );
  });

  it.each([
    [
      { catalog: undefined },
      "catalog must be a ToolCatalog (new ToolCatalog({ tools }) or loadCatalogFile(file)), got nothing.",
      ["catalog"],
    ],
    [{ extraTools: "x" }, 'extraTools must be a list of LangChain tools, got "x".', ["extraTools"]],
    [{ extraTools: [5] }, "extraTools[0] must be one of LangChain tools, got number 5.", ["extraTools", 0]],
    [{ maxTools: 0 }, "maxTools must be a whole number ≥ 1, got number 0.", ["maxTools"]],
    [{ maxTools: "x" }, 'maxTools must be a whole number ≥ 1, got "x".', ["maxTools"]],
    [{ maxTools: 2.5 }, "maxTools must be a whole number ≥ 1, got number 2.5.", ["maxTools"]],
  ])("refuses %j, naming the value and what is valid", (options, message, path) => {
    const error = thrownError(build(options));
    expect([error.code, error.message, error.path]).toEqual(["INVALID_OPTION", message, path]);
  });

  it("accepts a whole maxTools and no limit at all", () => {
    expect(build({ maxTools: 3 })).not.toThrow();
    expect(build({ maxTools: Number.POSITIVE_INFINITY })).not.toThrow();
  });

  it("refuses, with a policy, a tool_search made without one (as the select node does), and accepts one made with it", () => {
    const catalog = new ToolCatalog({
      tools: [
        { name: "admin_reset", description: "Reset admin settings", permission: "write" },
        { name: "echo", description: "Echo text", permission: "read" },
      ],
    });
    const policy = definePolicy({ roles: { viewer: { allow: [{ permission: "read" }] } } });
    const error = thrownError(() =>
      createDynamicModelNode({ model: fakeModel(), catalog, policy, extraTools: [createToolSearchTool(catalog)] }),
    );
    expect([error.code, error.path, error.message]).toEqual([
      "INVALID_OPTION",
      ["extraTools", 0],
      "extraTools[0] was made without a policy, so it would list tools the caller may not use: pass the same policy to createToolSearchTool(catalog, { policy }).",
    ]);
    expect(() =>
      createDynamicModelNode({ model: fakeModel(), catalog, policy, extraTools: [createToolSearchTool(catalog, { policy })] }),
    ).not.toThrow();
    expect(() => createDynamicModelNode({ model: fakeModel(), catalog, extraTools: [createToolSearchTool(catalog)] })).not.toThrow();
  });

  it("binds, with the policy spelled right, only the tools the caller may use", async () => {
    const catalog = new ToolCatalog({
      tools: [
        { name: "read_x", description: "Reads x", permission: "read" },
        { name: "write_x", description: "Writes x", permission: "write" },
      ],
    });
    const policy = definePolicy({ roles: { viewer: { allow: [{ permission: "read" }] } } });
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("ok")));
    const state = { messages: [new HumanMessage("x")], toolSelection: { tools: ["read_x", "write_x"] } as never };
    await createDynamicModelNode({ model, catalog, policy })(state, { configurable: { role: "viewer" } });
    expect(bound).toEqual([["read_x"]]);
  });
});

describe("createDynamicModelNode: the model's answer", () => {
  it("drops entries of its tool_calls that are no call (null), keeping the calls and the message's id", async () => {
    const { catalog } = createSmallCatalog();
    const answer = new AIMessage({
      id: "m1",
      content: "",
      tool_calls: [null as never, { name: "get_staff_list", args: {}, id: "1", type: "tool_call" }, undefined as never],
    });
    const node = createDynamicModelNode({ model: fakeModel().respond(answer), catalog });
    const { messages } = await node({ messages: [new HumanMessage("staff?")], toolSelection: { tools: ["get_staff_list"] } as never });
    const [received] = messages as [AIMessage];
    expect([received.id, received.tool_calls?.map((call) => call.id)]).toEqual(["m1", ["1"]]);
  });
});
