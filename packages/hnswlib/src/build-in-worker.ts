/**
 * @module Building an HNSW graph on a worker thread: the graph of many vectors takes hundreds of milliseconds of
 * native work, which a worker does while the calling thread goes on (e.g. indexing the lexical sources); the graph
 * comes back as an hnswlib index file.
 */
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

/** What the worker builds: hnswlib's parameters and the points, inserted in order with labels 0, 1, 2, … */
export interface GraphBuild {
  dimensions: number;
  capacity: number;
  m: number;
  efConstruction: number;
  randomSeed: number;
  /** The points' numbers, point after point. */
  vectors: Float32Array;
}

// Plain CommonJS for `eval: true`: the worker needs no file of its own, so this works from the ESM and CJS builds
// and from sources alike. It inserts the points in order, exactly as `addPoint` on the calling thread would.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const hnswlib = require(workerData.modulePath);
const { dimensions, capacity, m, efConstruction, randomSeed, vectors, path } = workerData;
const graph = new hnswlib.HierarchicalNSW("cosine", dimensions);
graph.initIndex({ maxElements: capacity, m, efConstruction, randomSeed });
const point = new Array(dimensions);
const count = vectors.length / dimensions;
for (let label = 0; label < count; label++) {
  for (let d = 0; d < dimensions; d++) point[d] = vectors[label * dimensions + d];
  graph.addPoint(point, label);
}
graph.writeIndexSync(path);
parentPort.postMessage("built");
`;

/**
 * Builds the graph on a worker thread and hands it to `load` (e.g. `graph.readIndexSync`) as an index file, which
 * is deleted afterwards. Rejects if the worker cannot start or fails; nothing is left behind either way.
 */
export async function buildInWorker(build: GraphBuild, load: (path: string) => void): Promise<void> {
  // Everything up to the worker's start is synchronous: the caller's next synchronous work (e.g. indexing the
  // lexical sources) then runs while the worker builds, not before it starts.
  const directory = mkdtempSync(join(tmpdir(), "dynamic-tools-hnsw-"));
  try {
    const path = join(directory, "graph.bin");
    const modulePath = createRequire(import.meta.url).resolve("hnswlib-node");
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...build, modulePath, path } });
      worker.once("message", () => resolve());
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The HNSW build worker exited with code ${code} before finishing.`)));
    });
    load(path);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
