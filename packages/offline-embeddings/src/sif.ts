/**
 * @module The arithmetic of SIF sentence embeddings (Arora, Liang & Ma, "A Simple but Tough-to-Beat Baseline for
 * Sentence Embeddings", ICLR 2017) as small pure functions: Zipf word probabilities, SIF and IDF weights, and the
 * first principal component to remove.
 */

/** The Euler–Mascheroni constant, for harmonic numbers. */
const EULER_GAMMA = 0.5772156649015329;

/**
 * The probability of the word of frequency rank `rank` (1-based) under Zipf's law with exponent 1 over a
 * vocabulary of `vocabularySize` words: `1 / (rank · H(vocabularySize))`.
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  const harmonic = Math.log(vocabularySize) + EULER_GAMMA + 1 / (2 * vocabularySize);
  return 1 / (rank * harmonic);
}

/** SIF's weight of a word of probability `probability`: `a / (a + p)`; frequent words count little. */
export function sifWeight(probability: number, a: number): number {
  return a / (a + probability);
}

/**
 * Smoothed inverse document frequency over `documentCount` documents: `ln((1 + N) / (1 + df)) + 1`, so a word in
 * every document still counts a little and a word in none counts most.
 */
export function inverseDocumentFrequency(documentFrequency: number, documentCount: number): number {
  return Math.log((1 + documentCount) / (1 + documentFrequency)) + 1;
}

/**
 * The first right singular vector of the (uncentred) matrix whose rows are `vectors`, i.e. the top eigenvector of
 * `Σ v vᵀ`, by power iteration from the rows' sum (deterministic). Unit length, or undefined when every row is 0.
 */
export function firstPrincipalComponent(vectors: readonly Float64Array[], dimensions: number): Float64Array | undefined {
  const covariance = new Float64Array(dimensions * dimensions);
  const start = new Float64Array(dimensions);
  for (const vector of vectors) {
    for (let i = 0; i < dimensions; i++) {
      const vi = vector[i]!;
      start[i]! += vi;
      const row = i * dimensions;
      for (let j = i; j < dimensions; j++) covariance[row + j]! += vi * vector[j]!;
    }
  }
  for (let i = 0; i < dimensions; i++) for (let j = 0; j < i; j++) covariance[i * dimensions + j] = covariance[j * dimensions + i]!;
  let current = normalized(start) ?? normalized(Float64Array.from({ length: dimensions }, () => 1));
  for (let iteration = 0; iteration < 200 && current !== undefined; iteration++) {
    const next = new Float64Array(dimensions);
    for (let i = 0; i < dimensions; i++) {
      let sum = 0;
      for (let j = 0; j < dimensions; j++) sum += covariance[i * dimensions + j]! * current[j]!;
      next[i] = sum;
    }
    const unit = normalized(next);
    if (unit === undefined) return undefined;
    let change = 0;
    for (let i = 0; i < dimensions; i++) change = Math.max(change, Math.abs(unit[i]! - current[i]!));
    current = unit;
    if (change < 1e-12) break;
  }
  return current;
}

/** Removes from `vector`, in place, its projection on the unit vector `component`. */
export function removeComponent(vector: Float64Array, component: Float64Array): void {
  let dot = 0;
  for (let i = 0; i < vector.length; i++) dot += vector[i]! * component[i]!;
  for (let i = 0; i < vector.length; i++) vector[i]! -= dot * component[i]!;
}

/** `vector` scaled to unit length (a new array), or undefined when it is 0. */
export function normalized(vector: Float64Array): Float64Array | undefined {
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) return undefined;
  norm = Math.sqrt(norm);
  return vector.map((value) => value / norm);
}
