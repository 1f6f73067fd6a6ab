import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", cli: "src/cli/main.ts", "bench-child": "src/bench/cold-start-child.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  external: [/^@langchain\//, "natural", "gpt-tokenizer", "yaml"],
});
