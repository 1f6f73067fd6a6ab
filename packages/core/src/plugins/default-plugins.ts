/**
 * @module The plug-ins the package wires by default, at its entry points (the library's root and the CLI), the only
 * place that names them: the layers below reach them through {@link registerVectorIndexPlugin} and
 * {@link registerDefaultEmbeddings}.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { hasDefaultEmbeddings, registerDefaultEmbeddings } from "../retrieval/vector/default-embeddings.js";
import { hasVectorIndexPlugin, registerVectorIndexPlugin, type VectorIndexPlugin } from "../retrieval/vector/vector-index-plugin.js";

/** The approximate vector index used when installed. A variable: bundlers must not resolve the optional package. */
const HNSW_PACKAGE = "@dynamic-tools/hnswlib";

/** The default embeddings (a dependency of core). A variable, like the index plug-in's. */
const OFFLINE_EMBEDDINGS_PACKAGE = "@dynamic-tools/offline-embeddings";

/**
 * `new OfflineEmbeddings()`, imported on first use; a missing package becomes an error that names it.
 * @param importModule - replaceable for tests.
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

/** Registers `OfflineEmbeddings` as the default embeddings unless others are registered already. */
export function registerOfflineEmbeddings(): void {
  if (!hasDefaultEmbeddings()) registerDefaultEmbeddings(() => loadOfflineEmbeddings());
}

/**
 * Registers the default embeddings ({@link registerOfflineEmbeddings}) and a loader of `@dynamic-tools/hnswlib`
 * (imported on the first vector index of 5,000 tools or more), each unless one is registered already. Called when the
 * package's entry points load.
 */
export function registerDefaultPlugins(): void {
  registerOfflineEmbeddings();
  if (hasVectorIndexPlugin()) return;
  registerVectorIndexPlugin({
    name: HNSW_PACKAGE,
    async import() {
      return ((await import(HNSW_PACKAGE)) as { hnswPlugin: VectorIndexPlugin }).hnswPlugin;
    },
  });
}
