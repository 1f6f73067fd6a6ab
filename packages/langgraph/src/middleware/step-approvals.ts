/**
 * @module Approvals of one model step, asked before any of its calls runs: `afterModel` asks (one `interrupt()` per
 * call, in call order, as `DynamicToolNode` does) and records the answers in state; `wrapToolCall` applies them.
 * createAgent runs a step's tool calls in parallel (one task each, or one `Promise.all`), so an `interrupt()` inside
 * `wrapToolCall` pauses after other calls of the step already ran, and one resume value would answer every paused
 * call at once.
 */
import type { ToolMetadata } from "@dynamic-tools/core";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { requestApproval, type ApprovalDecision } from "../nodes/tool-approval.js";

/** One answered approval: the call as the human saw it, and the answer. */
export interface RecordedApproval {
  name: string;
  args: Record<string, unknown>;
  decision: ApprovalDecision;
}

/** The answered approvals of the latest model step, by tool call id (or name and arguments when a call has no id). */
export type StepApprovals = Record<string, RecordedApproval>;

const keyOf = (call: Pick<ToolCall, "id" | "name" | "args">) => call.id ?? `${call.name}:${JSON.stringify(call.args)}`;

/** The calls of the last AI message that no ToolMessage answers yet (what the tools step will run). */
export function pendingToolCalls(messages: readonly BaseMessage[]): ToolCall[] {
  const answered = new Set(messages.filter((message) => ToolMessage.isInstance(message)).map((message) => message.tool_call_id));
  const last = messages.findLast((message) => AIMessage.isInstance(message)) as AIMessage | undefined;
  return (last?.tool_calls ?? []).filter((call) => call.id == null || !answered.has(call.id));
}

/**
 * Asks every approval of a step, one `interrupt()` per call in call order (so LangGraph matches each resume value
 * to its call when the node re-runs), and returns the answers; undefined when no call needs approval.
 *
 * @param calls - the step's pending calls, in the order the model emitted them.
 * @param approvalFor - the catalog metadata of a call that needs approval, or undefined when it does not.
 * @example
 * ```ts
 * const approvals = askStepApprovals(pendingToolCalls(state.messages), (call) => needsApproval(call) ? catalog.get(call.name) : undefined);
 * ```
 */
export function askStepApprovals(calls: readonly ToolCall[], approvalFor: (call: ToolCall) => ToolMetadata | undefined): StepApprovals | undefined {
  const approvals: StepApprovals = {};
  let asked = false;
  for (const call of calls) {
    const metadata = approvalFor(call);
    if (metadata === undefined) continue;
    approvals[keyOf(call)] = { name: call.name, args: call.args, decision: requestApproval(call, metadata) };
    asked = true;
  }
  return asked ? approvals : undefined;
}

/**
 * The recorded answer for this call, or undefined when there is none for exactly this call: same id, same name and
 * the same arguments as shown to the human (a call changed since, e.g. by another middleware, has no answer).
 */
export function recordedDecision(approvals: StepApprovals | null | undefined, call: ToolCall): ApprovalDecision | undefined {
  const recorded = approvals?.[keyOf(call)];
  if (recorded === undefined || recorded.name !== call.name) return undefined;
  return JSON.stringify(recorded.args) === JSON.stringify(call.args) ? recorded.decision : undefined;
}

/** What the model sees for a call that needs approval but is not the call the human answered in this step. */
export function unapprovedText(name: string): string {
  return (
    `Error: "${name}" needs a human's approval, and this call is not the one approved in this step (its arguments ` +
    "changed after approval, or it was added after approvals were asked). It did not run; call it again to ask for approval."
  );
}
