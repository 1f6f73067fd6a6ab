#!/usr/bin/env node
// `npm run studio`: the LangGraph dev server (LangGraph Studio's backend) for this example's langgraph.json, on
// 127.0.0.1, with no browser. The port comes from `--port N` (or `-p N`), else the PORT variable, else 2024: the
// default may be taken on a shared machine. Other arguments are passed to `langgraphjs dev`.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = createRequire(import.meta.url).resolve("@langchain/langgraph-cli/dist/cli/cli.mjs");

function takePort(args) {
  const rest = [];
  let port;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--port" || arg === "-p") port = args[++index];
    else if (arg.startsWith("--port=")) port = arg.slice("--port=".length);
    else if (arg !== "--") rest.push(arg);
  }
  return { port: port ?? process.env.PORT ?? "2024", rest };
}

const { port, rest } = takePort(process.argv.slice(2));
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  console.error(`Invalid port "${port}": give --port N or PORT=N with N from 0 to 65535.`);
  process.exit(2);
}

const child = spawn(
  process.execPath,
  [cli, "dev", "--no-browser", "--host", "127.0.0.1", "--port", port, "--config", join(exampleDir, "langgraph.json"), ...rest],
  {
    cwd: exampleDir,
    stdio: "inherit",
    env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: "1", BROWSER: "none" },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
