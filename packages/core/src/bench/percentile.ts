/**
 * @module Percentiles of a sample (nearest-rank), and their median over the rounds of a timed loop. Pure.
 */

/**
 * The p-th percentile (0–100) of `values` by the nearest-rank method.
 * @example
 * ```ts
 * percentile([5, 1, 3, 2, 4], 50); // 3
 * ```
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Rounds the bench cuts each timed loop into: its percentiles are the medians of the rounds' (see {@link medianOfRounds}). */
export const BENCH_ROUNDS = 5;

/** Fewest samples a round holds: a round's p99 then rests on its slowest 1% rather than on its single slowest. */
const MIN_ROUND_SAMPLES = 100;

/**
 * How many rounds {@link medianOfRounds} cuts `samples` measurements into: `rounds`, or as many as hold 100 samples
 * each, at least one.
 *
 * @example
 * ```ts
 * roundCount(2000, 5); // 5
 * roundCount(250, 5); // 2
 * ```
 */
export function roundCount(samples: number, rounds: number): number {
  return Math.max(1, Math.min(Math.floor(rounds), Math.floor(samples / MIN_ROUND_SAMPLES)));
}

/**
 * The median over rounds of each round's p-th percentile: `values` (in the order they were measured) are cut into
 * `rounds` consecutive rounds of equal length, as many as hold at least 100 samples each (one round, the plain
 * {@link percentile}, when there are fewer). A burst of noise from the machine (another process, the hypervisor)
 * spoils the rounds it falls in, not the median; a latency that is the code's own, in every round, stays in it.
 *
 * @example
 * ```ts
 * // 500 samples of 100 µs, the second 100 of them slowed to 900 µs by a burst of noise:
 * const samples = Array.from({ length: 500 }, (_, index) => (index >= 100 && index < 200 ? 900 : 100));
 * percentile(samples, 99); // 900
 * medianOfRounds(samples, 99, 5); // 100
 * ```
 */
export function medianOfRounds(values: readonly number[], p: number, rounds: number): number {
  const count = roundCount(values.length, rounds);
  if (count === 1) return percentile(values, p);
  const size = values.length / count;
  const perRound = Array.from({ length: count }, (_, round) =>
    percentile(values.slice(Math.round(round * size), Math.round((round + 1) * size)), p),
  );
  return percentile(perRound, 50);
}
