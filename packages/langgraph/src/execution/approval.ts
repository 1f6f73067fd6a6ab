/**
 * @module Approval: a call whose permission needs a human pauses the graph with LangGraph's `interrupt()`. The
 * interrupt value has LangChain's human-in-the-loop shape (`{ actionRequests, reviewConfigs }`, as
 * `humanInTheLoopMiddleware` sends), so one UI serves both; the run resumes with `{ decisions: [{ type: "approve" }] }`
 * (or `"edit"` with `editedAction`, `"reject"` with `message`), or the older `{ decision: "approve" | "edit" | "reject" }`.
 */
import type { ToolMetadata } from "@dynamic-tools/core";
import type { ToolCall } from "@langchain/core/messages/tool";
import { interrupt } from "@langchain/langgraph";

/** One call shown for review (LangChain's `ActionRequest`). */
export interface ApprovalActionRequest {
  name: string;
  args: Record<string, unknown>;
  description?: string;
}

/** What the reviewer may answer for a tool (LangChain's `ReviewConfig`). */
export interface ApprovalReviewConfig {
  actionName: string;
  allowedDecisions: Array<"approve" | "edit" | "reject">;
}

/**
 * What the graph shows when it pauses for approval (the value of the interrupt): LangChain's HITL request with one
 * action, plus the call and the tool's catalog metadata.
 */
export interface ApprovalRequest {
  actionRequests: ApprovalActionRequest[];
  reviewConfigs: ApprovalReviewConfig[];
  type: "approval";
  toolCall: { name: string; args: Record<string, unknown>; id: string | undefined };
  /** The tool's catalog metadata: permission, source, description, parameters. */
  tool: ToolMetadata;
}

/** A human's answer for one call, as the executors apply it. */
export type ApprovalDecision =
  | { decision: "approve" }
  | { decision: "reject"; reason?: string }
  | { decision: "edit"; args: Record<string, unknown> };

/** The interrupt value for one call. */
export function approvalRequest(call: ToolCall, tool: ToolMetadata): ApprovalRequest {
  return {
    actionRequests: [
      {
        name: call.name,
        args: call.args,
        description: `Tool execution pending approval\n\nTool: ${call.name}\nArgs: ${safeJson(call.args)}`,
      },
    ],
    reviewConfigs: [{ actionName: call.name, allowedDecisions: ["approve", "edit", "reject"] }],
    type: "approval",
    toolCall: { name: call.name, args: call.args, id: call.id },
    tool,
  };
}

/**
 * Pauses for one call (or, on resume, returns its decision). Must be called synchronously in call order: LangGraph
 * matches resume values to interrupts by their order within the node.
 *
 * @example
 * ```ts
 * const decision = requestApproval(call, catalog.get(call.name)!);
 * ```
 */
export function requestApproval(call: ToolCall, tool: ToolMetadata): ApprovalDecision {
  return normaliseDecision(interrupt<ApprovalRequest, unknown>(approvalRequest(call, tool)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return "(unprintable)";
  }
}

/** Reads one LangChain HITL decision (`{ type, editedAction?, message? }`). */
function fromHitlDecision(value: Record<string, unknown>): ApprovalDecision | undefined {
  if (value.type === "approve") return { decision: "approve" };
  if (value.type === "reject")
    return typeof value.message === "string" ? { decision: "reject", reason: value.message } : { decision: "reject" };
  if (value.type === "edit" && isPlainObject(value.editedAction) && isPlainObject(value.editedAction.args))
    return { decision: "edit", args: value.editedAction.args };
  return undefined;
}

/**
 * Reads a resume value, failing closed: `{ decisions: [one decision] }` (LangChain's HITL response), the older
 * `{ decision }` form, or `true`/`"approve"`. Anything unreadable, or a decisions list that is not exactly one
 * decision, rejects.
 */
export function normaliseDecision(value: unknown): ApprovalDecision {
  if (value === true || value === "approve") return { decision: "approve" };
  if (isPlainObject(value)) {
    if (Array.isArray(value.decisions)) {
      const [only] = value.decisions;
      const read = value.decisions.length === 1 && isPlainObject(only) ? fromHitlDecision(only) : undefined;
      if (read !== undefined) return read;
    } else {
      const { decision, args, reason } = value;
      if (decision === "approve") return { decision: "approve" };
      if (decision === "edit" && isPlainObject(args)) return { decision: "edit", args };
      if (decision === "reject") return typeof reason === "string" ? { decision: "reject", reason } : { decision: "reject" };
    }
  }
  return { decision: "reject", reason: `unreadable approval answer ${safeJson(value).slice(0, 200)}` };
}
