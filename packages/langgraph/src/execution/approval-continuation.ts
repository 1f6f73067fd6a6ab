/**
 * @module An approved call that pauses itself (its tool calls `interrupt()`, as a tool that asks the user a question
 * does) is run again by LangGraph when that pause is answered, as ToolNode runs it again. Its approval was claimed by
 * the run that paused, so the claim alone would refuse that re-run (`APPROVAL_CONSUMED`) and the call could never
 * finish. The run that paused marks the pause it raised; the resume that answers exactly that pause may run the call
 * once more. Any other resume (a concurrent duplicate, a replay from the pause's checkpoint) still finds the approval
 * consumed. Pauses are counted as LangGraph counts them (its interrupt ids number a task's answered pauses), read
 * from the task's scratchpad; outside a LangGraph task nothing is marked and a claim holds once, as before.
 */
import { isGraphInterrupt } from "@langchain/langgraph";
import type { ApprovalClaimStore } from "./approval-claims.js";

/** Where LangGraph keeps a task's resume values (`CONFIG_KEY_SCRATCHPAD`, not exported by `@langchain/langgraph`). */
const SCRATCHPAD_KEY = "__pregel_scratchpad";

/**
 * How many of the running task's pauses have an answer, counted as LangGraph counts them: the answers it has read
 * (`resume`) and the one a `Command({ resume })` brings that no `interrupt()` has read yet. Undefined outside a
 * LangGraph task (or for a scratchpad of another shape).
 *
 * @example
 * ```ts
 * answeredPauses(config); // 1 in the run resumed with an approval, 2 in the run that answers the tool's own question
 * ```
 */
export function answeredPauses(config: { configurable?: Record<string, unknown> } | undefined): number | undefined {
  const scratchpad = config?.configurable?.[SCRATCHPAD_KEY];
  if (typeof scratchpad !== "object" || scratchpad === null) return undefined;
  const { resume, nullResume } = scratchpad as { resume?: unknown; nullResume?: unknown };
  if (!Array.isArray(resume)) return undefined;
  return resume.length + (nullResume === undefined ? 0 : 1);
}

const pausedKey = (key: string, answered: number) => `${key}@paused:${answered}`;
const resumedKey = (key: string, answered: number) => `${key}@resumed:${answered}`;

/**
 * Claims an approval (`key`) for a run that has `answered` answered pauses: the first claim of `key`, or the one run
 * that answers a pause the approved call raised itself ({@link markSelfPause}). When no such pause was marked, the
 * re-run's key is claimed all the same (and lost), so that the mark this check inserts never lets a later resume run.
 *
 * @example
 * ```ts
 * if (!(await claimApproval(claims, `${pauseKey(config)}#0`, answeredPauses(config)))) refuse("APPROVAL_CONSUMED");
 * ```
 */
export async function claimApproval(store: ApprovalClaimStore, key: string, answered: number | undefined): Promise<boolean> {
  if (await store.claim(key)) return true;
  if (answered === undefined) return false;
  const pausedItself = !(await store.claim(pausedKey(key, answered)));
  const rerun = await store.claim(resumedKey(key, answered));
  return pausedItself && rerun;
}

/**
 * Marks, for the approval `key`, that its call paused itself (its tool threw LangGraph's interrupt) in this run: the
 * resume that answers that pause may run the call once more ({@link claimApproval}). A store that fails to mark
 * leaves the re-run refused (`APPROVAL_CONSUMED`), never run twice; the pause itself goes on.
 */
export async function markSelfPause(
  store: ApprovalClaimStore,
  key: string,
  config: { configurable?: Record<string, unknown> },
): Promise<void> {
  const answered = answeredPauses(config);
  if (answered === undefined) return;
  try {
    await store.claim(pausedKey(key, answered + 1));
  } catch {
    // The safe side: the call is refused when the pause is answered.
  }
}

/** One call's approval, claimed before it runs and marked when the run pauses itself (see {@link approvalOfCall}). */
export interface CallApproval {
  /** Claims the first of `keys` the call may use ({@link claimApproval}); true when one was claimed. */
  claim(keys: readonly string[]): Promise<boolean>;
  /** Called with what the call's run threw: an interrupt of a claimed call marks its pause ({@link markSelfPause}). */
  failed(error: unknown): Promise<void>;
}

/**
 * The approval protocol of one call, as both executors run it: claim an approval (the first of several keys for
 * indistinguishable calls), and when the claimed call's own run throws LangGraph's interrupt, mark that pause, so the
 * resume that answers it may run the call again.
 *
 * @param answered - the task's answered pauses when more than the approvals read (a tool's own pause was answered),
 * else undefined: a claimed key is then never claimed again.
 * @example
 * ```ts
 * const approval = approvalOfCall(claims, config, answered);
 * if (!(await approval.claim([key]))) refuse("APPROVAL_CONSUMED");
 * try { return await run(); } catch (error) { await approval.failed(error); throw error; }
 * ```
 */
export function approvalOfCall(
  store: ApprovalClaimStore,
  config: { configurable?: Record<string, unknown> },
  answered: number | undefined,
): CallApproval {
  let claimed: string | undefined;
  return {
    async claim(keys) {
      for (const key of keys) {
        if (await claimApproval(store, key, answered)) {
          claimed = key;
          return true;
        }
      }
      return false;
    },
    async failed(error) {
      if (claimed !== undefined && isGraphInterrupt(error)) await markSelfPause(store, claimed, config);
    },
  };
}
