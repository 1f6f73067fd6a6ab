/**
 * Catalog start-up of the example from the metadata cache versus connecting its two MCP servers: 5 fresh processes
 * each (tsx), median reported. Usage: pnpm --filter @dynamic-tools/example-mcp-agent bench [runs]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

interface Sample {
  imports: number;
  catalog: number;
  total: number;
  tools: number;
  statuses: string[];
}

const runs = Number(process.argv[2] ?? 5);
const once = fileURLToPath(new URL("./startup-once.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(fromCache: boolean): Sample[] {
  const dir = mkdtempSync(join(tmpdir(), "mcp-agent-startup-"));
  const cacheDir = join(dir, "cache");
  const samples: Sample[] = [];
  try {
    if (fromCache) execFileSync(tsx, [once, cacheDir]);
    for (let run = 0; run < runs; run++) {
      if (!fromCache) rmSync(cacheDir, { recursive: true, force: true });
      samples.push(JSON.parse(execFileSync(tsx, [once, cacheDir], { encoding: "utf8" })) as Sample);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
}

console.log(
  `examples/mcp-agent catalog start-up (2 stdio MCP servers, 6 MCP tools + 3 builtin), median of ${runs} fresh processes, Node ${process.version}`,
);
for (const [label, samples] of [
  ["from cache", measure(true)],
  ["connecting", measure(false)],
] as const) {
  console.log(
    `${label.padEnd(11)} catalog ${median(samples.map((s) => s.catalog))
      .toFixed(1)
      .padStart(7)} ms` +
      `  (imports ${median(samples.map((s) => s.imports)).toFixed(1)} ms; total ${median(samples.map((s) => s.total)).toFixed(1)} ms)` +
      `  runs: ${samples.map((s) => s.catalog.toFixed(0)).join(", ")}  tools: ${samples[0]!.tools}  status: ${samples[0]!.statuses.join("/")}`,
  );
}
