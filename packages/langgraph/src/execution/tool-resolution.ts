/**
 * @module Where a tool call's implementation comes from: tools passed for this request
 * → builtin catalog tools → SDK tools → MCP session pool. Each step is looked up at call time, so tools that
 * arrived after the graph was built run too.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { describeValue, isLangChainTool } from "@dynamic-tools/core/internal";
import type { StructuredToolInterface } from "@langchain/core/tools";

/** Anything that lists tools: an SDK tool registry, an MCP tool source (`@dynamic-tools/mcp`), your own. */
export interface ToolProvider {
  tools(): readonly StructuredToolInterface[] | Promise<readonly StructuredToolInterface[]>;
}

/** Reads the tools passed for one request (e.g. per-user tools) from the run's config. */
export type RequestToolsReader = (
  config: { configurable?: Record<string, unknown>; context?: unknown } | undefined,
) => readonly StructuredToolInterface[] | undefined;

/**
 * The default {@link RequestToolsReader}: `context.requestTools` (runtime context), else `configurable.requestTools`.
 *
 * @example
 * ```ts
 * await graph.invoke(input, { configurable: { thread_id: "1", requestTools: [userCalendarTool] } });
 * ```
 */
export const readRequestTools: RequestToolsReader = function readRequestTools(config) {
  const context = config?.context as { requestTools?: unknown } | undefined;
  const fromContext = typeof context === "object" && context !== null ? context.requestTools : undefined;
  const tools = fromContext ?? config?.configurable?.requestTools;
  return Array.isArray(tools) ? (tools as StructuredToolInterface[]) : undefined;
};

/**
 * The tools a {@link RequestToolsReader} read, checked: each must be a LangChain tool (a `name` and `invoke`).
 * @throws DynamicToolsError `INVALID_OPTION` naming the first entry that is not, and where it was read from.
 */
export function checkRequestTools(tools: readonly unknown[] | undefined): readonly StructuredToolInterface[] | undefined {
  const bad = tools?.findIndex((tool) => !isLangChainTool(tool)) ?? -1;
  if (bad >= 0) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `requestTools[${bad}] must be a LangChain tool (an object with a string name and an invoke method), got ${describeValue(tools![bad])}.`,
      { path: ["requestTools", bad] },
    );
  }
  return tools as readonly StructuredToolInterface[] | undefined;
}

/**
 * The first provider's tool of that name, in order (SDK before MCP). A provider that fails to
 * list is skipped: its failure must not hide the other sources' tools.
 *
 * @example
 * ```ts
 * const tool = await findInProviders([sdk, mcp], "mcp_files_read_file");
 * ```
 */
export async function findInProviders(providers: readonly ToolProvider[], name: string): Promise<StructuredToolInterface | undefined> {
  for (const provider of providers) {
    let tools: readonly StructuredToolInterface[];
    try {
      tools = await provider.tools();
    } catch {
      continue;
    }
    const found = tools.find((tool) => tool.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
}
