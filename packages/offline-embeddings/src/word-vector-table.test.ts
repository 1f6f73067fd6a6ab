import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_TABLE_PATH, WordVectorTable } from "./word-vector-table.js";

describe("WordVectorTable.readFile (vectors read on use)", () => {
  const whole = new WordVectorTable(readFileSync(DEFAULT_TABLE_PATH));

  it("gives every entry the vector, rank and words of the table read whole, before and after the bulk read", () => {
    const lazy = WordVectorTable.readFile(DEFAULT_TABLE_PATH);
    expect([lazy.size, lazy.dimensions, lazy.sourceVocabularySize]).toEqual([whole.size, whole.dimensions, whole.sourceVocabularySize]);
    // Scattered entries one by one (past the 256 single reads, so the rest is read at once), then every entry.
    const scattered = Array.from({ length: 400 }, (_, position) => (position * 7919) % whole.size);
    for (const entry of scattered) expect(lazy.vector(entry)).toEqual(whole.vector(entry));
    for (let entry = 0; entry < whole.size; entry += 13) {
      expect(lazy.vector(entry)).toEqual(whole.vector(entry));
      expect(lazy.rank(entry)).toBe(whole.rank(entry));
    }
    for (const word of ["the", "photo", "salaries", "zzzqx", "café"]) expect(lazy.lookup(word)).toBe(whole.lookup(word));
    const target = new Float64Array(whole.dimensions);
    const expected = new Float64Array(whole.dimensions);
    lazy.addTo(target, whole.lookup("photo")!, 0.5);
    whole.addTo(expected, whole.lookup("photo")!, 0.5);
    expect(target).toEqual(expected);
  });

  it("refuses a truncated or foreign file, as the table read whole does", () => {
    const folder = mkdtempSync(join(tmpdir(), "word-table-test-"));
    const bytes = readFileSync(DEFAULT_TABLE_PATH);
    const truncated = join(folder, "truncated.bin");
    writeFileSync(truncated, bytes.subarray(0, bytes.byteLength - 10));
    expect(() => WordVectorTable.readFile(truncated)).toThrow(/truncated or corrupt/);
    const foreign = join(folder, "foreign.bin");
    writeFileSync(foreign, Buffer.from("not a table at all, just text"));
    expect(() => WordVectorTable.readFile(foreign)).toThrow(/Not a word-vector table/);
  });
});
