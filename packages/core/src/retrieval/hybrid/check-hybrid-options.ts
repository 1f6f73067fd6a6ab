/**
 * @module The checks `createHybridStrategy` makes of its options at construction: a misspelled weight or a
 * usage model of the wrong kind would otherwise be ignored, or fail on the first message.
 */
import { describeValue, isRecord } from "../../errors/describe-value.js";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { checkOptionKeys } from "../../options/option-keys.js";
import { isLearnedField } from "../learned-field.js";

/** The options {@link checkHybridOptions} knows (those of `HybridStrategyOptions`). */
const HYBRID_OPTION_KEYS = [
  "fusion",
  "weights",
  "exactBonus",
  "rrfK",
  "depth",
  "vector",
  "embeddings",
  "usage",
  "fitted",
  "separateLearnedField",
  "expansion",
  "fuzzy",
  "bm25",
] as const;

/** The sources a fixed weight can be given to. */
const WEIGHTED_SOURCES = ["bm25", "fuzzy", "vector"];

/**
 * Checks the options of `createHybridStrategy`: known keys, `fusion` "weighted" or "rrf", each weight a finite number
 * ≥ 0 of a known source, `exactBonus` ≥ 0, `rrfK` > 0, `depth` a whole number ≥ 1, `usage` a learned field (a
 * `UsageModel`), `separateLearnedField` a boolean.
 *
 * @throws DynamicToolsError `INVALID_OPTION` naming the first bad option and what is valid.
 * @example
 * ```ts
 * checkHybridOptions({ weights: { vectr: 1 } });
 * // throws: createHybridStrategy weights: unknown option "vectr". Did you mean: vector? Valid options: bm25, fuzzy, vector.
 * ```
 */
export function checkHybridOptions(options: unknown): void {
  checkOptionKeys(options, HYBRID_OPTION_KEYS, "createHybridStrategy");
  if (options === undefined) return;
  const given = options as Record<string, unknown>;
  const fail = (path: string, valid: string) => {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `createHybridStrategy: ${path} must be ${valid}, got ${describeValue(pick(given, path))}.`,
      {
        path: path.split("."),
      },
    );
  };
  if (given.fusion !== undefined && given.fusion !== "weighted" && given.fusion !== "rrf") fail("fusion", '"weighted" or "rrf"');
  if (given.weights !== undefined) {
    checkOptionKeys(given.weights, WEIGHTED_SOURCES, "createHybridStrategy weights");
    for (const [source, weight] of Object.entries(given.weights as Record<string, unknown>)) {
      if (!(typeof weight === "number" && Number.isFinite(weight) && weight >= 0)) fail(`weights.${source}`, "a finite number ≥ 0");
    }
  }
  const number = (key: string, valid: (value: number) => boolean, expected: string) => {
    const value = given[key];
    if (value !== undefined && !(typeof value === "number" && Number.isFinite(value) && valid(value))) fail(key, expected);
  };
  number("exactBonus", (value) => value >= 0, "a finite number ≥ 0");
  number("rrfK", (value) => value > 0, "a finite number > 0");
  number("depth", (value) => Number.isInteger(value) && value >= 1, "a whole number ≥ 1");
  if (given.usage !== undefined && !isLearnedField(given.usage))
    fail("usage", "a UsageModel (a learned field: fieldTerms(tool), scale(), changesSince(version))");
  if (given.separateLearnedField !== undefined && typeof given.separateLearnedField !== "boolean")
    fail("separateLearnedField", "true or false");
}

function pick(options: Record<string, unknown>, path: string): unknown {
  let value: unknown = options;
  for (const key of path.split(".")) value = isRecord(value) ? value[key] : undefined;
  return value;
}
