/**
 * @module Options objects checked for keys they do not take: a misspelled option (`polcy`, `topk`) would otherwise be
 * ignored silently, and its default (allow everything, bind 30 tools) used in its place.
 */
import { closestMatches } from "../text/closest-matches.js";
import { describeValue, isRecord, quote } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/**
 * Every key of `T`, checked when compiled: a key missing from the list is a type error naming it.
 *
 * @example
 * ```ts
 * const KEYS = keysOf<{ a?: number; b?: string }>()(["a", "b"]); // ["a", "b"]
 * keysOf<{ a?: number; b?: string }>()(["a"]); // type error: { missing: "b" }
 * ```
 */
export function keysOf<T>() {
  return <const K extends readonly (keyof T & string)[]>(
    keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): K => keys;
}

/**
 * Checks that `options` (when given) is an object whose keys are all `valid`.
 * @param what - who takes the options, for the message ("DynamicToolNode").
 * @throws DynamicToolsError `INVALID_OPTION` naming the unknown key, the closest valid ones and every valid one.
 * @example
 * ```ts
 * checkOptionKeys({ polcy: policy }, ["policy", "timeouts"], "DynamicToolNode");
 * // throws: DynamicToolNode: unknown option "polcy". Did you mean: policy? Valid options: policy, timeouts.
 * ```
 */
export function checkOptionKeys(options: unknown, valid: readonly string[], what: string): void {
  if (options === undefined) return;
  if (!isRecord(options)) {
    throw new DynamicToolsError("INVALID_OPTION", `${what}: options must be an object, got ${describeValue(options)}.`, { path: [] });
  }
  const unknown = Object.keys(options).find((key) => !valid.includes(key));
  if (unknown === undefined) return;
  const close = closestMatches(unknown, valid);
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `${what}: unknown option ${quote(unknown)}.${close.length > 0 ? ` Did you mean: ${close.join(", ")}?` : ""} Valid options: ${valid.join(", ")}.`,
    { path: [unknown] },
  );
}

/**
 * Checks options a constructor cannot do without: an object (`needs` says what it must hold, and how it is built)
 * whose keys are all `valid`.
 * @throws DynamicToolsError `INVALID_OPTION` for options that are no object, or an unknown key (see {@link checkOptionKeys}).
 * @example
 * ```ts
 * checkRequiredOptions(undefined, ["catalog"], "UsageModel", "with a catalog (new UsageModel({ catalog }))");
 * // throws: UsageModel: options must be an object with a catalog (new UsageModel({ catalog })), got nothing.
 * ```
 */
export function checkRequiredOptions(
  options: unknown,
  valid: readonly string[],
  what: string,
  needs: string,
): asserts options is Record<string, unknown> {
  if (!isRecord(options)) {
    throw new DynamicToolsError("INVALID_OPTION", `${what}: options must be an object ${needs}, got ${describeValue(options)}.`, {
      path: [],
    });
  }
  checkOptionKeys(options, valid, what);
}
