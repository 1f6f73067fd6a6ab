/**
 * @module @dynamic-tools/hnswlib: an approximate nearest-neighbour index (HNSW, hnswlib-node) for the vector
 * strategy of `@dynamic-tools/core`, for catalogs of tens of thousands of tools: `createVectorStrategy({ index:
 * hnswVectorIndex() })`.
 */
export { HnswVectorIndex, hnswVectorIndex, HNSW_SIDECAR_FORMAT_VERSION, type HnswVectorIndexOptions } from "./hnsw-vector-index.js";
export { isHnswlibAvailable } from "./load-hnswlib.js";
export { hnswPlugin } from "./hnsw-plugin.js";
export type { VectorIndex, VectorIndexFactory, VectorMatch } from "./vector-index.js";
