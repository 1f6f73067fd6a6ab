/**
 * Every package.json says `"sideEffects": false`: importing an entry point must do nothing a bundler may drop. This
 * bundles the built packages with esbuild (the bundler tsup runs), as an application's build would:
 * - an application that relies on every lazy default (the vector strategy's embeddings, the HNSW loader, the
 *   conversion of a zod tool schema) runs the same bundled, with `sideEffects` honoured, as unbundled;
 * - every entry point imported for its side effects only, tree-shaken as if the packages declared side effects,
 *   keeps no call of a registration (nothing is registered at import).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Inside a package, so the bundle resolves the packages (and keeps external ones resolvable) as an application would.
const folder = mkdtempSync(join(root, "packages/langgraph/.side-effects-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const esbuild = createRequire(createRequire(join(root, "packages/core/package.json")).resolve("tsup/package.json"))(
  "esbuild",
) as typeof import("esbuild");

/** Dependencies an application installs beside ours (not bundled: they are not what is checked). */
const EXTERNAL = [
  "@langchain/*",
  "langchain",
  "zod",
  "zod/*",
  "js-tiktoken",
  "gpt-tokenizer",
  "yaml",
  "hnswlib-node",
  "@dynamic-tools/hnswlib",
  "@dynamic-tools/offline-embeddings",
];

const APP = `
import { ToolCatalog, createVectorStrategy } from "@dynamic-tools/core";
import { createToolSelectorNode } from "@dynamic-tools/langgraph";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
const book = tool(async () => "booked", { name: "book_class", description: "Book a place in a yoga or spin class", schema: z.object({ day: z.string().describe("The day") }) });
const catalog = new ToolCatalog({ tools: [book, { name: "get_weather", description: "Weather forecast for a city" }, { name: "send_email", description: "Send an email message" }] });
const vector = createVectorStrategy();
await vector.index(catalog);
const ranked = (await vector.rank({ query: "rain tomorrow in Oslo", limit: 3 })).map((item) => item.name);
const node = createToolSelectorNode({ catalog, strategy: "bm25", countTokens: false });
const { toolSelection } = await node({ messages: [{ role: "user", content: "book me a spin class on friday" }] });
console.log(JSON.stringify({ ranked, selected: toolSelection.tools, parameters: catalog.get("book_class").parameters }));
`;

function bundle(entry: string, outfile: string, ignoreAnnotations: boolean): string {
  esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    external: EXTERNAL,
    treeShaking: true,
    ignoreAnnotations,
    logLevel: "error",
  });
  return readFileSync(outfile, "utf8");
}

describe("sideEffects: false holds", () => {
  it("a bundled application that relies on the lazy defaults runs as it does unbundled", () => {
    const app = join(folder, "app.mjs");
    writeFileSync(app, APP);
    const run = (file: string) => JSON.parse(execFileSync(process.execPath, [file], { cwd: folder, encoding: "utf8" })) as unknown;
    const unbundled = run(app);
    bundle(app, join(folder, "app.bundle.mjs"), false);
    expect(run(join(folder, "app.bundle.mjs"))).toEqual(unbundled);
    expect(unbundled).toMatchObject({
      ranked: expect.arrayContaining(["get_weather"]),
      selected: expect.arrayContaining(["book_class"]),
      parameters: { type: "object", properties: { day: { type: "string", description: "The day" } } },
    });
  }, 120_000);

  it("importing every entry point for its side effects keeps no registration call, even tree-shaken as impure", () => {
    const entry = join(folder, "imports.mjs");
    writeFileSync(
      entry,
      [
        "@dynamic-tools/core",
        "@dynamic-tools/core/internal",
        "@dynamic-tools/core/eval",
        "@dynamic-tools/langgraph",
        "@dynamic-tools/langgraph/middleware",
      ]
        .map((specifier) => `import ${JSON.stringify(specifier)};`)
        .join("\n"),
    );
    const code = bundle(entry, join(folder, "imports.bundle.mjs"), true);
    const calls = code.split("\n").filter((line) => /^\s*register\w*\(/.test(line));
    expect(calls).toEqual([]);
    // Honouring sideEffects: false, nothing of ours is left at all.
    expect(bundle(entry, join(folder, "imports.pure.mjs"), false).trim()).toBe("");
  });
});
