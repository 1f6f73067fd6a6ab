/**
 * Importing `@dynamic-tools/core` must stay cheap for a cold start (a replica, a serverless function, the CLI): it
 * loads none of the heavy modules a selection from declarations never needs, and nor does its default embedder. LangChain's runnables (with langsmith),
 * zod and the YAML parser cost about 190 ms of a cold import together; each is loaded on first use instead.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const HEAVY = ["@langchain/core", "langsmith", "zod", "yaml"];
const folder = mkdtempSync(join(tmpdir(), "cold-import-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Every file a fresh process loaded by importing `specifier` (ES module: through a loader hook; CommonJS:
 * require.cache), from a package that depends on it.
 */
function filesLoaded(format: "esm" | "cjs", specifier = "@dynamic-tools/core", from = "packages/langgraph"): string[] {
  const log = join(folder, `${format}.log`);
  writeFileSync(log, "");
  const hooks = join(folder, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
     export async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context); }`,
  );
  const register = join(folder, "register.mjs");
  writeFileSync(register, `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hooks).href)});`);
  const cwd = join(root, from);
  if (format === "esm") {
    execFileSync(
      process.execPath,
      ["--import", pathToFileURL(register).href, "--input-type=module", "-e", `await import(${JSON.stringify(specifier)});`],
      {
        cwd,
      },
    );
    return readFileSync(log, "utf8").trim().split("\n");
  }
  const script = `require(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd, encoding: "utf8" })) as string[];
}

/** The package a loaded file belongs to (after its last node_modules), if any. */
const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(file)?.[1];

describe("importing @dynamic-tools/core", () => {
  it.each(["esm", "cjs"] as const)("(%s) loads none of LangChain's runnables, langsmith, zod or yaml", (format) => {
    const files = filesLoaded(format);
    expect(files.some((file) => /packages\/core\/dist\/index\.c?js$/.test(file))).toBe(true);
    expect([...new Set(files.map(packageOf))].filter((name) => HEAVY.includes(name!))).toEqual([]);
  });
});

describe("importing @dynamic-tools/offline-embeddings (the default embedder, loaded on a vector strategy's first index)", () => {
  it.each(["esm", "cjs"] as const)("(%s) loads nothing of LangChain (its embeddings interface is a type)", (format) => {
    const files = filesLoaded(format, "@dynamic-tools/offline-embeddings", "packages/core");
    expect(files.some((file) => /packages\/offline-embeddings\/dist\/index\.c?js$/.test(file))).toBe(true);
    expect([...new Set(files.map(packageOf))].filter((name) => HEAVY.includes(name!))).toEqual([]);
  });
});
