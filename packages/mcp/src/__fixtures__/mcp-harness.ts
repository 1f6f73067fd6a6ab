/**
 * Per-test setup for MCP source tests: a fresh temporary folder (the servers' working directory, their start
 * markers and the cache), sources that are closed after each test, and quiet defaults.
 */
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createMcpToolSource, type McpToolSource, type McpToolSourceOptions } from "../sources/mcp-tool-source.js";
import { fixtureServer, temporaryFolder } from "./fixture-servers.js";

export interface McpHarness {
  /** This test's folder. */
  readonly dir: string;
  /** A source over `options.servers` (default: the files and weather fixtures), closed after the test. */
  source(options?: Partial<McpToolSourceOptions>): McpToolSource & { errors: Error[] };
  /** Fills the cache by connecting once, then closes: each server has started once. */
  primeCache(options?: Partial<McpToolSourceOptions>): Promise<void>;
}

/** Registers the hooks; call at the top of a test file. */
export function useMcpHarness(): McpHarness {
  let dir = "";
  let remove: () => void = () => {};
  const sources: McpToolSource[] = [];
  beforeEach(() => {
    ({ dir, remove } = temporaryFolder());
  });
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
    remove();
  });
  const harness: McpHarness = {
    get dir() {
      return dir;
    },
    source(options = {}) {
      const errors: Error[] = [];
      const created = createMcpToolSource({
        servers: { files: fixtureServer("files", dir), weather: fixtureServer("weather", dir) },
        cacheDir: join(dir, "cache"),
        onStderr: () => undefined,
        onServerError: (error) => errors.push(error),
        ...options,
      });
      sources.push(created);
      return Object.assign(created, { errors });
    },
    async primeCache(options) {
      const primer = harness.source(options);
      await primer.tools();
      await primer.close();
    },
  };
  return harness;
}
