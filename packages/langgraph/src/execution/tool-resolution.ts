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
  // Anything given is passed on to be checked (see checkRequestTools): a value that is no list of tools is an error,
  // whatever its type, not a silent no-op.
  return (fromContext ?? config?.configurable?.requestTools ?? undefined) as readonly StructuredToolInterface[] | undefined;
};

/**
 * The tools a {@link RequestToolsReader} read, checked: a list of LangChain tools (each a `name` and `invoke`), or
 * nothing. Tools are objects of the process that runs the graph: a JSON value sent with a request (`configurable`
 * over the API) can never be one.
 * @throws DynamicToolsError `INVALID_OPTION` naming the value that is not a list, or the first entry that is no tool.
 */
export function checkRequestTools(tools: unknown): readonly StructuredToolInterface[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `requestTools must be a list of LangChain tools (objects of the process that runs the graph, never JSON sent with a request), got ${describeValue(tools)}.`,
      { path: ["requestTools"] },
    );
  }
  const bad = tools.findIndex((tool) => !isLangChainTool(tool));
  if (bad >= 0) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `requestTools[${bad}] must be a LangChain tool (an object with a string name and an invoke method, of the process that runs the graph: JSON sent with a request cannot be one), got ${describeValue(tools[bad])}.`,
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
