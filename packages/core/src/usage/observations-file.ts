/**
 * @module Reads usage from JSON Lines: each line an observation (`{ "message", "tools", "ok"?, … }`) or a labelled
 * query in the eval format (`{ "query", "relevant", "history"? }`, read as a successful call of `relevant`).
 */
import { readFileSync } from "node:fs";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { checkObservation, type Observation } from "./observation.js";

/** Options of {@link parseObservations}. */
export interface ParseObservationsOptions {
  /** The time of lines without `at`. @defaultValue `Date.now()` once for the whole file */
  at?: number;
  /** The scope of lines without one. */
  scope?: string;
}

/** An eval-format line as an observation (its `id` is dropped). */
function fromQueryLine(record: Record<string, unknown>): Record<string, unknown> {
  const { query, relevant, history, id: _id, ...rest } = record;
  return { ...rest, message: query, tools: relevant, ...(history === undefined ? {} : { history }) };
}

/**
 * One usage line: the observation, the problem with it (`not valid JSON: …`, or what {@link checkObservation}
 * says), or undefined for a blank line.
 * @example
 * ```ts
 * parseObservationLine('{"message": "weather in Oslo", "tools": ["get_weather"]}', { at: 0 }); // { …, at: 0 }
 * ```
 */
export function parseObservationLine(
  raw: string,
  { at = Date.now(), scope }: ParseObservationsOptions = {},
): Observation | string | undefined {
  if (raw.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (cause) {
    return `not valid JSON: ${(cause as Error).message}`;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "query" in value)
    value = fromQueryLine(value as Record<string, unknown>);
  if (scope !== undefined && typeof value === "object" && value !== null && !("scope" in value)) value = { ...value, scope };
  return checkObservation(value, () => at);
}

/**
 * Parses usage lines. Blank lines are skipped.
 * @throws DynamicToolsError `INVALID_OBSERVATION` as `file:line: problem`.
 * @example
 * ```ts
 * parseObservations('{"query": "weather in Oslo", "relevant": ["get_weather"]}\n', "usage.jsonl");
 * // [{ message: "weather in Oslo", tools: ["get_weather"], ok: true, at: … }]
 * ```
 */
export function parseObservations(text: string, file: string, { at = Date.now(), scope }: ParseObservationsOptions = {}): Observation[] {
  const observations: Observation[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const parsed = parseObservationLine(raw, { at, ...(scope === undefined ? {} : { scope }) });
    if (parsed === undefined) return;
    if (typeof parsed === "string") throw new DynamicToolsError("INVALID_OBSERVATION", `${file}:${index + 1}: ${parsed}`);
    observations.push(parsed);
  });
  return observations;
}

/**
 * Reads a usage file (see {@link parseObservations}).
 * @throws DynamicToolsError `INVALID_OPTION` when the file cannot be read, else as {@link parseObservations}.
 */
export function loadObservationsFile(file: string, options: ParseObservationsOptions = {}): Observation[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, ""); // a byte-order mark is not part of the first line
  } catch (cause) {
    throw new DynamicToolsError("INVALID_OPTION", `Cannot read usage file ${file}: ${(cause as Error).message}`, { cause });
  }
  return parseObservations(text, file, options);
}
