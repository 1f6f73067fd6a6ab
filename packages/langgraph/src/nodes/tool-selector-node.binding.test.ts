/**
 * The binding policy in both runtimes: over a multi-turn thread the tools array the model is bound with stays the
 * same while the conversation's needed tools are bound (cache-aware, the default), changes once when the topic does
 * (the previous array first, in order), and is the plain selection on every call under `binding: "per-turn"`.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { recordBoundTools } from "../__fixtures__/record-bound-tools.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";
import { createDynamicModelNode } from "./bind-selected-tools.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";
import { createToolSelectorNode } from "./tool-selector-node.js";

function gymCatalog() {
  const make = (name: string, description: string) =>
    tool(() => `${name} done`, { name, description, schema: z.object({ note: z.string().optional() }) });
  return new ToolCatalog({
    tools: [
      make("get_gym_info", "Gym name and hours"),
      make("get_pending_salaries", "Salaries not yet paid"),
      make("pay_salary", "Pay a staff member's salary"),
      make("get_staff_list", "Everyone on staff"),
      make("book_class", "Book a member into a class"),
      make("list_classes", "Classes on the timetable"),
    ],
    declarations: [
      { name: "get_pending_salaries", category: "salary" },
      { name: "pay_salary", category: "salary" },
      { name: "get_staff_list", category: "staff" },
      { name: "book_class", category: "classes" },
      { name: "list_classes", category: "classes" },
    ],
    categories: {
      salary: { keywords: ["salary", "salaries"], related: ["staff"] },
      staff: { keywords: ["staff"] },
      classes: { keywords: ["class", "classes", "yoga"] },
    },
    core: ["get_gym_info"],
  });
}

const turns = ["what is pending salary?", "and the salary of March?", "book a yoga class for Ravi"];

type Runtime = (
  binding: "cache-aware" | "per-turn" | undefined,
  messages?: readonly string[],
) => Promise<{ bound: string[][]; selections: DynamicToolSelection[] }>;

const graphRuntime: Runtime = async (binding, messages = turns) => {
  const catalog = gymCatalog();
  const { model, bound } = recordBoundTools(
    fakeModel().respond(new AIMessage("ok")).respond(new AIMessage("ok")).respond(new AIMessage("ok")),
  );
  const graph = new StateGraph(DynamicToolsAnnotation)
    .addNode("select_tools", createToolSelectorNode({ catalog, ...(binding === undefined ? {} : { binding }) }))
    .addNode("agent", createDynamicModelNode({ model, catalog }))
    .addNode("tools", new DynamicToolNode(catalog))
    .addEdge(START, "select_tools")
    .addEdge("select_tools", "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "select_tools")
    .compile({ checkpointer: new MemorySaver() });
  const selections: DynamicToolSelection[] = [];
  for (const text of messages) {
    const result = await graph.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: "t" } });
    selections.push(result.toolSelection!);
  }
  return { bound, selections };
};

const middlewareRuntime: Runtime = async (binding, messages = turns) => {
  const catalog = gymCatalog();
  const { model, bound } = recordBoundTools(
    fakeModel().respond(new AIMessage("ok")).respond(new AIMessage("ok")).respond(new AIMessage("ok")),
  );
  const agent = createAgent({
    model,
    tools: [],
    middleware: [dynamicToolsMiddleware({ catalog, ...(binding === undefined ? {} : { binding }) })],
    checkpointer: new MemorySaver(),
  });
  const selections: DynamicToolSelection[] = [];
  for (const text of messages) {
    const result = await agent.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: "t" } });
    selections.push(result.toolSelection as DynamicToolSelection);
  }
  return { bound, selections };
};

describe.each([
  ["graph", graphRuntime],
  ["middleware", middlewareRuntime],
])("binding policy (%s)", (_name, run) => {
  it("cache-aware by default: keeps the array on a same-topic turn, changes once (appending) on a new topic", async () => {
    const { bound, selections } = await run(undefined);
    const salary = ["get_gym_info", "get_pending_salaries", "pay_salary", "get_staff_list"];
    expect(bound[0]).toEqual(salary);
    expect(bound[1]).toEqual(salary);
    expect(selections[1]!.binding).toMatchObject({ policy: "cache-aware", changed: false, rebilledTokens: 0 });
    expect(selections[1]!.binding!.reason).toMatch(/^kept: every needed tool is bound \(get_pending_salaries, pay_salary\)/);
    expect(bound[2]).toEqual([...salary, "book_class", "list_classes"]);
    expect(selections[2]!.binding).toMatchObject({ changed: true, added: ["book_class", "list_classes"], dropped: [] });
    expect(selections[2]!.binding!.reason).toMatch(/^changed: book_class, list_classes are needed and not bound/);
    expect(selections[2]!.binding!.rebilledTokens).toBeGreaterThan(0);
    expect(selections[2]!.tools).toEqual(bound[2]);
  });

  it("carries the savings ledger across calls, and keeps the array when a change would cost more than binding every tool", async () => {
    // A pasted document of about 5,000 tokens: re-billing it costs more than the six tools' definitions ever could.
    const long = [`what is pending salary? Here is the payroll export:\n${"row 1, 2, 3, paid\n".repeat(1_000)}`, ...turns.slice(1)];
    const { bound, selections } = await run(undefined, long);
    expect(selections.map((selection) => typeof selection.binding?.saved)).toEqual(["number", "number", "number"]);
    expect(bound[2]).toEqual(bound[0]);
    expect(selections[2]!.binding).toMatchObject({ changed: false, unbound: ["book_class", "list_classes"] });
    expect(selections[2]!.binding!.reason).toMatch(
      /^kept: book_class, list_classes are needed, but the change would re-bill about \d+ tokens, more than the -?\d+ this conversation has saved against binding every tool$/,
    );
  });

  it('binding: "per-turn" binds each selection as it is', async () => {
    const { bound, selections } = await run("per-turn");
    // The new topic first, the earlier one after it (from history): the whole array after core is rewritten.
    expect(bound[2]).toEqual(["get_gym_info", "book_class", "list_classes", "get_pending_salaries", "pay_salary", "get_staff_list"]);
    expect(selections[2]!.binding).toMatchObject({ policy: "per-turn", changed: true });
  });
});

it("fails at construction on an unknown binding, naming the valid ones", () => {
  expect(() => createToolSelectorNode({ catalog: gymCatalog(), binding: "sometimes" as never })).toThrow(
    /Unknown binding "sometimes". Bindings: cache-aware, per-turn/,
  );
});

it("re-checks every kept tool: a tool the caller may no longer use is dropped from the kept array", async () => {
  const catalog = gymCatalog();
  const node = createToolSelectorNode({
    catalog,
    policy: (tool) => (tool.name === "pay_salary" ? "deny" : "allow"),
  });
  const update = await node({
    messages: [new HumanMessage("and the salary of March?")],
    toolSelection: { tools: ["get_gym_info", "get_pending_salaries", "pay_salary", "get_staff_list"] } as DynamicToolSelection,
  });
  expect(update.toolSelection.tools).not.toContain("pay_salary");
  expect(update.toolSelection.binding).toMatchObject({ changed: true, dropped: ["pay_salary"] });
});
