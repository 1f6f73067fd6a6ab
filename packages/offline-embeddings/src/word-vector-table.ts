/**
 * @module The shipped word-vector table (`data/word-vectors.bin`): reading its versioned binary format and looking
 * words up. The table is read once per process and per file, lazily, and shared.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { WordIndex } from "./word-index.js";

/** The format this code reads; `scripts/build-vectors.mjs` writes the same number. */
export const TABLE_FORMAT_VERSION = 1;
const MAGIC = "DTWV";
const HEADER_BYTES = 24;

/** The path of the table shipped in this package. */
export const DEFAULT_TABLE_PATH: string = fileURLToPath(new URL("../data/word-vectors.bin", import.meta.url));

/**
 * Vectors read one at a time (each on its first use) before the rest are read at once: a query needs a handful, a
 * fit to a catalog thousands.
 */
const SINGLE_READS = 256;

/** The vectors of a table read with {@link WordVectorTable.readFile} that are still in the file. */
interface PendingCodes {
  fd: number;
  /** Where the vectors start in the file. */
  offset: number;
  /** 1 for each entry whose vector was read. */
  loaded: Uint8Array;
  reads: number;
}

/** A read-only table of int8 word vectors with per-vector scales. */
export class WordVectorTable {
  /** Dimensions of every vector. */
  readonly dimensions: number;
  /** Words in the table. */
  readonly size: number;
  /** Words in the source the table was pruned from (its Zipf rank range). */
  readonly sourceVocabularySize: number;
  readonly #index: WordIndex;
  readonly #ranks: Uint32Array;
  readonly #scales: Float32Array;
  readonly #codes: Int8Array;
  /** Set while vectors are still to be read from the file (see {@link WordVectorTable.readFile}). */
  #pending: PendingCodes | undefined;

  constructor(bytes: Uint8Array) {
    // Typed views need aligned offsets: copy when the bytes sit at an unaligned offset of a shared buffer.
    const data = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const magic = String.fromCharCode(...data.subarray(0, 4));
    const version = data.byteLength >= HEADER_BYTES ? view.getUint32(4, true) : -1;
    if (magic !== MAGIC || version !== TABLE_FORMAT_VERSION) {
      throw new Error(`Not a word-vector table of format ${TABLE_FORMAT_VERSION} (magic "${magic}", version ${version}).`);
    }
    const count = view.getUint32(8, true);
    this.dimensions = view.getUint32(12, true);
    this.sourceVocabularySize = view.getUint32(16, true);
    const wordBytes = view.getUint32(20, true);
    const ranksAt = data.byteOffset + HEADER_BYTES;
    const codesAt = ranksAt + count * 8;
    const wordsAt = codesAt + count * this.dimensions;
    if (wordsAt + wordBytes !== data.byteOffset + data.byteLength) throw new Error("Word-vector table is truncated or corrupt.");
    // Little-endian on disk; every platform Node supports in practice is little-endian too.
    this.#ranks = new Uint32Array(data.buffer, ranksAt, count);
    this.#scales = new Float32Array(data.buffer, ranksAt + count * 4, count);
    this.#codes = new Int8Array(data.buffer, codesAt, count * this.dimensions);
    // Looked up over the UTF-8 bytes themselves: no string per word is made.
    this.#index = new WordIndex(data.subarray(wordsAt - data.byteOffset, wordsAt - data.byteOffset + wordBytes), count);
    this.size = count;
  }

  /**
   * Reads the table file at `path`: its header, ranks, scales and words at once, each vector on its first use (the
   * first 256), then the rest at once. A cold start that only embeds a few queries (a catalog
   * restored from a snapshot) reads 1.6 of the 11.6 MB and keeps the rest out of memory.
   */
  static readFile(path: string): WordVectorTable {
    const fd = openSync(path, "r");
    let pending = false;
    try {
      const size = fstatSync(fd).size;
      const header = Buffer.alloc(HEADER_BYTES);
      readFully(fd, header, 0, Math.min(HEADER_BYTES, size), 0);
      const count = header.readUInt32LE(8);
      const dimensions = header.readUInt32LE(12);
      const codesAt = HEADER_BYTES + count * 8;
      const wordsAt = codesAt + count * dimensions;
      const wellFormed = size >= HEADER_BYTES && header.toString("latin1", 0, 4) === MAGIC && wordsAt + header.readUInt32LE(20) === size;
      // Uninitialised and untouched where the vectors go: those pages take no memory until a vector is read.
      const bytes = Buffer.allocUnsafeSlow(size);
      if (!wellFormed) {
        // The constructor says what is wrong with it.
        readFully(fd, bytes, 0, size, 0);
        return new WordVectorTable(bytes);
      }
      readFully(fd, bytes, 0, codesAt, 0);
      readFully(fd, bytes, wordsAt, size - wordsAt, wordsAt);
      const table = new WordVectorTable(bytes);
      table.#pending = { fd, offset: codesAt, loaded: new Uint8Array(count), reads: 0 };
      pending = true;
      return table;
    } finally {
      if (!pending) closeSync(fd);
    }
  }

  /** The entry number of a word, or undefined. */
  lookup(word: string): number | undefined {
    return this.#index.get(word);
  }

  /** 1-based rank of the entry's word by corpus frequency in the source (1 = most frequent). */
  rank(entry: number): number {
    return this.#ranks[entry] ?? this.sourceVocabularySize;
  }

  /** Adds `weight ×` the entry's vector into `target`. */
  addTo(target: Float64Array, entry: number, weight: number): void {
    if (this.#pending !== undefined) this.#read(entry);
    const scale = this.#scales[entry]! * weight;
    const dimensions = this.dimensions;
    const codes = this.#codes;
    const offset = entry * dimensions;
    for (let d = 0; d < dimensions; d++) target[d]! += codes[offset + d]! * scale;
  }

  /** The entry's vector, dequantised. */
  vector(entry: number): number[] {
    const target = new Float64Array(this.dimensions);
    this.addTo(target, entry, 1);
    return [...target];
  }

  /** Reads the entry's vector from the file if it is not read yet (or, past {@link SINGLE_READS}, every vector). */
  #read(entry: number): void {
    const pending = this.#pending!;
    if (!(entry >= 0 && entry < this.size) || pending.loaded[entry] === 1) return;
    const codes = new Uint8Array(this.#codes.buffer, this.#codes.byteOffset, this.#codes.byteLength);
    const dimensions = this.dimensions;
    if (pending.reads < SINGLE_READS) {
      readFully(pending.fd, codes, entry * dimensions, dimensions, pending.offset + entry * dimensions);
      pending.loaded[entry] = 1;
      pending.reads++;
      return;
    }
    readFully(pending.fd, codes, 0, codes.byteLength, pending.offset);
    this.#pending = undefined;
    closeSync(pending.fd);
  }
}

/** Reads exactly `length` bytes at `position` of the file into `target` at `offset`. */
function readFully(fd: number, target: Uint8Array, offset: number, length: number, position: number): void {
  for (let done = 0; done < length; ) {
    const read = readSync(fd, target, offset + done, length - done, position + done);
    if (read === 0) throw new Error("Word-vector table is truncated or corrupt.");
    done += read;
  }
}

const loaded = new Map<string, WordVectorTable>();

/** The table at `path`, read on first use and shared by every caller in the process. */
export function loadWordVectorTable(path: string = DEFAULT_TABLE_PATH): WordVectorTable {
  let table = loaded.get(path);
  if (table === undefined) {
    table = WordVectorTable.readFile(path);
    loaded.set(path, table);
  }
  return table;
}
