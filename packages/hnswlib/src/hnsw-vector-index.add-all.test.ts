import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";
import { seededRandom } from "./__fixtures__/seeded-random.js";
import { HnswVectorIndex, WORKER_BUILD_THRESHOLD } from "./hnsw-vector-index.js";

const next = seededRandom(7);
const randomVector = (dimensions = 32) => Array.from({ length: dimensions }, () => next() * 2 - 1);
const hnswTemporaryFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith("dynamic-tools-hnsw-"));

const directory = mkdtempSync(join(tmpdir(), "hnsw-add-all-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.skipIf(!HNSWLIB_AVAILABLE)("HnswVectorIndex.addAll (graph built on a worker thread)", () => {
  const count = WORKER_BUILD_THRESHOLD + 500;
  const entries = Array.from({ length: count }, (_, i) => ({
    id: `tool_${i}`,
    vector: i % 997 === 5 ? new Array<number>(32).fill(0) : randomVector(),
  }));
  const queries = Array.from({ length: 40 }, () => randomVector());

  it("builds the very graph that adding one by one builds, and leaves no temporary file", async () => {
    const before = hnswTemporaryFiles();
    const bulk = new HnswVectorIndex({ dimensions: 32, m: 8, efConstruction: 40 });
    const pending = bulk.addAll(entries);
    // While the worker builds, the index refuses to be used rather than answer from half a graph.
    expect(() => bulk.search(queries[0]!, 5)).toThrow(/being built/);
    expect(() => bulk.add("late", randomVector())).toThrow(/being built/);
    await expect(bulk.addAll(entries)).rejects.toThrow(/being built/);
    await pending;
    const oneByOne = new HnswVectorIndex({ dimensions: 32, m: 8, efConstruction: 40 });
    for (const { id, vector } of entries) oneByOne.add(id, vector);

    expect(bulk.size).toBe(count);
    for (const query of queries) expect(bulk.search(query, 10)).toEqual(oneByOne.search(query, 10));
    expect(hnswTemporaryFiles()).toEqual(before);
  });

  it("stays a normal index afterwards: add, remove, grow, save and load", async () => {
    const index = new HnswVectorIndex({ dimensions: 32, capacity: 16 });
    await index.addAll(entries);
    const extra = randomVector();
    index.add("extra", extra);
    expect(index.search(extra, 1)[0]!.id).toBe("extra");
    index.remove("tool_1");
    expect(index.search(entries[1]!.vector, 3).map((hit) => hit.id)).not.toContain("tool_1");
    expect(index.capacity).toBeGreaterThanOrEqual(count + 1);
    const path = join(directory, "bulk.hnsw");
    await index.save(path);
    const loaded = await HnswVectorIndex.load(path);
    for (const query of queries.slice(0, 10)) expect(loaded.search(query, 5)).toEqual(index.search(query, 5));
  });

  it("adds one by one (same result) into a non-empty index, below the threshold, or with repeated ids", async () => {
    const small = new HnswVectorIndex({ dimensions: 32 });
    await small.addAll(entries.slice(0, 10));
    expect(small.size).toBe(10);
    const repeated = new HnswVectorIndex({ dimensions: 32 });
    await repeated.addAll([...entries, { id: "tool_0", vector: entries[3]!.vector }]);
    expect(repeated.size).toBe(count);
    expect(
      repeated
        .search(entries[3]!.vector, 2)
        .map((hit) => hit.id)
        .sort(),
    ).toEqual(["tool_0", "tool_3"]);
  });

  it("rejects a vector of the wrong length before building anything", async () => {
    const index = new HnswVectorIndex({ dimensions: 32 });
    await expect(index.addAll([...entries, { id: "short", vector: [1, 2, 3] }])).rejects.toThrow(
      /3 numbers; this index holds vectors of 32/,
    );
    expect(index.size).toBe(0);
  });
});
