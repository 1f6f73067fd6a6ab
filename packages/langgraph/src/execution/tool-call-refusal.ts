/**
 * @module Why a tool call did not run, as typed data (`{ code, toolName, … }`), and the one builder of the text the
 * model reads for it. The code travels in the error ToolMessage's `artifact`, so programs branch on codes, never
 * on message text. Pure.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";

/** Every reason a call is refused before (or instead of) running, or answered with an error by the executor. */
export type ToolCallRefusalCode =
  | "TOOL_NOT_FOUND"
  | "TOOL_DISABLED"
  | "TOOL_NOT_IMPLEMENTED"
  | "PERMISSION_DENIED"
  | "APPROVAL_REJECTED"
  | "APPROVAL_REQUIRED"
  | "APPROVAL_MISMATCH"
  | "APPROVAL_CONSUMED"
  | "TOOL_TIMEOUT"
  | "INVALID_TOOL_RESULT"
  | "INVALID_TOOL_CALL";

/** A refused (or executor-failed) tool call. Carried as the error ToolMessage's `artifact`. */
export interface ToolCallRefusal {
  code: ToolCallRefusalCode;
  /** The tool name the model called. */
  toolName: string;
  /** Close catalog names (`TOOL_NOT_FOUND` only, when any are close). */
  suggestions?: string[];
  /** `PERMISSION_DENIED`: the caller's role, when it has one. */
  role?: string;
  /** `PERMISSION_DENIED`: the tool's permission level and category. */
  permission?: string;
  category?: string;
  /**
   * `APPROVAL_REJECTED`: the human's reason; `APPROVAL_MISMATCH`: why the answer does not answer this call;
   * `INVALID_TOOL_CALL`: what the model's client could not parse; `TOOL_TIMEOUT`: the limit in milliseconds.
   */
  reason?: string;
  timeoutMs?: number;
}

const FIX = "\n Please fix your mistakes.";
/** Longer names (never a real tool's: 64 characters at most) are quoted shortened. */
const MAX_QUOTED_NAME = 200;

function quotedName(name: string): string {
  return name.length <= MAX_QUOTED_NAME ? name : `${name.slice(0, MAX_QUOTED_NAME)}… (${name.length} characters)`;
}

/**
 * The bare reason (no `Error:` prefix), as ToolNode words its own lookup error: `Tool "x" not found.` It is the
 * message of the error thrown when the node runs with `handleToolErrors: false`.
 */
export function refusalReason(refusal: ToolCallRefusal): string {
  const name = quotedName(refusal.toolName);
  switch (refusal.code) {
    case "TOOL_NOT_FOUND":
      return `Tool "${name}" not found.`;
    case "TOOL_DISABLED":
      return `Tool "${name}" is not available to this agent (disabled or excluded).`;
    case "TOOL_NOT_IMPLEMENTED":
      return `Tool "${name}" is declared in the catalog but has no implementation.`;
    case "PERMISSION_DENIED": {
      const who = refusal.role === undefined ? "this caller" : `role "${refusal.role}"`;
      const what = [refusal.permission, ...(refusal.category === undefined ? [] : [`category ${refusal.category}`])]
        .filter((part) => part !== undefined)
        .join(", ");
      return `Permission denied (PERMISSION_DENIED): ${who} may not use "${name}" (${what}). Do not retry it.`;
    }
    case "APPROVAL_REJECTED":
      return `The user rejected the call of "${name}"${refusal.reason === undefined ? "" : `: ${refusal.reason}`}. Do not retry it unless the user asks.`;
    case "APPROVAL_REQUIRED":
      return (
        `"${name}" needs a human's approval, and this call is not the one approved in this step (its arguments ` +
        "changed after approval, or it was added after approvals were asked). It did not run; call it again to ask for approval."
      );
    case "APPROVAL_MISMATCH":
      return (
        `The approval answer does not answer this call of "${name}"${refusal.reason === undefined ? "" : ` (${refusal.reason})`}. ` +
        "It did not run; call it again to ask for approval."
      );
    case "APPROVAL_CONSUMED":
      return `The approval of this call of "${name}" was already used, by another run of the same pause or by an earlier run of this step whose result was not kept (an approval runs its call once). It did not run again.`;
    case "TOOL_TIMEOUT":
      return `Tool "${name}" did not finish within ${refusal.timeoutMs} ms and was cancelled.`;
    case "INVALID_TOOL_RESULT":
      return `Tool "${name}" answered another tool call (${refusal.reason ?? "a different tool_call_id"}); its result was discarded.`;
    case "INVALID_TOOL_CALL":
      return `The call of "${name}" could not be read${refusal.reason === undefined ? "" : ` (${refusal.reason})`}, so it did not run. Call it again with arguments that are one JSON object.`;
  }
}

/**
 * The text the model reads for a refusal. Mistakes the model can fix end with ToolNode's `\n Please fix your
 * mistakes.`; an unknown tool reads exactly as in ToolNode, with ` Did you mean: …?` appended when names are close.
 *
 * @example
 * ```ts
 * refusalText({ code: "TOOL_NOT_FOUND", toolName: "ecco", suggestions: ["echo"] });
 * // 'Error: Tool "ecco" not found.\n Please fix your mistakes. Did you mean: echo?'
 * ```
 */
export function refusalText(refusal: ToolCallRefusal): string {
  const reason = `Error: ${refusalReason(refusal)}`;
  switch (refusal.code) {
    case "TOOL_NOT_FOUND":
      return `${reason}${FIX}${refusal.suggestions?.length ? ` Did you mean: ${refusal.suggestions.join(", ")}?` : ""}`;
    case "TOOL_DISABLED":
    case "TOOL_NOT_IMPLEMENTED":
    case "TOOL_TIMEOUT":
    case "INVALID_TOOL_RESULT":
    case "INVALID_TOOL_CALL":
      return `${reason}${FIX}`;
    default:
      return reason;
  }
}

/**
 * The error ToolMessage for a refused call: the model-facing text, the call's id (`""` for a call without one, as
 * ToolNode's error messages) and the refusal as `artifact`.
 */
export function refusalMessage(call: Pick<ToolCall, "id" | "name">, refusal: ToolCallRefusal): ToolMessage {
  return new ToolMessage({
    status: "error",
    name: call.name,
    tool_call_id: call.id ?? "",
    content: refusalText(refusal),
    artifact: refusal,
  });
}

/** The error a refusal becomes when errors are not handled (`handleToolErrors: false`): the bare reason, with its code. */
export function refusalError(refusal: ToolCallRefusal): DynamicToolsError {
  return new DynamicToolsError(refusal.code, refusalReason(refusal));
}

/** True for an artifact that is a {@link ToolCallRefusal} (e.g. `isToolCallRefusal(message.artifact)`). */
export function isToolCallRefusal(value: unknown): value is ToolCallRefusal {
  if (typeof value !== "object" || value === null) return false;
  const { code, toolName } = value as { code?: unknown; toolName?: unknown };
  return typeof code === "string" && typeof toolName === "string";
}

/** The refusal that answers a call its client could not parse (see `malformedCalls`). */
export function malformedCallRefusal(call: { name: string; error: string | undefined }): ToolCallRefusal {
  return { code: "INVALID_TOOL_CALL", toolName: call.name, ...(call.error === undefined ? {} : { reason: call.error }) };
}
