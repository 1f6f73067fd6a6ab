/**
 * The import layers of the source tree (every non-test `.ts` under `packages/*\/src`, read with the TypeScript
 * compiler's import scanner, type-only imports included):
 * - inside a package, a folder imports only from folders in rows below its own row of {@link LAYERS} (never up,
 *   never sideways within a row, so never round);
 * - a package imports another only through that package's published entry points (its package.json `exports`),
 *   and only the packages {@link ALLOWED_PACKAGES} lists (plug-ins are injected, never imported by name below).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Folders of each package's `src/`, bottom row first. A folder may import from any folder in a row below its own.
 * Files directly in `src/` that are build entry points (the tsup `entry` list: `index.ts`, `cli/main.ts`, …) may
 * import anything in their package; nothing inside the package may import a file directly in `src/`.
 */
const LAYERS: Record<string, readonly (readonly string[])[]> = {
  core: [
    ["errors", "text", "events"],
    ["plugins", "options"], // options: unknown option keys refused (used from the catalog up); plugins: the default plug-ins' loaders, the one place that names plug-in packages (used lazily by the seams)
    ["catalog"], // registry, groups, token counting (catalog/tokens), live updates; nothing about selection
    ["conversation", "permissions"],
    ["retrieval"], // strategies; the keyword strategy owns its keyword index
    ["usage"], // learning from usage
    ["budget", "cost"], // apply-budget; the prompt-cache cost model (pure)
    ["selection"], // the one pipeline
    ["binding"], // binding policies: may this call's tools array change (pure)
    ["snapshot"],
    ["bench"], // speed measurements (and the percentile statistic the eval runner reports latency with)
    ["eval"], // quality measurements: metrics, queries files, runEval
    ["doctor"], // the catalog doctor: self-retrieval, confusable pairs, definition and budget checks
    ["cli"],
  ],
  langgraph: [
    ["permissions"],
    ["execution", "usage"],
    ["search"], // tool_search
    ["providers"], // provider binders: native deferred loading (tools array + loading blocks), Anthropic breakpoints
    ["modes"], // turn planner
    ["state"], // the graph state's channels (selection, loaded tools)
    ["nodes"],
    ["middleware"],
    ["prebuilt"],
    ["testing"], // the ./testing entry (fake provider endpoints, recorders)
  ],
  mcp: [["errors", "naming", "events"], ["config", "cache"], ["tools"], ["connection"], ["sources"]],
  // hnswlib and offline-embeddings keep their files directly in src/: no folders to order.
  hnswlib: [],
  "offline-embeddings": [],
};

/** Which other packages of the repository each package may import (by name, through an entry point). */
const ALLOWED_PACKAGES: Record<string, readonly string[]> = {
  core: [],
  langgraph: ["core"],
  mcp: ["core"],
  hnswlib: ["core"],
  "offline-embeddings": [],
};

/**
 * Violations present when this check was added, each `"<file> -> <import>"`, removed by work in progress on other
 * branches (the selection pipeline, pull-based updates, the snapshot and bench owners). The list only shrinks: an
 * entry that no longer occurs fails the test too, so whoever fixes one deletes it here. Empty it, then delete it.
 */
const KNOWN_VIOLATIONS: readonly string[] = [];

interface Violation {
  key: string;
  message: string;
}

const PACKAGES = readdirSync(join(root, "packages")).sort();

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__fixtures__") files.push(...sourceFiles(path));
    } else if (/\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(path);
    }
  }
  return files;
}

/** The tsup entry files of a package (relative to its src/), read from its tsup.config.ts. */
function entryFiles(name: string): Set<string> {
  const config = readFileSync(join(root, "packages", name, "tsup.config.ts"), "utf8");
  const entries = /entry:\s*\{([^}]*)\}/.exec(config)?.[1];
  if (entries === undefined) throw new Error(`packages/${name}/tsup.config.ts: no \`entry: { … }\` object found`);
  return new Set([...entries.matchAll(/"src\/([^"]+)"/g)].map((match) => match[1]!));
}

function exportedSubpaths(name: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports).filter((subpath) => !subpath.endsWith(".json"));
}

/** The folder of a file under src/ ("" for a file directly in src/). */
function folderOf(pathInSrc: string): string {
  const parts = pathInSrc.split("/");
  return parts.length > 1 ? parts[0]! : "";
}

function rowOf(layers: readonly (readonly string[])[], folder: string): number {
  return layers.findIndex((row) => row.includes(folder));
}

function allowedPackages(name: string): string {
  return ALLOWED_PACKAGES[name]!.map((allowed) => `@dynamic-tools/${allowed}`).join(", ") || "no other package";
}

function describeRow(layers: readonly (readonly string[])[], row: number): string {
  return `row ${row + 1} (${layers[row]!.join(", ")})`;
}

function violationsOf(name: string): Violation[] {
  const src = join(root, "packages", name, "src");
  const layers = LAYERS[name];
  if (layers === undefined) throw new Error(`packages/${name} has no row in LAYERS: add it (an empty list if it has no folders)`);
  const entries = entryFiles(name);
  const violations: Violation[] = [];
  for (const file of sourceFiles(src)) {
    const pathInSrc = relative(src, file).split(sep).join("/");
    const display = relative(root, file).split(sep).join("/");
    const fromFolder = folderOf(pathInSrc);
    const add = (specifier: string, rule: string) => {
      const key = `${display} -> ${specifier}`;
      if (!violations.some((violation) => violation.key === key))
        violations.push({ key, message: `${display} imports "${specifier}": ${rule}` });
    };
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (specifier.startsWith("@dynamic-tools/")) {
        const [, target, ...rest] = specifier.split("/");
        const subpath = rest.length === 0 ? "." : `./${rest.join("/")}`;
        if (!ALLOWED_PACKAGES[name]!.includes(target!)) {
          add(specifier, `@dynamic-tools/${name} may import ${allowedPackages(name)} (see ALLOWED_PACKAGES)`);
        } else if (!exportedSubpaths(target!).includes(subpath)) {
          add(specifier, `not an entry point of @dynamic-tools/${target} (its exports: ${exportedSubpaths(target!).join(", ")})`);
        }
        continue;
      }
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      const targetInSrc = relative(src, target).split(sep).join("/");
      if (targetInSrc.startsWith("..")) {
        add(specifier, "a relative import out of the package's src/; import the other package through its entry points");
        continue;
      }
      const toFolder = folderOf(targetInSrc);
      if (layers.length === 0 || toFolder === fromFolder) continue;
      if (toFolder === "") {
        if (!entries.has(pathInSrc))
          add(specifier, "a file directly in src/ is an entry point (or belongs in a folder); import the folder that defines the name");
        continue;
      }
      if (fromFolder === "" && entries.has(pathInSrc)) continue;
      const fromRow = rowOf(layers, fromFolder);
      const toRow = rowOf(layers, toFolder);
      if (fromRow < 0 || toRow < 0) {
        add(specifier, `folder "${fromRow < 0 ? fromFolder || pathInSrc : toFolder}" of packages/${name} is not in LAYERS: give it a row`);
      } else if (toRow === fromRow) {
        add(
          specifier,
          `${fromFolder} and ${toFolder} share ${describeRow(layers, fromRow)} in LAYERS.${name}: ` +
            "folders in a row may not import each other",
        );
      } else if (toRow > fromRow) {
        add(
          specifier,
          `${fromFolder} (row ${fromRow + 1}) may not import ${toFolder} (row ${toRow + 1}) in LAYERS.${name}: ` +
            "imports go down the rows, never up",
        );
      }
    }
  }
  return violations;
}

const ALL_VIOLATIONS = PACKAGES.flatMap(violationsOf);

describe("import layers", () => {
  it("every package has a layer table and every folder of its src/ has a row", () => {
    for (const name of PACKAGES) {
      const folders = readdirSync(join(root, "packages", name, "src"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== "__fixtures__")
        .map((entry) => entry.name);
      const unlisted = folders.filter((folder) => rowOf(LAYERS[name] ?? [], folder) < 0);
      expect(unlisted, `packages/${name}/src folders missing from LAYERS`).toEqual([]);
    }
  });

  it("no import goes up or round, and packages import each other only through their entry points", () => {
    const known = new Set(KNOWN_VIOLATIONS);
    const unexpected = ALL_VIOLATIONS.filter((violation) => !known.has(violation.key)).map((violation) => violation.message);
    expect(unexpected).toEqual([]);
  });

  it("every KNOWN_VIOLATIONS entry still occurs (delete the ones that are fixed)", () => {
    const present = new Set(ALL_VIOLATIONS.map((violation) => violation.key));
    expect(KNOWN_VIOLATIONS.filter((key) => !present.has(key))).toEqual([]);
  });
});
