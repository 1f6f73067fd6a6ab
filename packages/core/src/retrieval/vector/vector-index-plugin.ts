/**
 * @module The seam through which an approximate vector index (a plug-in such as `@dynamic-tools/hnswlib`) reaches
 * the vector strategy: registered once per process (by default `plugins/default-plugins.ts`'s loader), loaded on
 * first use, never imported by name here.
 */
import { DEFAULT_VECTOR_INDEX_PLUGIN } from "../../plugins/default-plugins.js";
import type { VectorIndex } from "./vector-index.js";

/** An approximate vector index for large catalogs, as a plug-in provides it (`hnswPlugin` of `@dynamic-tools/hnswlib`). */
export interface VectorIndexPlugin {
  /** The package to install or fix, as warnings name it. */
  readonly name: string;
  /** A new, empty index for vectors of `dimensions` numbers, sized for `capacity` tools. */
  create(options: { dimensions: number; capacity: number }): VectorIndex | Promise<VectorIndex>;
  /**
   * Reads an index this plug-in wrote (`save`), e.g. the graph in a catalog snapshot. `sidecar`: what `save` wrote
   * beside the file at `path + ".json"`, already parsed, when the caller has it (a snapshot does): then that file is
   * not read and need not exist.
   */
  read?(path: string, sidecar?: unknown): Promise<VectorIndex>;
}

/** A plug-in loaded on first use, typically with a dynamic `import()`, so an optional package costs nothing until then. */
export interface VectorIndexPluginLoader {
  /** The package it loads, as warnings name it when loading fails. */
  readonly name: string;
  /** Loads the plug-in; a rejection (say, the package is not installed) means exact search, with one warning. */
  import(): Promise<VectorIndexPlugin>;
}

/** The default until something else is registered: a loader of `@dynamic-tools/hnswlib` (nothing runs at import). */
let registered: VectorIndexPlugin | VectorIndexPluginLoader | undefined = DEFAULT_VECTOR_INDEX_PLUGIN as VectorIndexPluginLoader;
let loaded: Promise<VectorIndexPlugin> | undefined;

/**
 * Sets the approximate vector index the default vector index uses at or above `HNSW_THRESHOLD` tools (below it, or
 * with none registered, search is exact). Until one is registered, a loader of `@dynamic-tools/hnswlib` is
 * (imported on first use), so that package is used when it is installed; register your own
 * plug-in (or `undefined`, for exact search always) to replace it. An index passed to `createVectorStrategy({ index })`
 * wins over both.
 *
 * @param plugin - the plug-in, a loader of it, or undefined for none.
 * @example
 * ```ts
 * import { registerVectorIndexPlugin } from "@dynamic-tools/core";
 * import { hnswPlugin } from "@dynamic-tools/hnswlib";
 *
 * registerVectorIndexPlugin(hnswPlugin);
 * ```
 */
export function registerVectorIndexPlugin(plugin: VectorIndexPlugin | VectorIndexPluginLoader | undefined): void {
  registered = plugin;
  loaded = undefined;
}

/** Whether a plug-in (or a loader) is registered. */
export function hasVectorIndexPlugin(): boolean {
  return registered !== undefined;
}

/**
 * The registered plug-in, loaded once (a failed load is tried again on the next call), with the name to report a
 * failure under; undefined when none is registered.
 */
export function loadVectorIndexPlugin(): { name: string; plugin: Promise<VectorIndexPlugin> } | undefined {
  const source = registered;
  if (source === undefined) return undefined;
  if (!("import" in source)) return { name: source.name, plugin: Promise.resolve(source) };
  const plugin = (loaded ??= source.import());
  plugin.catch(() => {
    if (loaded === plugin) loaded = undefined;
  });
  return { name: source.name, plugin };
}
