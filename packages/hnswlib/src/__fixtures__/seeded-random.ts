/**
 * @module Test data: mulberry32, a tiny seeded generator, so random vectors (and the tests) are the same on every run.
 */

/** A generator of numbers in [0, 1) from `seed`. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
