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
 * One term's BM25 contribution from a learned field, scored as a field of its own (added to the text's score, not
 * folded into its term frequency): the saturation of its count, with the field's length normalised per observation.
 * A tool's learned field grows with every observation, so its length says how much evidence there is, not how
 * verbose it is; what is normalised is how many terms its observations carry on average (`length / observations`)
 * against the average observation of every tool (`averagePerObservation`).
 * @example
 * ```ts
 * // 10 observations of 5 terms each, 8 of them with the term, as long as the average observation:
 * learnedTermScore({ tf: 8, length: 50, observations: 10, averagePerObservation: 5, idf: 2 }); // 2 × 8 × 2.2 / (8 + 1.2) ≈ 3.83
 * ```
 */
export function learnedTermScore(
  {
    tf,
    length,
    observations,
    averagePerObservation,
    idf: inverse,
  }: { tf: number; length: number; observations: number; averagePerObservation: number; idf: number },
  parameters: Bm25Parameters = DEFAULT_BM25,
): number {
  return inverse * saturation(tf, learnedNorm(length, observations, averagePerObservation, parameters), parameters.k1);
}

/**
 * A learned field's length normalisation `k1·(1 − b + b·(length / observations) / averagePerObservation)`; an
 * average of 0 (no evidence anywhere) or a document without observations normalise as the average one (`k1`).
 */
export function learnedNorm(length: number, observations: number, averagePerObservation: number, { k1, b }: Bm25Parameters): number {
  const perObservation = observations > 0 && averagePerObservation > 0 ? length / observations / averagePerObservation : 1;
  return k1 * (1 - b + b * perObservation);
}

/** BM25 saturation `tf·(k1+1) / (tf + norm)` without the idf; 0 for a term the field lacks (also with k1 = 0). */
export function saturation(tf: number, norm: number, k1: number): number {
  return tf > 0 ? (tf * (k1 + 1)) / (tf + norm) : 0;
}
