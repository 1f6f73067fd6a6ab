/**
 * @module Percentiles of a sample (nearest-rank). Pure.
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
