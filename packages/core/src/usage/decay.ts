/**
 * @module Exponential decay of evidence in a fixed frame: an observation at time `at` weighs `2^((at − epoch) / h)`,
 * so a newer one outweighs an older one by `2^(Δt / h)` without touching the stored values; dividing by the
 * weight of "now" gives decayed counts. Pure.
 */

/** The weight of evidence at `at` relative to `epoch` for a half-life `halfLifeMs` (Infinity: no decay). */
export function frameWeight(at: number, epoch: number, halfLifeMs: number): number {
  return halfLifeMs === Infinity ? 1 : 2 ** ((at - epoch) / halfLifeMs);
}

/** The exponent past which the frame is moved forward (values stay well inside double range). */
export const MAX_FRAME_EXPONENT = 200;
