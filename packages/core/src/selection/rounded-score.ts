/**
 * @module Scores as explanations print them: to three decimals. `Number(x.toFixed(3))` takes about 0.7 µs (the exact
 * decimal rounding, then parsing its string), and a selection explains every signal of every tool it ranks.
 */

/** Beyond this magnitude a score is rounded by `toFixed` itself (x · 1000 would err by more than the tie margin). */
const LARGEST_FAST = 1e6;
/** How far from a tie (…5 in the fourth decimal) x · 1000's fraction must be for its rounding to be certain. */
const TIE_MARGIN = 1e-6;

/**
 * `x` rounded to three decimals, exactly as `Number(x.toFixed(3))`, without building the decimal string: where
 * `x · 1000` is not within a millionth of a tie, rounding it and dividing by 1000 gives the same number (the double
 * nearest to n / 1000 either way); a near-tie, a large or a non-finite value goes through `toFixed`.
 *
 * @example
 * ```ts
 * roundedScore(5.31234); // 5.312
 * roundedScore(1.0005); // 1 (as (1.0005).toFixed(3): its double lies just under the tie)
 * ```
 */
export function roundedScore(x: number): number {
  if (x === 0) return 0;
  const scaled = x * 1000;
  const fraction = scaled - Math.floor(scaled);
  if (Math.abs(x) < LARGEST_FAST && Math.abs(fraction - 0.5) > TIE_MARGIN) return Math.round(scaled) / 1000;
  return Number(x.toFixed(3));
}
