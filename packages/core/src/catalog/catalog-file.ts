/**
 * @module Reads a catalog file (JSON or YAML, form (a) or (b)) into a {@link ToolCatalog}; every error names the
 * file and the line (YAML) or key path (JSON) of the culprit.
 */
import { readFileSync } from "node:fs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Document, LineCounter } from "yaml";
import { describeValue, formatPath, quote } from "../errors/describe-value.js";
import { DynamicToolsError, type DynamicToolsProblem } from "../errors/dynamic-tools-error.js";
import { editDistance } from "../text/closest-matches.js";
import { checkOptionKeys, keysOf } from "../options/option-keys.js";
import { SETTINGS_KEYS, type CatalogConfig, type CatalogSettings } from "./catalog-config.js";
import { catalogSourceHash, withSource } from "./catalog-source.js";
import { findDuplicateKeys } from "./json-duplicate-keys.js";
import { lazyRequire } from "./lazy-require.js";
import { parseCatalogConfig } from "./parse-config.js";
import { ToolCatalog, type SavedCatalogDerivation, type ToolCatalogOptions } from "./tool-catalog.js";

/** Options of {@link loadCatalogFile}. */
export interface LoadCatalogOptions extends CatalogSettings {
  /**
   * Executable tools. Each declaration in the file is merged over the tool of the same name (and must name one);
   * without `tools`, the file's declarations are the catalog (enough for selection, search and the CLI).
   */
  tools?: readonly StructuredToolInterface[];
  /** Told about values that are valid but look like typos. @defaultValue prints with `console.warn` */
  onWarning?: (warning: CatalogWarning) => void;
  /** A saved derivation of this catalog (e.g. a snapshot's): see {@link ToolCatalogOptions.derived}. */
  derived?: SavedCatalogDerivation;
}

/** Every option {@link loadCatalogFile} takes. */
const LOAD_OPTION_KEYS = keysOf<LoadCatalogOptions>()(["tools", "onWarning", "derived", ...SETTINGS_KEYS]);

function lineOf(document: Document, counter: LineCounter, path: ReadonlyArray<string | number>): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = document.getIn(path.slice(0, length), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

/** What a file parsed to, and how to turn a key path into `file:line` (YAML) or `file (at path)` (JSON). */
interface ReadConfig {
  config: unknown;
  locate: (path: ReadonlyArray<string | number>) => string;
  /** Problems found while reading (keys written twice), each already naming the file and line. */
  problems: DynamicToolsProblem[];
}

function malformed(file: string, line: number | undefined, message: string): DynamicToolsProblem {
  return {
    code: "CATALOG_FILE_MALFORMED",
    message: `${file}${line === undefined ? "" : `:${line}`}: ${message}`,
    file,
    ...(line === undefined ? {} : { line }),
  };
}

/** The YAML parser, loaded on the first YAML file (a JSON catalog never needs it). */
const yaml = lazyRequire<typeof import("yaml")>("yaml");

/** Most YAML aliases a catalog file may use (the yaml package's own default), against "billion laughs" files. */
const MAX_YAML_ALIASES = 100;

/** A file's bytes (hashed as they are: see `catalog-source.ts`). */
function readContents(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read catalog file ${file}: ${(cause as Error).message}`, { cause });
  }
}

/** Parses a catalog file's text (every time in full: nothing from elsewhere vouches for it). */
function readConfig(file: string, text: string): ReadConfig {
  if (/\.json$/i.test(file)) {
    let config: unknown;
    try {
      config = JSON.parse(text);
    } catch (cause) {
      const position = /position (\d+)/.exec((cause as Error).message)?.[1];
      const line = position === undefined ? undefined : text.slice(0, Number(position)).split("\n").length;
      throw new DynamicToolsError(
        "CATALOG_FILE_MALFORMED",
        `${file}${line === undefined ? "" : `:${line}`}: not valid JSON: ${(cause as Error).message}`,
        { cause },
      );
    }
    const problems = findDuplicateKeys(text).map(({ key, path, line }) =>
      malformed(
        file,
        line,
        `key ${quote(key)} appears twice in ${formatPath(path) || "the top level"}; JSON would silently keep only the last.`,
      ),
    );
    return { config, locate: (path) => `${file} (at ${formatPath(path) || "top level"})`, problems };
  }
  const { LineCounter, parseDocument } = yaml();
  const counter = new LineCounter();
  let document: Document;
  let config: unknown;
  try {
    document = parseDocument(text, { lineCounter: counter, prettyErrors: true });
    if (document.errors.length > 0) {
      const problems = document.errors.map((error) => malformed(file, error.linePos?.[0].line, `not valid YAML: ${error.message}`));
      throw combinedError(file, problems, document.errors[0]);
    }
    config = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (cause) {
    if (DynamicToolsError.isInstance(cause)) throw cause;
    // The yaml package throws a ReferenceError for too many aliases (an alias bomb), and a deeply nested file can
    // exhaust the stack: both are a malformed file, not a crash.
    throw new DynamicToolsError("CATALOG_FILE_MALFORMED", `${file}: not a usable YAML catalog: ${(cause as Error).message}`, { cause });
  }
  return {
    config,
    locate: (path) => {
      const line = lineOf(document, counter, path);
      return line === undefined ? file : `${file}:${line}`;
    },
    problems: [],
  };
}

/** One error for every problem of a file: the first one's code, every message one a line, the list on `problems`. */
function combinedError(file: string, problems: readonly DynamicToolsProblem[], cause?: unknown): DynamicToolsError {
  const [first] = problems;
  if (problems.length === 1)
    return new DynamicToolsError(first!.code, first!.message, { cause, ...(first!.path ? { path: first!.path } : {}), problems });
  const message = `${file}: ${problems.length} problems:\n${problems.map((problem) => `  - ${problem.message}`).join("\n")}`;
  return new DynamicToolsError(first!.code, message, { cause, ...(first!.path ? { path: first!.path } : {}), problems });
}

/** A value of a catalog file that is valid but looks like a typo. */
export interface CatalogWarning {
  /** What looks wrong, with the file and line. */
  message: string;
  /** Key path of the value. */
  path: ReadonlyArray<string | number>;
}

/**
 * Loads a catalog file. Form (a): a plain array of tool declarations. Form (b): an object with `tools`,
 * `categories`, `core`, `defaults`, `maxTools`, `maxTokens`, `history`, `relatedDepth` and `namespaces`.
 *
 * Every problem of the file's contents is reported at once: one `DynamicToolsError` whose message lists them, one a
 * line with its file and line, and whose `problems` holds them as a list (its `code` is the first one's).
 *
 * @param file - path to a `.json`, `.yaml` or `.yml` file.
 * @param options.tools - executable LangChain tools the file's declarations describe.
 * @param options.onWarning - told about values that are valid but look like typos (a tool's `category: staf` next
 *   to a declared `staff`). @defaultValue prints the message with `console.warn`
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown option (before the file is read);
 *   `CATALOG_FILE_UNREADABLE`, `CATALOG_FILE_MALFORMED` (not JSON or YAML, a key written twice, a YAML alias bomb),
 *   or any catalog validation code, with the file and line (or key path) in the message.
 * @example
 * ```ts
 * import { loadCatalogFile } from "@dynamic-tools/core";
 * const catalog = loadCatalogFile("catalog.yaml", { tools: ALL_TOOLS });
 * ```
 */
export function loadCatalogFile(file: string, options: LoadCatalogOptions = {}): ToolCatalog {
  checkOptionKeys(options, LOAD_OPTION_KEYS, "loadCatalogFile");
  const { tools, onWarning = (warning) => console.warn(warning.message), ...settings } = options;
  const contents = readContents(file);
  // A byte-order mark (some editors write one) is not part of the JSON or YAML.
  const text = contents.toString("utf8").replace(/^\uFEFF/, "");
  // Executable tools are code, which no hash of the file vouches for; without them the file is the whole catalog.
  const { derived, ...hashed } = settings;
  const hash = tools === undefined ? catalogSourceHash(file, contents, hashed) : undefined;
  // A derivation whose source hash is this file's saves fingerprinting its tools (its token counts are still checked
  // when read), never validating them: the derivation comes from a file anyone may have written.
  const vouched = hash !== undefined && derived?.source === hash;
  const { config, locate, problems: readProblems } = readConfig(file, text);
  if (!Array.isArray(config) && (typeof config !== "object" || config === null)) {
    throw new DynamicToolsError(
      "CATALOG_FILE_MALFORMED",
      `${file}: a catalog file holds a list of tool declarations or an object with "tools", got ${describeValue(config)}.`,
    );
  }
  // A plain array (form (a)) has no `tools` key: its paths start at the array itself.
  const where = (path: ReadonlyArray<string | number> | undefined) => {
    const local = Array.isArray(config) && path?.[0] === "tools" ? path.slice(1) : path;
    return local === undefined ? file : locate(local);
  };
  const located = (error: DynamicToolsError): DynamicToolsProblem => {
    const at = where(error.path);
    const line = /:(\d+)$/.exec(at)?.[1];
    return {
      code: error.code,
      message: `${at}: ${error.message}`,
      file,
      ...(error.path ? { path: error.path } : {}),
      ...(line === undefined ? {} : { line: Number(line) }),
    };
  };
  const parseProblems: DynamicToolsError[] = [];
  const parsed: CatalogConfig = parseCatalogConfig(config, { problems: parseProblems });
  const problems = [...readProblems, ...parseProblems.map(located)];
  if (problems.length > 0) throw combinedError(file, problems, parseProblems[0]);
  for (const warning of categoryTypos(parsed)) onWarning({ ...warning, message: `${where(warning.path)}: ${warning.message}` });
  try {
    const { tools: declarations, ...fileSettings } = parsed;
    const catalogOptions: ToolCatalogOptions = {
      ...fileSettings,
      ...settings,
      ...(tools === undefined ? { tools: declarations } : { tools, declarations }),
    };
    return new ToolCatalog(hash === undefined ? catalogOptions : withSource(catalogOptions, { hash, vouched }));
  } catch (error) {
    if (!DynamicToolsError.isInstance(error)) throw error;
    const problem = located(error);
    throw new DynamicToolsError(error.code, problem.message, {
      cause: error,
      ...(error.path ? { path: error.path } : {}),
      problems: [problem],
    });
  }
}

/**
 * Tools whose category is not declared but is one edit away from a declared one (`staf` next to `staff`): valid
 * (a category named only by tools is created), but most likely a typo that silently makes a new category.
 */
function categoryTypos({ tools, categories = {} }: CatalogConfig): CatalogWarning[] {
  const declared = Object.keys(categories);
  if (declared.length === 0) return [];
  const warnings: CatalogWarning[] = [];
  tools.forEach((tool, index) => {
    const category = tool.category;
    if (category === undefined || Object.hasOwn(categories, category)) return;
    const close = declared.filter((name) => editDistance(category.toLowerCase(), name.toLowerCase(), 1) <= 1);
    if (close.length === 0) return;
    warnings.push({
      message: `tool ${quote(tool.name)} has category ${quote(category)}, which is not declared, so it makes a new category. Did you mean: ${close.join(", ")}?`,
      path: ["tools", index, "category"],
    });
  });
  return warnings;
}
