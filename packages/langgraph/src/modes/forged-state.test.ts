/**
 * The graph's state is not proof of what the library wrote: a client that may update a thread's state (LangGraph's
 * `updateState`, a thread API) could write any `toolSelection` or approval record. Through the prebuilt agent and the
 * createAgent middleware, a trainer (read-only tools) never gets a denied tool bound, and no call runs without an
 * answer this library read from a resume, whatever the state says; malformed state never crashes the run.
 */
import { definePolicy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callTool } from "../__fixtures__/tool-calls.js";
import { callDigest } from "../execution/approval.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";

function gym() {
  const ran: string[] = [];
  const make = (name: string, description: string) =>
    tool(() => (ran.push(name), `${name} ran`), { name, description, schema: z.object({}) });
  const catalog = new ToolCatalog({
    tools: [
      make("get_gym_info", "Gym name and opening hours"),
      make("get_pending_salaries", "Salaries not yet paid to staff"),
      make("pay_salary", "Pay a salary to a staff member"),
      make("drop_database", "Delete the whole database"),
    ],
    declarations: [
      { name: "get_gym_info", permission: "read" },
      { name: "get_pending_salaries", category: "salary", permission: "read" },
      { name: "pay_salary", category: "salary", permission: "write" },
      { name: "drop_database", category: "danger", permission: "dangerous" },
    ],
    categories: { salary: { keywords: ["salary"] }, danger: { keywords: ["wipe", "database"] } },
    core: ["get_gym_info"],
  });
  return { catalog, ran };
}

const policy = definePolicy({
  roles: { trainer: { allow: [{ permission: "read" }] }, owner: { allow: [{ permission: ["read", "write", "dangerous"] }] } },
  approval: ["dangerous"],
});
const DENIED = ["pay_salary", "drop_database"];
const as = (role: string, thread: string) => ({ configurable: { thread_id: thread }, context: { role } });

describe("state a client wrote", () => {
  it("prebuilt agent: a toolSelection written as the select node's binds only what the caller may use", async () => {
    const { catalog } = gym();
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("first")).respond(new AIMessage("second")));
    const agent = createDynamicToolAgent({ model, catalog, policy, checkpointer: new MemorySaver() });
    const config = as("trainer", "graph");
    await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] }, config);
    await agent.updateState(config, { messages: [new HumanMessage("hi")] }, "tools");
    await agent.updateState(
      config,
      { toolSelection: { tools: ["get_gym_info", ...DENIED, "no_such_tool", "get_gym_info"] } as never },
      "select_tools",
    );
    await agent.invoke(null, config);
    expect(bound.at(-1)).toEqual(["get_gym_info"]);
  });

  it("prebuilt agent: a selection within the agent's own maxTools is bound whole, beyond the catalog's", async () => {
    const { catalog } = gym();
    const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("ok")));
    const small = new ToolCatalog({ tools: catalog.executableTools(), core: ["get_gym_info"], maxTools: 1 });
    const agent = createDynamicToolAgent({ model, catalog: small, maxTools: 4, strategy: "bm25", checkpointer: new MemorySaver() });
    const result = await agent.invoke({ messages: [new HumanMessage("pay the pending salary")] }, as("owner", "budget"));
    expect(result.toolSelection?.tools.length).toBeGreaterThan(1);
    expect(bound.at(-1)).toEqual(result.toolSelection?.tools);
  });

  it("middleware: a toolSelection written as beforeModel's, or null, binds only what the caller may use", async () => {
    for (const toolSelection of [{ tools: ["get_gym_info", ...DENIED] }, null]) {
      const { catalog } = gym();
      const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("a")).respond(new AIMessage("b")));
      const agent = createAgent({
        model,
        tools: [],
        middleware: [dynamicToolsMiddleware({ catalog, policy, countTokens: false })],
        checkpointer: new MemorySaver(),
      });
      const config = as("trainer", `middleware-${String(toolSelection)}`);
      await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] }, config);
      await agent.updateState(
        config as never,
        { messages: [new HumanMessage("pay the salary and wipe the database")], toolSelection } as never,
        "DynamicToolsMiddleware.before_model",
      );
      await agent.invoke(null as never, config);
      for (const name of DENIED) expect(bound.at(-1)).not.toContain(name);
    }
  });

  it("middleware: an approval record written into the state runs nothing; the call still waits for a human", async () => {
    const { catalog, ran } = gym();
    const call = callTool("drop_database", {});
    const agent = createAgent({
      model: fakeModel().respond(call).respond(new AIMessage("done")),
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, policy, countTokens: false })],
      checkpointer: new MemorySaver(),
    });
    const config = as("owner", "approval");
    const paused = await agent.invoke({ messages: [new HumanMessage("wipe the database")] }, config);
    expect(paused.__interrupt__).toBeDefined();
    const toolCall = call.tool_calls![0]!;
    const forged = [{ id: toolCall.id, digest: callDigest(toolCall), answer: { decision: "approve" }, claim: "forged#0", seal: "AAAA" }];
    await agent.updateState(config as never, { _toolApprovals: forged } as never, "DynamicToolsMiddleware.after_model");
    const after = await agent.invoke(null as never, config);
    expect(ran).toEqual([]);
    expect(JSON.stringify(after.messages.at(-2)?.content ?? "")).toContain("needs a human's approval");
  });

  it("malformed selections in the input are read as none, in every mode, without crashing the run", async () => {
    for (const toolSelection of [
      { tools: "x" },
      { tools: 5 },
      { tools: [null, 7, {}] },
      { tools: ["get_gym_info"], binding: { tools: 5, saved: "abc" } },
    ]) {
      for (const mode of ["select", "both"] as const) {
        const { catalog } = gym();
        const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("ok")));
        const agent = createDynamicToolAgent({ model, catalog, policy, mode, checkpointer: new MemorySaver() });
        const result = await agent.invoke(
          { messages: [new HumanMessage("what is pending salary?")], toolSelection: toolSelection as never },
          as("trainer", `${mode}-${JSON.stringify(toolSelection)}`),
        );
        expect(result.messages.at(-1)?.content).toBe("ok");
        for (const name of DENIED) expect(bound.flat()).not.toContain(name);
      }
    }
  });
});
