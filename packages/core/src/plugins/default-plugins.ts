/**
 * @module The plug-ins the package wires by default, at its entry points (the library's root and the CLI), the only
 * place that names them: the layers below reach them through {@link registerVectorIndexPlugin}.
 */
import { hasVectorIndexPlugin, registerVectorIndexPlugin, type VectorIndexPlugin } from "../retrieval/vector/vector-index-plugin.js";

/** The approximate vector index used when installed. A variable: bundlers must not resolve the optional package. */
const HNSW_PACKAGE = "@dynamic-tools/hnswlib";

/**
 * Registers a loader of `@dynamic-tools/hnswlib` (imported on the first vector index of 5,000 tools or more) unless a
 * plug-in is registered already. Called when the package's entry point loads.
 */
export function registerDefaultPlugins(): void {
  if (hasVectorIndexPlugin()) return;
  registerVectorIndexPlugin({
    name: HNSW_PACKAGE,
    async import() {
      return ((await import(HNSW_PACKAGE)) as { hnswPlugin: VectorIndexPlugin }).hnswPlugin;
    },
  });
}
