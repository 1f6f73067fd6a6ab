/**
 * @module Snapshots: a catalog's expensive derived state (every definition's token count, the BM25 and fuzzy name
 * indexes, the tools' embedding vectors and the embeddings' fit, the HNSW graph) written to one versioned file, so a
 * replica or a serverless function starts selecting without the tokenizer, text analysis, the embedding pass or a
 * graph build, with selections identical to a fresh build's. The catalog saves and restores its own part
 * ({@link ToolCatalog.saveDerived}, the `derived` option, which also vouches for the catalog file it was loaded from);
 * this module adds the strategies'.
 *
 * The file is a binary container: the 8 bytes `DTSNAP\0\0`, the JSON header's byte length (uint32, little-endian),
 * 4 reserved bytes, the JSON header ({@link CatalogSnapshot}), zero padding to a multiple of 8, then the binary
 * sections the header's `sections` names (offsets from the end of the padding, each a multiple of 8).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { SavedCatalogDerivation, ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createFuzzyStrategy, type SavedFuzzyIndex } from "../retrieval/fuzzy/fuzzy-strategy.js";
import { createHybridStrategy } from "../retrieval/hybrid/hybrid-strategy.js";
import { createBm25Strategy, type SavedBm25Index } from "../retrieval/lexical/bm25-strategy.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import type { VectorIndex, VectorIndexFactory } from "../retrieval/vector/vector-index.js";
import { createVectorStrategy, type SavedVectorIndex, type VectorStrategyOptions } from "../retrieval/vector/vector-strategy.js";
import { loadVectorIndexPlugin } from "../retrieval/vector/vector-index-plugin.js";

/** The snapshot format this version writes and reads; any other is refused with `SNAPSHOT_MISMATCH`. */
export const SNAPSHOT_FORMAT_VERSION = 5;

const FORMAT = "dynamic-tools/snapshot";
const MAGIC = Buffer.from("DTSNAP\0\0", "latin1");
const PREAMBLE = 16;

/** Where a binary section lies, in bytes from the start of the sections. */
export interface SnapshotSection {
  offset: number;
  length: number;
}

/** A catalog snapshot's JSON header: what {@link createCatalogSnapshot} returns and {@link writeSnapshot} writes. */
export interface CatalogSnapshot {
  format: typeof FORMAT;
  formatVersion: number;
  /** sha1 of the catalog's fingerprint, its categories and its selection settings: which catalog this is of. */
  fingerprint: string;
  /**
   * Per tool, in catalog order: name and sha1 of its metadata (to name what differs). In a written file it is the
   * `tools` section (JSON), parsed only when read (a snapshot of the very catalog never needs it).
   */
  tools: Array<[name: string, metadataHash: string]>;
  /** The catalog's own derivation: derived keywords and every definition's exact token count. */
  catalog: SavedCatalogDerivation;
  /** Tokens of every enabled tool's definition (exact). */
  totalTokens: number;
  /** The tools' embedding vectors and the embeddings' fit (vectors in the `vectors` section, float64). */
  vectors?: VectorsHeader;
  /** The BM25 index of the bm25 and hybrid strategies (postings in the `bm25.*` sections). */
  bm25?: Bm25Header;
  /** The fuzzy strategy's name index (tools in catalog order; word positions in the `fuzzy.*` sections). */
  fuzzy?: FuzzyHeader;
  /** The HNSW graph the vector index was built as (hnswlib's own file in the `hnsw` section), when it was HNSW. */
  hnsw?: { sidecar: unknown };
  /** The binary sections, by name (only in a written file). */
  sections?: Record<string, SnapshotSection>;
}

/** A `SavedVectorIndex` whose vectors are in the `vectors` section. */
export interface VectorsHeader extends Omit<SavedVectorIndex, "entries"> {
  /** The tools, when not the catalog's, in its order (absent: they are). */
  names?: string[];
  textHashes: string[];
}

/** A `SavedFuzzyIndex` whose typed arrays are in sections, and whose tools are the catalog's, in its order. */
export type FuzzyHeader = Omit<SavedFuzzyIndex, "names" | "counts" | "wordIds">;

/** A `SavedBm25Index` whose typed arrays are in sections. */
export interface Bm25Header extends Omit<SavedBm25Index, "postings"> {
  /** The documents, when not the catalog's tools in its order (absent: they are). */
  ids?: string[];
  terms: string[];
  totalLength: number;
}

const sha1 = (text: string) => createHash("sha1").update(text, "utf8").digest("base64");

/** Each tool's metadata hash (only to say what differs). */
function toolHashes(catalog: ToolCatalog): Array<[string, string]> {
  return catalog.tools().map((tool): [string, string] => [tool.name, sha1(JSON.stringify(tool))]);
}

/** The snapshot's fingerprint: the catalog's own (tools, declared groups, core), its categories and its settings. */
function fingerprintOf(catalog: ToolCatalog): string {
  return sha1(JSON.stringify([catalog.fingerprint(), catalog.categories(), catalog.settings]));
}

/**
 * The catalog's snapshot header without indexes: its derivation with every definition counted exactly (about 1 s
 * per 10,000 tools, once).
 * @example
 * ```ts
 * writeFileSync("catalog.snapshot.json", JSON.stringify(createCatalogSnapshot(catalog)));
 * ```
 */
export function createCatalogSnapshot(catalog: ToolCatalog): CatalogSnapshot {
  const totalTokens = catalog.totalTokens();
  for (const name of catalog.names()) catalog.tokensOf(name); // disabled tools too
  return {
    format: FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    fingerprint: fingerprintOf(catalog),
    tools: toolHashes(catalog),
    catalog: catalog.saveDerived(),
    totalTokens,
  };
}

/** Options of {@link writeSnapshot}. */
export interface WriteSnapshotOptions {
  /**
   * Also store the indexes: the BM25 postings, the tools' embedding vectors with the embeddings' fit, and the HNSW
   * graph when the vector index is one (what `bm25`, `vector` and `hybrid` need). @defaultValue true
   */
  vectors?: boolean;
  /** The embeddings to store vectors of. @defaultValue `OfflineEmbeddings` */
  embeddings?: EmbeddingsInterface;
  /** The vector index to build (its graph is stored when it is an HNSW index). @defaultValue the vector strategy's default */
  index?: VectorIndex | VectorIndexFactory;
}

/** An index that can write itself to a file and be loaded from one (`HnswVectorIndex` of `@dynamic-tools/hnswlib`). */
interface SavableIndex extends VectorIndex {
  save(path: string): Promise<void>;
  constructor: { name: string };
}

function isHnswIndex(index: VectorIndex | undefined): index is SavableIndex {
  // A bundler may rename the class (`_HnswVectorIndex`); its static `load` and `save` are what is used.
  const kind = index?.constructor as { name?: string; load?: unknown } | undefined;
  return (
    typeof (index as Partial<SavableIndex> | undefined)?.save === "function" &&
    typeof kind?.load === "function" &&
    /HnswVectorIndex$/.test(kind.name ?? "")
  );
}

/** Collects binary sections at 8-byte aligned offsets. */
class SectionWriter {
  readonly sections: Record<string, SnapshotSection> = {};
  readonly #parts: Buffer[] = [];
  #length = 0;

  add(name: string, data: ArrayBufferView): void {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    this.sections[name] = { offset: this.#length, length: bytes.byteLength };
    this.#parts.push(bytes);
    this.#length += bytes.byteLength;
    const pad = (8 - (this.#length % 8)) % 8;
    if (pad > 0) {
      this.#parts.push(Buffer.alloc(pad));
      this.#length += pad;
    }
  }

  get parts(): readonly Buffer[] {
    return this.#parts;
  }
}

/**
 * Writes the catalog's snapshot (token counts and, by default, the BM25 index, the tools' embedding vectors with
 * the embeddings' fit and the HNSW graph) to `file`. Returns its header.
 * @example
 * ```ts
 * await writeSnapshot("catalog.snapshot", catalog); // at build or deploy time
 * ```
 */
export async function writeSnapshot(
  file: string,
  catalog: ToolCatalog,
  { vectors = true, embeddings, index }: WriteSnapshotOptions = {},
): Promise<CatalogSnapshot> {
  const snapshot = createCatalogSnapshot(catalog);
  const sections = new SectionWriter();
  if (vectors) {
    const vector = createVectorStrategy({ ...(embeddings === undefined ? {} : { embeddings }), ...(index === undefined ? {} : { index }) });
    const bm25 = createBm25Strategy();
    const fuzzy = createFuzzyStrategy();
    await vector.index(catalog);
    bm25.index(catalog);
    fuzzy.index(catalog);
    const { entries, ...rest } = vector.save();
    const numbers = new Float64Array(entries.length * rest.dimensions);
    entries.forEach((entry, position) => numbers.set(entry.vector, position * rest.dimensions));
    // Names the catalog has in the same order are not written again (three lists of 10,000 names cost a start).
    const catalogNames = catalog.names();
    const sameNames = (names: readonly string[]) =>
      names.length === catalogNames.length && names.every((name, at) => name === catalogNames[at]);
    const vectorNames = entries.map((entry) => entry.name);
    snapshot.vectors = {
      ...rest,
      ...(sameNames(vectorNames) ? {} : { names: vectorNames }),
      textHashes: entries.map((entry) => entry.textHash),
    };
    sections.add("vectors", numbers);
    const { postings, ...lexical } = bm25.save();
    snapshot.bm25 = {
      ...lexical,
      ...(sameNames(postings.ids) ? {} : { ids: postings.ids }),
      terms: postings.terms,
      totalLength: postings.totalLength,
    };
    sections.add("bm25.lengths", postings.lengths);
    sections.add("bm25.counts", postings.counts);
    sections.add("bm25.docs", postings.docs);
    sections.add("bm25.tfs", postings.tfs);
    const { names: _catalogOrder, counts, wordIds, ...names } = fuzzy.save();
    snapshot.fuzzy = names;
    sections.add("fuzzy.counts", counts);
    sections.add("fuzzy.wordIds", wordIds);
    const built = await vector.builtIndex();
    if (isHnswIndex(built)) {
      const folder = mkdtempSync(join(tmpdir(), "dynamic-tools-snapshot-"));
      try {
        const path = join(folder, "graph.hnsw");
        await built.save(path);
        snapshot.hnsw = { sidecar: JSON.parse(readFileSync(`${path}.json`, "utf8")) };
        sections.add("hnsw", readFileSync(path));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  }
  const { tools, ...header } = snapshot;
  sections.add("tools", Buffer.from(JSON.stringify(tools), "utf8"));
  const json = Buffer.from(JSON.stringify({ ...header, sections: sections.sections }), "utf8");
  const preamble = Buffer.alloc(PREAMBLE);
  MAGIC.copy(preamble);
  preamble.writeUInt32LE(json.byteLength, 8);
  const pad = Buffer.alloc((8 - ((PREAMBLE + json.byteLength) % 8)) % 8);
  writeFileSync(file, Buffer.concat([preamble, json, pad, ...sections.parts]));
  return snapshot;
}

/** A loaded snapshot, checked against its catalog. */
export interface LoadedSnapshot {
  readonly snapshot: CatalogSnapshot;
  /**
   * What to pass as `createToolSelector`'s `strategy` to start from the snapshot: `bm25`, `vector` and `hybrid`
   * restore their indexes from it (the vector index is the stored HNSW graph unless `options.index` is given, in
   * which case it is built from the stored vectors); any other built-in name is returned as is (it needs only the
   * token counts, which the catalog already took).
   */
  strategy(
    name: string,
    options?: { embeddings?: EmbeddingsInterface; index?: VectorIndex | VectorIndexFactory },
  ): RetrievalStrategy | string;
}

/** Reads a section as a typed array (a view when aligned, else a copy). */
function sectionOf<T extends Float64Array | Uint32Array>(
  kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; new (length: number): T; BYTES_PER_ELEMENT: number },
  bytes: Buffer,
  start: number,
  section: SnapshotSection | undefined,
  file: string,
  name: string,
): T {
  if (section === undefined || start + section.offset + section.length > bytes.byteLength) {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is truncated or damaged: its section "${name}" is missing.`);
  }
  const at = bytes.byteOffset + start + section.offset;
  const count = section.length / kind.BYTES_PER_ELEMENT;
  if (at % kind.BYTES_PER_ELEMENT === 0) return new kind(bytes.buffer as ArrayBuffer, at, count);
  const copy = new kind(count);
  new Uint8Array(copy.buffer).set(bytes.subarray(start + section.offset, start + section.offset + section.length));
  return copy;
}

function readHeader(file: string, bytes: Buffer): { snapshot: CatalogSnapshot; start: number } {
  const notSnapshot = () =>
    new DynamicToolsError("SNAPSHOT_MISMATCH", `${file} is not a dynamic-tools snapshot (no "format": "${FORMAT}").`);
  let header: unknown;
  let start = 0;
  if (bytes.byteLength >= PREAMBLE && bytes.subarray(0, MAGIC.byteLength).equals(MAGIC)) {
    const length = bytes.readUInt32LE(8);
    if (PREAMBLE + length > bytes.byteLength)
      throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is truncated: its header runs past the end.`);
    try {
      header = JSON.parse(bytes.toString("utf8", PREAMBLE, PREAMBLE + length));
    } catch (cause) {
      throw new DynamicToolsError(
        "CATALOG_FILE_MALFORMED",
        `The snapshot ${file} has a header that is not JSON: ${(cause as Error).message}`,
        { cause },
      );
    }
    start = PREAMBLE + length + ((8 - ((PREAMBLE + length) % 8)) % 8);
  } else {
    // A snapshot of an earlier version was one JSON document: say which version it is.
    try {
      header = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw notSnapshot();
    }
  }
  const snapshot = header as Partial<CatalogSnapshot> | null;
  if (typeof snapshot !== "object" || snapshot === null || snapshot.format !== FORMAT) throw notSnapshot();
  if (snapshot.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    throw new DynamicToolsError(
      "SNAPSHOT_MISMATCH",
      `The snapshot ${file} has format version ${String(snapshot.formatVersion)}; this version of dynamic-tools reads version ${SNAPSHOT_FORMAT_VERSION}. Write it again.`,
    );
  }
  const read = snapshot as CatalogSnapshot;
  const section = read.sections?.tools;
  if (section !== undefined && start + section.offset + section.length <= bytes.byteLength) {
    const at = start + section.offset;
    let tools: CatalogSnapshot["tools"] | undefined;
    Object.defineProperty(read, "tools", {
      enumerable: true,
      get: () => (tools ??= JSON.parse(bytes.toString("utf8", at, at + section.length)) as CatalogSnapshot["tools"]),
    });
  } else {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is truncated or damaged: its section "tools" is missing.`);
  }
  return { snapshot: read, start };
}

/** A snapshot file read, not yet checked against a catalog: see {@link readSnapshot}. */
export interface SnapshotFile {
  readonly snapshot: CatalogSnapshot;
  /** The catalog's part, to pass as the `derived` option when building the catalog (ignored if it is another). */
  readonly derived: SavedCatalogDerivation;
  /** Checks the snapshot against `catalog` and offers strategies that restore its indexes (see {@link loadSnapshot}). */
  load(catalog: ToolCatalog): LoadedSnapshot;
}

/**
 * Reads a snapshot file and checks its format, before the catalog exists: build the catalog with its `derived`
 * (so it takes the derived keywords and token counts instead of deriving and counting), then `load` it.
 * @throws DynamicToolsError `SNAPSHOT_MISMATCH` for another format version or a file that is not a snapshot;
 *   `CATALOG_FILE_UNREADABLE` when it cannot be read.
 * @example
 * ```ts
 * const file = readSnapshot("catalog.snapshot");
 * const catalog = loadCatalogFile("catalog.yaml", { derived: file.derived });
 * const select = createToolSelector(catalog, { strategy: file.load(catalog).strategy("hybrid") });
 * ```
 */
export function readSnapshot(file: string): SnapshotFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read the snapshot ${file}: ${(cause as Error).message}`, { cause });
  }
  const { snapshot, start } = readHeader(file, bytes);
  return { snapshot, derived: snapshot.catalog, load: (catalog) => attachSnapshot(file, bytes, snapshot, start, catalog) };
}

/**
 * Reads a snapshot for `catalog`: checks its format version and that it was taken of this very catalog, then hands
 * its token counts to the catalog (no tokenizer is loaded for them) and offers strategies that restore its indexes.
 * A catalog built with the snapshot's `derived` (see {@link readSnapshot}) also skips deriving its keywords.
 * @throws DynamicToolsError `SNAPSHOT_MISMATCH` naming the file and what differs (format version, tool count, the
 *   first tool that differs) or that it is not a snapshot; `CATALOG_FILE_UNREADABLE` when it cannot be read.
 * @example
 * ```ts
 * const catalog = loadCatalogFile("catalog.yaml");
 * const snapshot = loadSnapshot("catalog.snapshot", catalog);
 * const select = createToolSelector(catalog, { strategy: snapshot.strategy("hybrid") });
 * ```
 */
export function loadSnapshot(file: string, catalog: ToolCatalog): LoadedSnapshot {
  return readSnapshot(file).load(catalog);
}

function attachSnapshot(file: string, bytes: Buffer, snapshot: CatalogSnapshot, start: number, catalog: ToolCatalog): LoadedSnapshot {
  checkSameCatalog(file, snapshot, catalog);
  // (A catalog built with the snapshot's `derived` has these counts already: adopting them again changes nothing.)
  catalog.adoptTokenCounts(snapshot.catalog.tokens);
  const sections = snapshot.sections ?? {};
  const section = <T extends Float64Array | Uint32Array>(kind: Parameters<typeof sectionOf<T>>[0], name: string) =>
    sectionOf(kind, bytes, start, sections[name], file, name);
  let vectors: SavedVectorIndex | undefined;
  const savedVectors = (): SavedVectorIndex | undefined => {
    if (snapshot.vectors === undefined || vectors !== undefined) return vectors;
    const { names = catalog.names(), textHashes, ...rest } = snapshot.vectors;
    const numbers = section(Float64Array, "vectors");
    const { dimensions } = rest;
    vectors = {
      ...rest,
      entries: names.map((name, position) => ({
        name,
        textHash: textHashes[position]!,
        // A view of the file's section, not a copy (the file's bytes stay alive for the BM25 postings anyway).
        vector: numbers.subarray(position * dimensions, (position + 1) * dimensions),
      })),
    };
    return vectors;
  };
  const savedBm25 = (): SavedBm25Index | undefined => {
    if (snapshot.bm25 === undefined) return undefined;
    const { ids = catalog.names(), terms, totalLength, ...rest } = snapshot.bm25;
    const postings = {
      ids,
      terms,
      totalLength,
      lengths: section(Float64Array, "bm25.lengths"),
      counts: section(Uint32Array, "bm25.counts"),
      docs: section(Uint32Array, "bm25.docs"),
      tfs: section(Float64Array, "bm25.tfs"),
    };
    return { ...rest, postings };
  };
  const savedFuzzy = (): SavedFuzzyIndex | undefined =>
    snapshot.fuzzy === undefined
      ? undefined
      : {
          ...snapshot.fuzzy,
          // Written from this very catalog (checked above), so its tools in its order.
          names: catalog.names(),
          counts: section(Uint32Array, "fuzzy.counts"),
          wordIds: section(Uint32Array, "fuzzy.wordIds"),
        };
  const graphIndex = (): VectorIndexFactory | undefined => {
    if (snapshot.hnsw === undefined) return undefined;
    const graph = sections.hnsw;
    if (graph === undefined)
      throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is truncated or damaged: its section "hnsw" is missing.`);
    const { sidecar } = snapshot.hnsw;
    // The plug-in starts loading now, so it is there when the first selection reads the graph: the read then begins
    // before the other indexes are restored, and the graph loads (on libuv's threads) while they are.
    const registered = loadVectorIndexPlugin();
    return async () => {
      const plugin = registered === undefined ? undefined : await registered.plugin;
      if (plugin?.read === undefined) {
        throw new DynamicToolsError(
          "INDEX_FAILED",
          `The snapshot ${file} holds an HNSW graph, and no vector index plug-in that reads one is registered: install @dynamic-tools/hnswlib ` +
            "(registered by default) or call registerVectorIndexPlugin(hnswPlugin).",
        );
      }
      const folder = mkdtempSync(join(tmpdir(), "dynamic-tools-snapshot-"));
      try {
        const path = join(folder, "graph.hnsw");
        writeFileSync(path, bytes.subarray(start + graph.offset, start + graph.offset + graph.length));
        return await plugin.read(path, sidecar);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    };
  };
  return {
    snapshot,
    strategy(name, options = {}) {
      if (name === "bm25") {
        const saved = savedBm25();
        return createBm25Strategy(saved === undefined ? {} : { saved });
      }
      if (name === "fuzzy") {
        const saved = savedFuzzy();
        return createFuzzyStrategy(saved === undefined ? {} : { saved });
      }
      if (name !== "vector" && name !== "hybrid") {
        createStrategy(name); // an unknown name fails here, naming the valid ones
        return name;
      }
      const saved = savedVectors();
      const graph = options.index === undefined && saved !== undefined ? graphIndex() : undefined;
      const vectorOptions: VectorStrategyOptions = {
        ...options,
        ...(saved === undefined ? {} : { saved }),
        ...(graph === undefined ? {} : { index: graph, indexHolds: "saved" as const }),
      };
      const vector = createVectorStrategy(vectorOptions);
      if (name === "vector") return vector;
      const bm25 = savedBm25();
      const fuzzy = savedFuzzy();
      return createHybridStrategy({
        vector,
        ...(bm25 === undefined ? {} : { bm25: { saved: bm25 } }),
        ...(fuzzy === undefined ? {} : { fuzzy: { saved: fuzzy } }),
      });
    },
  };
}

function checkSameCatalog(file: string, snapshot: CatalogSnapshot, catalog: ToolCatalog): void {
  if (snapshot.fingerprint === fingerprintOf(catalog)) return;
  const tools = toolHashes(catalog);
  const prefix = `The snapshot ${file} was taken of another catalog`;
  if (snapshot.tools.length !== tools.length) {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: it has ${snapshot.tools.length} tools, the catalog ${tools.length}.`);
  }
  const at = tools.findIndex(([name, hash], index) => snapshot.tools[index]![0] !== name || snapshot.tools[index]![1] !== hash);
  if (at >= 0) {
    const [name] = tools[at]!;
    const what =
      snapshot.tools[at]![0] === name ? `tool "${name}" differs` : `tool ${at} is "${snapshot.tools[at]![0]}" there and "${name}" here`;
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: ${what}.`);
  }
  throw new DynamicToolsError("SNAPSHOT_MISMATCH", `${prefix}: the categories or selection settings differ.`);
}
