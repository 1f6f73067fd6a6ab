import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", testing: "src/testing/index.ts", middleware: "src/middleware/index.ts", types: "src/types.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: [/^@langchain\//, /^@dynamic-tools\//, /^langchain($|\/)/, /^zod($|\/)/],
});
