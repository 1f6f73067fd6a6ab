/**
 * @module Loading hnswlib-node, the native module behind HnswVectorIndex, on first use. It is an optional dependency:
 * it compiles at install time (python3, make and a C++ compiler), and an install without them still succeeds,
 * without it. Everything else in this package, and the exact search of `@dynamic-tools/core`, works without it.
 */
import { createRequire } from "node:module";
import { DynamicToolsError } from "@dynamic-tools/core";

/** What this package uses of hnswlib-node. */
export type HnswlibModule = typeof import("hnswlib-node");

let loaded: { module: HnswlibModule } | { error: unknown } | undefined;

function tryLoad(): { module: HnswlibModule } | { error: unknown } {
  if (loaded === undefined) {
    try {
      loaded = { module: createRequire(import.meta.url)("hnswlib-node") as HnswlibModule };
    } catch (error) {
      loaded = { error };
    }
  }
  return loaded;
}

/**
 * Whether hnswlib-node is installed and its native code built, so that {@link HnswVectorIndex} can be created.
 *
 * @example
 * ```ts
 * import { isHnswlibAvailable, hnswVectorIndex } from "@dynamic-tools/hnswlib";
 * const index = isHnswlibAvailable() ? hnswVectorIndex() : undefined; // undefined: the vector strategy's exact search
 * ```
 */
export function isHnswlibAvailable(): boolean {
  return "module" in tryLoad();
}

/**
 * hnswlib-node, or a `DynamicToolsError` (`INDEX_FAILED`) saying why it cannot be loaded and what to do.
 * @internal
 */
export function loadHnswlib(): HnswlibModule {
  const result = tryLoad();
  if ("module" in result) return result.module;
  const reason = result.error instanceof Error ? result.error.message.split("\n")[0]!.replace(/\s*Tried:$/, "") : String(result.error);
  throw new DynamicToolsError(
    "INDEX_FAILED",
    `HnswVectorIndex needs hnswlib-node, a native module that is not installed or was not built (${reason}). ` +
      "It compiles when installed and needs python3, make and a C++ compiler then: install them and reinstall " +
      "(e.g. `npm rebuild hnswlib-node`), or leave the vector strategy's index unset for exact search.",
    { cause: result.error },
  );
}
