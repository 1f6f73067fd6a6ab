/**
 * @module The example's catalog: a few builtin tools plus the tools of two MCP servers, built from the metadata
 * cache without starting them, and kept live: a server that turns out to have other tools updates the catalog.
 */
import { ToolCatalog, type ToolDeclaration } from "@dynamic-tools/core";
import { createMcpToolSource, type McpToolSource } from "@dynamic-tools/mcp";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { exampleServers, type ServerHooks } from "./servers.js";

/** Builtin tools: always in process. */
export const builtinTools = [
  tool(() => "Iron Temple Gym, 12 Harbour St, open 6:00–22:00", {
    name: "get_gym_info",
    description: "Gym name, address and opening hours",
    schema: z.object({}),
  }),
  tool(() => "synced", { name: "sync_index", description: "Internal: re-sync the search index", schema: z.object({}) }),
  tool(() => "opened", {
    name: "open_door_panel",
    description: "Open the door control panel on the front-desk kiosk",
    schema: z.object({}),
  }),
];

/**
 * What the catalog file would declare: permissions (an undeclared one counts as `execute`), platforms, searchable, and
 * MCP tools not loaded yet.
 */
export const declarations: ToolDeclaration[] = [
  { name: "get_gym_info", category: "gym", permission: "read" },
  { name: "sync_index", searchable: false, permission: "read" },
  { name: "open_door_panel", platforms: ["kiosk"] },
  { name: "mcp_payroll_get_payslips", category: "salary" },
  { name: "mcp_payroll_pay_salary", category: "salary" },
  { name: "mcp_members_find_member", category: "members" },
];

/** Options of {@link createExampleCatalog}. */
export interface ExampleCatalogOptions extends ServerHooks {
  /** Where the servers' tool lists are cached. */
  cacheDir: string;
}

/**
 * The MCP source and the catalog over it. The catalog follows the source: `onToolsUpdated → replaceSource`.
 *
 * @example
 * ```ts
 * const { catalog, mcp } = await createExampleCatalog({ cacheDir: ".cache/mcp" });
 * catalog.names(); // get_gym_info, …, mcp_members_find_member, mcp_payroll_pay_salary, …
 * await mcp.close();
 * ```
 */
export async function createExampleCatalog({
  cacheDir,
  ...hooks
}: ExampleCatalogOptions): Promise<{ catalog: ToolCatalog; mcp: McpToolSource }> {
  const mcp = createMcpToolSource({ servers: exampleServers(hooks), cacheDir, onStderr: () => undefined });
  const catalog = new ToolCatalog({
    tools: [...builtinTools, ...(await mcp.tools())],
    declarations,
    categories: {
      gym: { keywords: ["gym", "hours", "address"] },
      salary: { keywords: ["salary", "payslip", "payroll", "pay"], related: ["members"] },
      members: { keywords: ["member", "membership", "renew"] },
    },
    namespaces: mcp.namespaceDeclarations(),
    core: ["get_gym_info"],
  });
  mcp.onToolsUpdated((event) => catalog.replaceSource(event));
  return { catalog, mcp };
}
