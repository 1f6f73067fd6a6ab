/**
 * Tests import sources directly, not through the package's entry point, which is where the default embeddings are
 * registered (`plugins/default-plugins.ts`): this does the same, once per test file. The HNSW plug-in is not
 * registered here; tests that want it register it (or import `@dynamic-tools/core`, whose entry point does).
 */
import { registerOfflineEmbeddings } from "../../packages/core/src/plugins/default-plugins.js";

registerOfflineEmbeddings();
