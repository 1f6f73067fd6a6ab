/**
 * @module Reads a catalog file (JSON or YAML, form (a) or (b)) into a {@link ToolCatalog}; every error names the
 * file and the line (YAML) or key path (JSON) of the culprit.
 */
import { readFileSync } from "node:fs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { LineCounter, parseDocument, type Document } from "yaml";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { CatalogConfig, CatalogSettings } from "./catalog-config.js";
import { formatPath } from "../errors/describe-value.js";
import { parseCatalogConfig } from "./parse-config.js";
import { ToolCatalog } from "./tool-catalog.js";

/** Options of {@link loadCatalogFile}. */
export interface LoadCatalogOptions extends CatalogSettings {
  /**
   * Executable tools. Each declaration in the file is merged over the tool of the same name (and must name one);
   * without `tools`, the file's declarations are the catalog (enough for selection, search and the CLI).
   */
  tools?: readonly StructuredToolInterface[];
}

function lineOf(document: Document, counter: LineCounter, path: ReadonlyArray<string | number>): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = document.getIn(path.slice(0, length), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

function readConfig(file: string): { config: unknown; locate: (path: ReadonlyArray<string | number>) => string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read catalog file ${file}: ${(cause as Error).message}`, { cause });
  }
  if (/\.json$/i.test(file)) {
    try {
      return { config: JSON.parse(text), locate: (path) => `${file} (at ${formatPath(path) || "top level"})` };
    } catch (cause) {
      const position = /position (\d+)/.exec((cause as Error).message)?.[1];
      const line = position === undefined ? undefined : text.slice(0, Number(position)).split("\n").length;
      throw new DynamicToolsError(
        "CATALOG_FILE_MALFORMED",
        `${file}${line === undefined ? "" : `:${line}`}: not valid JSON: ${(cause as Error).message}`,
        { cause },
      );
    }
  }
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: true });
  const [error] = document.errors;
  if (error !== undefined) {
    const line = error.linePos?.[0].line;
    throw new DynamicToolsError("CATALOG_FILE_MALFORMED", `${file}${line === undefined ? "" : `:${line}`}: not valid YAML: ${error.message}`, {
      cause: error,
    });
  }
  return {
    config: document.toJS(),
    locate: (path) => {
      const line = lineOf(document, counter, path);
      return line === undefined ? file : `${file}:${line}`;
    },
  };
}

/**
 * Loads a catalog file. Form (a): a plain array of tool declarations. Form (b): an object with `tools`,
 * `categories`, `core`, `defaults`, `maxTools`, `maxTokens`, `history`, `relatedDepth` and `namespaces`.
 *
 * @param file - path to a `.json`, `.yaml` or `.yml` file.
 * @param options.tools - executable LangChain tools the file's declarations describe.
 * @throws DynamicToolsError `CATALOG_FILE_UNREADABLE`, `CATALOG_FILE_MALFORMED`, or any catalog validation code,
 *   with the file and line (or key path) in the message.
 * @example
 * ```ts
 * import { loadCatalogFile } from "@dynamic-tools/core";
 * const catalog = loadCatalogFile("catalog.yaml", { tools: ALL_TOOLS });
 * ```
 */
export function loadCatalogFile(file: string, { tools, ...settings }: LoadCatalogOptions = {}): ToolCatalog {
  const { config, locate } = readConfig(file);
  try {
    const parsed: CatalogConfig = parseCatalogConfig(config);
    const { tools: declarations, ...fileSettings } = parsed;
    return new ToolCatalog({
      ...fileSettings,
      ...settings,
      ...(tools === undefined ? { tools: declarations } : { tools, declarations }),
    });
  } catch (error) {
    if (!DynamicToolsError.isInstance(error)) throw error;
    // A plain array (form (a)) has no `tools` key: its paths start at the array itself.
    const path = Array.isArray(config) && error.path?.[0] === "tools" ? error.path.slice(1) : error.path;
    const where = path === undefined ? file : locate(path);
    throw new DynamicToolsError(error.code, `${where}: ${error.message}`, { cause: error, ...(error.path ? { path: error.path } : {}) });
  }
}
