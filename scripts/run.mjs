#!/usr/bin/env node
// Runs a project task on a machine that may have nothing but Node 20 and npm: finds or fetches pnpm (pinned in
// package.json), installs the workspace when needed, builds it, then runs the task. Every `npm start`, `npm test`,
// `npm run <task>` of the README comes through here, so none needs a global pnpm. Quiet on a first run: no package
// manager update box, no turbo telemetry notice, one line instead of node-gyp's errors when the optional HNSW build
// cannot compile (scripts/quiet-output.mjs).
//
//   node scripts/run.mjs [--dry-run] <task> [arguments]     (--dry-run prints the commands instead of running them)
//   node scripts/run.mjs --help
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pnpmCommand, root } from "./pnpm-command.mjs";
import { installOutputFilter, QUIET_ENVIRONMENT } from "./quiet-output.mjs";

const environment = { ...process.env, ...QUIET_ENVIRONMENT };

/** The examples (examples/<name>) and their scripts. */
function examples() {
  return Object.fromEntries(
    readdirSync(join(root, "examples"))
      .filter((name) => existsSync(join(root, "examples", name, "package.json")))
      .map((name) => [name, JSON.parse(readFileSync(join(root, "examples", name, "package.json"), "utf8"))]),
  );
}

/** `example <name>[:script] [arguments]`: an example's script (start by default), checked against what exists. */
function exampleCommand([target, ...rest]) {
  const all = examples();
  const [name, script = "start"] = (target ?? "").split(":");
  if (!(name in all))
    fail(
      `Unknown example "${name ?? ""}". Examples: ${Object.keys(all).join(", ")}. Usage: npm run example -- <name>[:script] [arguments]`,
    );
  const scripts = Object.keys(all[name].scripts ?? {});
  if (!scripts.includes(script)) fail(`examples/${name} has no script "${script}". Scripts: ${scripts.join(", ")}.`);
  return pnpm("--filter", all[name].name, "run", script, ...rest);
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

const pnpmPrefix = pnpmCommand();
const pnpm = (...args) => [pnpmPrefix[0], [...pnpmPrefix.slice(1), ...args]];
const nodeScript = (...args) => [process.execPath, args];

/** Each task: what it does (for --help) and the commands it runs. */
const TASKS = {
  start: [
    "the gym agent demo (examples/gym-agent), offline",
    (rest) => [pnpm("--filter", "@dynamic-tools/example-gym-agent", "run", "start", ...rest)],
  ],
  test: ["the whole test suite (vitest)", (rest) => [pnpm("exec", "vitest", "run", ...rest)]],
  "test:int": [
    "the integration tests (*.int.test.ts): real servers, PostgreSQL, packed packages",
    (rest) => [pnpm("exec", "vitest", "run", "--config", "vitest.int.config.ts", ...rest)],
  ],
  bench: [
    "dynamic-tools bench (compact summary; --wide for every column)",
    (rest) => [nodeScript("packages/core/bin/dynamic-tools.js", "bench", ...rest)],
  ],
  "bench:record": [
    "bench --targets (3 cold runs), kept in docs/performance-results.json; rewrites the README's and docs' figures",
    (rest) => [nodeScript("scripts/record-performance.mjs", ...rest)],
  ],
  studio: [
    "the LangGraph dev server for examples/gym-agent (Studio's backend); --port N",
    (rest) => [pnpm("--filter", "@dynamic-tools/example-gym-agent", "run", "studio", ...rest)],
  ],
  example: ["an example's script: example <name>[:script] [arguments] (start by default)", (rest) => [exampleCommand(rest)]],
  typecheck: [
    "type-check every package and example",
    (rest) => [pnpm("exec", "turbo", "run", "typecheck", "--output-logs=errors-only", ...rest)],
  ],
  pack: ["installable tarballs of every package, in packed/", (rest) => [nodeScript("scripts/pack-packages.mjs", ...rest)]],
  "install-size": [
    "what installing the packages adds to a LangGraph project",
    (rest) => [nodeScript("scripts/measure-install-size.mjs", ...rest)],
  ],
  build: ["build every package", () => []],
};

const argv = process.argv.slice(2);
const dryRun = argv[0] === "--dry-run";
if (dryRun) argv.shift();
if (argv[0] === "--help" || argv[0] === "-h") {
  const width = Math.max(...Object.keys(TASKS).map((name) => name.length));
  console.log(
    `Usage: node scripts/run.mjs [--dry-run] <task> [arguments]   (npm start, npm test, npm run <task> -- [arguments])\n\nTasks:`,
  );
  for (const [name, [about]] of Object.entries(TASKS)) console.log(`  ${name.padEnd(width)}  ${about}`);
  process.exit(0);
}
const [task = "start", ...rest] = argv;
if (!Object.hasOwn(TASKS, task)) fail(`Unknown task "${task}". Tasks: ${Object.keys(TASKS).join(", ")}.`);

const marker = join(root, "node_modules", ".modules.yaml");
const lockfile = join(root, "pnpm-lock.yaml");
const needsInstall = !existsSync(marker) || statSync(lockfile).mtimeMs > statSync(marker).mtimeMs;
const commands = [
  ...(needsInstall ? [pnpm("install", "--frozen-lockfile")] : []),
  pnpm("exec", "turbo", "run", "build", "--output-logs=errors-only"),
  ...TASKS[task][1](rest),
];
if (dryRun) {
  for (const [command, args] of commands) console.log([command, ...args].join(" "));
  process.exit(0);
}

/** Runs a command with the quiet environment; the install's output goes through the native-build filter. */
async function run([command, args]) {
  const install = args.includes("install");
  if (!install) {
    const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: environment });
    if (result.error) throw result.error;
    if (result.status !== 0) process.exit(result.status ?? 1);
    return;
  }
  const out = installOutputFilter((text) => process.stdout.write(text));
  const child = spawn(command, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: environment });
  child.stdout.setEncoding("utf8").on("data", (chunk) => out.push(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => out.push(chunk));
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  out.finish();
  if (code !== 0) process.exit(code ?? 1);
}

for (const command of commands) await run(command);
