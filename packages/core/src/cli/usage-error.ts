/**
 * @module A mistake in the command line: printed with the command's usage, exit code 2.
 */

/** A bad command line. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** Parses a positive whole number flag, or throws a {@link UsageError} naming the flag and the bad value. */
export function parseCount(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`${flag} must be a whole number ≥ 1, got "${value}".`, "");
  return count;
}
