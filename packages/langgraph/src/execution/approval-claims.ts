/**
 * @module One approval is consumed once: the executors claim an approved call before running it, by the pause it
 * was answered in (the thread and the paused task's checkpoint namespace, which every resume of that pause shares)
 * and the call's place in it. A second claim (a concurrent or repeated resume of the same pause) fails, so the call
 * is refused (`APPROVAL_CONSUMED`) instead of running twice. Claims live in the executor's memory, bounded.
 */

/** The most claims remembered; the oldest are forgotten first. */
const DEFAULT_LIMIT = 50_000;

/** The pause a run resumes: the same for every resume of one paused task (empty parts outside a checkpointed run). */
export function pauseKey(config: { configurable?: Record<string, unknown> } | undefined): string {
  const configurable = config?.configurable ?? {};
  const part = (value: unknown) => (typeof value === "string" ? value : "");
  return `${part(configurable.thread_id)}\u0000${part(configurable.checkpoint_ns)}`;
}

/**
 * The approvals already used by this executor.
 *
 * @example
 * ```ts
 * const claims = new ApprovalClaims();
 * claims.claim("thread\u0000tools:task#0"); // true: run it
 * claims.claim("thread\u0000tools:task#0"); // false: already run by another resume
 * ```
 */
export class ApprovalClaims {
  readonly #claimed = new Set<string>();
  readonly #limit: number;

  constructor(limit = DEFAULT_LIMIT) {
    this.#limit = limit;
  }

  /** Claims one approval; false when it was claimed before. Synchronous, so two concurrent claims never both win. */
  claim(key: string): boolean {
    if (this.#claimed.has(key)) return false;
    this.#claimed.add(key);
    if (this.#claimed.size > this.#limit) this.#claimed.delete(this.#claimed.values().next().value as string);
    return true;
  }

  /** Claims the first of these approvals not claimed yet (indistinguishable calls, each with its own approval). */
  claimAny(keys: readonly string[]): boolean {
    return keys.some((key) => this.claim(key));
  }
}
