/**
 * @module Fusion weights fitted to held-out probes (pure, deterministic): a grid over the vector and fuzzy weights
 * (bm25's stays 1: only ratios and the exact-name bonus matter), shrunk toward the prior while evidence is small.
 */
import { reciprocalRank, type FusionProbe } from "./fusion-probe.js";
import type { FusionWeights } from "./fusion-weights.js";

/** The vector weights tried. */
export const VECTOR_GRID: readonly number[] = [0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1, 1.25, 1.6, 2, 3];
/** The fuzzy weights tried. */
export const FUZZY_GRID: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.8];
/** Probes at which a fit counts half: `n / (n + PRIOR_PROBES)` of the way from the prior to the best weights. */
export const PRIOR_PROBES = 64;

/** What {@link fitFusionWeights} returns: the weights and the mean reciprocal rank with the prior and with them. */
export interface FusionFit {
  weights: FusionWeights;
  mrr: { fixed: number; fitted: number };
}

function meanReciprocalRank(probes: readonly FusionProbe[], weights: FusionWeights, exactBonus: number): number {
  let sum = 0;
  for (const probe of probes) sum += reciprocalRank(probe, weights, exactBonus);
  return probes.length === 0 ? 0 : sum / probes.length;
}

/**
 * The weights maximising the probes' mean reciprocal rank over the grid (ties: the closest to the prior), kept only
 * when their gain over the prior is more than two standard errors of the probes' paired differences, and moved
 * `n / (n + 64)` of the way from the prior (n probes). Probes in which no candidate is relevant count for nothing.
 *
 * @example
 * ```ts
 * fitFusionWeights({ probes, prior: { bm25: 1, fuzzy: 0.3, vector: 0.6 }, exactBonus: 1 });
 * // { weights: { bm25: 1, fuzzy: 0.2, vector: 0.15 }, mrr: { fixed: 0.71, fitted: 0.78 } }
 * ```
 */
export function fitFusionWeights({
  probes,
  prior,
  exactBonus,
}: {
  probes: readonly FusionProbe[];
  prior: FusionWeights;
  exactBonus: number;
}): FusionFit {
  const useful = probes.filter((probe) => probe.some((candidate) => candidate.relevant));
  const distance = (weights: FusionWeights) => Math.abs(weights.vector - prior.vector) + Math.abs(weights.fuzzy - prior.fuzzy);
  let best = { weights: prior, mrr: meanReciprocalRank(useful, prior, exactBonus) };
  for (const vector of VECTOR_GRID) {
    for (const fuzzy of FUZZY_GRID) {
      const weights = { bm25: prior.bm25, fuzzy, vector };
      const mrr = meanReciprocalRank(useful, weights, exactBonus);
      if (mrr > best.mrr + 1e-12 || (Math.abs(mrr - best.mrr) <= 1e-12 && distance(weights) < distance(best.weights)))
        best = { weights, mrr };
    }
  }
  // The best weights must beat the prior by more than chance: the mean of the probes' paired differences more than
  // two standard errors above 0 (a one-sided test at about 2.5%); otherwise the prior stays.
  const gains = useful.map((probe) => reciprocalRank(probe, best.weights, exactBonus) - reciprocalRank(probe, prior, exactBonus));
  const mean = gains.reduce((sum, gain) => sum + gain, 0) / Math.max(1, gains.length);
  const variance = gains.reduce((sum, gain) => sum + (gain - mean) ** 2, 0) / Math.max(1, gains.length - 1);
  if (!(mean > 2 * Math.sqrt(variance / Math.max(1, gains.length)))) best = { weights: prior, mrr: best.mrr };
  const share = useful.length / (useful.length + PRIOR_PROBES);
  const toward = (from: number, to: number) => from + share * (to - from);
  const weights = { bm25: prior.bm25, fuzzy: toward(prior.fuzzy, best.weights.fuzzy), vector: toward(prior.vector, best.weights.vector) };
  return {
    weights,
    mrr: { fixed: meanReciprocalRank(useful, prior, exactBonus), fitted: meanReciprocalRank(useful, weights, exactBonus) },
  };
}
