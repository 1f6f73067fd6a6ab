/**
 * @module @dynamic-tools/offline-embeddings: sentence embeddings that work offline, out of the box: SIF-weighted
 * GloVe word vectors (100-d, int8, about 11 MB) behind LangChain's `Embeddings` interface. The default embedder of
 * `@dynamic-tools/core`'s vector strategy.
 */
export { OfflineEmbeddings, OFFLINE_EMBEDDINGS_MODEL, type OfflineEmbeddingsOptions, type SavedFit } from "./offline-embeddings.js";
export { WordVectorTable, loadWordVectorTable, DEFAULT_TABLE_PATH, TABLE_FORMAT_VERSION } from "./word-vector-table.js";
export { splitWords } from "./split-words.js";
