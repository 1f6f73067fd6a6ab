/**
 * @module Embeddings remembered by the sha256 of their exact text, per model, so unchanged tools are never embedded
 * twice (no repeated embedding API calls for the same text).
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";

/** The hex sha256 of a text (UTF-8): the cache key of its embedding. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * A stored vector: a view of its row in the cache's one `Float32Array` (no copy; valid until the cache forgets or
 * rewrites the row). Vectors are kept in 32-bit floats, as the nearest-neighbour indexes keep them: 4 bytes a number
 * instead of a JavaScript array's 8 and an object per vector (about 40 MB instead of 80 MB for 100,000 tools at 100
 * dimensions).
 */
export type StoredEmbedding = Float32Array;

/**
 * Texts known by their {@link textHash}es, each derived only when it has to be embedded (e.g. a catalog whose saved
 * vectors cover every text: nothing is derived at all).
 */
export interface HashedTexts {
  readonly hashes: readonly string[];
  text(position: number): string;
}

/** Growth of the rows when a vector is added one at a time (a bulk embed allocates exactly what it needs). */
const GROWTH = 1.5;

/**
 * Embeddings by text hash, valid for one model at a time: switching {@link EmbeddingCache.model} empties it,
 * because another model (or another fit of the same one) gives other vectors. The vectors are rows of one
 * `Float32Array`; a forgotten row is reused by the next vector stored.
 */
export class EmbeddingCache {
  /** Row of each cached text hash. */
  readonly #rows = new Map<string, number>();
  #model: string | undefined;
  #dimensions = 0;
  #values = new Float32Array(0);
  /** Rows given out so far (the high-water mark), and the forgotten ones below it, reused first. */
  #used = 0;
  #free: number[] = [];
  /** Per row, the write that stored its vector: a row rewritten (after it was forgotten) gets a new one. */
  #stamps = new Uint32Array(0);
  #writes = 0;
  /** Texts embedded (cache misses) since construction. */
  embedded = 0;
  /** Texts served from the cache since construction. */
  reused = 0;

  /** The model the cached vectors belong to. */
  get model(): string | undefined {
    return this.#model;
  }

  set model(model: string | undefined) {
    if (model !== this.#model) this.#clear();
    this.#model = model;
  }

  /** Number of cached vectors. */
  get size(): number {
    return this.#rows.size;
  }

  /** The row of a text hash's cached vector. */
  row(hash: string): number | undefined {
    return this.#rows.get(hash);
  }

  /** A row's vector (a view, not a copy). */
  vector(row: number): StoredEmbedding {
    return this.#values.subarray(row * this.#dimensions, (row + 1) * this.#dimensions);
  }

  /** Which write stored a row's vector: equal stamps mean the very same vector. */
  stamp(row: number): number {
    return this.#stamps[row]!;
  }

  /** The cached vector of a text hash. */
  get(hash: string): StoredEmbedding | undefined {
    const row = this.#rows.get(hash);
    return row === undefined ? undefined : this.vector(row);
  }

  /** Caches a vector under a text hash (its numbers rounded to 32-bit floats); returns its row. */
  set(hash: string, vector: ArrayLike<number>): number {
    this.#accept(vector.length);
    let row = this.#rows.get(hash);
    if (row === undefined) {
      row = this.#free.pop() ?? this.#newRow();
      this.#rows.set(hash, row);
    }
    this.#values.set(vector, row * this.#dimensions);
    this.#stamps[row] = ++this.#writes;
    return row;
  }

  /** Makes room for `count` more vectors of `dimensions` numbers at once (before caching many one by one). */
  reserve(count: number, dimensions: number): void {
    this.#accept(dimensions);
    this.#reserve(count);
  }

  /**
   * Forgets every vector and frees their rows' memory at once (the model stays): for a caller whose vectors are now
   * held elsewhere (e.g. by a nearest-neighbour index) and can be embedded again when needed.
   */
  forgetAll(): void {
    this.#clear();
  }

  /** Drops every hash not in `keep` (the texts still in use). */
  retain(keep: ReadonlySet<string>): void {
    for (const [hash, row] of this.#rows) {
      if (keep.has(hash)) continue;
      this.#rows.delete(hash);
      this.#free.push(row);
    }
  }

  /**
   * The rows of `texts`' vectors, in order: cached ones as they are, the rest embedded in one `embedDocuments` call
   * (each distinct text once) and cached. Given as {@link HashedTexts}, only the texts not cached are derived.
   */
  async embed(embeddings: EmbeddingsInterface, texts: readonly string[] | HashedTexts): Promise<Uint32Array> {
    const documents: HashedTexts = isHashed(texts) ? texts : { hashes: texts.map(textHash), text: (position) => texts[position]! };
    const { hashes } = documents;
    const missing = new Map<string, string>();
    hashes.forEach((hash, index) => {
      if (!this.#rows.has(hash) && !missing.has(hash)) missing.set(hash, documents.text(index));
    });
    if (missing.size > 0) {
      const vectors = await embeddings.embedDocuments([...missing.values()]);
      if (vectors.length !== missing.size) {
        throw new Error(`embedDocuments returned ${vectors.length} vectors for ${missing.size} texts.`);
      }
      this.#accept(vectors[0]!.length);
      this.#reserve(missing.size);
      [...missing.keys()].forEach((hash, index) => this.set(hash, vectors[index]!));
    }
    this.embedded += missing.size;
    this.reused += hashes.length - missing.size;
    return Uint32Array.from(hashes, (hash) => this.#rows.get(hash)!);
  }

  /** Takes vectors of `length` numbers: the first ones cached (after all were forgotten) fix the dimensions. */
  #accept(length: number): void {
    if (this.#rows.size === 0 && this.#used > 0) this.#clear();
    if (this.#used === 0) this.#dimensions = length;
    else if (length !== this.#dimensions) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `The embeddings returned a vector of ${length} numbers, but the vectors cached for this model have ${this.#dimensions}.`,
      );
    }
  }

  /**
   * Room for `count` more vectors than are cached now, allocated at once: without spare room for the first vectors (a
   * bulk embed of a catalog), grown like {@link EmbeddingCache.set}'s rows after that (a learning vector source embeds
   * one text at a time: exact room would copy the whole cache for each).
   */
  #reserve(count: number): void {
    const rows = this.#used + Math.max(0, count - this.#free.length);
    if (rows * this.#dimensions <= this.#values.length) return;
    this.#resize(this.#used === 0 ? rows : Math.max(rows, Math.ceil((this.#values.length / this.#dimensions) * GROWTH)));
  }

  #newRow(): number {
    if ((this.#used + 1) * this.#dimensions > this.#values.length) {
      this.#resize(Math.max(this.#used + 1, Math.ceil((this.#values.length / this.#dimensions) * GROWTH)));
    }
    return this.#used++;
  }

  #resize(rows: number): void {
    const values = new Float32Array(rows * this.#dimensions);
    values.set(this.#values.subarray(0, this.#used * this.#dimensions));
    this.#values = values;
    const stamps = new Uint32Array(rows);
    stamps.set(this.#stamps.subarray(0, this.#used));
    this.#stamps = stamps;
  }

  #clear(): void {
    this.#rows.clear();
    this.#values = new Float32Array(0);
    this.#stamps = new Uint32Array(0);
    this.#used = 0;
    this.#free = [];
    this.#dimensions = 0;
  }
}

function isHashed(texts: readonly string[] | HashedTexts): texts is HashedTexts {
  return !Array.isArray(texts);
}
