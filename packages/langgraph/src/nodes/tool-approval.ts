/**
 * @module Approval (seed 000's ApprovalToolNode): a tool call whose permission needs a human pauses the graph with
 * LangGraph's `interrupt()`, showing the call; the run resumes with approve, reject or edited arguments.
 */
import type { ToolMetadata } from "@dynamic-tools/core";
import type { ToolCall } from "@langchain/core/messages/tool";
import { interrupt } from "@langchain/langgraph";

/** What the graph shows when it pauses for approval (the value of the interrupt). */
export interface ApprovalRequest {
  type: "approval";
  toolCall: { name: string; args: Record<string, unknown>; id: string | undefined };
  /** The tool's catalog metadata: permission, source, description, parameters. */
  tool: ToolMetadata;
}

/** How a run resumes after an approval interrupt: `new Command({ resume: { decision: "approve" } })`. */
export type ApprovalDecision =
  | { decision: "approve" }
  | { decision: "reject"; reason?: string }
  | { decision: "edit"; args: Record<string, unknown> };

/**
 * Pauses for one call (or, on resume, returns its decision). Must be called synchronously in call order: LangGraph
 * matches resume values to interrupts by their order within the node.
 *
 * @example
 * ```ts
 * const decision = requestApproval(call, catalog.get(call.name)!);
 * if (decision.decision === "reject") return rejectionMessage(call, decision);
 * ```
 */
export function requestApproval(call: ToolCall, tool: ToolMetadata): ApprovalDecision {
  const request: ApprovalRequest = { type: "approval", toolCall: { name: call.name, args: call.args, id: call.id }, tool };
  return normaliseDecision(interrupt<ApprovalRequest, unknown>(request));
}

/** Reads a resume value leniently: `true`/"approve" approve; anything unreadable rejects (fail closed). */
export function normaliseDecision(value: unknown): ApprovalDecision {
  if (value === true || value === "approve") return { decision: "approve" };
  if (typeof value === "object" && value !== null) {
    const { decision, args, reason } = value as { decision?: unknown; args?: unknown; reason?: unknown };
    if (decision === "approve") return { decision: "approve" };
    if (decision === "edit" && typeof args === "object" && args !== null && !Array.isArray(args)) return { decision: "edit", args: args as Record<string, unknown> };
    if (decision === "reject") return typeof reason === "string" ? { decision: "reject", reason } : { decision: "reject" };
  }
  return { decision: "reject", reason: `unreadable approval answer ${JSON.stringify(value)}` };
}

/** The text of the error ToolMessage a rejected call gets. */
export function rejectionText(name: string, decision: { reason?: string }): string {
  return `Error: The user rejected the call of "${name}"${decision.reason === undefined ? "" : `: ${decision.reason}`}. Do not retry it unless the user asks.`;
}
