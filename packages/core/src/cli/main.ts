/**
 * @module The `dynamic-tools` command line: `select` and `bench`.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { BENCH_USAGE, benchCommand } from "./bench-command.js";
import { SELECT_USAGE, selectCommand } from "./select-command.js";
import { UsageError } from "./usage-error.js";

const USAGE = `Usage: dynamic-tools <command> [options]

Commands:
  select   print the tools a catalog selects for a message, and why
  bench    measure selection latency

${SELECT_USAGE}

${BENCH_USAGE}`;

const COMMANDS: Record<string, (argv: string[], out: (text: string) => void) => number> = {
  select: selectCommand,
  bench: benchCommand,
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
  const run = COMMANDS[command];
  if (run === undefined) {
    err(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
    return 2;
  }
  try {
    return run(rest, out);
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
