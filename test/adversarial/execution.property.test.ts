/**
 * Property: for random batches of tool calls (known, unknown and prototype-key names; duplicate, missing and random
 * ids; random arguments) against random permission policies and random approval answers, in both runtimes, a
 * refused call is never executed (denied by the policy, disabled, or needing an approval the human did not give
 * for exactly that call), the graph never throws, and every call gets one ToolMessage.
 */
import { ToolCatalog, type PermissionDecision, type PermissionPolicy } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executionRuntimes, settle, type StepCall } from "../../packages/langgraph/src/__fixtures__/execution-runtimes.js";

const TOOL_NAMES = ["read_a", "read_b", "write_c", "wipe_d", "off_e"] as const;
const OTHER_NAMES = ["unknown_x", "constructor", "__proto__", "toString", "read_a "] as const;

function buildCatalog() {
  const ran: Array<{ name: string; args: Record<string, unknown> }> = [];
  const catalog = new ToolCatalog({
    tools: TOOL_NAMES.map((name) =>
      tool((args: Record<string, unknown>) => (ran.push({ name, args }), `${name} done`), {
        name,
        description: `Tool ${name}`,
        schema: z.object({ v: z.number().optional() }).passthrough(),
      }),
    ),
    declarations: [{ name: "off_e", enabled: false }],
  });
  return { catalog, ran };
}

const decisionArb = fc.constantFrom<PermissionDecision>("allow", "deny", "approve");
const callArb: fc.Arbitrary<StepCall> = fc.record(
  {
    name: fc.constantFrom<string>(...TOOL_NAMES, ...OTHER_NAMES),
    args: fc.oneof(fc.constant({}), fc.record({ v: fc.integer({ min: 0, max: 3 }) }), fc.record({ v: fc.string({ maxLength: 3 }) })),
    id: fc.constantFrom("a", "b", "c", "dup", "", "x".repeat(300)),
  },
  { requiredKeys: ["name", "args"] },
);
const scenarioArb = fc.record({
  table: fc.record(
    Object.fromEntries(TOOL_NAMES.map((name) => [name, decisionArb])) as Record<
      (typeof TOOL_NAMES)[number],
      fc.Arbitrary<PermissionDecision>
    >,
  ),
  calls: fc.array(callArb, { minLength: 1, maxLength: 5 }),
  answers: fc.array(
    fc.constantFrom<unknown>(
      { decision: "approve" },
      { decision: "reject" },
      { decisions: [{ type: "approve" }] },
      { decisions: [{ type: "reject" }] },
      "garbage",
      { nonsense: true },
    ),
    {
      minLength: 5,
      maxLength: 5,
    },
  ),
});

const approves = (answer: unknown) =>
  (typeof answer === "object" && answer !== null && (answer as { decision?: unknown }).decision === "approve") ||
  (Array.isArray((answer as { decisions?: unknown[] } | null)?.decisions) &&
    (answer as { decisions: Array<{ type?: unknown }> }).decisions[0]?.type === "approve");

describe.each(executionRuntimes)("execution property: %s", (_label, runtime) => {
  it("never executes a refused call and never throws out of the graph", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ table, calls, answers }) => {
        const { catalog, ran } = buildCatalog();
        const policy: PermissionPolicy = (metadata) => table[metadata.name as (typeof TOOL_NAMES)[number]] ?? "deny";
        const run = await settle(runtime, { catalog, calls, policy, answers });
        expect(run.error).toBeUndefined();
        expect(run.toolMessages).toHaveLength(calls.length);
        // What each approval was asked for, and whether the human approved exactly that call.
        const approved = run.asked.flatMap((request, index) => {
          const call = (request as { toolCall: { name: string; args: unknown } }).toolCall;
          return approves(answers[index]) ? [JSON.stringify([call.name, call.args])] : [];
        });
        for (const execution of ran) {
          const decision = table[execution.name as (typeof TOOL_NAMES)[number]];
          expect(execution.name).not.toBe("off_e");
          expect(decision).not.toBe("deny");
          if (decision === "approve") {
            const key = JSON.stringify([execution.name, execution.args]);
            expect(approved).toContain(key);
            approved.splice(approved.indexOf(key), 1); // one approval runs one call
          }
        }
      }),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
