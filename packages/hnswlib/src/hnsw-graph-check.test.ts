/**
 * The check of a graph file and its sidecar before hnswlib reads them (`hnswGraphProblem`, core), on graphs real
 * hnswlib-node wrote: each crafted file is refused with its problem, where hnswlib would abort, crash or read out of
 * bounds; the files it writes itself (after growth, removals and zero vectors) pass.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hnswGraphProblem } from "@dynamic-tools/core/internal";
import { describe, expect, it } from "vitest";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";
import { HnswVectorIndex } from "./hnsw-vector-index.js";

/** A saved graph of `count` 8-d vectors, grown past its first capacity, with two removed and one zero vector. */
async function savedGraph(count = 40): Promise<{ path: string; bytes: Buffer; sidecar: Record<string, unknown> }> {
  const index = new HnswVectorIndex({ dimensions: 8, capacity: 16, m: 4 });
  for (let id = 0; id < count; id++)
    index.add(
      `t${id}`,
      Array.from({ length: 8 }, (_, d) => Math.sin(id * 8 + d)),
    );
  index.add("zero", new Array(8).fill(0));
  index.remove("t3");
  index.remove("t7");
  const path = join(mkdtempSync(join(tmpdir(), "hnsw-check-")), "graph.hnsw");
  await index.save(path);
  return { path, bytes: readFileSync(path), sidecar: JSON.parse(readFileSync(`${path}.json`, "utf8")) };
}

describe.skipIf(!HNSWLIB_AVAILABLE)("hnswGraphProblem on graphs hnswlib wrote", () => {
  it("passes what hnswlib writes, and the index loads", async () => {
    const { path, bytes, sidecar } = await savedGraph();
    expect(hnswGraphProblem(bytes, sidecar)).toBeUndefined();
    expect((await HnswVectorIndex.load(path)).size).toBe(39);
  });

  it("passes an index built with a large capacity for a few vectors (the capacity is an option)", async () => {
    const index = new HnswVectorIndex({ dimensions: 1536, capacity: 20_000 });
    for (let id = 0; id < 10; id++)
      index.add(
        `t${id}`,
        Array.from({ length: 1536 }, (_, d) => Math.cos(id + d)),
      );
    const path = join(mkdtempSync(join(tmpdir(), "hnsw-check-")), "roomy.hnsw");
    await index.save(path);
    expect(hnswGraphProblem(readFileSync(path), JSON.parse(readFileSync(`${path}.json`, "utf8")))).toBeUndefined();
    expect((await HnswVectorIndex.load(path)).size).toBe(10);
  });

  it.each<[string, (bytes: Buffer, sidecar: Record<string, unknown>) => void, RegExp]>([
    ["two billion dimensions", (_bytes, sidecar) => (sidecar.dimensions = 2_000_000_000), /sidecar's dimensions is not a whole number/],
    [
      "labels the sidecar repeats",
      (_bytes, sidecar) => ((sidecar.ids as unknown[][])[1]![1] = (sidecar.ids as unknown[][])[0]![1]),
      /distinct labels/,
    ],
    [
      "a header for other dimensions",
      (_bytes, sidecar) => (sidecar.dimensions = 16),
      /header does not match its sidecar or hnswlib's layout \(layout\)/,
    ],
    ["a huge node count", (bytes) => bytes.writeBigUInt64LE(2n ** 40n, 16), /\(count\)/],
    ["a huge capacity", (bytes) => bytes.writeBigUInt64LE(2n ** 30n, 8), /far more room than it holds/],
    ["an entry point outside the graph", (bytes) => bytes.writeUInt32LE(4_000_000_000, 52), /\(entry\)/],
    ["a link to a node it does not hold", (bytes) => bytes.writeUInt32LE(1_000_000, 96 + 4), /node 0 links to nodes it does not hold/],
    [
      "a label the sidecar never gave",
      (bytes) => bytes.writeBigUInt64LE(2n ** 32n, 96 + 4 * 8 + 4 + 8 * 4),
      /node 0 has a label the sidecar never gave/,
    ],
  ])("refuses %s", async (_name, craft, problem) => {
    const { path, bytes, sidecar } = await savedGraph();
    craft(bytes, sidecar);
    expect(hnswGraphProblem(bytes, sidecar)).toMatch(problem);
    // HnswVectorIndex.load refuses the same file with an error, where hnswlib would abort or crash.
    writeFileSync(path, bytes);
    await expect(HnswVectorIndex.load(path, sidecar)).rejects.toThrow(/cannot be read safely/);
  });

  it("refuses a file cut short, or with bytes after its last node", async () => {
    const { bytes, sidecar } = await savedGraph();
    expect(hnswGraphProblem(bytes.subarray(0, 40), sidecar)).toBe("its graph is shorter than hnswlib's header");
    expect(hnswGraphProblem(bytes.subarray(0, bytes.length - 3), sidecar)).toMatch(/ends before|do not fit|shorter/);
    expect(hnswGraphProblem(Buffer.concat([bytes, Buffer.alloc(4)]), sidecar)).toBe("its graph has bytes after its last node");
  });
});
