#!/usr/bin/env node
// Runs `dynamic-tools bench --targets` (default `--runs 3`; other bench options pass through), keeps its JSON output
// with the command, date and machine in docs/performance-results.json, and rewrites the README's performance block
// and docs/performance.md's targets block from it (scripts/performance-figures.mjs). `npm run bench:record`.
//
//   node scripts/record-performance.mjs [bench options]     (needs the built packages: npm run build or npm test)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { renderReadmeBlock, renderTargetsBlock, replaceBlock } from "./performance-figures.mjs";
import { root } from "./pnpm-command.mjs";

const args = process.argv.slice(2);
const benchArgs = [
  "bench",
  "--targets",
  ...(args.includes("--runs") ? [] : ["--runs", "3"]),
  ...args.filter((arg) => arg !== "--json"),
  "--json",
];
const printed = execFileSync(process.execPath, [join(root, "packages/core/bin/dynamic-tools.js"), ...benchArgs], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
  maxBuffer: 1 << 26,
});
const recorded = {
  command: `npx dynamic-tools ${benchArgs.filter((arg) => arg !== "--json").join(" ")}`,
  measuredAt: new Date().toISOString(),
  cpus: availableParallelism(),
  node: process.versions.node,
  output: JSON.parse(printed.trim().split("\n").at(-1)),
};
writeFileSync(join(root, "docs/performance-results.json"), `${JSON.stringify(recorded, null, 2)}\n`);
const readme = join(root, "README.md");
writeFileSync(readme, replaceBlock(readFileSync(readme, "utf8"), "performance", renderReadmeBlock(recorded)));
const docs = join(root, "docs/performance.md");
writeFileSync(docs, replaceBlock(readFileSync(docs, "utf8"), "speed-targets", renderTargetsBlock(recorded)));
console.log(renderTargetsBlock(recorded));
