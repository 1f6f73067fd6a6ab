/**
 * @module The seam through which the vector strategy finds the embeddings it uses when none are passed:
 * `OfflineEmbeddings` (see `plugins/default-plugins.ts`, imported on first use) until others are registered.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { loadOfflineEmbeddings } from "../../plugins/default-plugins.js";

/** Makes the default embeddings, on the first vector index built without `embeddings`. */
export type DefaultEmbeddingsLoader = () => Promise<EmbeddingsInterface>;

/** The default until something else is registered: nothing runs at import (the package is imported on first use). */
let registered: DefaultEmbeddingsLoader | undefined = () => loadOfflineEmbeddings();

/**
 * Sets (or, with `undefined`, removes) the embeddings the vector strategy uses when none are passed. Until one is
 * registered, they are `OfflineEmbeddings` from `@dynamic-tools/offline-embeddings`, imported on first use.
 *
 * @example
 * ```ts
 * registerDefaultEmbeddings(async () => new OpenAIEmbeddings({ model: "text-embedding-3-small" }));
 * ```
 */
export function registerDefaultEmbeddings(loader: DefaultEmbeddingsLoader | undefined): void {
  registered = loader;
}

/** Whether default embeddings are registered. */
export function hasDefaultEmbeddings(): boolean {
  return registered !== undefined;
}

/**
 * The default embeddings, from the registered loader.
 * @throws DynamicToolsError `INVALID_OPTION` when none are registered, naming the ways to provide them.
 */
export async function loadDefaultEmbeddings(): Promise<EmbeddingsInterface> {
  if (registered === undefined) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      "The vector strategy has no embeddings: pass `embeddings` (any LangChain embeddings, e.g. new OpenAIEmbeddings()), " +
        "or register default ones with registerDefaultEmbeddings(loader).",
      { path: ["embeddings"] },
    );
  }
  return registered();
}
