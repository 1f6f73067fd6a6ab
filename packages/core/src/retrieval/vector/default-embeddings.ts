/**
 * @module The seam through which the vector strategy finds the embeddings it uses when none are passed. The package's
 * entry points register `OfflineEmbeddings` (see `plugins/default-plugins.ts`); nothing in this layer names a package.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";

/** Makes the default embeddings, on the first vector index built without `embeddings`. */
export type DefaultEmbeddingsLoader = () => Promise<EmbeddingsInterface>;

let registered: DefaultEmbeddingsLoader | undefined;

/**
 * Sets (or, with `undefined`, removes) the embeddings the vector strategy uses when none are passed. Importing
 * `@dynamic-tools/core` registers `OfflineEmbeddings` from `@dynamic-tools/offline-embeddings` unless one is registered.
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
