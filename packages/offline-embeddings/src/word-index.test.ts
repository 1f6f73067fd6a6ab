import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WordIndex } from "./word-index.js";
import { DEFAULT_TABLE_PATH, loadWordVectorTable } from "./word-vector-table.js";

const encode = (text: string) => new TextEncoder().encode(text);

/** What the table's lookup was before: a Map of the decoded words, built in order (the last of equal words wins). */
const mapOf = (text: string) => new Map(text.split("\n").map((word, index) => [word, index]));

/** The shipped table's word section, decoded. */
function shippedWords(): string {
  const bytes = readFileSync(DEFAULT_TABLE_PATH);
  const count = bytes.readUInt32LE(8);
  const dimensions = bytes.readUInt32LE(12);
  const wordBytes = bytes.readUInt32LE(20);
  const at = 24 + count * 8 + count * dimensions;
  return bytes.toString("utf8", at, at + wordBytes);
}

describe("WordIndex", () => {
  it("finds every word of the shipped table at the entry a Map of its words gives, and nothing else", () => {
    const text = shippedWords();
    const expected = mapOf(text);
    const index = new WordIndex(encode(text));
    expect(index.count).toBe(loadWordVectorTable().size);
    for (const [word, entry] of expected) expect(index.get(word)).toBe(entry);
    // Near misses: suffixes and prefixes of real words, other cases, non-ASCII, the empty word.
    const probes = [...expected.keys()].filter((_, position) => position % 97 === 0);
    for (const word of probes) {
      for (const probe of [`${word}s`, `${word}ing`, word.slice(1), word.toUpperCase(), `${word}é`, `${word}\n${word}`]) {
        expect(index.get(probe), probe).toBe(expected.get(probe));
      }
    }
    expect(index.get("")).toBe(expected.get(""));
    expect(index.get("qqxqzzjw")).toBeUndefined();
  });

  it("handles non-ASCII words, repeated words (the last counts) and empty pieces as a Map would", () => {
    const text = "café\nthe\nnaïve\nthe\n\n東京\ncafe\n";
    const expected = mapOf(text);
    const index = new WordIndex(encode(text));
    expect(index.count).toBe(text.split("\n").length); // every piece, "the" and "" twice
    for (const word of ["café", "the", "naïve", "", "東京", "cafe", "caf", "東", "naive", "the\n"]) {
      expect(index.get(word), word).toBe(expected.get(word));
    }
  });

  it("finds each of 5,000 similar short words at its own entry; an empty list holds only the empty word", () => {
    const words = Array.from({ length: 5_000 }, (_, position) => `w${position.toString(36)}`);
    const index = new WordIndex(encode(words.join("\n")));
    words.forEach((word, position) => expect(index.get(word)).toBe(position));
    expect(index.get("w")).toBeUndefined();
    expect(new WordIndex(new Uint8Array(0)).get("")).toBe(0);
    expect(new WordIndex(new Uint8Array(0)).get("a")).toBeUndefined();
  });
});
