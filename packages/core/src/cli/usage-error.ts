/**
 * @module A mistake in the command line: printed with the command's usage, exit code 2 (see {@link EXIT_CODES}).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean } from "../text/closest-matches.js";

/** The CLI's exit codes, one convention for every command (printed by `--help`). */
export const EXIT_CODES = `Exit codes (every command):
  0  success (also for --help)
  1  bad input: a catalog or queries file that cannot be read or is invalid (the message names the file and line)
  2  bad command line: unknown command, option or strategy, a missing option or message, a malformed number`;

/** A bad command line. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** `--help` / `-h`, accepted by every command. */
export const HELP_OPTION = { type: "boolean", short: "h", default: false } as const;

/**
 * `parseArgs` whose mistakes become {@link UsageError}s carrying `usage`: an unknown option gets the close matches
 * among the command's options, and no hint about positionals starting with "-".
 */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
      const names = Object.entries(config.options ?? {}).flatMap(([name, option]) => [
        `--${name}`,
        ...(option.short ? [`-${option.short}`] : []),
      ]);
      throw new UsageError(`Unknown option '${option}'.${didYouMean(option, names)}`, usage);
    }
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      const value = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
      throw new UsageError(`Unexpected argument '${value}': this command takes options only.`, usage);
    }
    if (code?.startsWith("ERR_PARSE_ARGS")) throw new UsageError((error as Error).message.split("\n")[0]!, usage);
    throw error;
  }
}

/** Throws a {@link UsageError} for a value that is not one of `choices`, with the close matches first. */
export function checkChoice(value: string, choices: readonly string[], what: { one: string; many: string }, usage: string): void {
  if (choices.includes(value)) return;
  throw new UsageError(`Unknown ${what.one} "${value}".${didYouMean(value, choices)} ${what.many}: ${choices.join(", ")}.`, usage);
}

/** {@link checkChoice}'s wording for strategies. */
export const STRATEGY = { one: "strategy", many: "Strategies" } as const;

/** Parses a positive whole number flag, or throws a {@link UsageError} naming the flag and the bad value. */
export function parseCount(value: string | undefined, flag: string, usage = ""): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`${flag} must be a whole number ≥ 1, got "${value}".`, usage);
  return count;
}
