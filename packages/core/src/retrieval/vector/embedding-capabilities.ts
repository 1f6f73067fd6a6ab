/**
 * @module What an embeddings object can do beyond LangChain's `EmbeddingsInterface`, recognised by duck typing:
 * fit itself to the searched documents, save and restore that fit, embed synchronously (e.g. `OfflineEmbeddings`).
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";

/** Embeddings that can learn statistics from the searched documents first (e.g. `OfflineEmbeddings`). */
export interface FittableEmbeddings extends EmbeddingsInterface {
  fit(documents: string[]): void | Promise<void>;
}

/** Fittable embeddings whose fit can be saved and restored (e.g. `OfflineEmbeddings`). */
export interface RestorableFit extends FittableEmbeddings {
  fitState(): unknown;
  /**
   * Takes a saved fit instead of fitting `documents`, if it was made from them; returns whether it did. Without
   * `documents` the caller vouches that it was (the vector strategy does so only for a saved index of the very same
   * catalog and document texts), and the fit is taken as it is.
   */
  restoreFit(saved: never, documents?: readonly string[]): boolean;
}

/** Embeddings that can also embed synchronously (e.g. `OfflineEmbeddings`), which lets `rank` skip a promise. */
export interface SyncEmbeddings extends EmbeddingsInterface {
  embedQuerySync(text: string): number[];
}

/**
 * Embeddings that can also embed documents synchronously (e.g. `OfflineEmbeddings`): local and deterministic, so the
 * vector strategy need not keep a copy of a vector its index holds; it embeds the text again when it needs the vector.
 */
export interface SyncDocumentEmbeddings extends EmbeddingsInterface {
  embedDocumentsSync(texts: readonly string[]): number[][];
}

/** Whether the embeddings have a `fit(documents)` method. */
export function isFittable(embeddings: EmbeddingsInterface): embeddings is FittableEmbeddings {
  return typeof (embeddings as Partial<FittableEmbeddings>).fit === "function";
}

/** Whether the embeddings can also save (`fitState`) and restore (`restoreFit`) their fit. */
export function isRestorable(embeddings: EmbeddingsInterface): embeddings is RestorableFit {
  const candidate = embeddings as Partial<RestorableFit>;
  return isFittable(embeddings) && typeof candidate.fitState === "function" && typeof candidate.restoreFit === "function";
}

/** Whether the embeddings have an `embedQuerySync(text)` method. */
export function isSync(embeddings: EmbeddingsInterface): embeddings is SyncEmbeddings {
  return typeof (embeddings as Partial<SyncEmbeddings>).embedQuerySync === "function";
}

/** Whether the embeddings have an `embedDocumentsSync(texts)` method. */
export function isSyncDocuments(embeddings: EmbeddingsInterface): embeddings is SyncDocumentEmbeddings {
  return typeof (embeddings as Partial<SyncDocumentEmbeddings>).embedDocumentsSync === "function";
}
