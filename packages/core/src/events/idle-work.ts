/**
 * @module Work offered for the moments the thread would otherwise wait (e.g. for an index a worker is building): code
 * about to wait runs it first, so its cost hides in the wait. Only work that is about to be done anyway belongs here
 * (loading the tokenizer a selection is going to count with), so running it early changes no result.
 */

const offered = new Set<() => void>();

/**
 * Offers work to run the next time some code waits (see {@link runIdleWork}); returns a function that withdraws
 * it (call it once the work is no longer wanted early). Each offer runs at most once.
 *
 * @example
 * ```ts
 * const withdraw = offerIdleWork(() => loadTokenizer());
 * try {
 *   await select(conversation);
 * } finally {
 *   withdraw();
 * }
 * ```
 */
export function offerIdleWork(work: () => void): () => void {
  offered.add(work);
  return () => {
    offered.delete(work);
  };
}

/**
 * Runs (and forgets) every offered work, in the order offered: called right before waiting. A work that throws is
 * dropped silently: it is only ever done ahead of time, and the code that needs it does it again and reports the
 * error there.
 *
 * @example
 * ```ts
 * runIdleWork();
 * await graphBuilt;
 * ```
 */
export function runIdleWork(): void {
  for (const work of [...offered]) {
    offered.delete(work);
    try {
      work();
    } catch {
      // Done again, and reported, by the code that needs it.
    }
  }
}
