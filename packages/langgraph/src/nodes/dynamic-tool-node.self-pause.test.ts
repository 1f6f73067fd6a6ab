/**
 * An approved call whose tool pauses itself (`interrupt()`, a tool asking the user a question) finishes when that
 * pause is answered, as the same tool does in LangGraph's ToolNode; the approval still runs the call only once per
 * pause (a duplicate or replayed resume is `APPROVAL_CONSUMED`).
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ApprovalRequest } from "../execution/approval.js";
import { answer, answerFor } from "../__fixtures__/execution-runtimes.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";

type Result = { messages: ToolMessage[]; __interrupt__?: Array<{ value: unknown }> };

/** wipe_disk (dangerous: approval by default) asks "really?" itself, and records each run. */
function wipeTool(runs: string[]) {
  return tool(
    ({ disk }: { disk: string }) => {
      runs.push(disk);
      const sure = interrupt({ question: `Really wipe ${disk}?` });
      return `wiped ${disk} (${String(sure)})`;
    },
    { name: "wipe_disk", description: "Wipes a disk", schema: z.object({ disk: z.string() }) },
  );
}

function graphOf(node: ToolNode) {
  return new StateGraph(MessagesAnnotation)
    .addNode("tools", node)
    .addEdge(START, "tools")
    .addEdge("tools", END)
    .compile({ checkpointer: new MemorySaver() });
}

const step = () => ({
  messages: [new AIMessage({ content: "", tool_calls: [{ name: "wipe_disk", args: { disk: "d1" }, id: "c1", type: "tool_call" }] })],
});

async function approvedAndAsked(runs: string[]) {
  const catalog = new ToolCatalog({ tools: [wipeTool(runs)], declarations: [{ name: "wipe_disk", permission: "dangerous" }] });
  const graph = graphOf(new DynamicToolNode(catalog));
  const config = { configurable: { thread_id: "wipe" } };
  const paused = (await graph.invoke(step(), config)) as Result;
  const approval = answerFor(paused, answer.approve as (request: ApprovalRequest) => unknown);
  const asked = (await graph.invoke(new Command({ resume: approval }), config)) as Result;
  const checkpoint = (await graph.getState(config)).config;
  return { graph, config, approval, asked, checkpoint };
}

describe("DynamicToolNode: an approved tool that pauses itself", () => {
  it("finishes when its own question is answered, running as in ToolNode (once to ask, once to finish)", async () => {
    const toolNodeRuns: string[] = [];
    const reference = graphOf(new ToolNode([wipeTool(toolNodeRuns)]));
    const referenceConfig = { configurable: { thread_id: "reference" } };
    await reference.invoke(step(), referenceConfig);
    const expected = (await reference.invoke(new Command({ resume: "yes" }), referenceConfig)) as Result;

    const runs: string[] = [];
    const { graph, config, asked } = await approvedAndAsked(runs);
    expect(asked.__interrupt__?.map((pause) => pause.value)).toEqual([{ question: "Really wipe d1?" }]);
    const done = (await graph.invoke(new Command({ resume: "yes" }), config)) as Result;
    const message = done.messages.at(-1)!;
    expect([message.content, message.status, message.artifact]).toEqual(["wiped d1 (yes)", "success", undefined]);
    expect(message.content).toBe(expected.messages.at(-1)!.content);
    expect(runs).toEqual(toolNodeRuns);
  });

  it("still runs the call once per pause: a duplicate resume of its question, or a replay, is APPROVAL_CONSUMED", async () => {
    const runs: string[] = [];
    const { graph, config, approval, checkpoint } = await approvedAndAsked(runs);
    const answers = (await Promise.all([0, 1].map(() => graph.invoke(new Command({ resume: "yes" }), config)))) as Result[];
    const outcomes = answers.map(
      (result) => (result.messages.at(-1)!.artifact as { code?: string } | undefined)?.code ?? result.messages.at(-1)!.content,
    );
    expect(outcomes.sort()).toEqual(["APPROVAL_CONSUMED", "wiped d1 (yes)"]);
    const replayed = (await graph.invoke(new Command({ resume: approval }), checkpoint)) as Result;
    expect(replayed.messages.at(-1)!.artifact).toMatchObject({ code: "APPROVAL_CONSUMED" });
    expect(runs).toEqual(["d1", "d1"]);
  });
});
