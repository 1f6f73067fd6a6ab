/**
 * @module The answered approvals of one model step, kept in the middleware's state between `afterModel` (which
 * asks) and `wrapToolCall` (which applies). An answer belongs to one call as the human saw it: its id, name and
 * arguments together, never the model-chosen id alone. Calls that cannot be told apart (same id, name and
 * arguments) that got different answers all get the most restrictive one, so no call runs under another's approval.
 */
import type { ToolMetadata } from "@dynamic-tools/core";
import type { ToolCall } from "@langchain/core/messages/tool";
import { requestApproval, type ApprovalDecision } from "./approval.js";

/** One answered approval: the call as the human saw it, and the answer. */
export interface RecordedApproval {
  id: string | null;
  name: string;
  args: Record<string, unknown>;
  decision: ApprovalDecision;
}

/** The answered approvals of the latest model step, in call order. */
export type StepApprovals = RecordedApproval[];

/** JSON with object keys sorted, so equal arguments compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, (inner as Record<string, unknown>)[key]]),
        )
      : inner,
  );
}

const sameCall = (recorded: RecordedApproval, call: Pick<ToolCall, "id" | "name" | "args">) =>
  recorded.id === (call.id ?? null) && recorded.name === call.name && canonicalJson(recorded.args) === canonicalJson(call.args);

/**
 * Asks every approval of a step, one `interrupt()` per call in call order (so LangGraph matches each resume value
 * to its call when the node re-runs); undefined when no call needs approval.
 *
 * @param approvalFor - the catalog metadata of a call that needs approval, or undefined when it does not.
 */
export function askStepApprovals(
  calls: readonly ToolCall[],
  approvalFor: (call: ToolCall, index: number) => ToolMetadata | undefined,
): StepApprovals | undefined {
  const approvals: StepApprovals = [];
  calls.forEach((call, index) => {
    const metadata = approvalFor(call, index);
    if (metadata !== undefined)
      approvals.push({ id: call.id ?? null, name: call.name, args: call.args, decision: requestApproval(call, metadata) });
  });
  return approvals.length > 0 ? approvals : undefined;
}

/**
 * The answer recorded for exactly this call (same id, name and arguments as shown to the human), or undefined.
 * When several indistinguishable calls got different answers, a rejection wins, and any other disagreement rejects.
 */
export function recordedDecision(approvals: unknown, call: Pick<ToolCall, "id" | "name" | "args">): ApprovalDecision | undefined {
  if (!Array.isArray(approvals)) return undefined;
  const answers = (approvals as StepApprovals)
    .filter((recorded) => typeof recorded === "object" && recorded !== null && sameCall(recorded, call))
    .map((recorded) => recorded.decision);
  if (answers.length === 0) return undefined;
  const rejection = answers.find((answer) => answer.decision === "reject");
  if (rejection !== undefined) return rejection;
  const first = canonicalJson(answers[0]);
  if (answers.every((answer) => canonicalJson(answer) === first)) return answers[0];
  return { decision: "reject", reason: "identical calls of this step got different answers" };
}
