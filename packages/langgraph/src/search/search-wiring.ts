/**
 * @module The `tool_search` tool an entry point binds, built one way for all of them (the createAgent middleware,
 * the prebuilt agent): the search strategy defaults to the selection's retrieval strategy, the agent's filters,
 * core tools and policy apply to search too, and learned `usage` annotates results ("Often used with").
 */
import type { PermissionPolicy, RetrievalStrategy, ToolCatalog } from "@dynamic-tools/core";
import type { CoUsageInput, ToolFilterOptions } from "@dynamic-tools/core/internal";
import { createToolSearchTool, type ToolSearchOptions, type ToolSearchTool } from "./tool-search-tool.js";

/** Options of {@link agentToolSearch}: the entry point's own options. */
export interface AgentToolSearchOptions extends ToolFilterOptions {
  catalog: ToolCatalog;
  /** The entry point's mode: `"select"` binds no `tool_search` (unless `binding` is `"native"`). @defaultValue "select" */
  mode?: string;
  /** The entry point's binding policy: `"native"` delivers selections through `tool_search`, so it is built. */
  binding?: string | undefined;
  /** `tool_search` settings. */
  search?: Omit<ToolSearchOptions, "platform" | "exclude" | "core" | "policy"> | undefined;
  /** The selection's strategy: a retrieval strategy also ranks `tool_search` (the keyword strategy does not). */
  strategy?: string | RetrievalStrategy | undefined;
  core?: readonly string[] | undefined;
  policy?: PermissionPolicy | undefined;
  /** Learned usage for the "Often used with" line, unless `search.usage` says otherwise. */
  usage?: CoUsageInput | undefined;
}

/**
 * The `tool_search` tool for an entry point, or undefined in mode `"select"` without native binding (in `auto` it is
 * built, and bound only when the mode resolves to a searching one).
 *
 * @example
 * ```ts
 * const searchTool = agentToolSearch({ catalog, mode: "search", strategy: "bm25", usage: recorder });
 * ```
 */
export function agentToolSearch({
  catalog,
  mode = "select",
  binding,
  search,
  strategy,
  core,
  policy,
  usage,
  platform,
  exclude,
}: AgentToolSearchOptions): ToolSearchTool | undefined {
  if (mode === "select" && binding !== "native") return undefined;
  const searchStrategy = search?.strategy ?? (strategy === undefined || strategy === "keyword" ? undefined : strategy);
  return createToolSearchTool(catalog, {
    ...(usage === undefined ? {} : { usage }),
    ...search,
    ...(platform === undefined ? {} : { platform }),
    ...(exclude === undefined ? {} : { exclude }),
    ...(policy === undefined ? {} : { policy }),
    ...(core === undefined ? {} : { core }),
    ...(searchStrategy === undefined ? {} : { strategy: searchStrategy }),
  });
}
