/**
 * @module One AbortSignal that aborts when any of several does (`AbortSignal.any` needs Node 20.3; this package
 * supports every Node 20).
 */

/**
 * A signal that aborts, with the same reason, as soon as one of `signals` does (at once if one already has).
 *
 * @example
 * ```ts
 * const lifetime = new AbortController();
 * const signal = anySignal([options.signal, lifetime.signal].filter((s) => s !== undefined));
 * ```
 */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  if (signals.length === 1) return signals[0]!;
  const combined = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      combined.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => combined.abort(signal.reason), { once: true });
  }
  return combined.signal;
}
