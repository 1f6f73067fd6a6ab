/**
 * Two replicas of one graph (each its own executor, as two processes are) share a checkpointer and resume the same
 * pause at the same time. Claims in each executor's memory hold once per replica only; one claim store they share
 * makes the approval run its call once across them. Both runtimes.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import type { ApprovalClaimStore } from "./approval-claims.js";
import type { ApprovalRequest } from "./approval.js";

interface Invokable {
  invoke(input: unknown, config: Record<string, unknown>): Promise<unknown>;
}
type Result = { messages?: BaseMessage[]; __interrupt__?: Array<{ value: unknown }> };

function deleteCatalog(runs: string[]): ToolCatalog {
  const remove = tool(({ path }: { path: string }) => (runs.push(path), "deleted"), {
    name: "delete_file",
    description: "Delete a file",
    schema: z.object({ path: z.string() }),
  });
  return new ToolCatalog({ tools: [remove], declarations: [{ name: "delete_file", permission: "dangerous" }] });
}

/** A store as a shared database gives it: an atomic insert-if-absent, answered after a delay. */
function sharedClaimStore(): ApprovalClaimStore & { keys: Set<string> } {
  const keys = new Set<string>();
  return {
    keys,
    async claim(key) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    },
  };
}

const step = new AIMessage({ content: "", tool_calls: [{ name: "delete_file", args: { path: "a" }, id: "c1", type: "tool_call" }] });

const replicasOf: Record<string, (claims: ApprovalClaimStore | undefined, checkpointer: MemorySaver, runs: string[]) => Invokable> = {
  DynamicToolNode(claims, checkpointer, runs) {
    const node = new DynamicToolNode(deleteCatalog(runs), claims === undefined ? {} : { approvalClaims: claims });
    return new StateGraph(MessagesAnnotation)
      .addNode("tools", node)
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer }) as unknown as Invokable;
  },
  "createAgent + dynamicToolsMiddleware"(claims, checkpointer, runs) {
    const model = fakeModel().respond(step).respond(new AIMessage("done")).respond(new AIMessage("done"));
    const middleware = dynamicToolsMiddleware({
      catalog: deleteCatalog(runs),
      countTokens: false,
      ...(claims === undefined ? {} : { approvalClaims: claims }),
    });
    return createAgent({ model, tools: [], middleware: [middleware], checkpointer }) as unknown as Invokable;
  },
};

/** Pauses on replica A, then resumes that very pause on A and B at once; returns the runs and each outcome. */
async function resumeOnTwoReplicas(runtime: string, claims: ApprovalClaimStore | undefined, thread: string) {
  const checkpointer = new MemorySaver();
  const runs: string[] = [];
  const [a, b] = [replicasOf[runtime]!(claims, checkpointer, runs), replicasOf[runtime]!(claims, checkpointer, runs)];
  const config = { configurable: { thread_id: thread } };
  const input = runtime === "DynamicToolNode" ? { messages: [new HumanMessage("go"), step] } : { messages: [new HumanMessage("go")] };
  const paused = (await a!.invoke(input, config)) as Result;
  const request = paused.__interrupt__![0]!.value as ApprovalRequest;
  const [action] = request.actionRequests;
  const resume = { decisions: [{ type: "approve", toolCallId: action!.toolCallId, digest: action!.digest }] };
  const results = await Promise.allSettled([a, b].map((replica) => replica!.invoke(new Command({ resume }), config)));
  const outcomes = results
    .map((settled) => {
      if (settled.status === "rejected") return `threw: ${(settled.reason as Error).message}`;
      const messages = (settled.value as Result).messages ?? [];
      const message = messages.find((each) => ToolMessage.isInstance(each) && each.tool_call_id === "c1") as ToolMessage;
      return (message.artifact as { code?: string } | undefined)?.code ?? String(message.content);
    })
    .sort();
  return { runs, outcomes };
}

describe.each(Object.keys(replicasOf))("%s: two replicas resume one pause at once", (runtime) => {
  it("with claims in each replica's memory, each replica runs the approved call (the guarantee is once per process)", async () => {
    const { runs, outcomes } = await resumeOnTwoReplicas(runtime, undefined, `${runtime}-memory`);
    expect(runs).toEqual(["a", "a"]);
    expect(outcomes).toEqual(["deleted", "deleted"]);
  });

  it("with one claim store they share, the approved call runs once and the other resume is APPROVAL_CONSUMED", async () => {
    const claims = sharedClaimStore();
    const { runs, outcomes } = await resumeOnTwoReplicas(runtime, claims, `${runtime}-shared`);
    expect(runs).toEqual(["a"]);
    expect(outcomes).toEqual(["APPROVAL_CONSUMED", "deleted"]);
    expect(claims.keys.size).toBe(1);
  });

  it("a claim store that fails never lets the call run unclaimed (the node's run fails, the middleware answers an error)", async () => {
    const failing: ApprovalClaimStore = { claim: () => Promise.reject(new Error("database unreachable")) };
    const { runs, outcomes } = await resumeOnTwoReplicas(runtime, failing, `${runtime}-failing`);
    expect(runs).toEqual([]);
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) expect(outcome).toMatch(/database unreachable/);
  });
});
