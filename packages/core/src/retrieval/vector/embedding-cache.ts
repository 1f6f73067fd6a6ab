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

/**
 * Embeddings by text hash, valid for one model at a time: switching {@link EmbeddingCache.model} empties it,
 * because another model (or another fit of the same one) gives other vectors.
 */
export class EmbeddingCache {
  readonly #vectors = new Map<string, number[]>();
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
  get(hash: string): number[] | undefined {
    return this.#vectors.get(hash);
  }

  /** Caches a vector under a text hash. */
  set(hash: string, vector: number[]): void {
    this.#vectors.set(hash, vector);
  }

  /** Drops every hash not in `keep` (the texts still in use). */
  retain(keep: ReadonlySet<string>): void {
    for (const hash of this.#vectors.keys()) if (!keep.has(hash)) this.#vectors.delete(hash);
  }

  /**
   * The vectors of `texts`, in order: cached ones as they are, the rest embedded in one `embedDocuments` call
   * (each distinct text once) and cached. `hashes`, when given, are the texts' {@link textHash}es.
   */
  async embed(
    embeddings: EmbeddingsInterface,
    texts: readonly string[],
    hashes: readonly string[] = texts.map(textHash),
  ): Promise<number[][]> {
    const missing = new Map<string, string>();
    hashes.forEach((hash, index) => {
      if (!this.#vectors.has(hash)) missing.set(hash, texts[index]!);
    });
    if (missing.size > 0) {
      const vectors = await embeddings.embedDocuments([...missing.values()]);
      if (vectors.length !== missing.size) {
        throw new Error(`embedDocuments returned ${vectors.length} vectors for ${missing.size} texts.`);
      }
      [...missing.keys()].forEach((hash, index) => this.#vectors.set(hash, vectors[index]!));
    }
    this.embedded += missing.size;
    this.reused += texts.length - missing.size;
    return hashes.map((hash) => this.#vectors.get(hash)!);
  }
}
