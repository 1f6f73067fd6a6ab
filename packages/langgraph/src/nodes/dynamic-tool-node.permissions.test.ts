import { definePolicy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver, MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DynamicToolNode, type DynamicToolNodeOptions } from "./dynamic-tool-node.js";
import type { ApprovalRequest } from "../execution/approval.js";
import { answer, answerFor } from "../__fixtures__/execution-runtimes.js";

function gymCatalog() {
  const ran: Array<{ name: string; args: unknown }> = [];
  const record = (name: string) => (args: unknown) => {
    ran.push({ name, args });
    return `${name} ran`;
  };
  const catalog = new ToolCatalog({
    tools: [
      tool(record("get_pending_salaries"), { name: "get_pending_salaries", description: "Unpaid salaries", schema: z.object({}) }),
      tool(record("pay_salary"), {
        name: "pay_salary",
        description: "Pays a salary",
        schema: z.object({ staffId: z.string(), amount: z.number() }),
      }),
      tool(record("drop_database"), { name: "drop_database", description: "Deletes all data", schema: z.object({}) }),
    ],
    declarations: [
      { name: "get_pending_salaries", category: "salary", permission: "read" },
      { name: "pay_salary", category: "salary", permission: "write" },
      { name: "drop_database", permission: "dangerous", searchable: false },
    ],
  });
  return { catalog, ran };
}

function toolGraph(catalog: ToolCatalog, options: DynamicToolNodeOptions = {}) {
  return new StateGraph(MessagesAnnotation)
    .addNode("tools", new DynamicToolNode(catalog, options))
    .addEdge("__start__", "tools")
    .compile({ checkpointer: new MemorySaver() });
}

const calls = (...list: Array<{ name: string; args?: Record<string, unknown>; id: string }>) => ({
  messages: [new AIMessage({ content: "", tool_calls: list.map((call) => ({ args: {}, ...call, type: "tool_call" as const })) })],
});

const toolMessages = (result: { messages: unknown[] }) => result.messages.slice(1) as ToolMessage[];
const interruptsOf = (result: unknown) =>
  ((result as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__ ?? []).map((item) => item.value);

const policy = definePolicy({
  roles: { trainer: { deny: [{ category: "salary", permission: ["write", "dangerous"] }, { permission: "dangerous" }] } },
  approval: ["dangerous", "write"],
});

describe("DynamicToolNode permissions", () => {
  it("names the tool and the fix when a call needs approval in a graph without a checkpointer, and runs nothing", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = new StateGraph(MessagesAnnotation).addNode("tools", new DynamicToolNode(catalog)).addEdge("__start__", "tools").compile();
    await expect(graph.invoke(calls({ name: "drop_database", id: "c1" }))).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message: expect.stringMatching(
        /^"drop_database" needs a human's approval \(permission dangerous\), which pauses the graph, and the graph has no checkpointer/,
      ),
    });
    expect(ran).toEqual([]);
  });

  it("refuses a prompt-injected call to a dangerous tool the caller may not use, and never runs it", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog, { policy });
    const result = await graph.invoke(calls({ name: "drop_database", id: "injected" }), {
      configurable: { thread_id: "t" },
      context: { role: "trainer" },
    });
    const [message] = toolMessages(result);
    expect(message!.status).toBe("error");
    expect(message!.content).toContain('Permission denied (PERMISSION_DENIED): role "trainer" may not use "drop_database"');
    expect(interruptsOf(result)).toEqual([]);
    expect(ran).toEqual([]);
  });

  it("suggests, after not found, only tools the caller may use", async () => {
    const { catalog } = gymCatalog();
    const graph = toolGraph(catalog, { policy });
    const misspelled = calls({ name: "pay_salry", id: "a" }, { name: "get_pending_salary", id: "b" });
    const asTrainer = toolMessages(await graph.invoke(misspelled, { configurable: { thread_id: "t1" }, context: { role: "trainer" } }));
    expect(asTrainer.map((message) => message.content)).toEqual([
      'Error: Tool "pay_salry" not found.\n Please fix your mistakes.',
      'Error: Tool "get_pending_salary" not found.\n Please fix your mistakes. Did you mean: get_pending_salaries?',
    ]);
    const asOwner = toolMessages(await graph.invoke(misspelled, { configurable: { thread_id: "t2" }, context: { role: "owner" } }));
    expect(asOwner[0]!.content).toContain("Did you mean: pay_salary?");
  });

  it("reads the role from configurable too: a trainer may read salary but not pay it", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog, { policy });
    const result = await graph.invoke(
      calls({ name: "get_pending_salaries", id: "a" }, { name: "pay_salary", args: { staffId: "s1", amount: 10 }, id: "b" }),
      {
        configurable: { thread_id: "t", role: "trainer" },
      },
    );
    expect(toolMessages(result).map((message) => message.status)).toEqual(["success", "error"]);
    expect(ran.map((call) => call.name)).toEqual(["get_pending_salaries"]);
  });

  it("pauses a dangerous call with interrupt() and runs it once approved", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog); // default policy: dangerous needs approval
    const config = { configurable: { thread_id: "approve" } };
    const paused = await graph.invoke(calls({ name: "drop_database", id: "d" }), config);
    expect(interruptsOf(paused)).toEqual([
      expect.objectContaining({
        type: "approval",
        toolCall: { name: "drop_database", args: {}, id: "d", digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
        tool: expect.objectContaining({ permission: "dangerous" }),
      }),
    ]);
    expect(ran).toEqual([]);
    const resumed = await graph.invoke(new Command({ resume: answerFor(paused, answer.approve) }), config);
    expect(toolMessages(resumed).map((message) => message.content)).toEqual(["drop_database ran"]);
    expect(ran).toHaveLength(1);
  });

  it("answers a rejected call with an error ToolMessage the model sees", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog);
    const config = { configurable: { thread_id: "reject" } };
    const paused = await graph.invoke(calls({ name: "drop_database", id: "d" }), config);
    const resumed = await graph.invoke(new Command({ resume: answerFor(paused, answer.reject("not today")) }), config);
    const [message] = toolMessages(resumed);
    expect(message).toMatchObject({ status: "error", tool_call_id: "d" });
    expect(message!.content).toContain('The user rejected the call of "drop_database": not today');
    expect(ran).toEqual([]);
  });

  it("runs edited arguments, validated by the tool's schema", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog, { policy: definePolicy({ approval: ["write"] }) });
    const config = { configurable: { thread_id: "edit" } };
    const paused = await graph.invoke(calls({ name: "pay_salary", args: { staffId: "s1", amount: 9000 }, id: "p" }), config);
    const resumed = await graph.invoke(
      new Command({ resume: answerFor(paused, answer.edit({ args: { staffId: "s1", amount: 900 } })) }),
      config,
    );
    expect(toolMessages(resumed)[0]!.status).toBe("success");
    expect(ran).toEqual([{ name: "pay_salary", args: { staffId: "s1", amount: 900 } }]);

    const invalid = toolGraph(catalog, { policy: definePolicy({ approval: ["write"] }) });
    const other = { configurable: { thread_id: "edit-invalid" } };
    const pausedAgain = await invalid.invoke(calls({ name: "pay_salary", args: { staffId: "s1", amount: 1 }, id: "q" }), other);
    const rejected = await invalid.invoke(
      new Command({ resume: answerFor(pausedAgain, answer.edit({ args: { amount: "lots" } })) }),
      other,
    );
    expect(toolMessages(rejected)[0]!.status).toBe("error");
    expect(ran).toHaveLength(1);
  });

  it("asks for every approval of a parallel step before running any call, and runs each call once", async () => {
    const { catalog, ran } = gymCatalog();
    const graph = toolGraph(catalog, { policy: definePolicy({ approval: ["write", "dangerous"] }) });
    const config = { configurable: { thread_id: "parallel" } };
    const first = await graph.invoke(
      calls(
        { name: "pay_salary", args: { staffId: "s1", amount: 5 }, id: "p" },
        { name: "get_pending_salaries", id: "r" },
        { name: "drop_database", id: "d" },
      ),
      config,
    );
    expect(interruptsOf(first).map((request) => request.toolCall.id)).toEqual(["p"]);
    const second = await graph.invoke(new Command({ resume: answerFor(first, answer.approve) }), config);
    expect(interruptsOf(second).map((request) => request.toolCall.id)).toEqual(["d"]);
    expect(ran).toEqual([]);
    const done = await graph.invoke(new Command({ resume: answerFor(second, answer.reject()) }), config);
    expect(toolMessages(done).map((message) => [message.tool_call_id, message.status])).toEqual([
      ["p", "success"],
      ["r", "success"],
      ["d", "error"],
    ]);
    expect(ran.map((call) => call.name).sort()).toEqual(["get_pending_salaries", "pay_salary"]);
  });
});
