import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: [/^@dynamic-tools\//, "hnswlib-node"],
  // import.meta.url in the CommonJS build too (the worker build resolves hnswlib-node from it).
  shims: true,
});
