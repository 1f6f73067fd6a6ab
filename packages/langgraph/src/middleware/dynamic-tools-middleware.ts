/**
 * @module `dynamicToolsMiddleware`: dynamic tools for LangChain v1's `createAgent`, with the same options and the
 * same explanation as the graph's selector node. `beforeModel` plans the turn (selection, tool_search, loaded tools,
 * budget) into state; `wrapModelCall` binds exactly that list, narrowing what createAgent was given and adding
 * catalog tools it was not; `wrapToolCall` executes any catalog tool (createAgent only runs tools added in
 * wrapModelCall when some middleware has wrapToolCall).
 */
import { DEFAULT_POLICY, type PermissionPolicy, type ToolCatalog } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { getConfig } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { usesSearch } from "../modes/tool-mode.js";
import { createTurnPlanner, type TurnPlannerOptions } from "../modes/turn-planner.js";
import { permissionRefusal, toolCallRefusal } from "../nodes/tool-call-refusal.js";
import { rejectionText, requestApproval } from "../nodes/tool-approval.js";
import { findInProviders, type ToolProvider } from "../nodes/tool-resolution.js";
import { callerFromConfig } from "../permissions/caller.js";
import { traceSelection } from "../nodes/tool-selector-node.js";
import type { LoadedToolsUpdate } from "../search/loaded-tools.js";
import { createToolSearchTool, type ToolSearchOptions } from "../search/tool-search-tool.js";
import { dynamicToolsMiddlewareState } from "./middleware-state.js";

/** Options of {@link dynamicToolsMiddleware}: those of the selector node, plus tool_search settings. */
export interface DynamicToolsMiddlewareOptions extends Omit<TurnPlannerOptions, "searchTool" | "model"> {
  /** `auto`: the model's name (e.g. `"gpt-4o"`) to look its context window up; or pass `contextWindow`. */
  model?: string;
  /** `tool_search` settings (modes search, both and auto): `strategy`, `defaultLimit`, `maxLimit`, `namespaceMaxSize`, `name`. */
  search?: Omit<ToolSearchOptions, "platform" | "exclude" | "core" | "policy">;
  /** Where tools the catalog has no implementation for are found, in order (SDK registry, then MCP source). @defaultValue [] */
  sources?: readonly ToolProvider[];
}


/** The run's config, or undefined outside a runnable context. */
function currentConfig(): ReturnType<typeof getConfig> | undefined {
  try {
    return getConfig();
  } catch {
    return undefined;
  }
}

function nameOf(tool: unknown): string | undefined {
  const candidate = tool as { name?: unknown; function?: { name?: unknown } } | null;
  if (typeof candidate?.name === "string") return candidate.name;
  return typeof candidate?.function?.name === "string" ? candidate.function.name : undefined;
}

/**
 * Creates the middleware. Options are validated here, so a bad configuration fails when the agent is built.
 *
 * `policy` applies at selection, in tool_search and in `wrapToolCall` (a denied call gets an error ToolMessage and
 * never runs; an approval tool pauses with `interrupt()`). Unlike `DynamicToolNode`, which asks every approval of a
 * step before running any call, `wrapToolCall` sees one call at a time: when one step has several approval calls,
 * calls that ran before a later interrupt run again on resume (LangGraph re-runs the node). Prefer the graph's
 * `DynamicToolNode` when parallel approvals matter.
 *
 * @param options.catalog - the full registry (pass its tools to createAgent, or none: the middleware adds them).
 * @param options.mode - `"select"` (default), `"search"`, `"both"`, `"auto"` or `"auto:N"`.
 * @param options.strategy - the selection strategy (`"keyword"` by default); retrieval strategies also rank tool_search.
 * @example
 * ```ts
 * import { createAgent } from "langchain";
 * import { dynamicToolsMiddleware } from "@dynamic-tools/langgraph/middleware";
 *
 * const agent = createAgent({
 *   model: "openai:gpt-4o",
 *   tools: [],                       // every catalog tool is bound on demand and executed by the middleware
 *   middleware: [dynamicToolsMiddleware({ catalog, mode: "search" })],
 *   checkpointer: new MemorySaver(),
 * });
 * const result = await agent.invoke({ messages: [{ role: "user", content: "open a GitHub issue" }] }, { configurable: { thread_id: "1" } });
 * result.toolSelection?.tools; // ["get_time", "tool_search", "create_issue", …]
 * ```
 */
export function dynamicToolsMiddleware(options: DynamicToolsMiddlewareOptions) {
  const { catalog, search, sources = [], ...planOptions } = options;
  const policy: PermissionPolicy = planOptions.policy ?? DEFAULT_POLICY;
  const { platform, exclude, core, strategy, mode = "select" } = planOptions;
  const filters = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const searchStrategy = search?.strategy ?? (strategy === undefined || strategy === "keyword" ? undefined : strategy);
  const candidateSearch =
    mode === "select"
      ? undefined
      : createToolSearchTool(catalog, { ...search, ...filters, policy, ...(core === undefined ? {} : { core }), ...(searchStrategy === undefined ? {} : { strategy: searchStrategy }) });
  const plan = createTurnPlanner({ ...planOptions, policy, catalog, ...(candidateSearch === undefined ? {} : { searchTool: candidateSearch }) });
  const searchTool = usesSearch(plan.mode) ? candidateSearch : undefined;

  /** The tool (or, for a declared-only tool, its definition) to bind for a name. */
  function bindable(name: string, registered: ReadonlyMap<string, unknown>): unknown {
    if (registered.has(name)) return registered.get(name);
    if (searchTool !== undefined && name === searchTool.name) return searchTool;
    return catalog.getTool(name) ?? catalog.definitions([name])[0];
  }

  return createMiddleware({
    name: "DynamicToolsMiddleware",
    stateSchema: dynamicToolsMiddlewareState,
    tools: searchTool === undefined ? [] : [searchTool],

    async beforeModel(state) {
      const config = currentConfig();
      const { selection, loadedUpdate } = await plan({ messages: state.messages, loadedTools: state.loadedTools, caller: callerFromConfig(config) });
      await traceSelection(selection, config);
      const update: { toolSelection: DynamicToolSelection; loadedTools?: LoadedToolsUpdate } = { toolSelection: selection };
      if (loadedUpdate !== undefined) update.loadedTools = loadedUpdate;
      return update;
    },

    async wrapModelCall(request, handler) {
      const selection = (request.state.toolSelection as DynamicToolSelection | null | undefined) ?? (await plan({ messages: request.messages, loadedTools: request.state.loadedTools as string[] | null })).selection;
      const registered = new Map<string, unknown>();
      const passthrough: unknown[] = [];
      for (const tool of request.tools ?? []) {
        const name = nameOf(tool);
        if (name === undefined) passthrough.push(tool);
        else {
          registered.set(name, tool);
          // Tools createAgent was given that the catalog does not know (and that are not tool_search) stay bound as
          // they are: the middleware cannot budget what it does not know.
          if (!catalog.has(name) && name !== searchTool?.name) passthrough.push(tool);
        }
      }
      const tools = [...selection.tools.map((name) => bindable(name, registered)), ...passthrough];
      return handler({ ...request, tools: tools as typeof request.tools });
    },

    async wrapToolCall(request, handler) {
      const { name, id } = request.toolCall;
      if (searchTool !== undefined && name === searchTool.name) return handler(request.tool === undefined ? { ...request, tool: searchTool } : request);
      if (!catalog.has(name) && request.tool !== undefined) return handler(request);
      const refuse = (content: string) => new ToolMessage({ status: "error", name, tool_call_id: id ?? "", content });
      const refusal = toolCallRefusal(catalog, filters, name);
      const missing = refusal !== undefined && refusal.includes("has no implementation");
      if (refusal !== undefined && !missing) return refuse(`Error: ${refusal}\n Please fix your mistakes.`);
      // The model is untrusted: the policy is checked here too, even for a tool it names without it being bound.
      const metadata = catalog.get(name)!;
      const runtime = request.runtime as { context?: unknown } | undefined;
      const config = currentConfig();
      const caller = callerFromConfig({ ...config, context: runtime?.context ?? config?.context });
      const decision = policy(metadata, caller);
      if (decision === "deny") return refuse(`Error: ${permissionRefusal(metadata, caller)}`);
      let toolCall = request.toolCall;
      if (decision === "approve") {
        const answer = requestApproval(request.toolCall, metadata);
        if (answer.decision === "reject") return refuse(rejectionText(name, answer));
        if (answer.decision === "edit") toolCall = { ...toolCall, args: answer.args };
      }
      const implementation = request.tool ?? catalog.getTool(name) ?? (await findInProviders(sources, name));
      if (implementation === undefined) return refuse(`Error: ${refusal ?? `Tool "${name}" not found.`}\n Please fix your mistakes.`);
      return handler({ ...request, toolCall, tool: implementation as StructuredToolInterface });
    },
  });
}

