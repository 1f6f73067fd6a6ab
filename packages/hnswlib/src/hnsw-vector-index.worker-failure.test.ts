import { describe, expect, it, vi } from "vitest";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";

// A machine where the worker cannot start (or dies): addAll must build on the calling thread instead.
vi.mock("./build-in-worker.js", () => ({
  buildInWorker: vi.fn(async () => {
    throw new Error("no worker threads here");
  }),
}));

const { HnswVectorIndex, WORKER_BUILD_THRESHOLD } = await import("./hnsw-vector-index.js");
const { buildInWorker } = await import("./build-in-worker.js");

describe.skipIf(!HNSWLIB_AVAILABLE)("HnswVectorIndex.addAll when the worker fails", () => {
  it("builds the graph on the calling thread, with every vector searchable", async () => {
    const entries = Array.from({ length: WORKER_BUILD_THRESHOLD }, (_, i) => ({
      id: `tool_${i}`,
      vector: [Math.cos(i), Math.sin(i), (i % 7) / 7],
    }));
    const index = new HnswVectorIndex({ dimensions: 3 });
    await index.addAll(entries);
    expect(vi.mocked(buildInWorker)).toHaveBeenCalledTimes(1);
    expect(index.size).toBe(entries.length);
    expect(index.search(entries[42]!.vector, 1)[0]!.id).toBe("tool_42");
  });
});
