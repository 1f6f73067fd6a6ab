/**
 * @module The example's two MCP servers (stdio), as an `@dynamic-tools/mcp` configuration.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { StdioServerConfig } from "@dynamic-tools/mcp";

/** The example's folder of server scripts. */
export const SERVERS_DIR = fileURLToPath(new URL("../servers/", import.meta.url));

/** Test hooks: where the scripts are, and environment variables the servers read (see servers/server-hooks.mjs). */
export interface ServerHooks {
  /** Each start appends its pid to `{startsDir}/{server}.starts`. */
  startsDir?: string;
  /** While `{crashDir}/{server}.crash` exists, the next read call makes that server exit mid-call. */
  crashDir?: string;
  /**
   * The folder the servers are started from, as `{scriptsDir}/{server}-server.mjs` (tests use links to the real
   * scripts, and remove one to make a server fail to start without changing its configuration). @defaultValue {@link SERVERS_DIR}
   */
  scriptsDir?: string;
}

/** The members and payroll servers, started with this Node. */
export function exampleServers({
  startsDir,
  crashDir,
  scriptsDir = SERVERS_DIR,
}: ServerHooks = {}): Record<"members" | "payroll", StdioServerConfig> {
  const server = (name: "members" | "payroll"): StdioServerConfig => ({
    transport: "stdio",
    command: process.execPath,
    args: [join(scriptsDir, `${name}-server.mjs`)],
    env: {
      ...(startsDir === undefined ? {} : { MCP_AGENT_STARTS_FILE: `${startsDir}/${name}.starts` }),
      ...(crashDir === undefined ? {} : { MCP_AGENT_CRASH_FILE: `${crashDir}/${name}.crash` }),
    },
  });
  return { members: server("members"), payroll: server("payroll") };
}
