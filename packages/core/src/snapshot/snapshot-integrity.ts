/**
 * @module What a snapshot file must satisfy before anything in it is used: checksums (over the whole file and per
 * section) against damage, and every count, length, offset and index checked against the others, so that a damaged
 * or crafted file gives a typed `SNAPSHOT_MISMATCH` naming the file and what is wrong, never other tools, a hang or a
 * raw `TypeError`. Pure.
 */
import { createHash } from "node:crypto";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** The checksum of bytes: sha256, base64. */
export function checksumOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64");
}

/** The error for a file that is damaged or inconsistent. */
export function damaged(file: string, what: string): DynamicToolsError {
  return new DynamicToolsError("SNAPSHOT_MISMATCH", `The snapshot ${file} is damaged or was altered: ${what}. Write it again.`);
}

/** A checker of JSON values that names the path of the first bad one. */
export class Shape {
  readonly #file: string;
  constructor(file: string) {
    this.#file = file;
  }

  fail(path: string, expected: string): never {
    throw damaged(this.#file, `${path} must be ${expected}`);
  }

  object(value: unknown, path: string): Record<string, unknown> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) this.fail(path, "an object");
    return value as Record<string, unknown>;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== "string") this.fail(path, "a string");
    return value as string;
  }

  count(value: unknown, path: string): number {
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) this.fail(path, "a whole number ≥ 0");
    return value as number;
  }

  finite(value: unknown, path: string): number {
    if (typeof value !== "number" || !Number.isFinite(value)) this.fail(path, "a finite number");
    return value as number;
  }

  strings(value: unknown, path: string, { unique = false } = {}): string[] {
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) this.fail(path, "an array of strings");
    if (unique && new Set(value).size !== value.length) this.fail(path, "an array of distinct strings");
    return value as string[];
  }

  /** `[name, count]` pairs, names distinct. */
  tokenCounts(value: unknown, path: string): Array<[string, number]> {
    if (!Array.isArray(value)) this.fail(path, "an array of [tool, tokens] pairs");
    const names = new Set<string>();
    (value as unknown[]).forEach((pair, index) => {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string" || names.has(pair[0]))
        this.fail(`${path}[${index}]`, "a [tool, tokens] pair of a tool not named before");
      this.count(pair[1], `${path}[${index}][1]`);
      names.add(pair[0] as string);
    });
    return value as Array<[string, number]>;
  }
}

/** A binary section: where it lies and its checksum. */
export interface CheckedSection {
  offset: number;
  length: number;
  sha256: string;
}

/** Checks the `sections` table: aligned, inside the file, not overlapping. */
export function checkSections(shape: Shape, value: unknown, available: number): Record<string, CheckedSection> {
  const table = shape.object(value, "sections");
  const sections: Record<string, CheckedSection> = {};
  const spans: Array<[number, number]> = [];
  for (const [name, raw] of Object.entries(table)) {
    const section = shape.object(raw, `sections.${name}`);
    const offset = shape.count(section.offset, `sections.${name}.offset`);
    const length = shape.count(section.length, `sections.${name}.length`);
    const sha256 = shape.string(section.sha256, `sections.${name}.sha256`);
    if (offset % 8 !== 0) shape.fail(`sections.${name}.offset`, "a multiple of 8");
    if (offset + length > available)
      shape.fail(`sections.${name}`, `inside the file (it ends at ${offset + length}, the sections at ${available})`);
    spans.push([offset, offset + length]);
    sections[name] = { offset, length, sha256 };
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < spans.length; index++) if (spans[index]![0] < spans[index - 1]![1]) shape.fail("sections", "non-overlapping");
  return sections;
}

/** Checks BM25 postings against one another: every list inside the arrays, every document an id. */
export function checkPostings(
  shape: Shape,
  postings: {
    ids: readonly string[];
    terms: readonly string[];
    lengths: Float64Array;
    counts: Uint32Array;
    docs: Uint32Array;
    tfs: Float64Array;
  },
): void {
  const { ids, terms, lengths, counts, docs, tfs } = postings;
  if (new Set(ids).size !== ids.length) shape.fail("bm25.ids", "distinct");
  if (new Set(terms).size !== terms.length) shape.fail("bm25.terms", "distinct");
  if (lengths.length !== ids.length) shape.fail("bm25.lengths", `one length per document (${ids.length})`);
  if (counts.length !== terms.length) shape.fail("bm25.counts", `one count per term (${terms.length})`);
  let total = 0;
  for (let index = 0; index < counts.length; index++) total += counts[index]!;
  if (docs.length !== total || tfs.length !== total) shape.fail("bm25.docs and bm25.tfs", `as long as the counts add up to (${total})`);
  for (let index = 0; index < docs.length; index++)
    if (docs[index]! >= ids.length) shape.fail(`bm25.docs[${index}]`, `a document (< ${ids.length})`);
  for (let index = 0; index < tfs.length; index++)
    if (!(tfs[index]! > 0) || !Number.isFinite(tfs[index]!)) shape.fail(`bm25.tfs[${index}]`, "positive");
  for (let index = 0; index < lengths.length; index++)
    if (!(lengths[index]! >= 0) || !Number.isFinite(lengths[index]!)) shape.fail(`bm25.lengths[${index}]`, "a finite length ≥ 0");
}

/** Checks the fuzzy name index: one count per tool, every word id a word. */
export function checkFuzzy(
  shape: Shape,
  fuzzy: { names: readonly string[]; words: readonly string[]; stems: readonly string[]; counts: Uint32Array; wordIds: Uint32Array },
): void {
  const { names, words, stems, counts, wordIds } = fuzzy;
  if (stems.length !== words.length) shape.fail("fuzzy.stems", `one stem per word (${words.length})`);
  if (counts.length !== names.length) shape.fail("fuzzy.counts", `one count per tool (${names.length})`);
  let total = 0;
  for (let index = 0; index < counts.length; index++) total += counts[index]!;
  if (wordIds.length !== total) shape.fail("fuzzy.wordIds", `as long as the counts add up to (${total})`);
  for (let index = 0; index < wordIds.length; index++)
    if (wordIds[index]! >= words.length) shape.fail(`fuzzy.wordIds[${index}]`, `a word (< ${words.length})`);
}

/** Checks stored vectors: one per name, finite. */
export function checkVectors(
  shape: Shape,
  vectors: {
    names: readonly string[];
    textHashes: readonly string[];
    dimensions: number;
    numbers: Float64Array | undefined;
    length: number;
  },
): void {
  const { names, textHashes, dimensions, numbers, length } = vectors;
  if (new Set(names).size !== names.length) shape.fail("vectors.names", "distinct");
  if (textHashes.length !== names.length) shape.fail("vectors.textHashes", `one hash per tool (${names.length})`);
  if (dimensions < 1 || length !== names.length * dimensions) shape.fail("vectors", `${names.length} vectors of ${dimensions} numbers`);
  if (numbers === undefined) return;
  for (let index = 0; index < numbers.length; index++) if (!Number.isFinite(numbers[index]!)) shape.fail(`vectors[${index}]`, "finite");
}
