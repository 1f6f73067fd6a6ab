/**
 * A brute-force index whose `addAll` finishes only when the test calls `finish()`, as a build on a worker thread
 * would: for tests of what waits for a background load. Counts its bulk loads.
 */
import { BruteForceVectorIndex } from "../vector-index.js";

export class SlowBulkIndex extends BruteForceVectorIndex {
  finish!: () => void;
  loads = 0;

  addAll(entries: ReadonlyArray<{ id: string; vector: ArrayLike<number> }>): Promise<void> {
    this.loads++;
    return new Promise((resolve) => {
      this.finish = () => {
        for (const { id, vector } of entries) this.add(id, vector);
        resolve();
      };
    });
  }
}
