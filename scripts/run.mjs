#!/usr/bin/env node
// Runs a project task on a machine that may have nothing but Node 20 and npm: finds or fetches pnpm (pinned in
// package.json), installs the workspace when needed, builds it, then runs the task. `npm start`, `npm test` and
// `npm run bench` (or the same with pnpm) all come through here.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];

function pnpmCommand() {
  try {
    const version = execFileSync("pnpm", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (version.split(".")[0] === pinned.split(".")[0]) return ["pnpm"];
  } catch {
    // not installed: fall through to npx
  }
  return ["npx", "--yes", `pnpm@${pinned}`];
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const pnpm = pnpmCommand();
const pn = (...args) => run(pnpm[0], [...pnpm.slice(1), ...args]);

const marker = join(root, "node_modules", ".modules.yaml");
const lockfile = join(root, "pnpm-lock.yaml");
if (!existsSync(marker) || statSync(lockfile).mtimeMs > statSync(marker).mtimeMs) {
  pn("install", "--frozen-lockfile");
}
pn("exec", "turbo", "run", "build", "--output-logs=errors-only");

const [task = "start", ...rest] = process.argv.slice(2);
const tasks = {
  start: () => pn("--filter", "@dynamic-tools/example-gym-agent", "run", "start", ...rest),
  test: () => pn("exec", "vitest", "run", ...rest),
  bench: () => run(process.execPath, ["packages/core/bin/dynamic-tools.js", "bench", ...rest]),
};
if (!(task in tasks)) {
  console.error(`Unknown task "${task}". Tasks: ${Object.keys(tasks).join(", ")}.`);
  process.exit(2);
}
tasks[task]();
