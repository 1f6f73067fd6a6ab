/**
 * @module Fusion weights fitted to held-out probes (pure, deterministic): a grid over the vector and fuzzy weights
 * (bm25's stays 1: only ratios and the exact-name bonus matter), shrunk toward the prior while evidence is small; when
 * the probes carry them, also over the learned field as a source of its own (BM25 over the text and over the learned
 * field apart, see {@link FusionWeights}).
 */
import type { FusionProbe } from "./fusion-probe.js";
import type { FusionWeights } from "./fusion-weights.js";

/** The vector weights tried. */
export const VECTOR_GRID: readonly number[] = [0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1, 1.25, 1.6, 2, 3];
/** The fuzzy weights tried. */
export const FUZZY_GRID: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.8];
/** The weights of the learned field as a source of its own tried (BM25 over the text stays 1). */
export const LEARNED_GRID: readonly number[] = [0.5, 1, 1.5, 2, 3, 4];
/** Probes at which a fit counts half: `n / (n + PRIOR_PROBES)` of the way from the prior to the best weights. */
export const PRIOR_PROBES = 64;

/** What {@link fitFusionWeights} returns: the weights and the mean reciprocal rank with the prior and with them. */
export interface FusionFit {
  weights: FusionWeights;
  mrr: { fixed: number; fitted: number };
}

/**
 * The probes as flat arrays, scored without an object per candidate (the grid scores every probe some 500 times).
 * A candidate's fused score is `bm25·features.bm25` (or, with `learned`, `bm25·text + learned·learned`) plus
 * `fuzzy·fuzzy + vector·vector`, plus `exactBonus` for an exact name; a probe's reciprocal rank is 1 / the rank of its
 * best-scoring relevant candidate (ties go to the earlier candidate, as the catalog orders them), 0 without one.
 */
class CompiledProbes {
  readonly count: number;
  readonly #starts: Uint32Array;
  readonly #bm25: Float64Array;
  readonly #text: Float64Array;
  readonly #learned: Float64Array;
  readonly #fuzzy: Float64Array;
  readonly #vector: Float64Array;
  readonly #exact: Uint8Array;
  readonly #relevant: Uint8Array;
  readonly #scores: Float64Array;

  constructor(probes: readonly FusionProbe[]) {
    this.count = probes.length;
    this.#starts = new Uint32Array(probes.length + 1);
    probes.forEach((probe, index) => {
      this.#starts[index + 1] = this.#starts[index]! + probe.length;
    });
    const total = this.#starts[probes.length]!;
    this.#bm25 = new Float64Array(total);
    this.#text = new Float64Array(total);
    this.#learned = new Float64Array(total);
    this.#fuzzy = new Float64Array(total);
    this.#vector = new Float64Array(total);
    this.#scores = new Float64Array(total);
    this.#exact = new Uint8Array(total);
    this.#relevant = new Uint8Array(total);
    let at = 0;
    for (const probe of probes) {
      for (const { features, exact, relevant } of probe) {
        this.#bm25[at] = features.bm25;
        this.#text[at] = features.text ?? 0;
        this.#learned[at] = features.learned ?? 0;
        this.#fuzzy[at] = features.fuzzy;
        this.#vector[at] = features.vector;
        this.#exact[at] = exact ? 1 : 0;
        this.#relevant[at] = relevant ? 1 : 0;
        at++;
      }
    }
  }

  /** The reciprocal rank of probe `index` under `weights` (see the class). */
  reciprocalRank(index: number, weights: FusionWeights, exactBonus: number): number {
    const start = this.#starts[index]!;
    const end = this.#starts[index + 1]!;
    const scores = this.#scores;
    const { bm25, fuzzy, vector, learned } = weights;
    let best = -1;
    for (let at = start; at < end; at++) {
      const lexical = learned === undefined ? bm25 * this.#bm25[at]! : bm25 * this.#text[at]! + learned * this.#learned[at]!;
      const score = lexical + fuzzy * this.#fuzzy[at]! + vector * this.#vector[at]! + (this.#exact[at] === 1 ? exactBonus : 0);
      scores[at] = score;
      if (this.#relevant[at] === 1 && (best < 0 || score > scores[best]!)) best = at;
    }
    if (best < 0) return 0;
    const top = scores[best]!;
    let rank = 1;
    // Ahead of it: a higher score, or the same score earlier in the catalog.
    for (let at = start; at < end; at++) if (at !== best && (scores[at]! > top || (scores[at] === top && at < best))) rank++;
    return 1 / rank;
  }

  mean(weights: FusionWeights, exactBonus: number): number {
    let sum = 0;
    for (let index = 0; index < this.count; index++) sum += this.reciprocalRank(index, weights, exactBonus);
    return this.count === 0 ? 0 : sum / this.count;
  }
}

/**
 * The weights maximising the probes' mean reciprocal rank over the grid (ties: the closest to the prior), kept only
 * when their gain over the prior is more than two standard errors of the probes' paired differences, and moved
 * `n / (n + 64)` of the way from the prior (n probes). Probes in which no candidate is relevant count for nothing.
 * Probes with `text` and `learned` features are also scored with the learned field as a source of its own
 * ({@link LEARNED_GRID}); weights of that kind keep their `learned` weight as fitted (the lexical scores are other
 * ones: there is no way part of the way to them), the vector and fuzzy weights shrunk as the others.
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
  const compiled = new CompiledProbes(useful);
  const distance = (weights: FusionWeights) => Math.abs(weights.vector - prior.vector) + Math.abs(weights.fuzzy - prior.fuzzy);
  let best = { weights: prior, mrr: compiled.mean(prior, exactBonus) };
  const separate = useful.length > 0 && useful.every((probe) => probe.every((candidate) => candidate.features.learned !== undefined));
  // The learned field folded into bm25 first (ties go to it): apart only when that ranks the probes better.
  for (const learned of [undefined, ...(separate ? LEARNED_GRID : [])]) {
    for (const vector of VECTOR_GRID) {
      for (const fuzzy of FUZZY_GRID) {
        const weights: FusionWeights = { bm25: prior.bm25, fuzzy, vector, ...(learned === undefined ? {} : { learned }) };
        const mrr = compiled.mean(weights, exactBonus);
        const closer = (best.weights.learned === undefined) === (learned === undefined) && distance(weights) < distance(best.weights);
        if (mrr > best.mrr + 1e-12 || (Math.abs(mrr - best.mrr) <= 1e-12 && closer)) best = { weights, mrr };
      }
    }
  }
  // The best weights must beat the prior by more than chance: the mean of the probes' paired differences more than
  // two standard errors above 0 (a one-sided test at about 2.5%); otherwise the prior stays.
  const gains = useful.map(
    (_probe, index) => compiled.reciprocalRank(index, best.weights, exactBonus) - compiled.reciprocalRank(index, prior, exactBonus),
  );
  const mean = gains.reduce((sum, gain) => sum + gain, 0) / Math.max(1, gains.length);
  const variance = gains.reduce((sum, gain) => sum + (gain - mean) ** 2, 0) / Math.max(1, gains.length - 1);
  if (!(mean > 2 * Math.sqrt(variance / Math.max(1, gains.length)))) best = { weights: prior, mrr: best.mrr };
  const share = useful.length / (useful.length + PRIOR_PROBES);
  const toward = (from: number, to: number) => from + share * (to - from);
  const weights: FusionWeights = {
    bm25: prior.bm25,
    fuzzy: toward(prior.fuzzy, best.weights.fuzzy),
    vector: toward(prior.vector, best.weights.vector),
    ...(best.weights.learned === undefined ? {} : { learned: best.weights.learned }),
  };
  return {
    weights,
    mrr: { fixed: compiled.mean(prior, exactBonus), fitted: compiled.mean(weights, exactBonus) },
  };
}
