/**
 * @module One AbortSignal that aborts when any of several does (`AbortSignal.any` needs Node 20.3; this package
 * supports every Node 20), released when the work it was made for ends, so a signal that outlives the link (a run's
 * signal shared by every tool call) keeps no listener of it.
 */

/** A signal linked to others, and how to unlink it. */
export interface LinkedSignal {
  /** Aborts, with the same reason, as soon as one of the linked signals does (at once if one already has). */
  signal: AbortSignal;
  /** Removes the listeners the link added to the linked signals (the signal no longer follows them). Idempotent. */
  release(): void;
}

/**
 * A signal that aborts, with the same reason, as soon as one of `signals` does, and the function that removes its
 * listeners from them: call it when the work the signal was made for is done, or each link leaves one listener
 * (holding the combined signal) on every signal that lives longer.
 *
 * @example
 * ```ts
 * const link = linkSignals([config.signal, timeout.signal].filter((s) => s !== undefined));
 * try {
 *   return await tool.invoke(input, { ...config, signal: link.signal });
 * } finally {
 *   link.release();
 * }
 * ```
 */
export function linkSignals(signals: readonly AbortSignal[]): LinkedSignal {
  if (signals.length === 1) return { signal: signals[0]!, release: () => undefined };
  const combined = new AbortController();
  const links: Array<[AbortSignal, () => void]> = [];
  const release = () => {
    for (const [signal, listener] of links.splice(0)) signal.removeEventListener("abort", listener);
  };
  for (const signal of signals) {
    if (signal.aborted) {
      combined.abort(signal.reason);
      break;
    }
    const listener = () => {
      release();
      combined.abort(signal.reason);
    };
    signal.addEventListener("abort", listener, { once: true });
    links.push([signal, listener]);
  }
  if (combined.signal.aborted) release();
  return { signal: combined.signal, release };
}
