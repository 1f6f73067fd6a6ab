/**
 * @module End-to-end cold starts for `dynamic-tools bench`: each run is a new Node process (see
 * `cold-start-child.ts`) that imports the package, loads the catalog file, indexes, counts what the first selection
 * needs, selects, and then times steady selections. Reports medians over runs.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { percentile } from "./percentile.js";

/** What the parent asks one cold process to measure. */
export interface ColdStartRequest {
  strategy: string;
  /** The catalog file to load (JSON). */
  catalogFile: string;
  /** The queries to select for, as JSON (`BenchQuery[]`). */
  queriesFile: string;
  /** A snapshot file to start from (see `readSnapshot`), written from the same catalog file. */
  snapshot?: string;
  iterations: number;
  budgetMs: number;
}

/** What one cold process measured. Times in ms from the process's start, latencies in µs. */
export interface ColdStartResult {
  tools: number;
  importMs: number;
  catalogMs: number;
  /** Process start to the first selection's result: import, catalog, index, token counts, query. */
  firstSelectionMs: number;
  /** Process start to the exact token count of every tool (background work after the first selection). */
  exactTokensMs: number;
  firstTools: string[];
  /** Whole selections (embedding included, tokens counted) after the exact count finished. */
  steadyP50Us: number;
  steadyP99Us: number;
  steadySamples: number;
  rssMb: number;
  /** Resident memory added from process start to the end of the steady loop, per tool. */
  bytesPerTool: number;
  /** Resident memory the catalog alone added, per tool. */
  catalogBytesPerTool: number;
}

/** The built child script next to this module (`dist/bench-child.js`); tests run the built package. */
function childScript(): string {
  const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, "bench-child.js"), join(here, "..", "..", "dist", "bench-child.js")]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `The bench's child script (bench-child.js) was not found next to ${here}; build the package first.`,
  );
}

/** Runs one cold process and resolves to what it measured. */
export function coldStart(request: ColdStartRequest): Promise<ColdStartResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [childScript(), JSON.stringify(request)], { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error !== null) {
        reject(
          new DynamicToolsError(
            "INVALID_OPTION",
            `The cold-start process for ${request.strategy} on ${request.catalogFile} failed: ${stderr.trim() || error.message}`,
            { cause: error },
          ),
        );
        return;
      }
      resolve(JSON.parse(stdout.trim().split("\n").at(-1)!) as ColdStartResult);
    });
  });
}

/** The medians over `runs` cold processes (each field on its own), and the first run's first selection. */
export async function medianColdStart(request: ColdStartRequest, runs: number): Promise<ColdStartResult> {
  const results: ColdStartResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await coldStart(request));
  const median = (field: keyof ColdStartResult) =>
    percentile(
      results.map((result) => result[field] as number),
      50,
    );
  return {
    tools: results[0]!.tools,
    importMs: median("importMs"),
    catalogMs: median("catalogMs"),
    firstSelectionMs: median("firstSelectionMs"),
    exactTokensMs: median("exactTokensMs"),
    firstTools: results[0]!.firstTools,
    steadyP50Us: median("steadyP50Us"),
    steadyP99Us: median("steadyP99Us"),
    steadySamples: median("steadySamples"),
    rssMb: median("rssMb"),
    bytesPerTool: median("bytesPerTool"),
    catalogBytesPerTool: median("catalogBytesPerTool"),
  };
}
