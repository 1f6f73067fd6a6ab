/**
 * @module The catalogs `dynamic-tools bench` measures: the gym agent's (137 tools) and deterministic 1,000- and
 * 10,000-tool catalogs built from the dev-set tools (Seal-Tools, copied with numbered names past its 4,076), each
 * with realistic queries. Without the dev sets it falls back to a synthetic generator.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { ToolCatalog, type SavedCatalogDerivation } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { syntheticCatalog, syntheticConversation } from "./synthetic-catalog.js";

/** A user turn for the bench: the current message and earlier human messages. */
export interface BenchQuery {
  current: string;
  history: string[];
}

/** One catalog to measure. */
export interface BenchCatalog {
  label: string;
  /** Builds the catalog, from a saved derivation of it when given (a snapshot's). */
  build: (derived?: SavedCatalogDerivation) => ToolCatalog;
  queries: BenchQuery[];
  /** The catalog as the contents of a catalog file (what a cold process loads), for the scaled catalogs. */
  file?: () => object;
}

const GYM_TURNS = [
  "show me all active clients",
  "freeze the first one",
  "what is pending salary?",
  "book appointment for client",
  "show me revenue and attendance stats",
  "how many leads are in the pipeline?",
  "switch to dark mode",
  "which equipment needs maintenance?",
];

/**
 * The small real catalog of a file, with the gym turns and a rolling 4-message history as its requests; labelled by
 * the file's name, or by its folder's for a file named `catalog.*` (`datasets/metatool/catalog.json` → `metatool`).
 */
export function smallBenchCatalog(file: string, label = fileLabel(file)): BenchCatalog {
  const queries = GYM_TURNS.map((current, index) => ({ current, history: GYM_TURNS.slice(Math.max(0, index - 4), index) }));
  return { label, build: (derived) => loadCatalogFile(file, withDerived(derived)), queries };
}

function fileLabel(file: string): string {
  const name = basename(file).replace(/\.[^.]*$/, "");
  return name === "catalog" ? basename(dirname(resolve(file))) : name;
}

/** The first `count` tools of a declaration list, repeated with numbered names past its length. Deterministic. */
export function scaleDeclarations(tools: readonly ToolDeclaration[], count: number): ToolDeclaration[] {
  return Array.from({ length: count }, (_, index) => {
    const source = tools[index % tools.length]!;
    const copy = Math.floor(index / tools.length);
    return copy === 0 ? source : { ...source, name: `${source.name}_${copy + 1}`.slice(0, 64) };
  });
}

/**
 * Catalogs of the given sizes from a dev set's catalog.json and queries.jsonl, or synthetic ones when
 * `datasetDirectory` is `"synthetic"` or undefined.
 */
export function scaledBenchCatalogs(datasetDirectory: string | undefined, sizes: readonly number[]): BenchCatalog[] {
  if (datasetDirectory !== undefined && datasetDirectory !== "synthetic") {
    const catalogFile = join(datasetDirectory, "catalog.json");
    if (!existsSync(catalogFile))
      throw new DynamicToolsError("INVALID_OPTION", `No catalog.json in ${datasetDirectory}; pass a dev-set folder or "synthetic".`);
    // The file's declarations as a file holds them: the catalog validates each copy once, as when it loads a file.
    const file = JSON.parse(readFileSync(catalogFile, "utf8")) as { tools?: unknown } | unknown[];
    const tools = (Array.isArray(file) ? file : file.tools) as ToolDeclaration[] | undefined;
    if (!Array.isArray(tools)) throw new DynamicToolsError("INVALID_OPTION", `${catalogFile} has no list of tools.`);
    const queries = readFileSync(join(datasetDirectory, "queries.jsonl"), "utf8")
      .trim()
      .split("\n")
      .slice(0, 200)
      .map((line) => ({ current: (JSON.parse(line) as { query: string }).query, history: [] }));
    return sizes.map((size) => ({
      label: `${basename(datasetDirectory)}-${size}`,
      build: (derived) => new ToolCatalog({ tools: scaleDeclarations(tools, size), ...withDerived(derived) }),
      queries,
      file: () => ({ tools: scaleDeclarations(tools, size) }),
    }));
  }
  return sizes.map((size) => {
    // 3% as many categories as tools: 300 categories of about 33 tools at 10,000.
    const { vocabulary, tools, ...config } = syntheticCatalog({ tools: size, categories: Math.max(1, Math.round(size * 0.03)) });
    const queries = Array.from({ length: 64 }, (_, seed) => {
      const humans = syntheticConversation(vocabulary, 5, seed)
        .filter((message) => message.role === "user")
        .map((message) => message.content);
      return { current: humans.at(-1)!, history: humans.slice(0, -1) };
    });
    return {
      label: `synthetic-${size}`,
      build: (derived) => new ToolCatalog({ tools, ...config, ...withDerived(derived) }),
      queries,
      file: () => ({ tools, ...config }),
    };
  });
}

/** The `derived` option, when there is one. */
function withDerived(derived: SavedCatalogDerivation | undefined): { derived?: SavedCatalogDerivation } {
  return derived === undefined ? {} : { derived };
}
