import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  // The data file is found next to the code (`new URL("../data/…", import.meta.url)`); shims make that work in CJS.
  shims: true,
  external: [/^@langchain\//],
});
