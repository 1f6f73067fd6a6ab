/**
 * @module One approval is consumed once: the executors claim an approved call before running it, by the pause it
 * was answered in (the thread and the paused task's checkpoint namespace, which every resume of that pause shares)
 * and the call's place in it. A second claim (a concurrent or repeated resume of the same pause) fails, so the call
 * is refused (`APPROVAL_CONSUMED`) instead of running twice. By default claims live in the executor's memory,
 * bounded (once per executor, so once per process); an {@link ApprovalClaimStore} shared by every process makes it
 * once across them.
 */

/**
 * Where approvals are claimed. `claim` must be an atomic insert-if-absent on storage every executor of the graph
 * shares: for one key it resolves `true` to exactly one caller, ever, and `false` to every other, concurrent or
 * later. A failure (a rejected promise) never lets the call run: `DynamicToolNode`'s run fails with it (the pause
 * can be resumed again), the middleware answers the call with an error `ToolMessage`. LangGraph's `BaseStore` cannot
 * serve (its `put` overwrites, so a read then a write lets two resumes both win); a table with the key as its
 * primary key can (`INSERT … ON CONFLICT DO NOTHING`, claimed when one row was inserted).
 *
 * @example
 * ```ts
 * const approvalClaims: ApprovalClaimStore = {
 *   async claim(key) {
 *     const inserted = await pool.query("INSERT INTO approval_claims (key) VALUES ($1) ON CONFLICT DO NOTHING", [key]);
 *     return inserted.rowCount === 1;
 *   },
 * };
 * ```
 */
export interface ApprovalClaimStore {
  /** Claims one approval: true for the one caller that claims `key` first, false for every other. */
  claim(key: string): boolean | Promise<boolean>;
}

/** The most claims remembered; the oldest are forgotten first. */
const DEFAULT_LIMIT = 50_000;

/**
 * The pause a run resumes: the same for every resume of one paused task (empty parts outside a checkpointed run).
 * A JSON array of the thread and the namespace: unambiguous whatever they hold, and printable text any store takes
 * (PostgreSQL's `text` refuses a NUL byte).
 */
export function pauseKey(config: { configurable?: Record<string, unknown> } | undefined): string {
  const configurable = config?.configurable ?? {};
  const part = (value: unknown) => (typeof value === "string" ? value : "");
  return JSON.stringify([part(configurable.thread_id), part(configurable.checkpoint_ns)]);
}

/**
 * The approvals already used by this executor.
 *
 * @example
 * ```ts
 * const claims = new ApprovalClaims();
 * claims.claim('["thread","tools:task"]#0'); // true: run it
 * claims.claim('["thread","tools:task"]#0'); // false: already run by another resume
 * ```
 */
export class ApprovalClaims implements ApprovalClaimStore {
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
}
