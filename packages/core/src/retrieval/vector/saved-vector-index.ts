/**
 * @module What the vector strategy saves and restores: {@link SavedVectorIndex} (its tools' text hashes and vectors
 * as plain JSON, see `VectorStrategy.save`) and the check of one given as `saved`.
 */
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { isSyncDocuments } from "./embedding-capabilities.js";
import type { VectorStrategy, VectorStrategyOptions, embeddingModelName } from "./vector-strategy.js";
import type { toolDocumentText } from "./tool-document-text.js";

/** The format {@link VectorStrategy.save} writes and `saved` accepts. */
export const VECTOR_INDEX_FORMAT_VERSION = 1;

/** A vector strategy's embedded tools as plain JSON: what {@link VectorStrategy.save} returns. */
export interface SavedVectorIndex {
  formatVersion: number;
  dimensions: number;
  /** The embedding model the vectors came from (see {@link embeddingModelName}). */
  model: string;
  /**
   * Each tool's text hash and vector, in catalog order. {@link VectorStrategy.save} gives plain numbers (the 32-bit
   * floats the strategy keeps, or, for a vector only its index keeps, the same numbers embedded again: see
   * `keepVectors`); `saved` also takes a `Float64Array` (e.g. a view of a snapshot file's section), whose
   * numbers the strategy copies as 32-bit floats.
   */
  entries: Array<{ name: string; textHash: string; vector: readonly number[] | Float64Array }>;
  /**
   * Which documents the entries are of, when they are exactly the default document texts ({@link toolDocumentText},
   * of version `textVersion`) of a catalog whose `fingerprint()` is `catalog`: `index()` of a catalog with that very
   * fingerprint takes the text hashes (and the fit) as they are, without deriving the texts.
   */
  documents?: { catalog: string; textVersion: number };
  /**
   * What the embeddings learnt at `fit` (embeddings with `fitState()`/`restoreFit()`, e.g. `OfflineEmbeddings`):
   * restored instead of fitting again when the catalog's documents are the same.
   */
  fit?: unknown;
  /**
   * The index given with `indexHolds: "saved"` holds every entry's vector, and the entries carry none (empty
   * vectors): what a snapshot with a saved HNSW graph passes, so that its vectors are neither read nor copied. Only
   * with embeddings that embed synchronously (a vector needed again, by `save()`, is embedded again) and without
   * `keepVectors`.
   */
  vectorsInIndex?: true;
}

/**
 * Checks a `saved` index before it is used, with the strategy's options: its format version, each vector's length,
 * and that entries without vectors (`vectorsInIndex`) come with an index that holds them and embeddings that can
 * embed them again.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad field.
 * @example
 * ```ts
 * checkSaved(JSON.parse(readFileSync("vectors.json", "utf8")), {}); // throws for another format version
 * ```
 */
export function checkSaved(
  saved: SavedVectorIndex,
  { indexHolds, keepVectors, embeddings }: Pick<VectorStrategyOptions, "indexHolds" | "keepVectors" | "embeddings">,
): void {
  if (saved.formatVersion !== VECTOR_INDEX_FORMAT_VERSION) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `saved.formatVersion is ${String(saved.formatVersion)}, but this version of @dynamic-tools/core reads only format ` +
        `${VECTOR_INDEX_FORMAT_VERSION}. Index without \`saved\` to re-embed, then save again.`,
      { path: ["saved", "formatVersion"] },
    );
  }
  if (saved.vectorsInIndex === true) {
    const asyncEmbeddings = embeddings !== undefined && !isSyncDocuments(embeddings);
    if (indexHolds === "saved" && keepVectors !== true && !asyncEmbeddings) return;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `saved.vectorsInIndex needs indexHolds: "saved", no keepVectors and embeddings that embed synchronously (got indexHolds ${String(indexHolds)}, keepVectors ${String(keepVectors)}${asyncEmbeddings ? ", asynchronous embeddings" : ""}): the entries carry no vectors.`,
      { path: ["saved", "vectorsInIndex"] },
    );
  }
  const wrong = saved.entries.findIndex((entry) => entry.vector.length !== saved.dimensions);
  if (wrong !== -1) {
    const entry = saved.entries[wrong]!;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `saved.entries[${wrong}] ("${entry.name}") has ${entry.vector.length} numbers, not saved.dimensions (${saved.dimensions}).`,
      { path: ["saved", "entries", wrong, "vector"] },
    );
  }
}
