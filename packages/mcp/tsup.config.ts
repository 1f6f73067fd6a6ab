import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  // The MCP SDK and the adapters stay external: they are loaded lazily, on the first connect (see connect-server.ts).
  external: [/^@langchain\//, /^@dynamic-tools\//, /^@modelcontextprotocol\//],
});
