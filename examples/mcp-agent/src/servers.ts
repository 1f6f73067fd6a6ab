/**
 * @module The example's two MCP servers (stdio), as an `@dynamic-tools/mcp` configuration.
 */
import { fileURLToPath } from "node:url";
import type { StdioServerConfig } from "@dynamic-tools/mcp";

const serverFile = (name: string) => fileURLToPath(new URL(`../servers/${name}-server.mjs`, import.meta.url));

/** Test hooks passed to the servers as environment variables (see servers/server-hooks.mjs). */
export interface ServerHooks {
  /** Each start appends its pid to `{startsDir}/{server}.starts`. */
  startsDir?: string;
  /** While `{crashDir}/{server}.crash` exists, the next read call makes that server exit mid-call. */
  crashDir?: string;
}

/** The members and payroll servers, started with this Node. */
export function exampleServers({ startsDir, crashDir }: ServerHooks = {}): Record<"members" | "payroll", StdioServerConfig> {
  const server = (name: "members" | "payroll"): StdioServerConfig => ({
    transport: "stdio",
    command: process.execPath,
    args: [serverFile(name)],
    env: {
      ...(startsDir === undefined ? {} : { MCP_AGENT_STARTS_FILE: `${startsDir}/${name}.starts` }),
      ...(crashDir === undefined ? {} : { MCP_AGENT_CRASH_FILE: `${crashDir}/${name}.crash` }),
    },
  });
  return { members: server("members"), payroll: server("payroll") };
}
