import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";
import { seededRandom } from "./__fixtures__/seeded-random.js";
import { HnswVectorIndex, hnswVectorIndex } from "./hnsw-vector-index.js";

const next = seededRandom(42);
const randomVector = (dimensions = 100) => Array.from({ length: dimensions }, () => next() * 2 - 1);
const cosine = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0) / (Math.hypot(...a) * Math.hypot(...b));

function exactTop(vectors: Map<string, number[]>, query: number[], k: number): string[] {
  return [...vectors]
    .map(([id, vector]) => ({ id, score: cosine(vector, query) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => hit.id);
}

const directory = mkdtempSync(join(tmpdir(), "hnsw-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.skipIf(!HNSWLIB_AVAILABLE)("HnswVectorIndex (real hnswlib-node)", () => {
  const vectors = new Map<string, number[]>(Array.from({ length: 2000 }, (_, i) => [`tool_${i}`, randomVector()]));
  const queries = Array.from({ length: 50 }, () => randomVector());
  // Built in beforeAll: a skipped suite's body still runs, and without hnswlib-node the constructor throws.
  let index: HnswVectorIndex;
  beforeAll(() => {
    index = new HnswVectorIndex({ dimensions: 100, capacity: 256 });
    for (const [id, vector] of vectors) index.add(id, vector);
  });

  it("matches brute force: recall@10 ≥ 0.95 on 2,000 random 100-d vectors, growing past its capacity", () => {
    expect(index.size).toBe(2000);
    expect(index.capacity).toBeGreaterThanOrEqual(2000);
    let found = 0;
    for (const query of queries) {
      const truth = new Set(exactTop(vectors, query, 10));
      const hits = index.search(query, 10);
      expect(hits).toHaveLength(10);
      expect(hits[0]!.score).toBeCloseTo(cosine(vectors.get(hits[0]!.id)!, query), 5);
      found += hits.filter((hit) => truth.has(hit.id)).length;
    }
    const recall = found / (queries.length * 10);
    console.log(`HNSW recall@10 vs brute force: ${recall.toFixed(3)}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("filters by id", () => {
    const hits = index.search(queries[0]!, 10, (id) => id.endsWith("7"));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.id.endsWith("7"))).toBe(true);
  });

  it("filters a few of the nearest out without losing k results (searching a little deeper)", () => {
    const query = queries[1]!;
    const unfiltered = index.search(query, 13);
    const excluded = new Set(unfiltered.slice(0, 3).map((hit) => hit.id));
    const hits = index.search(query, 10, (id) => !excluded.has(id));
    expect(hits).toHaveLength(10);
    expect(hits.some((hit) => excluded.has(hit.id))).toBe(false);
    expect(hits.map((hit) => hit.id)).toEqual(unfiltered.slice(3).map((hit) => hit.id));
  });

  it("hides removed ids (markDelete) and replaces re-added ones", () => {
    const small = new HnswVectorIndex({ dimensions: 3, capacity: 2 });
    small.add("a", [1, 0, 0]);
    small.add("b", [0.9, 0.1, 0]);
    small.add("c", [0, 1, 0]);
    expect(small.capacity).toBe(4);
    expect(small.search([1, 0, 0], 1)[0]!.id).toBe("a");
    small.remove("a");
    small.remove("missing");
    expect(small.size).toBe(2);
    expect(small.search([1, 0, 0], 3).map((hit) => hit.id)).toEqual(["b", "c"]);
    small.add("c", [1, 0, 0]);
    expect(small.search([1, 0, 0], 1)[0]).toEqual({ id: "c", score: expect.closeTo(1, 5) });
    expect(small.search([1, 0, 0], 5)).toHaveLength(2);
    small.add("zero", [0, 0, 0]);
    expect(small.size).toBe(3);
    expect(small.search([0, 0, 1], 5).map((hit) => hit.id)).not.toContain("zero");
    expect(small.search([0, 0, 0], 5)).toEqual([]);
    expect(() => small.add("d", [1, 2])).toThrow(/2 numbers/);
  });

  it("saves and loads the graph and its ids", async () => {
    const path = join(directory, "tools.hnsw");
    index.remove("tool_0");
    await index.save(path);
    const loaded = await HnswVectorIndex.load(path);
    expect(loaded.size).toBe(1999);
    for (const query of queries.slice(0, 5)) expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    expect(loaded.search(vectors.get("tool_0")!, 1)[0]!.id).not.toBe("tool_0");
    loaded.add("new", randomVector());
    expect(loaded.size).toBe(2000);
  });

  it("loads the graph with a sidecar passed in (its file not read), and names a sidecar of another version", async () => {
    const path = join(directory, "given.hnsw");
    await index.save(path);
    const sidecar = JSON.parse(readFileSync(`${path}.json`, "utf8")) as { formatVersion: number };
    rmSync(`${path}.json`);
    const loaded = await HnswVectorIndex.load(path, sidecar);
    expect(loaded.size).toBe(index.size);
    for (const query of queries.slice(0, 5)) expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    await expect(HnswVectorIndex.load(path, { ...sidecar, formatVersion: 99 })).rejects.toThrow(/formatVersion 99/);
    await expect(HnswVectorIndex.load(path, null)).rejects.toThrow(/ENOENT/);
  });

  it("is the factory core's vector strategy takes", async () => {
    const created = await hnswVectorIndex({ ef: 80 })({ dimensions: 5 });
    expect(created).toBeInstanceOf(HnswVectorIndex);
    expect((created as HnswVectorIndex).dimensions).toBe(5);
    expect(() => new HnswVectorIndex({ dimensions: 0 })).toThrow(/dimensions/);
  });
});
