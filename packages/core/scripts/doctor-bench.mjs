#!/usr/bin/env node
// Times `dynamic-tools doctor` on a catalog of N tools (default 10,000) built from the Seal-Tools dev set as the bench
// builds its scaled catalogs (copies renamed name_2, name_3, …), in a new process, end to end (load, index, every
// check). Usage: node packages/core/scripts/doctor-bench.mjs [--size 10000] [--runs 1]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { values } = parseArgs({ options: { size: { type: "string", default: "10000" }, runs: { type: "string", default: "1" } } });
const size = Number(values.size);
const source = JSON.parse(readFileSync(join(root, "datasets/sealtools-dev/catalog.json"), "utf8"));
const tools = Array.isArray(source) ? source : source.tools;
const scaled = Array.from({ length: size }, (_, index) => {
  const tool = tools[index % tools.length];
  const copy = Math.floor(index / tools.length);
  return copy === 0 ? tool : { ...tool, name: `${tool.name}_${copy + 1}`.slice(0, 64) };
});
const folder = mkdtempSync(join(tmpdir(), "doctor-bench-"));
try {
  const file = join(folder, "catalog.json");
  writeFileSync(file, JSON.stringify({ tools: scaled }));
  for (let run = 0; run < Number(values.runs); run++) {
    const started = performance.now();
    const output = execFileSync(
      process.execPath,
      [join(root, "packages/core/bin/dynamic-tools.js"), "doctor", "--catalog", file, "--json"],
      {
        encoding: "utf8",
        maxBuffer: 1 << 30,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const report = JSON.parse(output);
    console.log(
      `doctor on ${size.toLocaleString("en-US")} tools: ${seconds.toFixed(1)} s end to end (the checks ${(report.ms / 1000).toFixed(1)} s), ` +
        `${report.findings.length} findings, ${report.selfRetrieval.inTop} of ${report.selfRetrieval.checked} tools in their own top ${report.top}`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
