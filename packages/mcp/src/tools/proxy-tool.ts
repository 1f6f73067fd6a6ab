/**
 * @module A LangChain tool that stands for an MCP tool known from the metadata cache: it has the tool's name,
 * description and JSON Schema, and connects the server only when it is called.
 */
import type { JsonSchema } from "@dynamic-tools/core";
import type { RunnableConfig } from "@langchain/core/runnables";
import { DynamicStructuredTool } from "@langchain/core/tools";
import type { McpToolAnnotations } from "../cache/metadata-cache.js";
import type { SourceToolInfo } from "./tool-declaration.js";

/** Options of {@link createProxyTool}. */
export interface ProxyToolOptions {
  /** The catalog name, e.g. `mcp_files_read_file`. */
  name: string;
  /** The tool's own name on its server, e.g. `read_file`. */
  toolName: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: McpToolAnnotations | undefined;
  info: SourceToolInfo;
  /** Runs the tool on its server; resolves to `[content, artifacts]`. */
  call: (toolName: string, args: Record<string, unknown>, config: RunnableConfig | undefined) => Promise<unknown>;
}

/**
 * A proxy for one MCP tool. Its arguments are validated against the cached JSON Schema, then `call` runs it.
 * `metadata.dynamicTools` carries source, sourceId, namespace and permission; `metadata.mcp` the server id, the
 * tool's own name and its annotations.
 */
export function createProxyTool({
  name,
  toolName,
  description,
  inputSchema,
  annotations,
  info,
  call,
}: ProxyToolOptions): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name,
    description,
    schema: inputSchema,
    responseFormat: "content_and_artifact",
    metadata: { dynamicTools: info, mcp: { serverId: info.sourceId, toolName, annotations } },
    func: function callMcpTool(args: Record<string, unknown>, _runManager, config) {
      return call(toolName, args, config) as Promise<[unknown, unknown]>;
    },
  });
}
