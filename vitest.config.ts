import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources; test/entry-points.test.ts checks the built packages separately.
    alias: [
      { find: /^@dynamic-tools\/core$/, replacement: source("./packages/core/src/index.ts") },
      { find: /^@dynamic-tools\/core\/eval$/, replacement: source("./packages/core/src/eval/index.ts") },
      { find: /^@dynamic-tools\/core\/internal$/, replacement: source("./packages/core/src/internal.ts") },
      { find: /^@dynamic-tools\/langgraph$/, replacement: source("./packages/langgraph/src/index.ts") },
      { find: /^@dynamic-tools\/langgraph\/testing$/, replacement: source("./packages/langgraph/src/testing/index.ts") },
      { find: /^@dynamic-tools\/langgraph\/middleware$/, replacement: source("./packages/langgraph/src/middleware/index.ts") },
      { find: /^@dynamic-tools\/offline-embeddings$/, replacement: source("./packages/offline-embeddings/src/index.ts") },
      { find: /^@dynamic-tools\/hnswlib$/, replacement: source("./packages/hnswlib/src/index.ts") },
      { find: /^@dynamic-tools\/mcp$/, replacement: source("./packages/mcp/src/index.ts") },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "examples/*/src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**", "**/*.int.test.ts"],
    testTimeout: 30_000,
  },
});
