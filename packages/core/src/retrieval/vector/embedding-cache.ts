/**
 * @module Embeddings remembered by the sha256 of their exact text, per model, so unchanged tools are never embedded
 * twice (no repeated embedding API calls for the same text).
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";

/** The hex sha256 of a text (UTF-8): the cache key of its embedding. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A vector as the vector strategy stores it: plain numbers, or a `Float64Array` (e.g. a view of a snapshot's section). */
export type StoredEmbedding = readonly number[] | Float64Array;

/**
 * Texts known by their {@link textHash}es, each derived only when it has to be embedded (e.g. a catalog whose saved
 * vectors cover every text: nothing is derived at all).
 */
export interface HashedTexts {
  readonly hashes: readonly string[];
  text(position: number): string;
}

/**
 * Embeddings by text hash, valid for one model at a time: switching {@link EmbeddingCache.model} empties it,
 * because another model (or another fit of the same one) gives other vectors.
 */
export class EmbeddingCache {
  readonly #vectors = new Map<string, StoredEmbedding>();
  #model: string | undefined;
  /** Texts embedded (cache misses) since construction. */
  embedded = 0;
  /** Texts served from the cache since construction. */
  reused = 0;

  /** The model the cached vectors belong to. */
  get model(): string | undefined {
    return this.#model;
  }

  set model(model: string | undefined) {
    if (model !== this.#model) this.#vectors.clear();
    this.#model = model;
  }

  /** Number of cached vectors. */
  get size(): number {
    return this.#vectors.size;
  }

  /** The cached vector of a text hash. */
  get(hash: string): StoredEmbedding | undefined {
    return this.#vectors.get(hash);
  }

  /** Caches a vector under a text hash. */
  set(hash: string, vector: StoredEmbedding): void {
    this.#vectors.set(hash, vector);
  }

  /** Drops every hash not in `keep` (the texts still in use). */
  retain(keep: ReadonlySet<string>): void {
    for (const hash of this.#vectors.keys()) if (!keep.has(hash)) this.#vectors.delete(hash);
  }

  /**
   * The vectors of `texts`, in order: cached ones as they are, the rest embedded in one `embedDocuments` call
   * (each distinct text once) and cached. Given as {@link HashedTexts}, only the texts not cached are derived.
   */
  async embed(embeddings: EmbeddingsInterface, texts: readonly string[] | HashedTexts): Promise<StoredEmbedding[]> {
    const documents: HashedTexts = isHashed(texts) ? texts : { hashes: texts.map(textHash), text: (position) => texts[position]! };
    const { hashes } = documents;
    const missing = new Map<string, string>();
    hashes.forEach((hash, index) => {
      if (!this.#vectors.has(hash) && !missing.has(hash)) missing.set(hash, documents.text(index));
    });
    if (missing.size > 0) {
      const vectors = await embeddings.embedDocuments([...missing.values()]);
      if (vectors.length !== missing.size) {
        throw new Error(`embedDocuments returned ${vectors.length} vectors for ${missing.size} texts.`);
      }
      [...missing.keys()].forEach((hash, index) => this.#vectors.set(hash, vectors[index]!));
    }
    this.embedded += missing.size;
    this.reused += hashes.length - missing.size;
    return hashes.map((hash) => this.#vectors.get(hash)!);
  }
}

function isHashed(texts: readonly string[] | HashedTexts): texts is HashedTexts {
  return !Array.isArray(texts);
}
