/**
 * Imports every published entry point of every package from its built output, as ESM and as CJS, in a fresh Node
 * process (outside vitest's module graph and aliases), as a user's project would.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const PACKAGES: Record<string, { dir: string; expected: string[] }> = {
  "@dynamic-tools/core": { dir: "packages/core", expected: ["ToolCatalog", "createToolSelector", "loadCatalogFile", "DynamicToolsError"] },
  "@dynamic-tools/langgraph": {
    dir: "packages/langgraph",
    expected: ["DynamicToolNode", "createToolSelectorNode", "createDynamicToolAgent", "DynamicToolsAnnotation", "bindSelectedTools"],
  },
  "@dynamic-tools/offline-embeddings": { dir: "packages/offline-embeddings", expected: ["OfflineEmbeddings", "loadWordVectorTable"] },
  "@dynamic-tools/hnswlib": { dir: "packages/hnswlib", expected: ["HnswVectorIndex", "hnswVectorIndex"] },
  "@dynamic-tools/mcp": { dir: "packages/mcp", expected: ["createMcpToolSource", "createSdkToolRegistry", "McpServerError"] },
};

function entryPoints(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports).filter((subpath) => !subpath.endsWith(".json"));
}

function exportedNames(specifier: string, format: "esm" | "cjs"): string[] {
  const script =
    format === "esm"
      ? `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`
      : `const m = require(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`;
  const args = format === "esm" ? ["--input-type=module", "-e", script] : ["-e", script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" })) as string[];
}

describe.each(Object.entries(PACKAGES))("%s", (name, { dir, expected }) => {
  for (const subpath of entryPoints(dir)) {
    const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
    it.each(["esm", "cjs"] as const)(`${specifier} loads as %s with its exports`, (format) => {
      const names = exportedNames(specifier, format);
      if (subpath === ".") expect(names).toEqual(expect.arrayContaining(expected));
      else expect(names.length).toBeGreaterThan(0);
    });
  }
});
