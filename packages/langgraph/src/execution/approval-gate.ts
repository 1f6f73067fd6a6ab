/**
 * @module The approval handling both executors share (DynamicToolNode, and the createAgent middleware's afterModel
 * and wrapToolCall): ask every approval of a step in call order, then decide what runs for one call from its plan
 * and its answer. An answer applies only to the call it names, as it was shown ({@link readAnswer}); `edit` runs the
 * edited action, a new name planned again (catalog rules and the policy); an approval runs its call once.
 */
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { requestApproval, type ApprovalAnswer } from "./approval.js";
import type { CallPlan } from "./call-planner.js";
import type { ToolCallRefusal } from "./tool-call-refusal.js";

/** What happens to one call: refused, or run as `call` (the approved or edited call) with `tool`. */
export type SettledCall = { kind: "refuse"; refusal: ToolCallRefusal } | { kind: "run"; tool: StructuredToolInterface; call: ToolCall };

/**
 * Asks, with one `interrupt()` per call in call order, every approval the plans need (on resume: reads each answer
 * and checks it names its call). Undefined for a call that needs none.
 *
 * @example
 * ```ts
 * const answers = askApprovals(calls, plans); // pauses at the first call still unanswered
 * ```
 */
export function askApprovals(calls: readonly ToolCall[], plans: ReadonlyArray<CallPlan | undefined>): Array<ApprovalAnswer | undefined> {
  return calls.map((call, index) => {
    const plan = plans[index];
    const asked = plan?.kind === "run" && plan.approval && plan.metadata !== undefined && tooDeepToAsk(call) === undefined;
    return asked ? requestApproval(call, plan.metadata!) : undefined;
  });
}

/**
 * Deepest nesting of a call's arguments that a pause can carry: LangGraph reads an interrupt's value back through
 * LangChain's `load`, which refuses values nested 50 levels deep, so deeper arguments would fail the run instead of
 * asking the human.
 */
export const MAX_APPROVAL_DEPTH = 32;

/** Why `call` cannot be shown for approval (its arguments nest deeper than {@link MAX_APPROVAL_DEPTH}), if it cannot. */
function tooDeepToAsk(call: Pick<ToolCall, "args">): string | undefined {
  let level: unknown[] = [call.args];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > MAX_APPROVAL_DEPTH)
      return `its arguments nest deeper than ${MAX_APPROVAL_DEPTH} levels, more than a request for approval can carry`;
    level = level.flatMap((value) => (typeof value === "object" && value !== null ? Object.values(value) : []));
  }
  return undefined;
}

/** Options of {@link settleCall}. */
export interface SettleCallOptions {
  call: ToolCall;
  plan: CallPlan;
  /** The human's answer for this call, or undefined when none was asked. */
  answer: ApprovalAnswer | undefined;
  /** Plans another name (an edit that renamed the call). */
  replan: (name: string) => Promise<CallPlan>;
  /** Consumes the approval: false when another run of the same pause already used it. */
  claim: () => boolean | Promise<boolean>;
}

const refuse = (refusal: ToolCallRefusal): SettledCall => ({ kind: "refuse", refusal });

/**
 * What runs for one call. Refused: a refused plan; a call that needs approval without an answer
 * (`APPROVAL_REQUIRED`); an answer that does not answer it (`APPROVAL_MISMATCH`); a rejection
 * (`APPROVAL_REJECTED`); an edit to a name the catalog or the policy refuses; an approval already consumed
 * (`APPROVAL_CONSUMED`). An edit's new name that would need approval runs: the human wrote it.
 *
 * @example
 * ```ts
 * const settled = await settleCall({ call, plan, answer, replan: (name) => planner.plan({ name }, context), claim });
 * if (settled.kind === "refuse") return refusalMessage(call, settled.refusal);
 * ```
 */
export async function settleCall({ call, plan, answer, replan, claim }: SettleCallOptions): Promise<SettledCall> {
  if (plan.kind === "refuse") return plan;
  if (answer === undefined) {
    if (!plan.approval) return { kind: "run", tool: plan.tool, call };
    const tooDeep = tooDeepToAsk(call);
    return refuse(
      tooDeep === undefined
        ? { code: "APPROVAL_REQUIRED", toolName: call.name }
        : { code: "INVALID_TOOL_CALL", toolName: call.name, reason: tooDeep },
    );
  }
  switch (answer.decision) {
    case "mismatch":
      return refuse({ code: "APPROVAL_MISMATCH", toolName: call.name, reason: answer.reason });
    case "reject":
      return refuse({ code: "APPROVAL_REJECTED", toolName: call.name, ...(answer.reason === undefined ? {} : { reason: answer.reason }) });
    default: {
      const approved: ToolCall = answer.decision === "edit" ? { ...call, name: answer.name, args: answer.args } : call;
      const runPlan = approved.name === call.name ? plan : await replan(approved.name);
      if (runPlan.kind === "refuse") return runPlan;
      if (!(await claim())) return refuse({ code: "APPROVAL_CONSUMED", toolName: call.name });
      return { kind: "run", tool: runPlan.tool, call: approved };
    }
  }
}
