/**
 * @module The vector index chosen when none is given: exact search for small catalogs, and for large ones the
 * approximate index of the registered plug-in ({@link registerVectorIndexPlugin}; `@dynamic-tools/hnswlib` by
 * default, when installed: a native module, so it is optional and loaded lazily).
 */
import { loadVectorIndexPlugin } from "./vector-index-plugin.js";
import { BruteForceVectorIndex, type VectorIndex } from "./vector-index.js";

/** From this many tools on, the default index is the registered approximate one (HNSW) when it can be loaded. */
export const HNSW_THRESHOLD = 5_000;

/**
 * Exact search below {@link HNSW_THRESHOLD} tools (about 0.4 ms a pass at 10,000 × 100 d, and exact); at or above it
 * the registered plug-in's index (HNSW from `@dynamic-tools/hnswlib` by default) when it loads, else exact search.
 *
 * @example
 * ```ts
 * const index = await defaultVectorIndex({ dimensions: 100, size: catalog.size });
 * ```
 */
export async function defaultVectorIndex({ dimensions, size }: { dimensions: number; size: number }): Promise<VectorIndex> {
  const registered = size >= HNSW_THRESHOLD ? loadVectorIndexPlugin() : undefined;
  if (registered !== undefined) {
    try {
      return await (await registered.plugin).create({ dimensions, capacity: size });
    } catch (error) {
      warnExactSearchOnce(size, registered.name, error);
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
 * Says once per process that a large catalog gets exact search: the plug-in (`@dynamic-tools/hnswlib`) is not
 * installed, or its native module (hnswlib-node, optional: it needs a C++ toolchain at install time) did not build.
 */
function warnExactSearchOnce(size: number, name: string, error: unknown): void {
  if (warned) return;
  warned = true;
  const notInstalled = isModuleNotFound(error);
  const why = notInstalled
    ? `${name} is not installed`
    : `${name} cannot be used (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  process.emitWarning(
    `The vector index of ${size} tools uses exact search (correct, about 0.4 ms a query at 10,000 tools): ${why}. ` +
      `Install ${name} (hnswlib-node builds with python3, make and a C++ compiler) for HNSW.`,
    { code: "DYNAMIC_TOOLS_EXACT_VECTOR_SEARCH" },
  );
}
