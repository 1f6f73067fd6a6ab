#!/usr/bin/env node
// Runs a project task on a machine that may have nothing but Node 20 and npm: finds or fetches pnpm (pinned in
// package.json), installs the workspace when needed, builds it, then runs the task. `npm start`, `npm test`,
// `npm run test:int` and `npm run bench` (or the same with pnpm) all come through here.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pnpmCommand, root } from "./pnpm-command.mjs";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const pnpm = pnpmCommand();
const pn = (...args) => run(pnpm[0], [...pnpm.slice(1), ...args]);

const [task = "start", ...rest] = process.argv.slice(2);
const tasks = {
  start: () => pn("--filter", "@dynamic-tools/example-gym-agent", "run", "start", ...rest),
  test: () => pn("exec", "vitest", "run", ...rest),
  bench: () => run(process.execPath, ["packages/core/bin/dynamic-tools.js", "bench", ...rest]),
  // The integration tests (`*.int.test.ts`): real servers, PostgreSQL, and installing the packed packages with npm.
  "test:int": () => pn("exec", "vitest", "run", "--config", "vitest.int.config.ts", ...rest),
  // Installable tarballs of every package (pnpm pack), by default in packed/.
  pack: () => run(process.execPath, ["scripts/pack-packages.mjs", ...rest]),
  // What installing the packages adds to a LangGraph project (MB and packages, before and after).
  "install-size": () => run(process.execPath, ["scripts/measure-install-size.mjs", ...rest]),
};
if (!(task in tasks)) {
  console.error(`Unknown task "${task}". Tasks: ${Object.keys(tasks).join(", ")}.`);
  process.exit(2);
}

const marker = join(root, "node_modules", ".modules.yaml");
const lockfile = join(root, "pnpm-lock.yaml");
if (!existsSync(marker) || statSync(lockfile).mtimeMs > statSync(marker).mtimeMs) {
  pn("install", "--frozen-lockfile");
}
pn("exec", "turbo", "run", "build", "--output-logs=errors-only");

tasks[task]();
