/**
 * @module The word → entry lookup of a word-vector table, straight over the table's UTF-8 word list: an
 * open-addressing hash table of 32-bit slots, built in one pass over the bytes, with no string or map entry per word
 * (100,000 of each cost about 30 ms and 8 MB of heap to build, most of a cold start's table load).
 */

/** FNV-1a's 32-bit offset basis and prime. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const NEWLINE = 10;

const encoder = new TextEncoder();

/**
 * The entries of a list of words joined by `\n` (the table's word section), looked up by exact word: word `i` of
 * the list is entry `i`, and of repeated words the last one counts (as a `Map` built in order would have it).
 */
export class WordIndex {
  /** The word list's bytes (UTF-8, words joined by `\n`). */
  readonly #bytes: Uint8Array;
  /** Where word `i` starts; `#starts[i + 1] - 1` is where it ends (at its `\n`, real or past the end). */
  readonly #starts: Uint32Array;
  /** Each word's FNV-1a hash: compared before any byte is. */
  readonly #hashes: Uint32Array;
  /** Per slot, 1 + the entry stored there, or 0 for an empty slot. */
  readonly #slots: Int32Array;
  readonly #mask: number;
  /** Words in the list (pieces between `\n`s, the empty ones included). */
  readonly count: number;

  /**
   * @param bytes - the words, UTF-8, joined by `\n`.
   * @param expectedCount - how many words the list holds, if known (room is made for more when it holds more).
   */
  constructor(bytes: Uint8Array, expectedCount = 0) {
    this.#bytes = bytes;
    // Two tight passes over locals (this runs once per process, on a cold start, mostly before the JIT has optimised
    // anything): every word's start and hash, then the slots.
    let starts = new Uint32Array(Math.max(expectedCount, 1) + 1);
    let hashes = new Uint32Array(starts.length - 1);
    let count = 0;
    let hash = FNV_OFFSET;
    for (let index = 0; index <= bytes.length; index++) {
      const byte = index === bytes.length ? NEWLINE : bytes[index]!;
      if (byte !== NEWLINE) {
        hash = Math.imul(hash ^ byte, FNV_PRIME);
        continue;
      }
      if (count === hashes.length) {
        // More words than expected: twice the room.
        const moreStarts = new Uint32Array(starts.length * 2);
        moreStarts.set(starts);
        starts = moreStarts;
        const moreHashes = new Uint32Array(hashes.length * 2);
        moreHashes.set(hashes);
        hashes = moreHashes;
      }
      hashes[count] = hash >>> 0;
      starts[++count] = index + 1;
      hash = FNV_OFFSET;
    }
    // At most half full: a probe ends after about 1.5 slots on average.
    let size = 2;
    while (size < count * 2) size *= 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let word = 0; word < count; word++) {
      const wordHash = hashes[word]!;
      let slot = wordHash & mask;
      // Of equal words, the last stored wins (as a Map built in order would have it).
      for (let stored = slots[slot]! - 1; stored >= 0; stored = slots[slot]! - 1) {
        if (hashes[stored] === wordHash && sameWord(bytes, starts, stored, word)) break;
        slot = (slot + 1) & mask;
      }
      slots[slot] = word + 1;
    }
    this.#starts = starts;
    this.#hashes = hashes;
    this.#slots = slots;
    this.#mask = mask;
    this.count = count;
  }

  /** The entry of `word`, or undefined. */
  get(word: string): number | undefined {
    let hash = FNV_OFFSET;
    for (let index = 0; index < word.length; index++) {
      const code = word.charCodeAt(index);
      // Past ASCII, a character is several UTF-8 bytes: hash and compare the encoded word instead.
      if (code >= 0x80) return this.#getBytes(encoder.encode(word));
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    hash >>>= 0;
    const bytes = this.#bytes;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const stored = this.#slots[slot]! - 1;
      if (stored < 0) return undefined;
      if (this.#hashes[stored] !== hash) continue;
      const start = this.#starts[stored]!;
      if (this.#starts[stored + 1]! - 1 - start !== word.length) continue;
      let same = true;
      for (let index = 0; index < word.length && same; index++) same = bytes[start + index] === word.charCodeAt(index);
      if (same) return stored;
    }
  }

  #getBytes(word: Uint8Array): number | undefined {
    let hash = FNV_OFFSET;
    for (let index = 0; index < word.length; index++) hash = Math.imul(hash ^ word[index]!, FNV_PRIME);
    hash >>>= 0;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const stored = this.#slots[slot]! - 1;
      if (stored < 0) return undefined;
      if (this.#hashes[stored] === hash && this.#isWord(stored, word)) return stored;
    }
  }

  /** Whether the stored word `entry` has exactly these bytes. */
  #isWord(entry: number, word: Uint8Array): boolean {
    const start = this.#starts[entry]!;
    if (this.#starts[entry + 1]! - 1 - start !== word.length) return false;
    const bytes = this.#bytes;
    for (let index = 0; index < word.length; index++) if (bytes[start + index] !== word[index]) return false;
    return true;
  }
}

/** Whether entries `a` and `b` are the same word (the same bytes). */
function sameWord(bytes: Uint8Array, starts: Uint32Array, a: number, b: number): boolean {
  const length = starts[a + 1]! - 1 - starts[a]!;
  if (starts[b + 1]! - 1 - starts[b]! !== length) return false;
  for (let index = 0; index < length; index++) if (bytes[starts[a]! + index] !== bytes[starts[b]! + index]) return false;
  return true;
}
