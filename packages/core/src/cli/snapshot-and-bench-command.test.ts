import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { loadSnapshot } from "../snapshot/catalog-snapshot.js";
import { runCli as run } from "./__fixtures__/run-cli.js";

/** Whether hnswlib-node's native build loads here (LangChain's HNSWLib store needs it; it is optional). */
const HNSWLIB_AVAILABLE = (() => {
  try {
    createRequire(import.meta.url)("hnswlib-node");
    return true;
  } catch {
    return false;
  }
})();
const CATALOG = fileURLToPath(new URL("../eval/__fixtures__/catalog.json", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "cli-snapshot-"));

describe("dynamic-tools select --snapshot", () => {
  it("writes the snapshot when missing, then starts from it with the same selection", async () => {
    const file = join(folder, "catalog.snapshot.json");
    const plain = await run("select", "--catalog", CATALOG, "--strategy", "hybrid", "--json", "what is the weather in Paris");
    const writing = await run(
      "select",
      "--catalog",
      CATALOG,
      "--strategy",
      "hybrid",
      "--snapshot",
      file,
      "--json",
      "what is the weather in Paris",
    );
    expect(existsSync(file)).toBe(true);
    const { snapshot } = loadSnapshot(file, loadCatalogFile(CATALOG));
    // Six tools' vectors and documents, under the catalog's names (not written again).
    expect([snapshot.vectors!.textHashes.length, snapshot.bm25!.ids, snapshot.vectors!.names]).toEqual([6, undefined, undefined]);
    const reading = await run(
      "select",
      "--catalog",
      CATALOG,
      "--strategy",
      "hybrid",
      "--snapshot",
      file,
      "--json",
      "what is the weather in Paris",
    );
    expect([writing.code, reading.code]).toEqual([0, 0]);
    expect(JSON.parse(reading.out)).toEqual(JSON.parse(plain.out));
    expect(JSON.parse(writing.out)).toEqual(JSON.parse(plain.out));
  });

  it("exits 1 naming the file for a snapshot of another catalog", async () => {
    const file = join(folder, "other.snapshot.json");
    const other = join(folder, "other.json");
    writeFileSync(other, JSON.stringify([{ name: "only_tool", description: "The only tool" }]));
    expect((await run("select", "--catalog", other, "--snapshot", file, "--json", "anything")).code).toBe(0);
    const { code, err } = await run("select", "--catalog", CATALOG, "--snapshot", file, "weather");
    expect(code).toBe(1);
    expect(err).toMatch(
      /^SNAPSHOT_MISMATCH: The snapshot .*other\.snapshot\.json was taken of another catalog: it has 1 tools, the catalog 6\./,
    );
  });
});

describe("dynamic-tools bench --sizes", () => {
  it("refuses a bad size list with the usage (exit 2)", async () => {
    const { code, err } = await run("bench", "--sizes", "1000,ten");
    expect(code).toBe(2);
    expect(err).toMatch(/--sizes must be whole numbers ≥ 1 separated by commas, got "1000,ten"/);
  });

  // Needs the built package (the cold-start child is `dist/bench-child.js`), which CI builds before tests.
  it.runIf(existsSync(fileURLToPath(new URL("../../dist/bench-child.js", import.meta.url))))(
    "keeps every existing JSON field and adds the end-to-end ones, measured in cold processes",
    async () => {
      const { code, out } = await run(
        "bench",
        "--catalog",
        CATALOG,
        "--datasets",
        "synthetic",
        "--sizes",
        "200",
        "--strategy",
        "keyword",
        "--iterations",
        "50",
        "--snapshot",
        "--json",
      );
      expect(code).toBe(0);
      const { results } = JSON.parse(out) as { results: Array<Record<string, unknown>> };
      // A catalog given is named by its file (its folder's name for catalog.json), not "gym".
      expect(results.map((row) => row.catalog)).toEqual(["__fixtures__", "synthetic-200"]);
      for (const row of results) {
        for (const field of ["strategy", "catalog", "tools", "catalogMs", "indexMs", "p50Us", "p99Us", "memoryMb", "samples"])
          expect(row).toHaveProperty(field);
      }
      const scaled = results[1]!;
      expect(scaled.tools).toBe(200);
      for (const field of [
        "firstSelectionMs",
        "snapshotFirstSelectionMs",
        "exactTokensMs",
        "steadyP50Us",
        "steadyP99Us",
        "rssMb",
        "bytesPerTool",
      ]) {
        expect(scaled[field], field).toBeGreaterThan(0);
      }
      expect(scaled.coldRuns).toBe(1);
      expect(results[0]).not.toHaveProperty("firstSelectionMs");
    },
    120_000,
  );
});

describe("dynamic-tools bench --targets", () => {
  // Needs the built package (cold processes) and @langchain/community (a development dependency of this repository).
  it.runIf(existsSync(fileURLToPath(new URL("../../dist/bench-child.js", import.meta.url))))(
    "judges the rows and the vector-store comparison against the targets, from scratch and from a snapshot",
    async () => {
      const { code, out } = await run(
        "bench",
        "--targets",
        "--datasets",
        "synthetic",
        "--sizes",
        "10000",
        "--strategy",
        "bm25",
        "--iterations",
        "60",
        "--budget-ms",
        "300",
        "--json",
      );
      expect(code).toBe(0);
      const { results, peers, targets } = JSON.parse(out) as {
        results: Array<Record<string, number | string>>;
        peers: Array<{ tools: number; ours: { p50Us: number; p99Us: number }; peer: { p50Us: number; p99Us: number } }>;
        targets: Array<{ target: string; measured: string; met: boolean }>;
      };
      const scaled = results.find((row) => row.tools === 10_000)!;
      expect(scaled.snapshotFirstSelectionMs).toBeGreaterThan(0);
      expect(scaled.snapshotRssMb).toBeGreaterThan(0);
      // The store needs hnswlib-node's native build: without a C++ toolchain the comparison is left out.
      expect(peers).toHaveLength(HNSWLIB_AVAILABLE ? 1 : 0);
      for (const peer of peers) {
        expect(peer.tools).toBe(10_000);
        for (const side of [peer.ours, peer.peer]) expect(side.p99Us).toBeGreaterThanOrEqual(side.p50Us);
      }
      expect(targets.map((check) => check.target)).toEqual([
        "bm25 p99 ≤ 3× p50 at 10,000 tools (in process)",
        ...(HNSWLIB_AVAILABLE
          ? ["vector p50 ≤ LangChain HNSWLib store's at 10,000 tools", "vector p99 ≤ LangChain HNSWLib store's at 10,000 tools"]
          : []),
      ]);
      const tail = Number(scaled.p99Us) / Number(scaled.p50Us);
      expect(targets[0]).toEqual({ target: targets[0]!.target, measured: expect.stringMatching(/^\d+\.\d×/), met: tail <= 3 });
    },
    300_000,
  );
});

describe("dynamic-tools bench --usage", () => {
  const USAGE = fileURLToPath(new URL("../usage/__fixtures__/usage.jsonl", import.meta.url));
  const QUERIES = fileURLToPath(new URL("../eval/__fixtures__/queries.jsonl", import.meta.url));

  it("times the --catalog row with the learned model too (interleaved), and only that row", async () => {
    const { code, out } = await run(
      "bench",
      "--catalog",
      CATALOG,
      "--usage",
      USAGE,
      "--queries",
      QUERIES,
      "--datasets",
      "synthetic",
      "--sizes",
      "50",
      "--strategy",
      "bm25",
      "--iterations",
      "40",
      "--json",
    );
    expect(code).toBe(0);
    const [small, scaled] = (JSON.parse(out) as { results: Array<Record<string, number>> }).results;
    expect(small!.samples).toBe(40);
    for (const field of ["learnedP50Us", "learnedP99Us", "learnedRatio"]) expect(small![field], field).toBeGreaterThan(0);
    expect(small!.learnedRatio).toBeCloseTo(small!.learnedP50Us! / small!.p50Us!, 1);
    // The fixture's six lines, less the failed call (which teaches nothing).
    expect(readFileSync(USAGE, "utf8").trim().split("\n")).toHaveLength(6);
    expect(small!.observations).toBe(5);
    expect(scaled).not.toHaveProperty("learnedP50Us");
  }, 120_000);

  it("fails naming an unreadable usage file before measuring anything", async () => {
    const missing = await run("bench", "--catalog", CATALOG, "--usage", "/nope/usage.jsonl", "--strategy", "bm25", "--sizes", "50");
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/INVALID_OPTION: Cannot read usage file \/nope\/usage\.jsonl/);
    expect(missing.err).not.toMatch(/bench: bm25 on/);
  });
});

describe("dynamic-tools bench output", () => {
  const small = [
    "--catalog",
    CATALOG,
    "--datasets",
    "synthetic",
    "--sizes",
    "100",
    "--strategy",
    "bm25",
    "--iterations",
    "20",
    "--budget-ms",
    "50",
  ];

  it.runIf(existsSync(fileURLToPath(new URL("../../dist/bench-child.js", import.meta.url))))(
    "prints a compact summary by default and every column with --wide",
    async () => {
      const compact = await run("bench", ...small);
      expect(compact.code).toBe(0);
      const [header] = compact.out.split("\n");
      expect(header!.split(/\s{2,}/)).toEqual([
        "strategy",
        "catalog",
        "tools",
        "index ms",
        "p50 µs",
        "p99 µs",
        "memory MB",
        "first ms",
        "RSS MB",
      ]);
      expect(Math.max(...compact.out.split("\n").map((line) => line.length))).toBeLessThanOrEqual(120);
      const wide = await run("bench", ...small, "--wide");
      expect(wide.out.split("\n")[0]).toMatch(/embed p50 µs.*steady p99 µs.*learned ×/);
    },
    120_000,
  );

  it("rejects a malformed --budget-ms", async () => {
    const { code, err } = await run("bench", "--budget-ms", "soon");
    expect(code).toBe(2);
    expect(err).toMatch(/--budget-ms must be a whole number ≥ 1, got "soon"/);
  });
});
