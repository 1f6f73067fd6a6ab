/**
 * @module A map with cheap snapshots: {@link PersistentMap.fork} gives an independent copy in time proportional to
 * the recent changes, not to the map, so a catalog update can derive its next state from the previous one while
 * readers of the previous one keep seeing it unchanged.
 */

const DELETED: unique symbol = Symbol("deleted");

/**
 * Fewest own changes that trigger folding them into a new shared base when forking. Folding costs the whole map
 * and each fork copies the own changes, so the threshold grows with √size (4·√n, at least 64): about
 * 400 changes for 10,000 keys, a copy of a few hundred entries per fork and a full fold every few dozen updates.
 */
function foldThreshold(size: number): number {
  return Math.max(64, Math.ceil(4 * Math.sqrt(size)));
}

/**
 * A map built from a shared, never-mutated base and this instance's own changes on top. Reads look at the changes
 * first. `set`, `delete` and `fork` never touch the base, so maps forked from one another never see each other's
 * writes. Values are shared between forks: treat them as immutable.
 *
 * Unlike `Map`, `set` always moves the key to the end of the iteration order (it is an append log): the catalog
 * re-appends a tool that changes, and iteration order is catalog order.
 *
 * @example
 * ```ts
 * const before = PersistentMap.from(new Map([["a", 1], ["b", 2]]));
 * const after = before.fork();
 * after.set("a", 10);
 * after.delete("b");
 * [...before.entries()]; // [["a", 1], ["b", 2]]
 * [...after.entries()]; // [["a", 10]]
 * ```
 */
export class PersistentMap<K, V> implements Iterable<[K, V]> {
  readonly #base: ReadonlyMap<K, V>;
  readonly #changes: Map<K, V | typeof DELETED>;
  #size: number;

  private constructor(base: ReadonlyMap<K, V>, changes: Map<K, V | typeof DELETED>, size: number) {
    this.#base = base;
    this.#changes = changes;
    this.#size = size;
  }

  /** A persistent map that takes ownership of `map`: the caller must not mutate it afterwards. */
  static from<K, V>(map: ReadonlyMap<K, V> = new Map()): PersistentMap<K, V> {
    return new PersistentMap(map, new Map(), map.size);
  }

  /** Number of keys. */
  get size(): number {
    return this.#size;
  }

  get(key: K): V | undefined {
    const changed = this.#changes.get(key);
    if (changed === DELETED) return undefined;
    return changed !== undefined || this.#changes.has(key) ? (changed as V) : this.#base.get(key);
  }

  has(key: K): boolean {
    const changed = this.#changes.get(key);
    if (changed !== undefined || this.#changes.has(key)) return changed !== DELETED;
    return this.#base.has(key);
  }

  /** Sets a value and moves the key to the end of the iteration order. */
  set(key: K, value: V): this {
    if (!this.has(key)) this.#size++;
    this.#changes.delete(key);
    this.#changes.set(key, value);
    return this;
  }

  /** Removes a key; returns whether it was there. */
  delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.#size--;
    if (this.#base.has(key)) {
      this.#changes.delete(key);
      this.#changes.set(key, DELETED);
    } else {
      this.#changes.delete(key);
    }
    return true;
  }

  /**
   * An independent copy: writes to either never show in the other. Costs the changes made since the base was last
   * folded; folds them (costing the whole map, once) when there are more than about 4·√size of them.
   */
  fork(): PersistentMap<K, V> {
    if (this.#changes.size >= foldThreshold(this.#size)) return new PersistentMap(new Map(this.entries()), new Map(), this.#size);
    return new PersistentMap(this.#base, new Map(this.#changes), this.#size);
  }

  /**
   * Entries: the base's that were not changed (in base order), then changed ones in the order they were set. A map
   * with no changes of its own (a state just built or folded) hands out its base's own iterator: no generator step
   * per entry, which a catalog of 10,000 tools pays on every pass over it at a cold start. Do not write to a map while
   * iterating it (the catalog writes to forks).
   */
  entries(): IterableIterator<[K, V]> {
    return this.#changes.size === 0 ? this.#base.entries() : this.#mergedEntries();
  }

  keys(): IterableIterator<K> {
    return this.#changes.size === 0 ? this.#base.keys() : mapIterator(this.#mergedEntries(), ([key]) => key);
  }

  values(): IterableIterator<V> {
    return this.#changes.size === 0 ? this.#base.values() : mapIterator(this.#mergedEntries(), ([, value]) => value);
  }

  *#mergedEntries(): IterableIterator<[K, V]> {
    for (const entry of this.#base) if (!this.#changes.has(entry[0])) yield entry;
    for (const [key, value] of this.#changes) if (value !== DELETED) yield [key, value];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}

function* mapIterator<T, U>(items: Iterable<T>, map: (item: T) => U): IterableIterator<U> {
  for (const item of items) yield map(item);
}
