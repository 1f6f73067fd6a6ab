/**
 * core's build bundles natural's Porter stemmer (natural is a devDependency, so users do not install it and its
 * dependencies). The built package must stem exactly as natural does: checked on every word of the two dev sets'
 * tool descriptions and queries, through the built ESM and CJS entry points. Words longer than 64 letters are kept
 * as they are (stemming them is quadratic on hostile input and no English word is that long).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fromCore = createRequire(join(root, "packages", "core", "package.json"));
const natural = fromCore("natural/lib/natural/stemmers/porter_stemmer.js") as { stem(word: string): string };

const words = [
  ...new Set(
    [
      "datasets/metatool/catalog.json",
      "datasets/metatool/queries.jsonl",
      "datasets/sealtools-dev/catalog.json",
      "datasets/sealtools-dev/queries.jsonl",
    ].flatMap(
      (file) =>
        readFileSync(join(root, file), "utf8")
          .toLowerCase()
          .match(/[a-z]+/g) ?? [],
    ),
  ),
];

describe("the Porter stemmer bundled into core's build", () => {
  it("stems as natural 6.10.0 does, on every word of the dev sets (ESM and CJS builds)", async () => {
    expect(words.length).toBeGreaterThan(5_000);
    const cjs = fromCore("./dist/internal.cjs") as { stem(word: string): string };
    const esm = (await import(pathToFileURL(join(root, "packages", "core", "dist", "internal.js")).href)) as { stem(word: string): string };
    const expected = words.map((word) => (word.length > 64 ? word : natural.stem(word)));
    expect(words.filter((word) => word.length <= 64).length).toBeGreaterThan(5_000);
    expect(words.map((word) => cjs.stem(word))).toEqual(expected);
    expect(words.map((word) => esm.stem(word))).toEqual(expected);
  });

  it("the build requires no natural module at run time", () => {
    const files = readdirSync(join(root, "packages", "core", "dist")).filter((file) => /\.c?js$/.test(file));
    expect(files).toEqual(expect.arrayContaining(["index.js", "index.cjs", "cli.js", "cli.cjs"]));
    for (const file of files) {
      const code = readFileSync(join(root, "packages", "core", "dist", file), "utf8");
      expect(code, file).not.toMatch(/(require\(|from\s*|import\()\s*["']natural/);
    }
    const manifest = JSON.parse(readFileSync(join(root, "packages", "core", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.dependencies.natural).toBeUndefined();
    expect(manifest.devDependencies.natural).toBe("6.10.0");
  });
});
