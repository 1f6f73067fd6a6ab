/**
 * @module The catalog a command works on: a catalog file (`--catalog`), the tools of MCP servers (`--mcp
 * <servers.json>`), or both (the file's declarations then apply to the servers' tools). Shared by select, eval,
 * doctor and cost.
 */
import type { LoadCatalogOptions } from "../catalog/catalog-file.js";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { loadMcpServersFile } from "./mcp-servers-file.js";
import { UsageError } from "./usage-error.js";

/** The options `--catalog` and `--mcp`, as parsed, and what {@link loadCliCatalog} passes on. */
export interface CliCatalogOptions extends Omit<LoadCatalogOptions, "tools"> {
  /** `--catalog <file>`: a catalog file (JSON or YAML). */
  catalog?: string | undefined;
  /** `--mcp <servers.json>`: MCP servers whose tools make (or join) the catalog. */
  mcp?: string | undefined;
}

/** The usage lines of `--catalog` and `--mcp`, the same in every command's help. */
export const CATALOG_OPTIONS_USAGE = `  --catalog <file>     catalog file (JSON or YAML; a plain array of tools or { tools, categories, core, ... })
  --mcp <servers.json> MCP servers whose tools are the catalog: { "servers": { id: { transport, command, args } } }
                       (createMcpToolSource's options), { "mcpServers": { … } }, or the map of servers itself;
                       with --catalog too, the file's declarations apply to the servers' tools (mcp_{id}_{tool})`;

/**
 * Loads the catalog a command names with `--catalog` and/or `--mcp`.
 *
 * @param usage - the command's usage, shown when neither option is given.
 * @throws UsageError when neither is given; DynamicToolsError from the file or the servers (exit 1).
 * @example
 * ```ts
 * const catalog = await loadCliCatalog({ catalog: values.catalog, mcp: values.mcp }, DOCTOR_USAGE, "doctor");
 * ```
 */
export async function loadCliCatalog(
  { catalog, mcp, ...options }: CliCatalogOptions,
  usage: string,
  command: string,
): Promise<ToolCatalog> {
  if (catalog === undefined && mcp === undefined) throw new UsageError(`${command} needs --catalog <file> or --mcp <servers.json>.`, usage);
  if (mcp === undefined) return loadCatalogFile(catalog!, options);
  const servers = await loadMcpServersFile(mcp);
  if (catalog !== undefined) return loadCatalogFile(catalog, { ...options, tools: servers.tools });
  const { onWarning: _onWarning, derived, ...settings } = options;
  return new ToolCatalog({
    ...settings,
    ...(derived === undefined ? {} : { derived }),
    tools: servers.tools,
    declarations: servers.declarations,
    namespaces: servers.namespaces,
  });
}
