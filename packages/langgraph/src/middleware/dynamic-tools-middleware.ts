/**
 * @module `dynamicToolsMiddleware`: dynamic tools for LangChain v1's `createAgent`, with the same options and the
 * same explanation as the graph's selector node. `beforeModel` plans the turn (selection, tool_search, loaded tools,
 * budget) into state; `wrapModelCall` binds exactly that list, narrowing what createAgent was given and adding
 * catalog tools it was not; `afterModel` asks every approval the step needs before any call runs; `wrapToolCall`
 * executes any catalog tool (createAgent only runs tools added in wrapModelCall when some middleware has
 * wrapToolCall), applying the policy and those answers.
 */
import { DEFAULT_POLICY, type Caller, type PermissionPolicy, type ToolCatalog, type ToolMetadata } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { getConfig } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { usesSearch } from "../modes/tool-mode.js";
import { createTurnPlanner, type TurnPlannerOptions } from "../modes/turn-planner.js";
import { permissionRefusal, toolCallRefusal } from "../nodes/tool-call-refusal.js";
import { rejectionText } from "../nodes/tool-approval.js";
import { findInProviders, type ToolProvider } from "../nodes/tool-resolution.js";
import { callerFromConfig } from "../permissions/caller.js";
import { recordStepUsage, type UsageLearningOptions } from "../usage/record-step-usage.js";
import { traceSelection } from "../nodes/tool-selector-node.js";
import type { LoadedToolsUpdate } from "../search/loaded-tools.js";
import { createToolSearchTool, type ToolSearchOptions } from "../search/tool-search-tool.js";
import { anySignal } from "../prebuilt/any-signal.js";
import { dynamicToolsMiddlewareState } from "./middleware-state.js";
import { askStepApprovals, pendingToolCalls, recordedDecision, unapprovedText, type StepApprovals } from "./step-approvals.js";

/** Options of {@link dynamicToolsMiddleware}: those of the selector node, plus tool_search settings. */
export interface DynamicToolsMiddlewareOptions extends Omit<TurnPlannerOptions, "searchTool" | "model">, UsageLearningOptions {
  /** `auto`: the model's name (e.g. `"gpt-4o"`) to look its context window up; or pass `contextWindow`. */
  model?: string;
  /** `tool_search` settings (modes search, both and auto): `strategy`, `defaultLimit`, `maxLimit`, `namespaceMaxSize`, `name`. */
  search?: Omit<ToolSearchOptions, "platform" | "exclude" | "core" | "policy">;
  /** Where tools the catalog has no implementation for are found, in order (SDK registry, then MCP source). @defaultValue [] */
  sources?: readonly ToolProvider[];
}

/** What a call to a tool name resolves to before it runs. */
type CallPlan =
  | { kind: "passthrough" }
  | { kind: "refuse"; text: string }
  | { kind: "run"; metadata: ToolMetadata; approval: boolean; refusal: string | undefined };

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
 * `policy` applies at selection, in tool_search and at execution: a denied call gets an error ToolMessage and never
 * runs, even when the model names a tool it was not given. Calls that need approval are asked in `afterModel`,
 * before any call of the step runs (as `DynamicToolNode` does): one `interrupt()` per call, in call order, each with
 * the value `{ type: "approval", toolCall, tool }`; resume each with `new Command({ resume: { decision: "approve" } })`,
 * `{ decision: "reject", reason? }` (the model gets an error ToolMessage) or `{ decision: "edit", args }` (the call runs
 * with these arguments). Only once every approval of the step is answered do its calls run, each exactly once. A call
 * changed or added after this `afterModel` ran (by a middleware listed before this one) is refused with an error
 * ToolMessage, not run: an answer only ever applies to the call the human saw, and the model can call it again.
 *
 * @param options.catalog - the full registry (pass its tools to createAgent, or none: the middleware adds them).
 * @param options.mode - `"select"` (default), `"search"`, `"both"`, `"auto"` or `"auto:N"`.
 * @param options.strategy - the selection strategy (`"keyword"` by default); retrieval strategies also rank tool_search.
 * @param options.policy - who may run what (`"allow"`, `"deny"` or `"approve"`), the caller read from the run's
 * `context` or `configurable`. @defaultValue everything allowed; `dangerous` tools need approval
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
 * @example Answering the approvals of one step (two `dangerous` calls: two pauses, then the step runs)
 * ```ts
 * const config = { configurable: { thread_id: "2" } };
 * let result = await agent.invoke({ messages: [{ role: "user", content: "close both accounts" }] }, config);
 * result.__interrupt__?.[0]?.value; // { type: "approval", toolCall: { name: "close_account", args: { id: "a" }, id: "call_1" }, tool: { … } }
 * result = await agent.invoke(new Command({ resume: { decision: "approve" } }), config);
 * result = await agent.invoke(new Command({ resume: { decision: "reject", reason: "keep b" } }), config);
 * ```
 */
export function dynamicToolsMiddleware(options: DynamicToolsMiddlewareOptions) {
  const { catalog, search, sources = [], ...planOptions } = options;
  const policy: PermissionPolicy = planOptions.policy ?? DEFAULT_POLICY;
  const { platform, exclude, core, strategy, mode = "select" } = planOptions;
  const filters = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  const searchStrategy = search?.strategy ?? (strategy === undefined || strategy === "keyword" ? undefined : strategy);
  const searchSignals = [planOptions.signal, search?.signal].filter((signal) => signal !== undefined);
  const candidateSearch =
    mode === "select"
      ? undefined
      : createToolSearchTool(catalog, {
          ...search,
          ...filters,
          policy,
          ...(core === undefined ? {} : { core }),
          ...(searchStrategy === undefined ? {} : { strategy: searchStrategy }),
          // The middleware's signal releases the planner's selector and this tool_search (as does search.signal).
          ...(searchSignals.length === 0 ? {} : { signal: anySignal(searchSignals) }),
        });
  const plan = createTurnPlanner({ ...planOptions, policy, catalog, ...(candidateSearch === undefined ? {} : { searchTool: candidateSearch }) });
  const searchTool = usesSearch(plan.mode) ? candidateSearch : undefined;

  /**
   * How a call to `name` is handled: tool_search and tools createAgent was given that the catalog does not know pass
   * through; catalog rules and the policy refuse; everything else runs, after approval when the policy asks for it.
   */
  function planCall(name: string, given: boolean, caller: Caller): CallPlan {
    if (searchTool !== undefined && name === searchTool.name) return { kind: "passthrough" };
    if (!catalog.has(name) && given) return { kind: "passthrough" };
    const refusal = toolCallRefusal(catalog, filters, name);
    // A declared tool without code may still come from a source: only refuse for that once the sources were asked.
    if (refusal !== undefined && !refusal.includes("has no implementation")) return { kind: "refuse", text: `Error: ${refusal}\n Please fix your mistakes.` };
    const metadata = catalog.get(name)!;
    const decision = policy(metadata, caller);
    if (decision === "deny") return { kind: "refuse", text: `Error: ${permissionRefusal(metadata, caller)}` };
    return { kind: "run", metadata, approval: decision === "approve", refusal };
  }

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
      // The step that just ended (tool results) is learned before this step is planned.
      await recordStepUsage(state.messages, config, options);
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

    async afterModel(state, runtime) {
      // Every approval of the step is asked here, before the tools step starts any call: a resume re-runs this node
      // only, so no call runs twice and each resume value answers the call it was asked for.
      const caller = callerFromConfig(currentConfig() ?? { configurable: runtime.configurable });
      const approvals = askStepApprovals(pendingToolCalls(state.messages), (call) => {
        const planned = planCall(call.name, false, caller);
        return planned.kind === "run" && planned.approval ? planned.metadata : undefined;
      });
      // Written on every model call (also to clear it), so a later step never reuses an answer.
      if (approvals === undefined && state._toolApprovals == null) return undefined;
      return { _toolApprovals: approvals ?? null };
    },

    async wrapToolCall(request, handler) {
      const { name, id } = request.toolCall;
      const runtime = request.runtime as { context?: unknown } | undefined;
      const config = currentConfig();
      const caller = callerFromConfig({ ...config, context: runtime?.context ?? config?.context });
      // The model is untrusted: the policy is checked here too, even for a tool it names without it being bound.
      const planned = planCall(name, request.tool !== undefined, caller);
      if (planned.kind === "passthrough") {
        const unboundSearch = searchTool !== undefined && name === searchTool.name && request.tool === undefined;
        return handler(unboundSearch ? { ...request, tool: searchTool } : request);
      }
      const refuse = (content: string) => new ToolMessage({ status: "error", name, tool_call_id: id ?? "", content });
      if (planned.kind === "refuse") return refuse(planned.text);
      let toolCall = request.toolCall;
      // An answer recorded for exactly this call applies even if the policy no longer asks (a rejection always holds).
      const answer = recordedDecision(request.state._toolApprovals as StepApprovals | null | undefined, toolCall);
      // A call that needs approval but was not the one approved (changed, e.g. by another middleware, or added after
      // afterModel asked) is refused, not asked here: an interrupt() inside the tools step would re-run calls of the
      // step that already ran. The model can call it again, and the next step asks.
      if (answer === undefined && planned.approval) return refuse(unapprovedText(name));
      if (answer?.decision === "reject") return refuse(rejectionText(name, answer));
      if (answer?.decision === "edit") toolCall = { ...toolCall, args: answer.args };
      const implementation = request.tool ?? catalog.getTool(name) ?? (await findInProviders(sources, name));
      if (implementation === undefined) return refuse(`Error: ${planned.refusal ?? `Tool "${name}" not found.`}\n Please fix your mistakes.`);
      return handler({ ...request, toolCall, tool: implementation as StructuredToolInterface });
    },
  });
}

