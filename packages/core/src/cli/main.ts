/**
 * @module The `dynamic-tools` command line: `select`, `eval` and `bench`.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { BENCH_USAGE, benchCommand } from "./bench-command.js";
import { EVAL_USAGE, evalCommand } from "./eval-command.js";
import { SELECT_USAGE, selectCommand } from "./select-command.js";
import { UsageError } from "./usage-error.js";

const USAGE = `Usage: dynamic-tools <command> [options]

Commands:
  select   print the tools a catalog selects for a message, and why
  bench    measure index build, selection latency and memory per strategy
  eval     score retrieval strategies on labelled queries (recall, nDCG, MRR, latency)

${SELECT_USAGE}

${BENCH_USAGE}

${EVAL_USAGE}`;

/** A command: its arguments, where results go (stdout) and where progress and errors go (stderr). */
type Command = (argv: string[], out: (text: string) => void, err: (text: string) => void) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  select: selectCommand,
  bench: benchCommand,
  eval: (argv, out) => evalCommand(argv, out),
};

/**
 * Runs the CLI with `argv` (without the node and script paths) and resolves to the exit code: 0 on success,
 * 1 for a bad catalog or option value, 2 for a bad command line.
 */
export async function main(argv: string[], out: (text: string) => void = console.log, err: (text: string) => void = console.error): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    out(USAGE);
    return command === undefined ? 2 : 0;
  }
  // Own keys only: "constructor" or "toString" typed as a command is an unknown command, not Object.prototype's.
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    err(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
    return 2;
  }
  try {
    return await run(rest, out, err);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}${error.usage ? `\n\n${error.usage}` : ""}`);
      return 2;
    }
    if (DynamicToolsError.isInstance(error)) {
      err(`${error.code}: ${error.message}`);
      return 1;
    }
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      err(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
