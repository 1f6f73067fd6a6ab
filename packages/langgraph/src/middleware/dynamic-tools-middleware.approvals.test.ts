/**
 * The createAgent path with several approval calls in one model step: every approval is asked (afterModel, one
 * interrupt per call in call order) before any call of the step runs, each resume answers its own call, and every
 * call runs exactly once across pause and resume, with both of createAgent's tool runtimes (v1: one ToolNode task
 * running the step with Promise.all; v2, the default: one Send task per call).
 */
import { definePolicy, ToolCatalog, type PermissionPolicy } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { Command, MemorySaver, interrupt } from "@langchain/langgraph";
import { createAgent, createMiddleware } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApprovalRequest } from "../execution/approval.js";
import { answer, answerFor } from "../__fixtures__/execution-runtimes.js";
import { dynamicToolsMiddleware } from "./dynamic-tools-middleware.js";

/** A gym catalog whose tools count their runs: two dangerous tools and a read tool. */
function countingCatalog() {
  const runs: Array<{ name: string; args: unknown }> = [];
  const counted = (name: string, description: string, schema: z.ZodObject) =>
    tool((args: unknown) => (runs.push({ name, args }), `${name} ran`), { name, description, schema });
  const catalog = new ToolCatalog({
    tools: [
      counted("get_gym_info", "Gym opening hours", z.object({})),
      counted("delete_member", "Deletes a member's account and history", z.object({ memberId: z.string() })),
      counted("refund_payment", "Refunds a payment", z.object({ paymentId: z.string(), amount: z.number() })),
    ],
    declarations: [
      { name: "delete_member", permission: "dangerous" },
      { name: "refund_payment", permission: "dangerous" },
    ],
  });
  const ranCount = (name: string) => runs.filter((run) => run.name === name).length;
  return { catalog, runs, ranCount };
}

/** One AI message with two dangerous calls around a safe one. */
const parallelStep = () =>
  new AIMessage({
    content: "",
    tool_calls: [
      { name: "delete_member", args: { memberId: "m-7" }, id: "delete", type: "tool_call" },
      { name: "get_gym_info", args: {}, id: "info", type: "tool_call" },
      { name: "refund_payment", args: { paymentId: "p-1", amount: 90 }, id: "refund", type: "tool_call" },
    ],
  });

function agentFor(catalog: ToolCatalog, version: "v1" | "v2", policy?: PermissionPolicy) {
  const model = fakeModel().respond(parallelStep()).respond(new AIMessage("done"));
  const middleware = [dynamicToolsMiddleware({ catalog, countTokens: false, ...(policy === undefined ? {} : { policy }) })];
  return { model, agent: createAgent({ model, tools: [], middleware, checkpointer: new MemorySaver(), version }) };
}

const askedFor = (result: unknown) =>
  ((result as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__ ?? []).map((entry) => entry.value.toolCall.id);
const toolReplies = (messages: BaseMessage[]) =>
  Object.fromEntries(
    (messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[]).map((message) => [message.tool_call_id, message]),
  );

describe.each(["v2", "v1"] as const)("dynamicToolsMiddleware approvals of a parallel step (createAgent tools %s)", (version) => {
  it("asks every approval before any call runs, applies approve and reject to the right call, and runs each call once", async () => {
    const { catalog, runs, ranCount } = countingCatalog();
    const { model, agent } = agentFor(catalog, version);
    const config = { configurable: { thread_id: `approve-reject-${version}` } };

    const first = await agent.invoke({ messages: [new HumanMessage("delete member m-7 and refund p-1")] }, config);
    expect(askedFor(first)).toEqual(["delete"]);
    expect(runs).toEqual([]); // not even the safe call

    const second = await agent.invoke(new Command({ resume: answerFor(first, answer.approve) }), config);
    expect(askedFor(second)).toEqual(["refund"]);
    expect(runs).toEqual([]);

    const done = await agent.invoke(new Command({ resume: answerFor(second, answer.reject("already refunded")) }), config);
    expect(askedFor(done)).toEqual([]);
    expect([ranCount("delete_member"), ranCount("get_gym_info"), ranCount("refund_payment")]).toEqual([1, 1, 0]);
    const replies = toolReplies(done.messages);
    expect(replies.delete).toMatchObject({ status: "success", content: "delete_member ran" });
    expect(replies.info).toMatchObject({ content: "get_gym_info ran" });
    expect(replies.refund!.status).toBe("error");
    expect(replies.refund!.content).toContain('The user rejected the call of "refund_payment": already refunded');
    // The model saw the rejection on its next call.
    expect(toolReplies(model.calls[1]!.messages).refund?.status).toBe("error");
    expect(done.messages.at(-1)?.content).toBe("done");
  });

  it("runs edited arguments for the edited call and the original ones for the approved call", async () => {
    const { catalog, runs } = countingCatalog();
    const { agent } = agentFor(catalog, version);
    const config = { configurable: { thread_id: `edit-${version}` } };
    const first = await agent.invoke({ messages: [new HumanMessage("delete member m-7 and refund p-1")] }, config);
    const second = await agent.invoke(new Command({ resume: answerFor(first, answer.approve) }), config);
    const done = await agent.invoke(
      new Command({ resume: answerFor(second, answer.edit({ args: { paymentId: "p-1", amount: 45 } })) }),
      config,
    );
    expect(runs.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "delete_member", args: { memberId: "m-7" } },
      { name: "get_gym_info", args: {} },
      { name: "refund_payment", args: { paymentId: "p-1", amount: 45 } },
    ]);
    expect(toolReplies(done.messages).refund).toMatchObject({ status: "success", content: "refund_payment ran" });
  });

  it("answers edited arguments the tool's schema rejects with an error ToolMessage, and runs nothing twice", async () => {
    const { catalog, ranCount } = countingCatalog();
    const { agent } = agentFor(catalog, version);
    const config = { configurable: { thread_id: `edit-invalid-${version}` } };
    const first = await agent.invoke({ messages: [new HumanMessage("delete member m-7 and refund p-1")] }, config);
    const second = await agent.invoke(new Command({ resume: answerFor(first, answer.edit({ args: { memberId: 7 } })) }), config);
    const done = await agent.invoke(new Command({ resume: answerFor(second, answer.approve) }), config);
    expect(toolReplies(done.messages).delete!.status).toBe("error");
    expect([ranCount("delete_member"), ranCount("get_gym_info"), ranCount("refund_payment")]).toEqual([0, 1, 1]);
  });

  it("resumes in another agent built on the same checkpointer (another process) without running a call twice", async () => {
    const { catalog, ranCount } = countingCatalog();
    const checkpointer = new MemorySaver();
    const model = fakeModel().respond(parallelStep()).respond(new AIMessage("done"));
    const build = () =>
      createAgent({ model, tools: [], middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })], checkpointer, version });
    const config = { configurable: { thread_id: `processes-${version}` } };
    const first = await build().invoke({ messages: [new HumanMessage("delete member m-7 and refund p-1")] }, config);
    const second = await build().invoke(new Command({ resume: answerFor(first, answer.approve) }), config);
    const done = await build().invoke(new Command({ resume: answerFor(second, answer.approve) }), config);
    expect([ranCount("delete_member"), ranCount("get_gym_info"), ranCount("refund_payment")]).toEqual([1, 1, 1]);
    expect(done.messages.at(-1)?.content).toBe("done");
  });

  it("refuses calls the caller (from the runtime context) may not use without asking, and never runs them", async () => {
    const { catalog, runs } = countingCatalog();
    const policy = definePolicy({ roles: { trainer: { deny: [{ permission: "dangerous" }] } } });
    const { agent } = agentFor(catalog, version, policy);
    const result = await agent.invoke(
      { messages: [new HumanMessage("delete member m-7 and refund p-1")] },
      { configurable: { thread_id: `deny-${version}` }, context: { role: "trainer" } },
    );
    expect(askedFor(result)).toEqual([]);
    const replies = toolReplies(result.messages);
    expect(replies.delete!.content).toContain('role "trainer" may not use "delete_member"');
    expect(replies.refund!.content).toContain("PERMISSION_DENIED");
    expect(runs.map((run) => run.name)).toEqual(["get_gym_info"]);
  });
});

describe.each(["v2", "v1"] as const)(
  "dynamicToolsMiddleware approvals after another middleware changes a call (createAgent tools %s)",
  (version) => {
    it("refuses a call whose arguments changed after it was approved (never runs them, asks nothing more), and runs every other call once", async () => {
      const { catalog, runs, ranCount } = countingCatalog();
      // Listed first, so its afterModel runs after ours: it raises the refund once the human has seen it.
      const raiseRefund = createMiddleware({
        name: "RaiseRefund",
        afterModel: (state) => {
          const last = state.messages.at(-1);
          if (!AIMessage.isInstance(last) || !last.tool_calls?.length) return undefined;
          const toolCalls = last.tool_calls.map((call) =>
            call.name === "refund_payment" ? { ...call, args: { ...call.args, amount: 9000 } } : call,
          );
          return { messages: [new AIMessage({ id: last.id!, content: "", tool_calls: toolCalls })] };
        },
      });
      const model = fakeModel().respond(parallelStep()).respond(new AIMessage("done"));
      const agent = createAgent({
        model,
        tools: [],
        middleware: [raiseRefund, dynamicToolsMiddleware({ catalog, countTokens: false })],
        checkpointer: new MemorySaver(),
        version,
      });
      const config = { configurable: { thread_id: `changed-${version}` } };
      const first = await agent.invoke({ messages: [new HumanMessage("delete member m-7 and refund p-1")] }, config);
      const refundAsked = await agent.invoke(new Command({ resume: answerFor(first, answer.approve) }), config);
      expect((refundAsked as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__?.[0]?.value.toolCall.args).toEqual({
        paymentId: "p-1",
        amount: 90,
      });
      const done = await agent.invoke(new Command({ resume: answerFor(refundAsked, answer.approve) }), config);
      expect(askedFor(done)).toEqual([]);
      const refund = toolReplies(done.messages).refund!;
      expect(refund.status).toBe("error");
      expect(String(refund.content)).toContain("not the one approved");
      expect(runs.filter((run) => run.name === "refund_payment")).toEqual([]);
      expect([ranCount("delete_member"), ranCount("get_gym_info")]).toEqual([1, 1]);
    });
  },
);

describe.each(["v2", "v1"] as const)("dynamicToolsMiddleware approvals of calls without ids (createAgent tools %s)", (version) => {
  it("keeps one answer per call (name and arguments), so each call gets its own decision and runs at most once", async () => {
    const { catalog, runs } = countingCatalog();
    const step = new AIMessage({
      content: "",
      tool_calls: [
        { name: "delete_member", args: { memberId: "a" }, type: "tool_call" },
        { name: "delete_member", args: { memberId: "b" }, type: "tool_call" },
      ],
    });
    const model = fakeModel().respond(step).respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })],
      checkpointer: new MemorySaver(),
      version,
    });
    const config = { configurable: { thread_id: `no-ids-${version}` } };
    const first = await agent.invoke({ messages: [new HumanMessage("delete members a and b")] }, config);
    const second = await agent.invoke(new Command({ resume: answerFor(first, answer.reject()) }), config);
    const done = await agent.invoke(new Command({ resume: answerFor(second, answer.approve) }), config);
    expect(askedFor(done)).toEqual([]);
    expect(runs).toEqual([{ name: "delete_member", args: { memberId: "b" } }]);
    // The rejected call gets the human's rejection (not "not the one approved": its own answer was found).
    const replies = (done.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[]).map((message) =>
      String(message.content),
    );
    expect(replies.filter((content) => content.includes("The user rejected"))).toHaveLength(1);
    expect(replies.some((content) => content.includes("not the one approved"))).toBe(false);
  });
});

describe.each(["v2", "v1"] as const)("dynamicToolsMiddleware plans each call once (createAgent tools %s)", (version) => {
  it("looks a source tool up once per call: afterModel's plan is the one wrapToolCall runs", async () => {
    const { catalog } = countingCatalog();
    let listed = 0;
    const remote = tool(() => "remote ran", { name: "remote_lookup", description: "A source's tool", schema: z.object({}) });
    const source = { tools: () => ((listed += 1), [remote]) };
    const step = new AIMessage({
      content: "",
      tool_calls: [
        { name: "remote_lookup", args: {}, id: "r1", type: "tool_call" },
        { name: "remote_lookup", args: {}, id: "r2", type: "tool_call" },
      ],
    });
    const agent = createAgent({
      model: fakeModel().respond(step).respond(new AIMessage("done")),
      tools: [],
      middleware: [dynamicToolsMiddleware({ catalog, sources: [source], countTokens: false })],
      checkpointer: new MemorySaver(),
      version,
    });
    const result = await agent.invoke(
      { messages: [new HumanMessage("look it up twice")] },
      { configurable: { thread_id: `once-${version}` } },
    );
    expect(Object.values(toolReplies(result.messages)).map((message) => message.content)).toEqual(["remote ran", "remote ran"]);
    expect(listed).toBe(2);
  });
});

describe.each(["v2", "v1"] as const)("dynamicToolsMiddleware: an approved tool that pauses itself (createAgent tools %s)", (version) => {
  /** wipe_disk (dangerous) asks "really?" itself, as a tool that asks the user a question does. */
  function selfPausingAgent(thread: string, answers = 1) {
    const runs: string[] = [];
    const wipe = tool(
      ({ disk }: { disk: string }) => {
        runs.push(disk);
        return `wiped ${disk} (${String(interrupt({ question: `Really wipe ${disk}?` }))})`;
      },
      { name: "wipe_disk", description: "Wipes a disk", schema: z.object({ disk: z.string() }) },
    );
    const catalog = new ToolCatalog({ tools: [wipe], declarations: [{ name: "wipe_disk", permission: "dangerous" }] });
    const call = new AIMessage({ content: "", tool_calls: [{ name: "wipe_disk", args: { disk: "d1" }, id: "c1", type: "tool_call" }] });
    let model = fakeModel().respond(call);
    for (let index = 0; index < answers; index++) model = model.respond(new AIMessage("done"));
    const middleware = [dynamicToolsMiddleware({ catalog, countTokens: false })];
    const agent = createAgent({ model, tools: [], middleware, checkpointer: new MemorySaver(), version });
    return { agent, runs, config: { configurable: { thread_id: `${thread}-${version}` } } };
  }

  it("finishes when its own question is answered (runs once to ask, once to finish, as in ToolNode)", async () => {
    const { agent, runs, config } = selfPausingAgent("self-pause");
    const paused = await agent.invoke({ messages: [new HumanMessage("wipe d1")] }, config);
    const asked = await agent.invoke(new Command({ resume: answerFor(paused, answer.approve) }), config);
    expect((asked as { __interrupt__?: Array<{ value: unknown }> }).__interrupt__?.map((pause) => pause.value)).toEqual([
      { question: "Really wipe d1?" },
    ]);
    const done = await agent.invoke(new Command({ resume: "yes" }), config);
    expect(toolReplies(done.messages).c1?.content).toBe("wiped d1 (yes)");
    expect(runs).toEqual(["d1", "d1"]);
    expect(done.messages.at(-1)?.content).toBe("done");
  });

  it("still runs the call once per pause: of two concurrent answers to its question, one is APPROVAL_CONSUMED", async () => {
    const { agent, runs, config } = selfPausingAgent("self-pause-twice", 2);
    const paused = await agent.invoke({ messages: [new HumanMessage("wipe d1")] }, config);
    await agent.invoke(new Command({ resume: answerFor(paused, answer.approve) }), config);
    const answers = await Promise.all([0, 1].map(() => agent.invoke(new Command({ resume: "yes" }), config)));
    const outcomes = answers.map((result) => {
      const reply = toolReplies(result.messages).c1;
      return (reply?.artifact as { code?: string } | undefined)?.code ?? reply?.content;
    });
    expect(outcomes.sort()).toEqual(["APPROVAL_CONSUMED", "wiped d1 (yes)"]);
    expect(runs).toEqual(["d1", "d1"]);
  });
});
