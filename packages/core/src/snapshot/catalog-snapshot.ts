/**
 * @module Snapshots: a catalog's expensive derived state (every definition's token count, the tools' embedding
 * vectors) written to one versioned file, so a replica or a serverless function starts selecting without the
 * tokenizer or the embedding pass, with selections identical to a fresh build's.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createHybridStrategy } from "../retrieval/hybrid/hybrid-strategy.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import type { VectorIndex, VectorIndexFactory } from "../retrieval/vector/vector-index.js";
import { createVectorStrategy, type SavedVectorIndex } from "../retrieval/vector/vector-strategy.js";

/** The snapshot format this version writes and reads; any other is refused with `SNAPSHOT_MISMATCH`. */
export const SNAPSHOT_FORMAT_VERSION = 1;

const FORMAT = "dynamic-tools/snapshot";

/** A catalog snapshot as JSON: what {@link ToolCatalog.snapshot} returns and {@link writeSnapshot} writes. */
export interface CatalogSnapshot {
  format: typeof FORMAT;
  formatVersion: number;
  /** sha1 of every tool's full metadata and every category, in catalog order: which catalog this is of. */
  fingerprint: string;
  /** Per tool, in catalog order: name, sha1 of its metadata (to name what differs), its definition's tokens. */
  tools: Array<[name: string, metadataHash: string, tokens: number]>;
  /** Tokens of every enabled tool's definition (exact). */
  totalTokens: number;
  /**
   * The tools' embedding vectors (see `VectorStrategy.save`), when written with vectors: the vectors packed as
   * little-endian float64 in base64 (exact, and about 5 times faster to read than JSON numbers).
   */
  vectors?: PackedVectors;
}

/** A `SavedVectorIndex` with its vectors packed in one base64 string. */
export interface PackedVectors extends Omit<SavedVectorIndex, "entries"> {
  names: string[];
  textHashes: string[];
  /** Every vector, `dimensions` float64 numbers each, in `names` order, little-endian, base64. */
  data: string;
}

function packVectors({ entries, ...rest }: SavedVectorIndex): PackedVectors {
  const numbers = new Float64Array(entries.length * rest.dimensions);
  entries.forEach((entry, index) => numbers.set(entry.vector, index * rest.dimensions));
  return {
    ...rest,
    names: entries.map((entry) => entry.name),
    textHashes: entries.map((entry) => entry.textHash),
    data: Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength).toString("base64"),
  };
}

function unpackVectors({ names, textHashes, data, ...rest }: PackedVectors): SavedVectorIndex {
  const bytes = Buffer.from(data, "base64");
  // Copied into an aligned buffer: a Float64Array view needs an offset that is a multiple of 8.
  const numbers = new Float64Array(bytes.byteLength / 8);
  new Uint8Array(numbers.buffer).set(bytes);
  const { dimensions } = rest;
  return {
    ...rest,
    entries: names.map((name, index) => ({ name, textHash: textHashes[index]!, vector: Array.from(numbers.subarray(index * dimensions, (index + 1) * dimensions)) })),
  };
}

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("base64");

/** Each tool's metadata hash and the catalog's fingerprint. */
function describeCatalog(catalog: ToolCatalog): { tools: Array<[string, string]>; fingerprint: string } {
  const tools = catalog.tools().map((tool): [string, string] => [tool.name, sha1(JSON.stringify(tool))]);
  const categories = JSON.stringify(catalog.categories());
  return { tools, fingerprint: sha1(JSON.stringify([tools, categories, catalog.settings])) };
}

/**
 * The catalog's snapshot without vectors: every definition counted exactly (about 1 s per 10,000 tools, once).
 * `catalog.snapshot()` calls this.
 */
export function createCatalogSnapshot(catalog: ToolCatalog): CatalogSnapshot {
  const { tools, fingerprint } = describeCatalog(catalog);
  return {
    format: FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    fingerprint,
    tools: tools.map(([name, hash]) => [name, hash, catalog.tokensOf(name)]),
    totalTokens: catalog.totalTokens(),
  };
}

/** Options of {@link writeSnapshot}. */
export interface WriteSnapshotOptions {
  /** Also embed every tool and store the vectors (what `vector` and `hybrid` need). @defaultValue true */
  vectors?: boolean;
  /** The embeddings to store vectors of. @defaultValue `OfflineEmbeddings` */
  embeddings?: EmbeddingsInterface;
}

/**
 * Writes the catalog's snapshot (token counts and, by default, the tools' embedding vectors) to `file` as JSON.
 * @example
 * ```ts
 * await writeSnapshot("catalog.snapshot.json", catalog); // at build or deploy time
 * ```
 */
export async function writeSnapshot(file: string, catalog: ToolCatalog, { vectors = true, embeddings }: WriteSnapshotOptions = {}): Promise<CatalogSnapshot> {
  const snapshot = createCatalogSnapshot(catalog);
  if (vectors) {
    const vector = createVectorStrategy(embeddings === undefined ? {} : { embeddings });
    await vector.index(catalog);
    snapshot.vectors = packVectors(vector.save());
  }
  writeFileSync(file, JSON.stringify(snapshot));
  return snapshot;
}

/** A loaded snapshot, checked against its catalog. */
export interface LoadedSnapshot {
  readonly snapshot: CatalogSnapshot;
  /**
   * What to pass as `createToolSelector`'s `strategy` to start from the snapshot: for `vector` and `hybrid` a
   * strategy that reuses its vectors instead of embedding the tools (its first `index()` still fits the embeddings
   * and builds the vector index); any other built-in name is returned as is (it needs only the token counts, which
   * the catalog already took).
   */
  strategy(name: string, options?: { embeddings?: EmbeddingsInterface; index?: VectorIndex | VectorIndexFactory }): RetrievalStrategy | string;
}

/**
 * Reads a snapshot for `catalog`: checks its format version and that it was taken of this very catalog, then hands
 * its token counts to the catalog (no tokenizer is loaded for them) and offers strategies that reuse its vectors.
 * @throws DynamicToolsError `SNAPSHOT_MISMATCH` naming the file and what differs (format version, tool count, the
 *   first tool that differs); `CATALOG_FILE_UNREADABLE` / `CATALOG_FILE_MALFORMED` when it cannot be read as JSON.
 * @example
 * ```ts
 * const catalog = loadCatalogFile("catalog.yaml");
 * const snapshot = loadSnapshot("catalog.snapshot.json", catalog);
 * const select = createToolSelector(catalog, { strategy: snapshot.strategy("hybrid") });
 * ```
 */
export function loadSnapshot(file: string, catalog: ToolCatalog): LoadedSnapshot {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read the snapshot ${file}: ${(cause as Error).message}`, { cause });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_MALFORMED", `The snapshot ${file} is not JSON: ${(cause as Error).message}`, { cause });
  }
  const snapshot = parsed as Partial<CatalogSnapshot> | null;
  if (typeof snapshot !== "object" || snapshot === null || snapshot.format !== FORMAT) {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${file} is not a dynamic-tools snapshot (no "format": "${FORMAT}").`);
  }
  if (snapshot.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    throw new DynamicToolsError(
      "SNAPSHOT_MISMATCH",
      `The snapshot ${file} has format version ${String(snapshot.formatVersion)}; this version of dynamic-tools reads version ${SNAPSHOT_FORMAT_VERSION}. Write it again.`,
    );
  }
  const complete = snapshot as CatalogSnapshot;
  checkSameCatalog(file, complete, catalog);
  catalog.adoptTokenCounts(new Map(complete.tools.map(([name, , tokens]) => [name, tokens])));
  const saved = complete.vectors === undefined ? undefined : unpackVectors(complete.vectors);
  return {
    snapshot: complete,
    strategy(name, options = {}) {
      if (name !== "vector" && name !== "hybrid") {
        createStrategy(name); // an unknown name fails here, naming the valid ones
        return name;
      }
      const vector = createVectorStrategy({ ...options, ...(saved === undefined ? {} : { saved }) });
      return name === "vector" ? vector : createHybridStrategy({ vector });
    },
  };
}

function checkSameCatalog(file: string, snapshot: CatalogSnapshot, catalog: ToolCatalog): void {
  const { tools, fingerprint } = describeCatalog(catalog);
  if (snapshot.fingerprint === fingerprint) return;
  const prefix = `The snapshot ${file} was taken of another catalog`;
  if (snapshot.tools.length !== tools.length) {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: it has ${snapshot.tools.length} tools, the catalog ${tools.length}.`);
  }
  const at = tools.findIndex(([name, hash], index) => snapshot.tools[index]![0] !== name || snapshot.tools[index]![1] !== hash);
  if (at >= 0) {
    const [name] = tools[at]!;
    const what = snapshot.tools[at]![0] === name ? `tool "${name}" differs` : `tool ${at} is "${snapshot.tools[at]![0]}" there and "${name}" here`;
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: ${what}.`);
  }
  throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: the categories or selection settings differ.`);
}
