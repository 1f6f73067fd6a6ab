/**
 * @module The shipped word-vector table (`data/word-vectors.bin`): reading its versioned binary format and looking
 * words up. The table is read once per process and per file, lazily, and shared.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { WordIndex } from "./word-index.js";

/** The format this code reads; `scripts/build-vectors.mjs` writes the same number. */
export const TABLE_FORMAT_VERSION = 1;
const MAGIC = "DTWV";
const HEADER_BYTES = 24;

/** The path of the table shipped in this package. */
export const DEFAULT_TABLE_PATH: string = fileURLToPath(new URL("../data/word-vectors.bin", import.meta.url));

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
}

const loaded = new Map<string, WordVectorTable>();

/** The table at `path`, read on first use and shared by every caller in the process. */
export function loadWordVectorTable(path: string = DEFAULT_TABLE_PATH): WordVectorTable {
  let table = loaded.get(path);
  if (table === undefined) {
    table = new WordVectorTable(readFileSync(path));
    loaded.set(path, table);
  }
  return table;
}
