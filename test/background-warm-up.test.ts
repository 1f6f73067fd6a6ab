/**
 * Work done in the background (the expansion vocabulary of BM25 and hybrid: noting every tool's words and looking up
 * their vectors; the catalog's exact token total) must go on while the process waits for something else, as an agent
 * waits for a model's answer, and not only when other events wake the event loop: so the request after that wait
 * finds it done. Checked in a process of its own (a test runner's own traffic would wake the loop), on the built
 * package.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("background work while the process waits", () => {
  it("is done while the process awaits one timer, so the next request looks up only its own word", () => {
    const output = execFileSync(
      process.execPath,
      [
        join(root, "test/__fixtures__/background/warm-up-while-waiting.mjs"),
        pathToFileURL(join(root, "packages/core/dist/index.js")).href,
        // 3 s for about 0.1 s of work: what is checked is that it runs while the process waits, not how fast (a
        // 2-core machine under load gave it only 832 lookups in 1 s).
        "3000",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    const { indexed, waited, ranked, totalKnown } = JSON.parse(output) as {
      indexed: number;
      waited: number;
      ranked: number;
      totalKnown: boolean;
    };
    // Nothing at indexing (the vocabulary is noted after it); every vector of the vocabulary during the wait (about
    // 0.1 s of lookups); then one lookup: "settle", the request's word that no tool uses ("this" is a stop word).
    expect(indexed).toBe(0);
    expect(waited).toBeGreaterThan(2_500);
    expect(ranked - waited).toBe(1);
    // Then, alone in the background, another catalog's 2,000 definitions counted (the tokenizer loaded first) within a
    // wait as long.
    expect(totalKnown).toBe(true);
  });
});
