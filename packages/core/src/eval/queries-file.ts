/**
 * @module Reads an eval queries file (JSON Lines: `{ "id", "query", "relevant": [tool names], "history"? }` per
 * line); every error names the file, the line and the problem.
 */
import { readFileSync } from "node:fs";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** One labelled query: the tools a good strategy should rank first. */
export interface EvalQuery {
  /** Unique within the file. */
  id: string;
  /** The current user message. */
  query: string;
  /** The tools that answer it (binary relevance), at least one. */
  relevant: string[];
  /** Earlier human messages, oldest first. */
  history?: string[];
}

const KEYS = new Set(["id", "query", "relevant", "history"]);

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string" && item.length > 0);
}

/** Validates one parsed line; returns the problem, or the query. */
function toQuery(value: unknown): EvalQuery | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected an object { "id", "query", "relevant" }`;
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
  if (unknown.length > 0)
    return `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} (allowed: id, query, relevant, history)`;
  const { id, query, relevant, history } = record;
  if (!((typeof id === "string" && id.length > 0) || (typeof id === "number" && Number.isFinite(id))))
    return `"id" must be a non-empty string or a number`;
  if (typeof query !== "string" || query.trim().length === 0) return `"query" must be a non-empty string`;
  if (!isStringArray(relevant) || relevant.length === 0) return `"relevant" must be a non-empty array of tool names`;
  if (history !== undefined && !(Array.isArray(history) && history.every((item) => typeof item === "string")))
    return `"history" must be an array of strings`;
  return {
    id: String(id),
    query,
    relevant: [...new Set(relevant)],
    ...(history === undefined ? {} : { history: [...(history as string[])] }),
  };
}

/**
 * Parses the text of a queries file. Blank lines are skipped; ids must be unique; with `catalog`, every relevant
 * tool must be in it.
 *
 * @param file - the file name to put in error messages.
 * @throws DynamicToolsError `INVALID_DECLARATION` (a malformed line, a repeated id, no queries) or `UNKNOWN_TOOL`
 *   (a relevant tool missing from `catalog`, with close matches), as `file:line: problem`.
 * @example
 * ```ts
 * parseQueries('{"id": "q1", "query": "pending salary?", "relevant": ["get_pending_salaries"]}\n', "queries.jsonl");
 * // [{ id: "q1", query: "pending salary?", relevant: ["get_pending_salaries"] }]
 * ```
 */
export function parseQueries(text: string, file: string, catalog?: ToolCatalog): EvalQuery[] {
  const queries: EvalQuery[] = [];
  const lineOfId = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim().length === 0) return;
    const fail = (problem: string) => new DynamicToolsError("INVALID_DECLARATION", `${file}:${line}: ${problem}`);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (cause) {
      throw new DynamicToolsError("INVALID_DECLARATION", `${file}:${line}: not valid JSON: ${(cause as Error).message}`, { cause });
    }
    const query = toQuery(value);
    if (typeof query === "string") throw fail(query);
    const earlier = lineOfId.get(query.id);
    if (earlier !== undefined) throw fail(`id "${query.id}" is already used on line ${earlier}; ids must be unique`);
    lineOfId.set(query.id, line);
    for (const name of catalog === undefined ? [] : query.relevant) {
      if (!catalog!.has(name)) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `${file}:${line}: query "${query.id}": relevant tool "${name}" is not in the catalog (${catalog!.size} tools).${catalog!.suggest(name)}`,
        );
      }
    }
    queries.push(query);
  });
  if (queries.length === 0) throw new DynamicToolsError("INVALID_DECLARATION", `${file}: has no queries (one JSON object per line).`);
  return queries;
}

/**
 * Reads and validates a queries file (see {@link parseQueries}).
 * @throws DynamicToolsError `INVALID_OPTION` when the file cannot be read, else as {@link parseQueries}.
 * @example
 * ```ts
 * const catalog = loadCatalogFile("catalog.json");
 * const queries = loadQueriesFile("queries.jsonl", catalog);
 * ```
 */
export function loadQueriesFile(file: string, catalog?: ToolCatalog): EvalQuery[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new DynamicToolsError("INVALID_OPTION", `Cannot read queries file ${file}: ${(cause as Error).message}`, { cause });
  }
  return parseQueries(text, file, catalog);
}
