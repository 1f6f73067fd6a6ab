/**
 * @module The answered approvals of one model step, kept in the middleware's state between `afterModel` (which
 * asks) and `wrapToolCall` (which applies). An answer belongs to one call as the human saw it: its id and digest
 * (name and arguments) together, never the model-chosen id alone or its position. Calls that cannot be told apart
 * (same id and digest) that got different answers all get the most restrictive one; each still consumes its own
 * approval (its claim key), so no approval runs two calls. Each record is sealed (an HMAC under the middleware's own
 * key): the state is not proof of a human's answer, since a client that may update it could write one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ToolCall } from "@langchain/core/messages/tool";
import { callDigest, type ApprovalAnswer } from "./approval.js";
import { canonicalJson } from "./canonical-json.js";

/** One answered approval: the call as the human saw it, the answer, and the key that consumes it. */
export interface RecordedApproval {
  id: string | null;
  digest: string;
  answer: ApprovalAnswer;
  /** The approval's claim key: its pause and its call's place in the step. */
  claim: string;
  /** The HMAC of the fields above under the key of the middleware that recorded it (base64). */
  seal: string;
}

/** The seal of a record's fields under `key`. */
function sealOf(record: Omit<RecordedApproval, "seal">, key: Uint8Array): string {
  return createHmac("sha256", key)
    .update(canonicalJson([record.id, record.digest, record.answer, record.claim]))
    .digest("base64");
}

/** Whether `record` carries the seal of its own fields under `key`. */
function sealed(record: RecordedApproval, key: Uint8Array): boolean {
  if (typeof record.seal !== "string") return false;
  const expected = Buffer.from(sealOf(record, key), "base64");
  const given = Buffer.from(record.seal, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answered approvals of the latest model step, in call order. */
export type StepApprovals = RecordedApproval[];

/**
 * Records the answers `askApprovals` read for a step (undefined when no call needed one).
 *
 * @example
 * ```ts
 * const recorded = recordStepApprovals(calls, askApprovals(calls, plans), pauseKey(config), key);
 * ```
 */
export function recordStepApprovals(
  calls: readonly ToolCall[],
  answers: ReadonlyArray<ApprovalAnswer | undefined>,
  pause: string,
  key: Uint8Array,
): StepApprovals | undefined {
  const recorded: StepApprovals = [];
  calls.forEach((call, index) => {
    const answer = answers[index];
    if (answer === undefined) return;
    const record = { id: call.id ?? null, digest: callDigest(call), answer, claim: `${pause}#${index}` };
    recorded.push({ ...record, seal: sealOf(record, key) });
  });
  return recorded.length > 0 ? recorded : undefined;
}

/** The most restrictive of several answers given to indistinguishable calls. */
function mostRestrictive(answers: readonly ApprovalAnswer[]): ApprovalAnswer {
  const mismatch = answers.find((answer) => answer.decision === "mismatch");
  if (mismatch !== undefined) return mismatch;
  const rejection = answers.find((answer) => answer.decision === "reject");
  if (rejection !== undefined) return rejection;
  const first = canonicalJson(answers[0]);
  if (answers.every((answer) => canonicalJson(answer) === first)) return answers[0]!;
  return { decision: "reject", reason: "identical calls of this step got different answers" };
}

/**
 * The answer recorded for exactly this call (same id and digest as shown to the human) under `key` (a record without
 * its seal is ignored) and the claim keys of its approvals, or undefined when none was recorded for it.
 */
export function recordedAnswer(
  approvals: unknown,
  call: Pick<ToolCall, "id" | "name" | "args">,
  key: Uint8Array,
): { answer: ApprovalAnswer; claims: string[] } | undefined {
  if (!Array.isArray(approvals)) return undefined;
  const id = call.id ?? null;
  const digest = callDigest(call);
  const matching = (approvals as unknown[]).filter(
    (recorded): recorded is RecordedApproval =>
      typeof recorded === "object" &&
      recorded !== null &&
      (recorded as RecordedApproval).id === id &&
      (recorded as RecordedApproval).digest === digest &&
      typeof (recorded as RecordedApproval).claim === "string" &&
      sealed(recorded as RecordedApproval, key),
  );
  if (matching.length === 0) return undefined;
  return { answer: mostRestrictive(matching.map((recorded) => recorded.answer)), claims: matching.map((recorded) => recorded.claim) };
}
