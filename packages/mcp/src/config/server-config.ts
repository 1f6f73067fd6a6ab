/**
 * @module How an MCP server is reached: a command to start (stdio) or a URL (Streamable HTTP). The library only
 * reads these, so every list and map is `readonly`: a configuration declared `as const` fits.
 */

/** A server started as a child process, spoken to over its stdin and stdout. */
export interface StdioServerConfig {
  transport: "stdio";
  /** The executable, e.g. `"node"` or `"npx"`. */
  command: string;
  /** Arguments of the command, e.g. `["-y", "@modelcontextprotocol/server-filesystem", "."]`. */
  args?: readonly string[];
  /**
   * Extra environment variables. The child also gets the MCP SDK's safe defaults (`HOME`, `PATH`, `USER`, …), not
   * the whole environment of this process.
   */
  env?: Readonly<Record<string, string>>;
  /** The working directory of the child. @defaultValue this process's working directory */
  cwd?: string;
}

/** A server reached over Streamable HTTP. */
export interface HttpServerConfig {
  transport: "http";
  /** The MCP endpoint, e.g. `"https://example.com/mcp"`. */
  url: string;
  /** Headers sent with every request, e.g. `{ Authorization: "Bearer …" }`. */
  headers?: Readonly<Record<string, string>>;
}

/** One MCP server of a {@link McpToolSourceOptions.servers} map. */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** The valid `transport` values. */
export const MCP_TRANSPORTS: readonly McpServerConfig["transport"][] = ["stdio", "http"];
