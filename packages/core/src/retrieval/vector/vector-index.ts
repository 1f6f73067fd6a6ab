/**
 * @module The nearest-neighbour index the vector strategy searches: the {@link VectorIndex} interface (cosine
 * similarity, higher is better) and the exact {@link BruteForceVectorIndex}, the default.
 */
import { bestSlots } from "../best-k.js";
import { VectorRows } from "./vector-rows.js";

/** One search hit: an id and its cosine similarity to the query (higher is better). */
export interface VectorMatch {
  id: string;
  score: number;
}

/**
 * A nearest-neighbour index by cosine similarity, keyed by string ids. The vector strategy keeps the ids in step
 * with the catalog, so an implementation only stores and searches. Persistence, where an implementation has it, is
 * its own business (the strategy saves the vectors itself, see `VectorStrategy.save`).
 */
export interface VectorIndex {
  /** Number of ids stored. */
  readonly size: number;
  /** Stores (or replaces) the vector of `id` (plain numbers or a typed array: read by index only). */
  add(id: string, vector: ArrayLike<number>): void;
  /**
   * Optional: stores many vectors, as `add` would one by one. An implementation may do the work off the calling
   * thread (the vector strategy adds a whole catalog this way at `index()` and does not use the index until the
   * promise settles).
   */
  addAll?(entries: ReadonlyArray<{ id: string; vector: ArrayLike<number> }>): void | Promise<void>;
  /** Forgets `id`; unknown ids are ignored. */
  remove(id: string): void;
  /**
   * The `k` ids most similar to `vector`, best first; with `filter`, only ids for which it returns true.
   * Ties go to the id stored first.
   */
  search(vector: readonly number[], k: number, filter?: (id: string) => boolean): VectorMatch[];
  /**
   * Optional: the `k` ids most similar to any of `vectors`, each at its best similarity, best first; what merging the
   * `search` lists of every vector gives (the vector strategy searches a request and its clauses so), in one pass.
   */
  searchAny?(vectors: ReadonlyArray<readonly number[]>, k: number, filter?: (id: string) => boolean): VectorMatch[];
}

/** Creates an empty index for vectors of `dimensions` numbers (the vector strategy calls it once it knows them). */
export type VectorIndexFactory = (options: { dimensions: number }) => VectorIndex | Promise<VectorIndex>;

/**
 * Exact search: every stored vector, unit-normalised in one growable matrix of float32 rows, against the query by dot
 * product ({@link VectorRows}: a WebAssembly SIMD kernel where the runtime has one). About 0.4 ms for 10,000 vectors
 * of 100 numbers; an approximate index (`@dynamic-tools/hnswlib`) pays off from some 50,000 vectors or at high
 * dimensions. Removal leaves a hole that later compaction closes, so ids keep
 * the order they were first added in (which decides ties).
 *
 * @example
 * ```ts
 * import { BruteForceVectorIndex } from "@dynamic-tools/core";
 *
 * const index = new BruteForceVectorIndex(3);
 * index.add("a", [1, 0, 0]);
 * index.add("b", [0, 1, 0]);
 * index.search([0.9, 0.1, 0], 1); // [{ id: "a", score: 0.99… }]
 * ```
 */
export class BruteForceVectorIndex implements VectorIndex {
  /** Numbers per vector. */
  readonly dimensions: number;
  readonly #rows: VectorRows;
  /** Id per slot, in insertion order; undefined marks a removed slot. */
  #ids: Array<string | undefined> = [];
  readonly #slots = new Map<string, number>();
  /** Scratch of `search`: each slot's score, and the slots scored. */
  #scratchScores = new Float64Array(0);
  #scratchSlots = new Uint32Array(0);
  #searching = false;

  /**
   * @param dimensions - numbers per vector; every vector added or searched must have exactly this many.
   * @param capacity - vectors to allocate room for up front (it grows as needed). @defaultValue 1024
   */
  constructor(dimensions: number, capacity = 1024) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError(`dimensions must be a whole number ≥ 1, got ${dimensions}.`);
    this.dimensions = dimensions;
    this.#rows = new VectorRows(dimensions, Math.max(1, capacity));
  }

  get size(): number {
    return this.#slots.size;
  }

  add(id: string, vector: ArrayLike<number>): void {
    this.#checkLength(vector);
    let slot = this.#slots.get(id);
    if (slot === undefined) {
      slot = this.#ids.length;
      this.#rows.reserve(slot + 1);
      this.#ids.push(id);
      this.#slots.set(id, slot);
    }
    const norm = euclideanNorm(vector);
    const offset = slot * this.dimensions;
    const values = this.#rows.values;
    for (let d = 0; d < this.dimensions; d++) values[offset + d] = norm === 0 ? 0 : vector[d]! / norm;
  }

  remove(id: string): void {
    const slot = this.#slots.get(id);
    if (slot === undefined) return;
    this.#slots.delete(id);
    this.#ids[slot] = undefined;
    if (this.#ids.length > 64 && this.#slots.size < this.#ids.length / 2) this.#compact();
  }

  search(vector: readonly number[], k: number, filter?: (id: string) => boolean): VectorMatch[] {
    return this.searchAny([vector], k, filter);
  }

  /**
   * The `k` ids most similar to any of `vectors`, each at its best similarity, best first (ties to the id stored
   * first): the best `k` of the `search` lists of every vector, merged, in one pass and one selection. Vectors of
   * length zero are skipped.
   */
  searchAny(vectors: ReadonlyArray<readonly number[]>, k: number, filter?: (id: string) => boolean): VectorMatch[] {
    for (const vector of vectors) this.#checkLength(vector);
    if (k < 1) return [];
    const ids = this.#ids;
    // Scratch reused from search to search (a typed array a query costs a backing store to allocate and collect);
    // a filter that searches this index again meanwhile gets its own.
    const reuse = !this.#searching && this.#scratchScores.length >= ids.length;
    const scores = reuse ? this.#scratchScores : new Float64Array(Math.max(ids.length, Math.ceil(this.#scratchScores.length * 1.5)));
    const slots = reuse ? this.#scratchSlots : new Uint32Array(scores.length);
    if (!this.#searching) {
      this.#scratchScores = scores;
      this.#scratchSlots = slots;
    }
    let searched = 0;
    for (const vector of vectors) {
      const norm = euclideanNorm(vector);
      if (norm === 0) continue;
      const similarities = this.#rows.dots(
        Float64Array.from(vector, (value) => value / norm),
        ids.length,
      );
      if (searched++ === 0) scores.set(similarities);
      else for (let slot = 0; slot < ids.length; slot++) if (similarities[slot]! > scores[slot]!) scores[slot] = similarities[slot]!;
    }
    if (searched === 0) return [];
    let count = 0;
    for (let slot = 0; slot < ids.length; slot++) if (ids[slot] !== undefined) slots[count++] = slot;
    // Best first; ties keep the earlier slot. A heap, so asking for the whole ranking stays O(n log k).
    const keep = filter === undefined ? undefined : (slot: number) => filter(ids[slot]!);
    const searching = this.#searching;
    this.#searching = true;
    try {
      return bestSlots(scores, slots, count, k, keep).map((slot) => ({ id: ids[slot]!, score: scores[slot]! }));
    } finally {
      this.#searching = searching;
    }
  }

  #checkLength(vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions) {
      throw new RangeError(`Vector has ${vector.length} numbers; this index holds vectors of ${this.dimensions}.`);
    }
  }

  /** Closes the holes left by removals, keeping the remaining ids in order. */
  #compact(): void {
    const ids: string[] = [];
    for (let slot = 0; slot < this.#ids.length; slot++) {
      const id = this.#ids[slot];
      if (id === undefined) continue;
      const target = ids.length;
      if (target !== slot) this.#rows.values.copyWithin(target * this.dimensions, slot * this.dimensions, (slot + 1) * this.dimensions);
      this.#slots.set(id, target);
      ids.push(id);
    }
    this.#ids = ids;
  }
}

/** The length of a vector. */
export function euclideanNorm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) sum += vector[index]! * vector[index]!;
  return Math.sqrt(sum);
}
