/**
 * @module Reads an eval queries file (JSON Lines: `{ "id", "query", "relevant": [tool names], "history"? }` per
 * line, where each history entry is an earlier human message or `{ "query", "tools" }`: that turn's message and the
 * tools it called) and an off-topic messages file; every error names the file, the line and the problem.
 */
import { readFileSync } from "node:fs";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { countOf } from "../text/count-of.js";

/** One labelled query: the tools a good strategy should rank first. */
export interface EvalQuery {
  /** Unique within the file. */
  id: string;
  /** The current user message. */
  query: string;
  /** The tools that answer it (binary relevance), at least one. */
  relevant: string[];
  /** Earlier human messages, oldest first (the text of every history entry). */
  history?: string[];
  /**
   * The history as the file gives it, oldest first: each earlier turn's message and the tools it called (`[]` for
   * an entry given as a plain string). Present exactly when `history` is.
   */
  turns?: HistoryTurn[];
}

/** One earlier turn of a labelled conversation: the human message and the tools that turn called successfully. */
export interface HistoryTurn {
  query: string;
  tools: string[];
}

/** Options of {@link parseQueries}. */
export interface ParseQueriesOptions {
  /** Accept `"relevant": []`: a turn the model answers without a tool (conversations files of `cost`). @defaultValue false */
  allowNoTools?: boolean;
  /**
   * Checks each line's id after the line parses, in file order; a returned problem fails as `file:line: problem`
   * (conversations files of `cost`: ids `<conversation>-turn-<n>`).
   */
  checkId?: (id: string, line: number) => string | undefined;
}

const KEYS = new Set(["id", "query", "relevant", "history"]);

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string" && item.length > 0);
}

/** Validates one parsed line; returns the problem, or the query. */
function toQuery(value: unknown, { allowNoTools = false }: ParseQueriesOptions = {}): EvalQuery | string {
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
  let turns: HistoryTurn[] | undefined;
  if (history !== undefined) {
    if (!Array.isArray(history)) return HISTORY_SHAPE;
    turns = [];
    for (const entry of history) {
      const turn = toTurn(entry);
      if (typeof turn === "string") return turn;
      turns.push(turn);
    }
  }
  return {
    id: String(id),
    query,
    relevant: [...new Set(relevant)],
    ...(turns === undefined ? {} : { history: turns.map((turn) => turn.query), turns }),
  };
}

const HISTORY_SHAPE = `"history" must be an array of strings or { "query": "…", "tools": ["…"] } entries`;

/** One history entry: a string, or `{ query, tools }`. */
function toTurn(entry: unknown): HistoryTurn | string {
  if (typeof entry === "string") return { query: entry, tools: [] };
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return HISTORY_SHAPE;
  const { query, tools, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    return `a "history" entry has unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} (allowed: query, tools)`;
  if (typeof query !== "string") return `a "history" entry's "query" must be a string`;
  if (tools !== undefined && !isStringArray(tools)) return `a "history" entry's "tools" must be an array of tool names`;
  return { query, tools: [...new Set((tools as string[] | undefined) ?? [])] };
}

/**
 * Parses the text of a queries file. Blank lines are skipped; ids must be unique; with `catalog`, every relevant
 * tool must be in it.
 *
 * @param file - the file name to put in error messages.
 * @param options.allowNoTools - accept lines whose `relevant` is empty (a turn that calls no tool).
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
    const badId = options.checkId?.(query.id, line);
    if (badId !== undefined) throw fail(badId);
    const named = [
      ...query.relevant.map((name) => ({ name, what: "relevant tool" })),
      ...(query.turns ?? []).flatMap((turn) => turn.tools.map((name) => ({ name, what: "history tool" }))),
    ];
    for (const { name, what } of catalog === undefined ? [] : named) {
      if (!catalog!.has(name)) {
        throw new DynamicToolsError(
          "UNKNOWN_TOOL",
          `${file}:${line}: query "${query.id}": ${what} "${name}" is not in the catalog (${countOf(catalog!.size, "tool")}).${catalog!.suggest(name)}`,
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
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, ""); // a byte-order mark is not part of the first line
  } catch (cause) {
    throw new DynamicToolsError("INVALID_OPTION", `Cannot read queries file ${file}: ${(cause as Error).message}`, { cause });
  }
  return parseQueries(text, file, catalog, options);
}

/**
 * Reads a file of messages, one per line as a JSON string or an object with a `"query"` (other keys such as `"id"`
 * are ignored): e.g. small talk that should bind nothing (`eval --off-topic`). Blank lines are skipped.
 * @throws DynamicToolsError `INVALID_OPTION` when the file cannot be read, `INVALID_DECLARATION` for a bad line.
 * @example
 * ```ts
 * loadMessagesFile("datasets/small-talk/dev.jsonl"); // ["hi", "hello there", …]
 * ```
 */
export function loadMessagesFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, ""); // a byte-order mark is not part of the first line
  } catch (cause) {
    throw new DynamicToolsError("INVALID_OPTION", `Cannot read messages file ${file}: ${(cause as Error).message}`, { cause });
  }
  const messages: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim().length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (cause) {
      throw new DynamicToolsError("INVALID_DECLARATION", `${file}:${index + 1}: not valid JSON: ${(cause as Error).message}`, { cause });
    }
    const message = typeof value === "string" ? value : (value as { query?: unknown } | null)?.query;
    if (typeof message !== "string" || message.trim().length === 0)
      throw new DynamicToolsError(
        "INVALID_DECLARATION",
        `${file}:${index + 1}: expected a string or { "query": "…" } with a non-empty query`,
      );
    messages.push(message);
  });
  if (messages.length === 0) throw new DynamicToolsError("INVALID_DECLARATION", `${file}: has no messages (one per line).`);
  return messages;
}
