/**
 * @module A small seeded generator: the same seed always gives the same sequence (abstention's calibration probes,
 * the held-out sample of a usage model, the synthetic bench catalogs).
 */

/**
 * A small seeded generator (mulberry32): the same seed always gives the same sequence, so a catalog always gets the
 * same floor (the synthetic bench catalogs and a usage model's held-out sample draw from it too).
 * @example
 * ```ts
 * const random = seededRandom(7);
 * random(); // a number in [0, 1), the same for seed 7 every time
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
