/**
 * The README's performance figures and docs/performance.md's speed targets are what `npm run bench:record` kept from
 * `dynamic-tools bench --targets` (docs/performance-results.json), rendered by scripts/performance-figures.mjs; and the
 * targets kept are what the bench's judge makes of the rows kept with them.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { speedTargets } from "../packages/core/src/bench/speed-targets.js";
import { readBlock, renderReadmeBlock, renderTargetsBlock } from "../scripts/performance-figures.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const recorded = JSON.parse(readFileSync(join(root, "docs/performance-results.json"), "utf8"));

describe("the performance figures", () => {
  it("in the README are the recorded bench run's", () => {
    expect(readBlock(readFileSync(join(root, "README.md"), "utf8"), "performance")).toBe(renderReadmeBlock(recorded));
  });

  it("in docs/performance.md list every recorded target", () => {
    expect(readBlock(readFileSync(join(root, "docs/performance.md"), "utf8"), "speed-targets")).toBe(renderTargetsBlock(recorded));
  });

  it("were judged from the recorded rows as the bench judges them now", () => {
    // The full run (every strategy, both sizes, three cold runs), not a reduced one.
    expect(recorded.command).toBe("npx dynamic-tools bench --targets --runs 3");
    expect(recorded.output.targets).toEqual(speedTargets(recorded.output.results, recorded.output.peers));
  });
});
