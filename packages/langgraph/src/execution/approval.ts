/**
 * @module Approval: a call whose permission needs a human pauses the graph with LangGraph's `interrupt()`, one pause
 * per call. The interrupt value has LangChain's human-in-the-loop shape (`{ actionRequests, reviewConfigs }`, as
 * `humanInTheLoopMiddleware` sends), plus what binds an answer to the call: its id and the digest of the call as
 * shown (name and arguments). An answer must echo both; this module reads an answer and checks it against the call
 * as it is when the run resumes. Pure, but for `interrupt()` itself.
 */
import { createHash } from "node:crypto";
import { bounded, MAX_ERROR_TEXT } from "./tool-failure.js";
import { DynamicToolsError, type ToolMetadata } from "@dynamic-tools/core";
import type { ToolCall } from "@langchain/core/messages/tool";
import { interrupt, isGraphInterrupt } from "@langchain/langgraph";
import { canonicalJson } from "./canonical-json.js";

/** One call shown for review (LangChain's `ActionRequest`, plus the call's id and digest an answer must echo). */
export interface ApprovalActionRequest {
  name: string;
  args: Record<string, unknown>;
  description?: string;
  /** The call's id (`null` when the model gave none). An answer names it as `toolCallId`. */
  toolCallId: string | null;
  /** The digest of the call as shown (`sha256:` + hex of its name and arguments). An answer echoes it as `digest`. */
  digest: string;
}

/** What the reviewer may answer for a tool (LangChain's `ReviewConfig`). */
export interface ApprovalReviewConfig {
  actionName: string;
  allowedDecisions: Array<"approve" | "edit" | "reject">;
}

/**
 * What the graph shows when it pauses for approval (the value of the interrupt): LangChain's HITL request with one
 * action, plus the call and the tool's catalog metadata.
 *
 * Answer it with one decision that names the call: `{ decisions: [{ type: "approve", toolCallId, digest }] }`,
 * `{ type: "reject", toolCallId, digest, message? }` or `{ type: "edit", toolCallId, digest, editedAction: { name,
 * args } }`, where `toolCallId` and `digest` are copied from `actionRequests[0]` (or `toolCall`). The bare decision
 * (`{ type, toolCallId, digest, … }` without the `decisions` list) and the older `{ decision: "approve" | "reject" |
 * "edit", toolCallId, digest, args?, reason? }` are read too. An answer that does not name this call, with this
 * digest, is refused (`APPROVAL_MISMATCH`), whatever its position: so is `true`, a decision without `toolCallId`
 * and `digest`, or a `decisions` list that is not exactly one decision.
 *
 * @example
 * ```ts
 * const [action] = result.__interrupt__[0].value.actionRequests;
 * await graph.invoke(
 *   new Command({ resume: { decisions: [{ type: "approve", toolCallId: action.toolCallId, digest: action.digest }] } }),
 *   config,
 * );
 * ```
 */
export interface ApprovalRequest {
  actionRequests: ApprovalActionRequest[];
  reviewConfigs: ApprovalReviewConfig[];
  type: "approval";
  toolCall: { name: string; args: Record<string, unknown>; id: string | undefined; digest: string };
  /** The tool's catalog metadata: permission, source, description, parameters. */
  tool: ToolMetadata;
}

/**
 * A human's answer for one call, as the executors apply it: `edit` runs `name` with `args` (a new name is checked
 * against the catalog and the policy again).
 */
export type ApprovalDecision =
  | { decision: "approve" }
  | { decision: "reject"; reason?: string }
  | { decision: "edit"; name: string; args: Record<string, unknown> };

/** An answer read for one call: a decision, or why it does not answer this call. */
export type ApprovalAnswer = ApprovalDecision | { decision: "mismatch"; reason: string };

/**
 * The digest of a call as shown to a human: its name and arguments (key order aside).
 *
 * @example
 * ```ts
 * callDigest({ name: "delete_file", args: { path: "a.txt" } }); // "sha256:…"
 * ```
 */
export function callDigest(call: Pick<ToolCall, "name" | "args">): string {
  return `sha256:${createHash("sha256")
    .update(canonicalJson([call.name, call.args]))
    .digest("hex")}`;
}

/** The interrupt value for one call. */
export function approvalRequest(call: ToolCall, tool: ToolMetadata): ApprovalRequest {
  const digest = callDigest(call);
  return {
    actionRequests: [
      {
        name: call.name,
        args: call.args,
        description: `Tool execution pending approval\n\nTool: ${call.name}\nArgs: ${safeJson(call.args)}`,
        toolCallId: call.id ?? null,
        digest,
      },
    ],
    reviewConfigs: [{ actionName: call.name, allowedDecisions: ["approve", "edit", "reject"] }],
    type: "approval",
    toolCall: { name: call.name, args: call.args, id: call.id, digest },
    tool,
  };
}

/**
 * Pauses for one call (or, on resume, reads the answer given for it and checks it names this call as it is now).
 * Must be called synchronously in call order: LangGraph hands resume values to interrupts by their order within the
 * node, which is why an answer is bound to its call by id and digest, never by position.
 *
 * @example
 * ```ts
 * const answer = requestApproval(call, catalog.get(call.name)!);
 * if (answer.decision === "mismatch") return refuse(call, answer.reason);
 * ```
 */
export function requestApproval(call: ToolCall, tool: ToolMetadata): ApprovalAnswer {
  let answer: unknown;
  try {
    answer = interrupt<ApprovalRequest, unknown>(approvalRequest(call, tool));
  } catch (error) {
    // LangGraph's own words name neither the tool nor why the graph had to pause.
    if (!isGraphInterrupt(error) && /No checkpointer set/.test(String((error as Error | undefined)?.message))) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `"${call.name}" needs a human's approval (permission ${tool.permission}), which pauses the graph, and the graph has no ` +
          "checkpointer: compile it with one (e.g. new MemorySaver()), or let the policy allow the tool (definePolicy({ approval: [] })).",
        { cause: error },
      );
    }
    throw error;
  }
  return readAnswer(answer, call);
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

const shown = (value: unknown) => (typeof value === "string" ? JSON.stringify(value.slice(0, 100)) : safeJson(value).slice(0, 100));

/** The one decision of an answer: the only entry of `decisions`, or the answer itself. */
function theDecision(value: unknown): Record<string, unknown> | string {
  if (!isPlainObject(value)) return `expected one decision naming the call, got ${shown(value)}`;
  if (!("decisions" in value)) return value;
  const { decisions } = value;
  if (!Array.isArray(decisions)) return `"decisions" must be a list, got ${shown(decisions)}`;
  if (decisions.length !== 1) return `expected exactly one decision for this call, got ${decisions.length}`;
  const [only] = decisions;
  return isPlainObject(only) ? only : `expected a decision object, got ${shown(only)}`;
}

/** Reads what the decision asks, once it is known to name this call. */
function readKind(decision: Record<string, unknown>, call: Pick<ToolCall, "name">): ApprovalAnswer {
  const kind = decision.type ?? decision.decision;
  if (kind === "approve") return { decision: "approve" };
  if (kind === "reject") {
    const reason = decision.message ?? decision.reason;
    // The human's reason reaches the model on every later turn: a resume value is untrusted, so it is bounded.
    return typeof reason === "string" ? { decision: "reject", reason: bounded(reason, MAX_ERROR_TEXT) } : { decision: "reject" };
  }
  if (kind === "edit") {
    const edited = isPlainObject(decision.editedAction) ? decision.editedAction : { name: call.name, args: decision.args };
    const name = edited.name ?? call.name;
    if (typeof name === "string" && name !== "" && isPlainObject(edited.args)) return { decision: "edit", name, args: edited.args };
    return { decision: "mismatch", reason: "an edit needs editedAction: { name, args } with args an object" };
  }
  return { decision: "mismatch", reason: `unknown decision type ${shown(kind)} (expected approve, edit or reject)` };
}

/**
 * Reads a resume value as the answer for `call` (the call as it is when the run resumes), failing closed. The
 * answer applies only when it names this call: `toolCallId` equal to the call's id (`null` for a call without one)
 * and `digest` equal to {@link callDigest} of the call now, so a call whose name or arguments changed while paused,
 * or an answer meant for another call, is a `mismatch`, never applied.
 *
 * @example
 * ```ts
 * readAnswer({ decisions: [{ type: "approve", toolCallId: "c1", digest: callDigest(call) }] }, call); // { decision: "approve" }
 * readAnswer({ decisions: [{ type: "approve" }] }, call).decision; // "mismatch": it does not name the call
 * ```
 */
export function readAnswer(value: unknown, call: Pick<ToolCall, "id" | "name" | "args">): ApprovalAnswer {
  const decision = theDecision(value);
  if (typeof decision === "string") return { decision: "mismatch", reason: decision };
  if (!("toolCallId" in decision) || typeof decision.digest !== "string")
    return { decision: "mismatch", reason: "the answer does not name the call (toolCallId and digest from the request)" };
  const id = call.id ?? null;
  if (decision.toolCallId !== id)
    return { decision: "mismatch", reason: `the answer is for call ${shown(decision.toolCallId)}, not ${shown(id)}` };
  if (decision.digest !== callDigest(call))
    return { decision: "mismatch", reason: "the call's name or arguments are not those shown for approval" };
  return readKind(decision, call);
}
