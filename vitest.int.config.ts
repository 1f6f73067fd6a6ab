/**
 * The integration tests (`*.int.test.ts`) only: they start real servers (the LangGraph dev server, the fake OpenAI
 * endpoint) on free loopback ports. Run with `npm run test:int` (or `pnpm test:int`), which builds the packages first: the dev server loads
 * the example's graphs through the built packages, as a user's project would.
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ["packages/*/src/**/*.int.test.ts", "examples/*/src/**/*.int.test.ts", "test/**/*.int.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: base.test?.setupFiles ?? [],
    // Each file starts its own servers; one file at a time keeps start-up times predictable on a 2-core machine.
    fileParallelism: false,
  },
});
