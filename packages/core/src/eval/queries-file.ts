/**
 * @module Reads an eval queries file (JSON Lines: `{ "id", "query", "relevant": [tool names], "history"? }` per
 * line; a history entry is a message, or `{ "query", "tools"? }` with the tools that turn called); every error names
 * the file, the line and the problem.
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
  /**
   * The tools each earlier message called, index by index with `history` (`[]` for an entry written as a plain
   * string); present only when some entry is written as `{ "query", "tools" }`.
   */
  historyTools?: string[][];
}

/** Options of {@link parseQueries}. */
export interface ParseQueriesOptions {
  /** Accept `"relevant": []` (a turn the model answers without a tool, as in a conversations file). @defaultValue false */
  allowNoTools?: boolean;
}

/** A history entry: a message, or `{ "query", "tools"? }`; returns the problem, or the entry. */
function toHistoryEntry(value: unknown): { query: string; tools?: string[] } | string {
  if (typeof value === "string") return { query: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return 'an entry must be a string or { "query", "tools"? }';
  const { query, tools, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unknown key "${Object.keys(rest)[0]}" in an entry (allowed: query, tools)`;
  if (typeof query !== "string") return `an entry's "query" must be a string`;
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((tool) => typeof tool === "string" && tool.length > 0)))
    return `an entry's "tools" must be an array of tool names`;
  return { query, ...(tools === undefined ? {} : { tools: [...new Set(tools as string[])] }) };
}

const KEYS = new Set(["id", "query", "relevant", "history"]);

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string" && item.length > 0);
}

/** Validates one parsed line; returns the problem, or the query. */
function toQuery(value: unknown, { allowNoTools = false }: ParseQueriesOptions): EvalQuery | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected an object { "id", "query", "relevant" }`;
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
  if (unknown.length > 0)
    return `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} (allowed: id, query, relevant, history)`;
  const { id, query, relevant, history } = record;
  if (!((typeof id === "string" && id.length > 0) || (typeof id === "number" && Number.isFinite(id))))
    return `"id" must be a non-empty string or a number`;
  if (typeof query !== "string" || query.trim().length === 0) return `"query" must be a non-empty string`;
  if (!isStringArray(relevant) || (relevant.length === 0 && !allowNoTools)) return `"relevant" must be a non-empty array of tool names`;
  if (history !== undefined && !Array.isArray(history)) return `"history" must be an array of strings or { "query", "tools"? } entries`;
  const entries: { query: string; tools?: string[] }[] = [];
  for (const [index, item] of (history ?? []).entries()) {
    const entry = toHistoryEntry(item);
    if (typeof entry === "string") return `"history"[${index}]: ${entry}`;
    entries.push(entry);
  }
  const withTools = entries.some((entry) => entry.tools !== undefined);
  return {
    id: String(id),
    query,
    relevant: [...new Set(relevant)],
    ...(history === undefined ? {} : { history: entries.map((entry) => entry.query) }),
    ...(withTools ? { historyTools: entries.map((entry) => entry.tools ?? []) } : {}),
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
export function parseQueries(text: string, file: string, catalog?: ToolCatalog, options: ParseQueriesOptions = {}): EvalQuery[] {
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
    const query = toQuery(value, options);
    if (typeof query === "string") throw fail(query);
    const earlier = lineOfId.get(query.id);
    if (earlier !== undefined) throw fail(`id "${query.id}" is already used on line ${earlier}; ids must be unique`);
    lineOfId.set(query.id, line);
    const named = [
      ...query.relevant.map((name) => ({ name, role: "relevant tool" })),
      ...(query.historyTools ?? []).flat().map((name) => ({ name, role: "history tool" })),
    ];
    for (const { name, role } of catalog === undefined ? [] : named) {
      if (!catalog!.has(name)) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `${file}:${line}: query "${query.id}": ${role} "${name}" is not in the catalog (${catalog!.size} tools).${catalog!.suggest(name)}`,
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
export function loadQueriesFile(file: string, catalog?: ToolCatalog, options: ParseQueriesOptions = {}): EvalQuery[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new DynamicToolsError("INVALID_OPTION", `Cannot read queries file ${file}: ${(cause as Error).message}`, { cause });
  }
  return parseQueries(text, file, catalog, options);
}
