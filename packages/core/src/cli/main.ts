/**
 * @module The `dynamic-tools` command line: `select`, `eval`, `bench`, `cost`, `doctor` and `usage report`.
 */
import { packageVersion } from "../catalog/catalog-source.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { didYouMean } from "../text/closest-matches.js";
import { BENCH_USAGE, benchCommand } from "./bench-command.js";
import { COST_USAGE, costCommand } from "./cost-command.js";
import { DOCTOR_USAGE, doctorCommand } from "./doctor-command.js";
import { EVAL_USAGE, evalCommand } from "./eval-command.js";
import { SELECT_USAGE, selectCommand } from "./select-command.js";
import { USAGE_USAGE, usageCommand } from "./usage-command.js";
import { EXIT_CODES, UsageError } from "./usage-error.js";

const USAGE = `Usage: dynamic-tools <command> [options]
       dynamic-tools <command> --help
       dynamic-tools --version

Commands:
  select   print the tools a catalog selects for a message, and why
  bench    measure index build, selection latency and memory per strategy
  eval     score retrieval strategies on labelled queries (recall, nDCG, MRR, latency)
  cost     replay conversations under each binding policy and bill them with prompt caching
  doctor   find the tools a catalog makes hard to find or easy to confuse, and what to add to the catalog file
  usage    report what past usage says about a catalog (usage, never-called tools, suggested keywords)

${SELECT_USAGE}

${BENCH_USAGE}

${EVAL_USAGE}

${COST_USAGE}

${DOCTOR_USAGE}

${USAGE_USAGE}

${EXIT_CODES}`;

/** A command: its arguments, where results go (stdout) and where progress and errors go (stderr). */
type Command = (argv: string[], out: (text: string) => void, err: (text: string) => void) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  select: { run: selectCommand, usage: SELECT_USAGE },
  bench: { run: benchCommand, usage: BENCH_USAGE },
  eval: { run: (argv, out) => evalCommand(argv, out), usage: EVAL_USAGE },
  cost: { run: (argv, out) => costCommand(argv, out), usage: COST_USAGE },
  doctor: { run: doctorCommand, usage: DOCTOR_USAGE },
  usage: { run: (argv, out) => usageCommand(argv, out), usage: USAGE_USAGE },
};

const HELP = new Set(["help", "--help", "-h"]);
const VERSION = new Set(["--version", "-v", "version"]);

function unknownCommand(command: string): UsageError {
  const names = Object.keys(COMMANDS);
  return new UsageError(
    `Unknown command "${command}".${didYouMean(command, names)} Commands: ${names.join(", ")}.`,
    "Run `dynamic-tools --help` for usage.",
  );
}

/** Own keys only: "constructor" or "toString" typed as a command is an unknown command, not Object.prototype's. */
function commandNamed(name: string) {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/**
 * Runs the CLI with `argv` (without the node and script paths) and resolves to the exit code: 0 on success (and for
 * `--help` and `--version`), 1 for bad input (a catalog or queries file that cannot be read or is invalid), 2 for a
 * bad command line (unknown command, option or strategy, a missing or malformed option).
 *
 * @example
 * ```ts
 * process.exitCode = await main(["select", "--catalog", "catalog.yaml", "what is pending salary?"]);
 * ```
 */
export async function main(
  argv: string[],
  out: (text: string) => void = console.log,
  err: (text: string) => void = console.error,
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) throw new UsageError("dynamic-tools needs a command.", USAGE);
    if (HELP.has(command)) {
      // `help` alone prints everything; `help select` prints that command's usage.
      const topic = rest[0];
      if (topic === undefined) out(USAGE);
      else if (commandNamed(topic) !== undefined) out(commandNamed(topic)!.usage);
      else throw unknownCommand(topic);
      return 0;
    }
    if (VERSION.has(command) && rest.length === 0) {
      out(`dynamic-tools ${packageVersion() ?? "(version unknown: the package manifest cannot be read)"}`);
      return 0;
    }
    const entry = commandNamed(command);
    if (entry === undefined) throw unknownCommand(command);
    return await entry.run(rest, out, err);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}${error.usage ? `\n\n${error.usage}` : ""}`);
      return 2;
    }
    if (DynamicToolsError.isInstance(error)) {
      err(`${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
