/**
 * Approvals bound to identity and content, in both runtimes (DynamicToolNode in a StateGraph, createAgent +
 * dynamicToolsMiddleware): an answer runs only the call it names, with the arguments shown, once.
 */
import { definePolicy, ToolCatalog, type PermissionPolicy } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, executionRuntimes, type Answer, type StepCall } from "../__fixtures__/execution-runtimes.js";
import { callDigest, type ApprovalRequest } from "./approval.js";

/** delete_file and archive_file (dangerous: approval), read_file (read), each recording its runs. */
function fileCatalog() {
  const runs: Array<{ name: string; args: Record<string, unknown> }> = [];
  const fileTool = (name: string) =>
    tool((args: Record<string, unknown>) => (runs.push({ name, args }), `${name} ran`), {
      name,
      description: `${name} a file`,
      schema: z.object({ path: z.string() }),
    });
  const catalog = new ToolCatalog({
    tools: [fileTool("delete_file"), fileTool("archive_file"), fileTool("read_file")],
    declarations: [
      { name: "delete_file", permission: "dangerous" },
      { name: "archive_file", permission: "dangerous" },
      { name: "read_file", permission: "read" },
    ],
  });
  return { catalog, runs };
}

const codes = (run: { toolMessages: Array<{ tool_call_id: string; artifact?: unknown; content: unknown }> }) =>
  run.toolMessages.map((message) => [message.tool_call_id, (message.artifact as { code?: string } | undefined)?.code ?? message.content]);

/** An answer naming another call, or nothing, instead of the call shown. */
const boundTo = (decision: Record<string, unknown>, toolCallId: unknown, digest: unknown) => () => ({
  decisions: [{ ...decision, toolCallId, digest }],
});

describe.each(executionRuntimes)("approval binding: %s", (_label, runtime) => {
  it("refuses an approved call whose arguments were rewritten while paused (updateState), and runs nothing", async () => {
    const { catalog, runs } = fileCatalog();
    const run = await runtime.run({
      catalog,
      calls: [{ name: "delete_file", args: { path: "tmp/cache.txt" }, id: "c1" }],
      beforeResume: ({ rewriteCalls }) => rewriteCalls((call) => ({ ...call, args: { path: "/etc/passwd" } })),
      answers: [answer.approve],
    });
    expect(runs).toEqual([]);
    expect(codes(run)).toEqual([["c1", "APPROVAL_MISMATCH"]]);
    expect(String(run.toolMessages[0]!.content)).toContain("not those shown for approval");
  });

  it("refuses a call renamed while paused (same id and arguments)", async () => {
    const { catalog, runs } = fileCatalog();
    const run = await runtime.run({
      catalog,
      calls: [{ name: "archive_file", args: { path: "a" }, id: "c1" }],
      beforeResume: ({ rewriteCalls }) => rewriteCalls((call) => ({ ...call, name: "delete_file" })),
      answers: [answer.approve],
    });
    expect(runs).toEqual([]);
    expect(codes(run)).toEqual([["c1", "APPROVAL_MISMATCH"]]);
  });

  it.each<[string, Answer]>([
    ["an answer for a call id not in the pause", boundTo({ type: "approve" }, "elsewhere", "sha256:x")],
    ["an answer with another call's digest", boundTo({ type: "approve" }, "c1", callDigest({ name: "delete_file", args: { path: "b" } }))],
    ["a missing answer (no decision)", { decisions: [] }],
    [
      "an extra answer (two decisions)",
      (request: ApprovalRequest) => ({ decisions: [...answer.approve(request).decisions, ...answer.approve(request).decisions] }),
    ],
    ["an answer that names no call", { decisions: [{ type: "approve" }] }],
    ["the older unbound form", { decision: "approve" }],
    ["true", true],
  ])("refuses %s (APPROVAL_MISMATCH), never applying it", async (_what, given) => {
    const { catalog, runs } = fileCatalog();
    const run = await runtime.run({ catalog, calls: [{ name: "delete_file", args: { path: "a" }, id: "c1" }], answers: [given] });
    expect(runs).toEqual([]);
    expect(codes(run)).toEqual([["c1", "APPROVAL_MISMATCH"]]);
  });

  it("runs an edit with a new name as the edited action (its name and arguments), under the call's id", async () => {
    const { catalog, runs } = fileCatalog();
    const run = await runtime.run({
      catalog,
      calls: [{ name: "delete_file", args: { path: "report.pdf" }, id: "c1" }],
      answers: [answer.edit({ name: "archive_file", args: { path: "report.pdf" } })],
    });
    expect(runs).toEqual([{ name: "archive_file", args: { path: "report.pdf" } }]);
    expect(run.toolMessages.map((message) => [message.tool_call_id, message.content])).toEqual([["c1", "archive_file ran"]]);
  });

  it("refuses an edit to a name the caller's policy denies, and to a name not in the catalog", async () => {
    const { catalog, runs } = fileCatalog();
    const policy = definePolicy({ roles: { intern: { deny: ["archive_file"] } } });
    const denied = await runtime.run({
      catalog,
      policy,
      context: { role: "intern" },
      calls: [{ name: "delete_file", args: { path: "a" }, id: "c1" }],
      answers: [answer.edit({ name: "archive_file", args: { path: "a" } })],
    });
    expect(denied.toolMessages[0]!.artifact).toMatchObject({ code: "PERMISSION_DENIED", toolName: "archive_file" });
    const unknown = await runtime.run({
      catalog,
      calls: [{ name: "delete_file", args: { path: "a" }, id: "c1" }],
      answers: [answer.edit({ name: "shred_file", args: { path: "a" } })],
    });
    expect(unknown.toolMessages[0]!.artifact).toMatchObject({ code: "TOOL_NOT_FOUND", toolName: "shred_file" });
    expect(runs).toEqual([]);
  });

  it("after a permission change between pause and resume, an answer never moves to another call", async () => {
    const { catalog, runs } = fileCatalog();
    let relaxed = false;
    // Before the change both calls need approval; after it, delete_file is allowed without one.
    const policy: PermissionPolicy = (metadata, caller) =>
      relaxed && metadata.name === "delete_file" ? "allow" : definePolicy()(metadata, caller);
    const run = await runtime.run({
      catalog,
      policy,
      calls: [
        { name: "delete_file", args: { path: "a" }, id: "first" },
        { name: "archive_file", args: { path: "b" }, id: "second" },
      ],
      beforeResume: () => {
        relaxed = true;
      },
      // The human approves the call shown: delete_file. archive_file is now the first call that asks.
      answers: [answer.approve],
    });
    expect(runs).toEqual([{ name: "delete_file", args: { path: "a" } }]);
    expect(codes(run)).toEqual([
      ["first", "delete_file ran"],
      ["second", "APPROVAL_MISMATCH"],
    ]);
  });

  it("runs an approved call once when the same pause is resumed twice at the same time", async () => {
    const { catalog, runs } = fileCatalog();
    const run = await runtime.run({
      catalog,
      calls: [{ name: "delete_file", args: { path: "a" }, id: "c1" }],
      answers: [answer.approve],
      concurrentResumes: 2,
    });
    expect(runs).toEqual([{ name: "delete_file", args: { path: "a" } }]);
    const outcomes = run.resumed!.map((messages) => codes({ toolMessages: messages }).find(([id]) => id === "c1")?.[1]).sort();
    expect(outcomes).toEqual(["APPROVAL_CONSUMED", "delete_file ran"]);
  });

  it("property: no answer ever runs a call other than the one it names, with arguments other than those shown", async () => {
    const pathArb = fc.constantFrom("a", "b");
    const callArb = fc.record({
      name: fc.constantFrom("delete_file", "archive_file"),
      args: fc.record({ path: pathArb }),
      id: fc.constantFrom("x", "y", undefined),
    });
    const answerArb = fc.record({
      type: fc.constantFrom("approve", "reject", "edit"),
      edit: fc.record({ name: fc.constantFrom("delete_file", "archive_file"), args: fc.record({ path: pathArb }) }),
      // Which call the answer names: the one shown, another of the step, or none.
      names: fc.constantFrom("shown", "other", "none"),
      rewrite: fc.boolean(),
    });
    let ranInAll = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { minLength: 1, maxLength: 3 }),
        fc.array(answerArb, { minLength: 3, maxLength: 3 }),
        async (calls, plans) => {
          const { catalog, runs } = fileCatalog();
          const step = calls.map((call) => (call.id === undefined ? { name: call.name, args: call.args } : call)) as StepCall[];
          /** What the answers given allow to run: the call shown (or its edit) when the answer names it. */
          const allowed: string[] = [];
          const given = plans.map((plan, index) => (request: ApprovalRequest) => {
            const [action] = request.actionRequests;
            const other = step.find((call) => callDigest(call) !== action!.digest) ?? { name: "read_file", args: {}, id: "z" };
            const binding =
              plan.names === "shown"
                ? { toolCallId: action!.toolCallId, digest: action!.digest }
                : plan.names === "other"
                  ? { toolCallId: other.id ?? null, digest: callDigest(other) }
                  : {};
            const decision = plan.type === "edit" ? { type: "edit", editedAction: plan.edit } : { type: plan.type };
            if (plan.names === "shown" && plan.type !== "reject" && !plans[index]!.rewrite)
              allowed.push(JSON.stringify(plan.type === "edit" ? [plan.edit.name, plan.edit.args] : [action!.name, action!.args]));
            return { decisions: [{ ...decision, ...binding }] };
          });
          await runtime.run({
            catalog,
            calls: step,
            answers: given,
            beforeResume: ({ answered, rewriteCalls }) =>
              plans[answered]!.rewrite ? rewriteCalls((call) => ({ ...call, args: { path: "/etc/passwd" } })) : undefined,
          });
          ranInAll += runs.length;
          for (const ran of runs) {
            const key = JSON.stringify([ran.name, ran.args]);
            const at = allowed.indexOf(key);
            expect(at, `${key} ran without an answer naming it (allowed: ${allowed.join(" ")})`).toBeGreaterThanOrEqual(0);
            allowed.splice(at, 1); // each answer runs at most one call
          }
        },
      ),
      { numRuns: 12 },
    );
    // Not vacuous: correctly bound approvals did run calls.
    expect(ranInAll).toBeGreaterThan(0);
  }, 120_000);
});
