/**
 * @module The BM25 term score, as pure functions with documented defaults.
 */

/** BM25 parameters. */
export interface Bm25Parameters {
  /** Term-frequency saturation. @defaultValue 1.2 */
  k1: number;
  /** Length normalisation (0 none, 1 full). @defaultValue 0.75 */
  b: number;
}

/** The classic defaults. */
export const DEFAULT_BM25: Bm25Parameters = { k1: 1.2, b: 0.75 };

/** Inverse document frequency, never negative: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * One term's BM25 contribution for one document.
 * @example
 * ```ts
 * termScore({ tf: 1, length: 10, averageLength: 10, idf: 2 }); // 2 × 1 × 2.2 / (1 + 1.2) = 2
 * ```
 */
export function termScore(
  { tf, length, averageLength, idf: inverse }: { tf: number; length: number; averageLength: number; idf: number },
  { k1, b }: Bm25Parameters = DEFAULT_BM25,
): number {
  const norm = k1 * (1 - b + (b * length) / (averageLength || 1));
  return (inverse * tf * (k1 + 1)) / (tf + norm);
}

/**
 * Most observations of prior evidence a tool's learned field is smoothed with (Dirichlet): until a tool has about this
 * many, what its users said counts for less than what everyone's said ({@link learnedLift}); while fewer have been
 * learned in all, as many as there are. Measured on metatool (docs/learning.md): 5 to 1,500 tried, 500 kept.
 */
export const LEARNED_PRIOR_OBSERVATIONS = 500;

/** What the lift of a learned term is worth against the text's BM25 (per unit of idf). */
export const LEARNED_LIFT_WEIGHT = 3;

/**
 * How much more often a tool's users said a term than everyone does: `P(term | tool) / P(term)`, the tool's share of
 * its observations saying it smoothed toward the background share with `prior` observations (Dirichlet):
 * `(count + prior·background) / ((observations + prior)·background)`. Above 1 the term says the tool; at or below 1
 * (its users say it no more than anyone, or it has little evidence) it says nothing. A tool with much evidence cannot
 * lift a word every message uses (its share of it is its share of everything): this is what keeps a few heavily
 * used tools from matching every query by the breadth of their vocabulary. 1 without a count or a background.
 * @example
 * ```ts
 * // 60 of a tool's 100 observations say "stock", as do 8% of all messages: (60 + 500·0.08) / (600·0.08) ≈ 2.08
 * learnedLift({ count: 60, observations: 100, background: 0.08, prior: 500 });
 * ```
 */
export function learnedLift({
  count,
  observations,
  background,
  prior,
}: {
  count: number;
  observations: number;
  background: number;
  prior: number;
}): number {
  return liftOf(count, observations, background, prior);
}

/** {@link learnedLift} with positional arguments, for a loop over postings (no object per call). */
export function liftOf(count: number, observations: number, background: number, prior: number): number {
  if (!(count > 0 && background > 0)) return 1;
  return (count + prior * background) / ((Math.max(observations, count) + prior) * background);
}

/**
 * The background share of a term for {@link learnedLift}: the share of all observations that said it, with the
 * catalog's texts counted as one observation each (a term in many tools' texts is a common one before anyone has
 * said anything): `(said + inTexts) / (observations + texts)`.
 * @example
 * ```ts
 * backgroundShare({ said: 80, observations: 1000, inTexts: 2, texts: 200 }); // 82 / 1200 ≈ 0.068
 * ```
 */
export function backgroundShare({
  said,
  observations,
  inTexts,
  texts,
}: {
  said: number;
  observations: number;
  inTexts: number;
  texts: number;
}): number {
  const all = observations + texts;
  return all > 0 ? (said + inTexts) / all : 0;
}

/**
 * The smoothing of {@link learnedLift}: as many observations as were learned in all, at most
 * {@link LEARNED_PRIOR_OBSERVATIONS}.
 */
export function learnedPrior(observations: number): number {
  return Math.min(LEARNED_PRIOR_OBSERVATIONS, Math.max(0, observations));
}

/**
 * One learned term's contribution, added to the text's BM25 score: `weight · ln(lift)` when the lift
 * ({@link learnedLift}) is above 1, else 0. It does not saturate with the tool's evidence the way a term frequency
 * does: a term said once in each of 300 messages does not score like one said in all of them.
 * @example
 * ```ts
 * learnedTermScore({ count: 60, observations: 100, background: 0.08, prior: 500 }); // 3 × ln 2.08 ≈ 2.2
 * ```
 */
export function learnedTermScore(
  evidence: { count: number; observations: number; background: number; prior: number },
  weight: number = LEARNED_LIFT_WEIGHT,
): number {
  return liftScore(learnedLift(evidence), weight);
}

/** `weight · ln(lift)` above 1, else 0: {@link learnedTermScore} of a lift already computed. */
export function liftScore(lift: number, weight: number = LEARNED_LIFT_WEIGHT): number {
  return lift > 1 ? weight * Math.log(lift) : 0;
}

/** BM25 saturation `tf·(k1+1) / (tf + norm)` without the idf; 0 for a term the field lacks (also with k1 = 0). */
export function saturation(tf: number, norm: number, k1: number): number {
  return tf > 0 ? (tf * (k1 + 1)) / (tf + norm) : 0;
}
