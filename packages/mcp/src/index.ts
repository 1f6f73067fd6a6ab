/**
 * @module @dynamic-tools/mcp: tool sources for a dynamic-tools catalog: MCP servers (stdio and Streamable HTTP,
 * through `@langchain/mcp-adapters`) with a metadata cache and lazy connect, and SDK tools apps register at run time.
 */
export { createMcpToolSource, type McpToolSource, type McpToolSourceOptions } from "./sources/mcp-tool-source.js";
export { createSdkToolRegistry, type SdkToolRegistry, type RegisterSdkToolsOptions } from "./sources/sdk-tool-registry.js";
export { MCP_TRANSPORTS, type McpServerConfig, type StdioServerConfig, type HttpServerConfig } from "./config/server-config.js";
export { configHash } from "./config/config-hash.js";
export {
  CACHE_FORMAT_VERSION,
  cacheFilePath,
  type ServerMetadata,
  type CachedTool,
  type CachedServerInfo,
  type McpToolAnnotations,
} from "./cache/metadata-cache.js";
export type { ServerStatus } from "./connection/server-session.js";
export { McpServerError } from "./errors/mcp-server-error.js";
export type { ToolsUpdatedEvent, ToolsUpdatedListener, Unsubscribe } from "./events/tools-updated.js";
export { namespaceDeclarations, type ToolNamespace } from "./tools/tool-namespace.js";
export { sourceToolInfo, type SourceToolInfo } from "./tools/tool-declaration.js";
export { permissionFromAnnotations } from "./tools/permission.js";
export { prefixedToolName, SOURCE_ID_PATTERN } from "./naming/source-names.js";
