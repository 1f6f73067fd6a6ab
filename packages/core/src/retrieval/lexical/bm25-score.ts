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
