/**
 * @module A catalog file's source hash: the file's text, its kind and the load options, under this version of the
 * package. A saved derivation (a snapshot's) that carries the same hash was derived from this very file by this very
 * code, so loading the file again with it need not validate the file's tools one by one nor fingerprint their
 * metadata: both would give what they gave then. Any other file, option or version has another hash.
 */
import { createHash } from "node:crypto";
import { lazyRequire } from "./lazy-require.js";

/** The package's own manifest (its version is part of every source hash). */
const manifest = lazyRequire<{ version: string }>("@dynamic-tools/core/package.json");

/** This package's version, or undefined where its manifest cannot be read (e.g. bundled into an application). */
export function packageVersion(): string | undefined {
  try {
    return manifest().version;
  } catch {
    return undefined;
  }
}

/**
 * The source hash of a catalog file's contents (its bytes, as read) loaded with `options` (plain data: settings, no
 * functions); undefined when this package's version is unknown (then nothing is vouched for).
 */
export function catalogSourceHash(file: string, contents: Uint8Array, options: object): string | undefined {
  const version = packageVersion();
  if (version === undefined) return undefined;
  const kind = /\.json$/i.test(file) ? "json" : "yaml";
  return createHash("sha1")
    .update(`dynamic-tools@${version}\u0000${kind}\u0000${JSON.stringify(options)}\u0000`, "utf8")
    .update(contents)
    .digest("base64");
}

/** What `loadCatalogFile` tells the catalog it builds about its source (see {@link withSource}). */
export interface CatalogSource {
  /** The file's source hash, saved with the catalog's derivation while the catalog is unchanged. */
  readonly hash: string;
  /** Whether the `derived` option carries this very hash (its fingerprint then stands for the catalog's). */
  readonly vouched: boolean;
}

const sources = new WeakMap<object, CatalogSource>();

/** Marks catalog options as built from a file of the given source (read back by the catalog: {@link sourceOf}). */
export function withSource<T extends object>(options: T, source: CatalogSource): T {
  sources.set(options, source);
  return options;
}

/** The source recorded for catalog options, if they came from `loadCatalogFile`. */
export function sourceOf(options: object): CatalogSource | undefined {
  return sources.get(options);
}
