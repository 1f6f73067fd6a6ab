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
    const parsed = parseArgs({ ...config, tokens: true });
    checkGivenOnce(parsed.tokens ?? [], config, usage);
    const { tokens: _tokens, ...result } = parsed;
    return result as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    if (error instanceof UsageError) throw error;
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
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && /ambiguous/.test((error as Error).message)) {
      // `--top-k -1`: parseArgs reads "-1" as an option, not as the value.
      const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
      const args = config.args ?? process.argv.slice(2);
      const next = args[args.indexOf(option) + 1] ?? "";
      throw new UsageError(
        `Option '${option}' is followed by '${next}', which reads as an option: to pass it as the value, write ${option}=${next}.`,
        usage,
      );
    }
    if (code?.startsWith("ERR_PARSE_ARGS")) throw new UsageError((error as Error).message.split("\n")[0]!, usage);
    throw error;
  }
}

/** Throws a {@link UsageError} for an option given twice that takes one value (the second would silently win). */
function checkGivenOnce(
  tokens: ReadonlyArray<{ kind: string; name?: string; value?: string }>,
  config: ParseArgsConfig,
  usage: string,
): void {
  const seen = new Map<string, string | undefined>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.name === undefined || config.options?.[token.name]?.multiple === true) continue;
    if (seen.has(token.name) && config.options?.[token.name]?.type === "string") {
      throw new UsageError(
        `Option '--${token.name}' is given twice ('${seen.get(token.name)}', then '${token.value}'): give it once.`,
        usage,
      );
    }
    seen.set(token.name, token.value);
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
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(count) || count < 1)
    throw new UsageError(`${flag} must be a whole number ≥ 1, got "${value}".`, usage);
  return count;
}
