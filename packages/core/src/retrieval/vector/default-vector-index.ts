/**
 * @module The vector index chosen when none is given: exact search for small catalogs, and for large ones the HNSW
 * index of `@dynamic-tools/hnswlib` when it is installed (a native module, so it is optional and loaded lazily).
 */
import { BruteForceVectorIndex, type VectorIndex } from "./vector-index.js";

/** From this many tools on, the default index is HNSW when `@dynamic-tools/hnswlib` is installed. */
export const HNSW_THRESHOLD = 5_000;

// A variable specifier: bundlers must not try to resolve the optional package at build time.
const HNSW_PACKAGE = "@dynamic-tools/hnswlib";

interface HnswModule {
  hnswVectorIndex(options?: { capacity?: number; m?: number; efConstruction?: number }): (options: {
    dimensions: number;
  }) => VectorIndex | Promise<VectorIndex>;
}

/**
 * Exact search below {@link HNSW_THRESHOLD} tools (about 1 ms a pass at 10,000 × 100 d, and exact); HNSW from
 * `@dynamic-tools/hnswlib` at or above it when that package can be imported, else exact search.
 *
 * @example
 * ```ts
 * const index = await defaultVectorIndex({ dimensions: 100, size: catalog.size });
 * ```
 */
export async function defaultVectorIndex({ dimensions, size }: { dimensions: number; size: number }): Promise<VectorIndex> {
  if (size >= HNSW_THRESHOLD) {
    try {
      const hnsw = (await import(HNSW_PACKAGE)) as HnswModule;
      // A light graph (8 links, efConstruction 40; search keeps ef 100) builds several times faster than hnswlib's
      // customary 16/200: the vector source is one of three fused lists, and with it hybrid kept sealtools-dev's
      // R@5 0.925 / MRR 0.973, identical to 16/100.
      return await hnsw.hnswVectorIndex({ capacity: size, m: 8, efConstruction: 40 })({ dimensions });
    } catch (error) {
      warnExactSearchOnce(size, error);
    }
  }
  return new BruteForceVectorIndex(dimensions);
}

let warned = false;

/** Whether the error (or one it wraps, as loaders and test runners do) is Node's "module not found". */
function isModuleNotFound(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return true;
  }
  return false;
}

/**
 * Says once per process that a large catalog gets exact search: `@dynamic-tools/hnswlib` is not installed, or its
 * native module (hnswlib-node, optional: it needs a C++ toolchain at install time) did not build.
 */
function warnExactSearchOnce(size: number, error: unknown): void {
  if (warned) return;
  warned = true;
  const notInstalled = isModuleNotFound(error);
  const why = notInstalled
    ? `${HNSW_PACKAGE} is not installed`
    : `${HNSW_PACKAGE} cannot be used (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  process.emitWarning(
    `The vector index of ${size} tools uses exact search (correct, about 1 ms a query at 10,000 tools): ${why}. ` +
      `Install ${HNSW_PACKAGE} (hnswlib-node builds with python3, make and a C++ compiler) for HNSW.`,
    { code: "DYNAMIC_TOOLS_EXACT_VECTOR_SEARCH" },
  );
}
