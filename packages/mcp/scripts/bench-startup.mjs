#!/usr/bin/env node
// Catalog start-up from the metadata cache versus connecting both fixture MCP servers: 5 fresh processes each,
// median reported. Needs the built packages (`pnpm build`). Usage: node scripts/bench-startup.mjs [runs]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const runs = Number(process.argv[2] ?? 5);
if (!existsSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)))) {
  console.error("Build the package first: pnpm --filter @dynamic-tools/mcp build");
  process.exit(1);
}
const once = fileURLToPath(new URL("./startup-once.mjs", import.meta.url));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const starts = (dir) =>
  ["files", "weather"].reduce((sum, name) => {
    const marker = join(dir, `${name}.starts`);
    return sum + (existsSync(marker) ? readFileSync(marker, "utf8").split("\n").filter(Boolean).length : 0);
  }, 0);

function measure(fromCache) {
  const samples = [];
  const dir = mkdtempSync(join(tmpdir(), "mcp-startup-"));
  const cacheDir = join(dir, "cache");
  try {
    if (fromCache) execFileSync(process.execPath, [once, cacheDir, dir]); // fill the cache once
    for (let run = 0; run < runs; run++) {
      if (!fromCache) rmSync(cacheDir, { recursive: true, force: true });
      const before = starts(dir);
      const result = JSON.parse(execFileSync(process.execPath, [once, cacheDir, dir], { encoding: "utf8" }));
      samples.push({ ...result, serverStarts: starts(dir) - before });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
}

const rows = [
  ["from cache", measure(true)],
  ["connecting", measure(false)],
];
console.log(`catalog start-up, 2 stdio MCP servers (5 tools), median of ${runs} fresh processes (Node ${process.version})`);
for (const [label, samples] of rows) {
  const total = median(samples.map((sample) => sample.total));
  const imports = median(samples.map((sample) => sample.imports));
  console.log(
    `${label.padEnd(11)} ${total.toFixed(1).padStart(7)} ms  (imports ${imports.toFixed(1)} ms, then ${(total - imports).toFixed(1)} ms)` +
      `  runs: ${samples.map((sample) => sample.total.toFixed(0)).join(", ")}  server starts per run: ${samples.map((s) => s.serverStarts).join(",")}  tools: ${samples[0].tools}  status: ${samples[0].statuses.join("/")}`,
  );
}
