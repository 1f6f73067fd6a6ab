/**
 * @module The example agent: the prebuilt dynamic-tool agent over the example catalog, in mode "both" (selection
 * plus tool_search), executing MCP tools through the source (lazy start), guarded by the gym policy.
 */
import type { ToolCatalog } from "@dynamic-tools/core";
import { createDynamicToolAgent, type ToolCallingModel } from "@dynamic-tools/langgraph";
import type { McpToolSource } from "@dynamic-tools/mcp";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { gymPolicy } from "./policy.js";

/**
 * @example
 * ```ts
 * const agent = createMcpAgent({ model, catalog, mcp, checkpointer: new MemorySaver() });
 * await agent.invoke(
 *   { messages: [{ role: "user", content: "pay Li" }] },
 *   { configurable: { thread_id: "1" }, context: { role: "owner" } },
 * );
 * await agent.close();
 * ```
 */
export function createMcpAgent({
  model,
  catalog,
  mcp,
  checkpointer,
  platform = "web",
}: {
  model: ToolCallingModel;
  catalog: ToolCatalog;
  mcp: McpToolSource;
  checkpointer: BaseCheckpointSaver;
  platform?: string;
}) {
  return createDynamicToolAgent({ model, catalog, mode: "both", sources: [mcp], policy: gymPolicy, platform, checkpointer });
}
