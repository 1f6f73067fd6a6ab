/**
 * @module Snapshots: a catalog's expensive derived state (every definition's token count, the BM25 and fuzzy name
 * indexes, the tools' embedding vectors and the embeddings' fit, the HNSW graph) written to one versioned file, so a
 * replica or a serverless function starts selecting without the tokenizer, text analysis, the embedding pass or a
 * graph build, with selections identical to a fresh build's. The catalog saves and restores its own part
 * ({@link ToolCatalog.saveDerived}, the `derived` option, which also vouches for the catalog file it was loaded from);
 * this module adds the strategies'.
 *
 * The file is a binary container: the 8 bytes `DTSNAP\0\0`, the JSON header's byte length (uint32, little-endian),
 * 4 reserved bytes, the sha256 of the header and its padding (32 bytes), the JSON header ({@link CatalogSnapshot}),
 * zero padding to a multiple of 8, then the binary sections the header's `sections` names (offsets from the end of
 * the padding, each a multiple of 8, each with its own sha256). A hybrid's fusion weights fitted from usage, when
 * given, are the `fusion` section (JSON). Reading (`snapshot-reader.ts`) reads the head, then each section when first
 * used, and checks every checksum and every count against the others (`snapshot-integrity.ts`): a damaged or altered
 * file is a typed `SNAPSHOT_MISMATCH`, never other tools.
 */
import { hnswGraphProblem } from "./hnsw-graph-check.js";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { checkCatalogOption, type SavedCatalogDerivation, type ToolCatalog } from "../catalog/tool-catalog.js";
import { describeValue } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createFuzzyStrategy, type SavedFuzzyIndex } from "../retrieval/fuzzy/fuzzy-strategy.js";
import { createHybridStrategy } from "../retrieval/hybrid/hybrid-strategy.js";
import { parseFittedFusion, type FittedFusion } from "../retrieval/hybrid/fusion-weights.js";
import type { LearnedField } from "../retrieval/learned-field.js";
import { createBm25Strategy, type SavedBm25Index } from "../retrieval/lexical/bm25-strategy.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import type { VectorIndex, VectorIndexFactory } from "../retrieval/vector/vector-index.js";
import { createUsageVectorStrategy } from "../retrieval/vector/learned-vector-strategy.js";
import { createVectorStrategy, type SavedVectorIndex, type VectorStrategyOptions } from "../retrieval/vector/vector-strategy.js";
import { loadVectorIndexPlugin } from "../retrieval/vector/vector-index-plugin.js";
import { calibrateRelevanceFloor, rememberRelevanceFloor, type RelevanceFloor } from "../selection/abstention.js";
import { readSnapshotRange, snapshotSize } from "./snapshot-reader.js";
import {
  checkFuzzy,
  checkPostings,
  checkSections,
  checksumOf,
  checkVectors,
  damaged,
  Shape,
  type CheckedSection,
} from "./snapshot-integrity.js";

/** The snapshot format this version writes and reads; any other is refused with `SNAPSHOT_MISMATCH`. */
export const SNAPSHOT_FORMAT_VERSION = 7;

const FORMAT = "dynamic-tools/snapshot";
const MAGIC = Buffer.from("DTSNAP\0\0", "latin1");
/**
 * Magic, header length, reserved, then the sha256 of the header (with its padding). Each section's own sha256 is in
 * the header and is checked when the section is first used, so a start hashes each byte it uses once, and none it
 * does not use (until version 6 the preamble's checksum covered the whole file: every section was hashed twice).
 */
const PREAMBLE = 48;
/** The preamble of format versions up to 5 (no checksum), read only to say which version a file is. */
const OLD_PREAMBLE = 16;

/** Where a binary section lies, in bytes from the start of the sections, and its checksum (sha256, base64). */
export interface SnapshotSection {
  offset: number;
  length: number;
  sha256: string;
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
  /**
   * The relevance floor of each restorable strategy (`bm25`, `fuzzy`, `vector`, `hybrid`) with abstention's default
   * settings, calibrated on these very indexes when the snapshot was written: a selector over the restored strategy
   * takes it instead of ranking the calibration probes again (only with the default embeddings and index).
   */
  floors?: Record<string, RelevanceFloor>;
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
   * Also store the indexes: the BM25 postings, the fuzzy name index, the tools' embedding vectors with the
   * embeddings' fit, the HNSW graph when the vector index is one (what `bm25`, `fuzzy`, `vector` and `hybrid` need),
   * and, with the default embeddings and index, each of those strategies' relevance floor calibrated on the restored
   * indexes. @defaultValue true
   */
  vectors?: boolean;
  /** The embeddings to store vectors of. @defaultValue `OfflineEmbeddings` */
  embeddings?: EmbeddingsInterface;
  /** The vector index to build (its graph is stored when it is an HNSW index). @defaultValue the vector strategy's default */
  index?: VectorIndex | VectorIndexFactory;
  /**
   * A hybrid strategy's fusion weights fitted from usage (`hybrid.fittedFusion()`), stored in the `fusion` section:
   * `strategy("hybrid", { usage })` of the loaded snapshot uses them until the usage has doubled since they were
   * fitted, instead of fitting again. Undefined (no fit yet): nothing is stored. @defaultValue none
   */
  fitted?: FittedFusion;
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
    this.sections[name] = { offset: this.#length, length: bytes.byteLength, sha256: checksumOf(bytes) };
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
  { vectors = true, embeddings, index, fitted }: WriteSnapshotOptions = {},
): Promise<CatalogSnapshot> {
  checkSnapshotPath(file);
  checkCatalogOption(catalog);
  const snapshot = createCatalogSnapshot(catalog);
  const sections = new SectionWriter();
  if (fitted !== undefined) sections.add("fusion", Buffer.from(JSON.stringify(parseFittedFusion(fitted)), "utf8"));
  if (vectors) {
    // Its vectors are saved right after the index is built: kept, rather than embedded a second time for save().
    const vector = createVectorStrategy({
      keepVectors: true,
      ...(embeddings === undefined ? {} : { embeddings }),
      ...(index === undefined ? {} : { index }),
    });
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
  const writeTo = (target: string): void => {
    const json = Buffer.from(
      JSON.stringify({ ...header, ...(snapshot.floors === undefined ? {} : { floors: snapshot.floors }), sections: sections.sections }),
      "utf8",
    );
    const pad = Buffer.alloc((8 - ((PREAMBLE + json.byteLength) % 8)) % 8);
    const preamble = Buffer.alloc(PREAMBLE);
    MAGIC.copy(preamble);
    preamble.writeUInt32LE(json.byteLength, 8);
    Buffer.from(checksumOf(Buffer.concat([json, pad])), "base64").copy(preamble, 16);
    writeFileSync(target, Buffer.concat([preamble, json, pad, ...sections.parts]));
  };
  // Written next to the file, then renamed over it: no reader ever opens half a file. (A process that read the old
  // file's head and reads a section after the rename gets the new file's bytes: their checksum fails, a typed
  // `SNAPSHOT_MISMATCH`, or with `onFallback` a rebuild.)
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeTo(temporary);
    if (vectors && embeddings === undefined && index === undefined) {
      snapshot.floors = await restoredFloors(temporary, catalog);
      writeTo(temporary);
    }
    renameSync(temporary, file);
  } catch (cause) {
    throw DynamicToolsError.isInstance(cause) ? cause : writeFailure(file, temporary, cause);
  } finally {
    rmSync(temporary, { force: true });
  }
  return snapshot;
}

/** Refuses a snapshot path that is not a non-empty string. */
function checkSnapshotPath(file: unknown): asserts file is string {
  if (typeof file !== "string" || file === "")
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `file must be a non-empty string, the path of the snapshot file (writeSnapshot("catalog.snapshot", catalog)), got ${describeValue(file)}.`,
      { path: ["file"] },
    );
}

/**
 * A snapshot that could not be written, as `INVALID_OPTION` naming the path the caller gave (not the temporary file
 * it is written to first) and what a valid one is, the file-system error kept as its cause.
 */
function writeFailure(file: string, temporary: string, cause: unknown): DynamicToolsError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === "ENOENT"
      ? "its folder does not exist"
      : code === "EISDIR"
        ? "it is a folder"
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? "permission denied"
          : code === "ENOTDIR"
            ? "a part of its path is not a folder"
            : String((cause as Error | undefined)?.message ?? cause)
                .split(temporary)
                .join(file);
  return new DynamicToolsError(
    "INVALID_OPTION",
    `Cannot write the snapshot ${file}: ${reason}${code === undefined ? "" : ` (${code})`}. The file must be a path to a file in an existing, writable folder.`,
    { cause, path: ["file"] },
  );
}

/**
 * Each restorable strategy's relevance floor (abstention's default settings), calibrated on the strategies restored
 * from the written file: exactly what a selector over them would calibrate at its first selection.
 */
async function restoredFloors(file: string, catalog: ToolCatalog): Promise<Record<string, RelevanceFloor>> {
  const loaded = readSnapshot(file).load(catalog);
  const floors: Record<string, RelevanceFloor> = {};
  for (const name of ["bm25", "fuzzy", "vector", "hybrid"]) {
    const strategy = loaded.strategy(name) as RetrievalStrategy;
    await strategy.index(catalog);
    floors[name] = await calibrateRelevanceFloor({ strategy, catalog });
  }
  return floors;
}

/** A loaded snapshot, checked against its catalog. */
export interface LoadedSnapshot {
  readonly snapshot: CatalogSnapshot;
  /**
   * What to pass as `createToolSelector`'s `strategy` to start from the snapshot: `bm25`, `fuzzy`, `vector` and
   * `hybrid` restore their indexes from it (the vector index is the stored HNSW graph unless `options.index` is given,
   * in which case it is built from the stored vectors) and, without options, the relevance floor stored for them; any
   * other built-in name is returned as is (it needs only the token counts, which the catalog already took). A section
   * is read, and its checksum checked, when it is first used: a damaged one is a `SNAPSHOT_MISMATCH` here or at the
   * first selection. With `usage`, `bm25`, `vector` and `hybrid` learn from it as
   * `createStrategy(name, { usage })` builds them (their bm25 and vector indexes are then built, with the learned
   * evidence in them), and `hybrid` starts from the stored fusion weights (see {@link WriteSnapshotOptions.fitted}).
   */
  strategy(name: string, options?: SnapshotStrategyOptions): RetrievalStrategy | string;
}

/** Options of {@link LoadedSnapshot.strategy}. */
export interface SnapshotStrategyOptions {
  /** The embeddings of the vector source (they must be those the vectors were stored with). @defaultValue `OfflineEmbeddings` */
  embeddings?: EmbeddingsInterface;
  /** The vector index to build from the stored vectors. @defaultValue the stored HNSW graph, else the default index */
  index?: VectorIndex | VectorIndexFactory;
  /** Learned evidence (a `UsageModel`) the strategy learns from. @defaultValue none */
  usage?: LearnedField;
  /** With `usage`, the hybrid's `separateLearnedField` (as the hybrid whose fit was stored had it). @defaultValue false */
  separateLearnedField?: boolean;
}

/** Reads a section as a typed array (a view when aligned, else a copy), after checking its length and checksum. */
function sectionOf<T extends Float64Array | Uint32Array>(
  kind: { new (buffer: ArrayBuffer, offset: number, length: number): T; new (length: number): T; BYTES_PER_ELEMENT: number },
  file: string,
  start: number,
  section: SnapshotSection | undefined,
  name: string,
): T {
  if (section === undefined) throw damaged(file, `its section "${name}" is missing`);
  const data = sectionBytes(file, start, section, name);
  if (section.length % kind.BYTES_PER_ELEMENT !== 0) throw damaged(file, `its section "${name}" is not a whole number of values`);
  const at = data.byteOffset;
  const count = section.length / kind.BYTES_PER_ELEMENT;
  if (at % kind.BYTES_PER_ELEMENT === 0) return new kind(data.buffer as ArrayBuffer, at, count);
  const copy = new kind(count);
  new Uint8Array(copy.buffer).set(data);
  return copy;
}

/** A section's bytes, read from the file now (a buffer of their own), once their checksum matched. */
function sectionBytes(file: string, start: number, section: SnapshotSection, name: string): Buffer {
  const data = readSnapshotRange(file, start + section.offset, section.length);
  if (data.byteLength < section.length) throw damaged(file, `its section "${name}" runs past the end (truncated?)`);
  if (checksumOf(data) !== section.sha256) throw damaged(file, `the checksum of its section "${name}" does not match`);
  return data;
}

/** Says which format version an old or damaged file is, when its header still reads as one; undefined otherwise. */
function olderVersion(bytes: Buffer): unknown {
  const magic = bytes.byteLength >= PREAMBLE && bytes.subarray(0, MAGIC.byteLength).equals(MAGIC);
  for (const at of magic ? [PREAMBLE, OLD_PREAMBLE] : [0]) {
    try {
      const text = at === 0 ? bytes.toString("utf8") : bytes.toString("utf8", at, at + bytes.readUInt32LE(8));
      const header = JSON.parse(text) as { format?: unknown; formatVersion?: unknown };
      if (header.format === FORMAT && header.formatVersion !== SNAPSHOT_FORMAT_VERSION) return header.formatVersion;
    } catch {
      // Not a header there.
    }
  }
  return undefined;
}

/** `offset` rounded up to a multiple of 8 (where the sections start after the header). */
function aligned(offset: number): number {
  return offset + ((8 - (offset % 8)) % 8);
}

/** The header at the current preamble when it is one of this format version, else undefined (nothing is thrown). */
function currentHeader(bytes: Buffer): unknown {
  if (bytes.byteLength < PREAMBLE) return undefined;
  const end = PREAMBLE + bytes.readUInt32LE(8);
  if (end > bytes.byteLength) return undefined;
  try {
    const header = JSON.parse(bytes.toString("utf8", PREAMBLE, end)) as { format?: unknown; formatVersion?: unknown };
    return header.format === FORMAT && header.formatVersion === SNAPSHOT_FORMAT_VERSION ? header : undefined;
  } catch {
    return undefined;
  }
}

function versionMismatch(file: string, version: unknown): DynamicToolsError {
  return new DynamicToolsError(
    "SNAPSHOT_MISMATCH",
    `The snapshot ${file} has format version ${String(version)}; this version of dynamic-tools reads version ${SNAPSHOT_FORMAT_VERSION}. Write it again.`,
  );
}

/**
 * Checks and parses the head of a snapshot: `bytes` are its first bytes (through the header's padding; the whole
 * file when it is not of this layout), `size` the file's size.
 */
function readHeader(file: string, bytes: Buffer, size: number): { snapshot: CatalogSnapshot; start: number } {
  const notSnapshot = () =>
    new DynamicToolsError("SNAPSHOT_MISMATCH", `${file} is not a dynamic-tools snapshot (no "format": "${FORMAT}").`);
  const hasMagic = bytes.byteLength >= MAGIC.byteLength && bytes.subarray(0, MAGIC.byteLength).equals(MAGIC);
  // A header of this version is parsed once; only a file that has none is probed for an older version's header.
  const current = hasMagic ? currentHeader(bytes) : undefined;
  const older = current === undefined ? olderVersion(bytes) : undefined;
  if (older !== undefined) throw versionMismatch(file, older);
  if (!hasMagic) throw notSnapshot();
  if (size < PREAMBLE) throw damaged(file, `it is ${size} bytes, shorter than its ${PREAMBLE}-byte preamble`);
  const length = bytes.readUInt32LE(8);
  if (PREAMBLE + length > size) throw damaged(file, "its header runs past the end (truncated?)");
  const start = aligned(PREAMBLE + length);
  if (!bytes.subarray(16, PREAMBLE).equals(Buffer.from(checksumOf(bytes.subarray(PREAMBLE, start)), "base64")))
    throw damaged(file, "its checksum does not match its header (truncated or changed)");
  let header: unknown = current;
  try {
    header ??= JSON.parse(bytes.toString("utf8", PREAMBLE, PREAMBLE + length));
  } catch (cause) {
    throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} has a header that is not JSON: ${(cause as Error).message}`, {
      cause,
    });
  }
  const shape = new Shape(file);
  const read = shape.object(header, "the header") as unknown as CatalogSnapshot;
  if (read.format !== FORMAT) throw notSnapshot();
  if (read.formatVersion !== SNAPSHOT_FORMAT_VERSION) throw versionMismatch(file, read.formatVersion);
  checkHeader(shape, read, size - start);
  const section = read.sections!.tools;
  if (section === undefined) throw damaged(file, `its section "tools" is missing`);
  let tools: CatalogSnapshot["tools"] | undefined;
  Object.defineProperty(read, "tools", {
    enumerable: true,
    get: () => (tools ??= toolsSection(shape, sectionBytes(file, start, section, "tools").toString("utf8"))),
  });
  return { snapshot: read, start };
}

/** The `tools` section: `[name, hash]` pairs. */
function toolsSection(shape: Shape, text: string): CatalogSnapshot["tools"] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    shape.fail("the tools section", "JSON");
  }
  if (
    !Array.isArray(value) ||
    !value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === "string"))
  )
    shape.fail("the tools section", "an array of [name, hash] pairs");
  return value as CatalogSnapshot["tools"];
}

/** Checks every field of the header that reading uses (the binary sections are checked when read). */
function checkHeader(shape: Shape, read: CatalogSnapshot, available: number): void {
  shape.string(read.fingerprint, "fingerprint");
  const catalog = shape.object(read.catalog, "catalog");
  shape.string(catalog.fingerprint, "catalog.fingerprint");
  shape.tokenCounts(catalog.tokens, "catalog.tokens");
  if (catalog.source !== undefined) shape.string(catalog.source, "catalog.source");
  shape.count(read.totalTokens, "totalTokens");
  read.sections = checkSections(shape, read.sections, available) as Record<string, SnapshotSection & CheckedSection>;
  if (read.bm25 !== undefined) {
    const bm25 = shape.object(read.bm25, "bm25");
    if (bm25.ids !== undefined) shape.strings(bm25.ids, "bm25.ids");
    shape.strings(bm25.terms, "bm25.terms");
    shape.finite(bm25.totalLength, "bm25.totalLength");
    shape.object(bm25.settings, "bm25.settings");
    if (!Array.isArray(bm25.nameTerms)) shape.fail("bm25.nameTerms", "an array");
    (bm25.nameTerms as unknown[]).forEach((pair, index) => {
      if (!Array.isArray(pair) || typeof pair[0] !== "string") shape.fail(`bm25.nameTerms[${index}]`, "a [term, count] pair");
      shape.count(pair[1], `bm25.nameTerms[${index}][1]`);
    });
  }
  if (read.vectors !== undefined) {
    const vectors = shape.object(read.vectors, "vectors");
    if (vectors.names !== undefined) shape.strings(vectors.names, "vectors.names");
    shape.strings(vectors.textHashes, "vectors.textHashes");
    shape.count(vectors.dimensions, "vectors.dimensions");
    shape.string(vectors.model, "vectors.model");
  }
  if (read.fuzzy !== undefined) {
    const fuzzy = shape.object(read.fuzzy, "fuzzy");
    shape.strings(fuzzy.words, "fuzzy.words");
    shape.strings(fuzzy.stems, "fuzzy.stems");
  }
  if (read.hnsw !== undefined) shape.object(read.hnsw, "hnsw");
  if (read.floors !== undefined) {
    for (const [name, value] of Object.entries(shape.object(read.floors, "floors"))) {
      const floor = shape.object(value, `floors.${name}`);
      for (const key of ["signals", "remarks"] as const) {
        if (key === "remarks" && floor.remarks === undefined) continue;
        for (const [signal, score] of Object.entries(shape.object(floor[key], `floors.${name}.${key}`))) {
          if (shape.finite(score, `floors.${name}.${key}.${signal}`) <= 0)
            shape.fail(`floors.${name}.${key}.${signal}`, "a number above 0");
        }
      }
      shape.count(floor.probes, `floors.${name}.probes`);
      shape.count(floor.tools, `floors.${name}.tools`);
    }
  }
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
  // The head only (preamble, header, padding); the sections are read when first used. A file without this layout is
  // read whole, to say which older version it is.
  const size = snapshotSize(file);
  const preamble = readSnapshotRange(file, 0, PREAMBLE);
  const layout = preamble.byteLength === PREAMBLE && preamble.subarray(0, MAGIC.byteLength).equals(MAGIC);
  const headLength = layout ? aligned(PREAMBLE + preamble.readUInt32LE(8)) : size;
  const { snapshot, start } = readHeader(file, readSnapshotRange(file, 0, Math.min(size, headLength)), size);
  return {
    snapshot,
    derived: snapshot.catalog,
    load: (catalog) => attachSnapshot(file, snapshot, start, checkCatalogOption(catalog)),
  };
}

/**
 * Reads a snapshot for `catalog`: checks its format version and that it was taken of this very catalog, then hands
 * its token counts to the catalog (no tokenizer is loaded for them) and offers strategies that restore its indexes.
 * A catalog built with the snapshot's `derived` (see {@link readSnapshot}) also skips deriving its keywords.
 * Every checksum, count and offset is checked first (when a section is first used, for the indexes' sections).
 * @param options.onFallback - given, a snapshot that cannot be used is reported to it and the indexes are built instead.
 * @throws DynamicToolsError `SNAPSHOT_MISMATCH` naming the file and what differs (format version, tool count, the
 *   first tool that differs), what is damaged, or that it is not a snapshot; `CATALOG_FILE_UNREADABLE` when it cannot
 *   be read. With `onFallback`, neither.
 * @example
 * ```ts
 * const catalog = loadCatalogFile("catalog.yaml");
 * const snapshot = loadSnapshot("catalog.snapshot", catalog);
 * const select = createToolSelector(catalog, { strategy: snapshot.strategy("hybrid") });
 * ```
 */
export function loadSnapshot(file: string, catalog: ToolCatalog): LoadedSnapshot;
export function loadSnapshot(file: string, catalog: ToolCatalog, options: LoadSnapshotOptions): SnapshotOrRebuild;
export function loadSnapshot(file: string, catalog: ToolCatalog, { onFallback }: LoadSnapshotOptions = {}): SnapshotOrRebuild {
  if (onFallback === undefined) return readSnapshot(file).load(catalog);
  const fallBack = (error: unknown): void => {
    if (!DynamicToolsError.isInstance(error) || (error.code !== "SNAPSHOT_MISMATCH" && error.code !== "CATALOG_FILE_UNREADABLE"))
      throw error;
    onFallback(error);
  };
  let loaded: LoadedSnapshot | undefined;
  try {
    loaded = readSnapshot(file).load(catalog);
  } catch (error) {
    fallBack(error);
  }
  return {
    snapshot: loaded?.snapshot,
    strategy(name, options = {}) {
      if (loaded !== undefined) {
        try {
          return loaded.strategy(name, options);
        } catch (error) {
          fallBack(error);
        }
      }
      return builtStrategy(name, options);
    },
  };
}

/** What {@link loadSnapshot} gives with `onFallback`: `snapshot` is undefined when the file could not be used. */
export interface SnapshotOrRebuild extends Omit<LoadedSnapshot, "snapshot"> {
  readonly snapshot: CatalogSnapshot | undefined;
}

/** Options of {@link loadSnapshot}. */
export interface LoadSnapshotOptions {
  /**
   * Given, a snapshot that cannot be used (damaged or altered, of another format version or another catalog,
   * unreadable) is reported to it instead of thrown, and every strategy is built from the catalog as without a
   * snapshot. @defaultValue throw
   */
  onFallback?: (error: DynamicToolsError) => void;
}

/** A strategy built from the catalog alone (what `strategy()` gives when the snapshot cannot be used). */
function builtStrategy(name: string, options: SnapshotStrategyOptions): RetrievalStrategy | string {
  createStrategy(name); // an unknown name fails here, naming the valid ones
  if (options.usage !== undefined) return learningStrategy(name, options, undefined);
  if (options.embeddings === undefined && options.index === undefined) return name;
  if (name === "vector") return createVectorStrategy(options);
  if (name === "hybrid") return createHybridStrategy({ vector: createVectorStrategy(options) });
  return name;
}

/**
 * A strategy learning from `options.usage`, as `createStrategy(name, { usage })` builds it (with `options`' embeddings
 * and index), the hybrid starting from `fitted`.
 */
function learningStrategy(name: string, options: SnapshotStrategyOptions, fitted: FittedFusion | undefined): RetrievalStrategy | string {
  const { usage, embeddings, index } = options;
  if (usage === undefined || (name !== "bm25" && name !== "vector" && name !== "hybrid")) {
    createStrategy(name); // an unknown name fails here, naming the valid ones
    return name;
  }
  if (name === "bm25") return createStrategy(name, { usage });
  const withWords = usage.words === undefined ? undefined : (usage as LearnedField & Required<Pick<LearnedField, "words">>);
  // Without an index of the caller's, the hybrid builds its own default vector source (as `createStrategy` does).
  const vector =
    index === undefined
      ? undefined
      : withWords === undefined
        ? createVectorStrategy({ embeddings, index })
        : createUsageVectorStrategy({ embeddings, index, usage: withWords });
  if (name === "vector") return vector ?? createStrategy(name, { usage, ...(embeddings === undefined ? {} : { embeddings }) });
  return createHybridStrategy({
    usage,
    ...(options.separateLearnedField === true ? { separateLearnedField: true } : {}),
    ...(vector === undefined ? {} : { vector }),
    ...(embeddings === undefined ? {} : { embeddings }),
    ...(fitted === undefined ? {} : { fitted }),
  });
}

function attachSnapshot(file: string, snapshot: CatalogSnapshot, start: number, catalog: ToolCatalog): LoadedSnapshot {
  checkSameCatalog(file, snapshot, catalog);
  // (A catalog built with the snapshot's `derived` has these counts already: adopting them again changes nothing.)
  catalog.adoptTokenCounts(snapshot.catalog.tokens);
  const sections = snapshot.sections ?? {};
  const shape = new Shape(file);
  // Each section is checked (checksum, length) once, when first used.
  const read = new Map<string, Float64Array | Uint32Array>();
  const section = <T extends Float64Array | Uint32Array>(kind: Parameters<typeof sectionOf<T>>[0], name: string): T => {
    let array = read.get(name) as T | undefined;
    if (array === undefined) read.set(name, (array = sectionOf(kind, file, start, sections[name], name)));
    return array;
  };
  let vectors: SavedVectorIndex | undefined;
  /**
   * The saved vectors; `inIndex`: the saved graph holds them, so the entries carry none and the section (the largest
   * but the graph's) is neither read nor checked beyond its length.
   */
  const savedVectors = (inIndex: boolean): SavedVectorIndex | undefined => {
    if (snapshot.vectors === undefined) return undefined;
    if (vectors !== undefined && (inIndex || vectors.vectorsInIndex !== true)) return vectors;
    const { names = catalog.names(), textHashes, ...rest } = snapshot.vectors;
    const { dimensions } = rest;
    if (inIndex) {
      const length = sections.vectors?.length;
      if (length === undefined) throw damaged(file, `its section "vectors" is missing`);
      checkVectors(shape, { names, textHashes, dimensions, numbers: undefined, length: length / Float64Array.BYTES_PER_ELEMENT });
      const none = new Float64Array(0);
      vectors = {
        ...rest,
        vectorsInIndex: true,
        entries: names.map((name, position) => ({ name, textHash: textHashes[position]!, vector: none })),
      };
      return vectors;
    }
    const numbers = section(Float64Array, "vectors");
    checkVectors(shape, { names, textHashes, dimensions, numbers, length: numbers.length });
    vectors = {
      ...rest,
      entries: names.map((name, position) => ({
        name,
        textHash: textHashes[position]!,
        // A view of the section's own buffer, not a copy.
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
    checkPostings(shape, postings);
    return { ...rest, postings };
  };
  const savedFuzzy = (): SavedFuzzyIndex | undefined => {
    if (snapshot.fuzzy === undefined) return undefined;
    const fuzzy = {
      ...snapshot.fuzzy,
      // Written from this very catalog (checked above), so its tools in its order.
      names: catalog.names(),
      counts: section(Uint32Array, "fuzzy.counts"),
      wordIds: section(Uint32Array, "fuzzy.wordIds"),
    };
    checkFuzzy(shape, fuzzy);
    return fuzzy;
  };
  const graphIndex = (): VectorIndexFactory | undefined => {
    if (snapshot.hnsw === undefined) return undefined;
    const graph = sections.hnsw;
    if (graph === undefined)
      throw new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is truncated or damaged: its section "hnsw" is missing.`);
    const { sidecar } = snapshot.hnsw;
    // Read and checked now, so a damaged graph is the snapshot's error here (and `onFallback`'s), not a failed index
    // at the first selection; the bytes are let go once the plug-in has read them.
    let bytes: Buffer | undefined = sectionBytes(file, start, graph, "hnsw");
    // Checksums say the bytes are the ones written, not that hnswlib can read them: a file anyone may have written.
    const problem = hnswGraphProblem(bytes, sidecar);
    if (problem !== undefined) throw damaged(file, `its section "hnsw": ${problem}`);
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
        writeFileSync(path, bytes ?? sectionBytes(file, start, graph, "hnsw"));
        bytes = undefined;
        return await plugin.read(path, sidecar);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    };
  };
  let fitted: FittedFusion | undefined;
  const savedFusion = (): FittedFusion | undefined => {
    const fusion = sections.fusion;
    if (fusion === undefined || fitted !== undefined) return fitted;
    // Read first: an unreadable file is that error, not "not fitted fusion weights".
    const text = sectionBytes(file, start, fusion, "fusion").toString("utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
      fitted = parseFittedFusion(value, "fusion");
    } catch (cause) {
      if (DynamicToolsError.isInstance(cause) && cause.code === "SNAPSHOT_MISMATCH") throw cause;
      throw damaged(file, `its section "fusion" is not fitted fusion weights (${(cause as Error).message})`);
    }
    return fitted;
  };
  return {
    snapshot,
    strategy(name, options = {}) {
      if (options.usage !== undefined) return learningStrategy(name, options, name === "hybrid" ? savedFusion() : undefined);
      const restored = restoredStrategy(name, options);
      const floor = snapshot.floors?.[name];
      // The floor was calibrated with the default embeddings and index: other ones rank otherwise.
      if (typeof restored !== "string" && floor !== undefined && options.embeddings === undefined && options.index === undefined) {
        rememberRelevanceFloor(restored, floor);
      }
      return restored;
    },
  };

  function restoredStrategy(name: string, options: SnapshotStrategyOptions): RetrievalStrategy | string {
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
    const graph = options.index === undefined && snapshot.vectors !== undefined ? graphIndex() : undefined;
    // With the default (offline, synchronous) embeddings the graph's vectors are all the strategy needs.
    const saved = savedVectors(graph !== undefined && options.embeddings === undefined);
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
  }
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
