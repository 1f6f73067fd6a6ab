/**
 * @module The plug-ins used by default, the one place that names plug-in packages. Nothing registers them: the seams
 * (`registerDefaultEmbeddings`, `registerVectorIndexPlugin`) fall back to these until something else is registered,
 * and each package is imported on first use, so importing `@dynamic-tools/core` has no side effect.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** The approximate vector index used when installed. A variable: bundlers must not resolve the optional package. */
const HNSW_PACKAGE = "@dynamic-tools/hnswlib";

/** The default embeddings (a dependency of core). A variable, like the index plug-in's. */
const OFFLINE_EMBEDDINGS_PACKAGE = "@dynamic-tools/offline-embeddings";

/**
 * `new OfflineEmbeddings()`, imported on first use; a missing package becomes an error that names it.
 * @param importModule - replaceable for tests.
 * @example
 * ```ts
 * const embeddings = await loadOfflineEmbeddings();
 * ```
 */
export async function loadOfflineEmbeddings(
  importModule: () => Promise<unknown> = () => import(OFFLINE_EMBEDDINGS_PACKAGE),
): Promise<EmbeddingsInterface> {
  let module: { OfflineEmbeddings: new () => EmbeddingsInterface };
  try {
    module = (await importModule()) as typeof module;
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw cause;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `The vector strategy embeds with "${OFFLINE_EMBEDDINGS_PACKAGE}" by default, and it is not installed: ` +
        `npm install ${OFFLINE_EMBEDDINGS_PACKAGE}, or pass \`embeddings\` (any LangChain embeddings, e.g. new OpenAIEmbeddings()).`,
      { cause, path: ["embeddings"] },
    );
  }
  return new module.OfflineEmbeddings();
}

/**
 * The default loader of `@dynamic-tools/hnswlib` (imported on the first vector index of 5,000 tools or more; a
 * missing package means exact search). Its shape is `VectorIndexPluginLoader`'s, which the seam checks.
 */
export const DEFAULT_VECTOR_INDEX_PLUGIN = {
  name: HNSW_PACKAGE,
  async import(): Promise<unknown> {
    return ((await import(HNSW_PACKAGE)) as { hnswPlugin: unknown }).hnswPlugin;
  },
} as const;
