/**
 * @module `dynamicToolsMiddleware`: dynamic tools for LangChain v1's `createAgent`, with the same options and the
 * same explanation as the graph's selector node. `beforeModel` plans the turn (selection, tool_search, loaded tools,
 * budget) into state; `wrapModelCall` binds exactly that list, narrowing what createAgent was given and adding
 * catalog tools it was not; `afterModel` asks every approval the step needs before any call runs; `wrapToolCall`
 * executes any catalog tool (createAgent only runs tools added in wrapModelCall when some middleware has
 * wrapToolCall), applying the policy and those answers.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_POLICY, DynamicToolsError, type PermissionPolicy } from "@dynamic-tools/core";
import { PROXY_TOOL_NAME, proxyToolDefinition } from "@dynamic-tools/core/caching";
import {
  checkCatalogOption,
  checkOptionKeys,
  checkPolicyOption,
  countTokens,
  describeValue,
  isRecord,
  keysOf,
} from "@dynamic-tools/core/internal";
import { isAIMessage, isBaseMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { getConfig, isGraphDrained, isGraphInterrupt } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { ApprovalClaims, pauseKey, type ApprovalClaimStore } from "../execution/approval-claims.js";
import { answeredPauses, approvalOfCall } from "../execution/approval-continuation.js";
import { askApprovals, settleCall } from "../execution/approval-gate.js";
import { recordedAnswer, recordStepApprovals } from "../execution/approval-ledger.js";
import { createCallPlanner, type CallContext, type CallPlan } from "../execution/call-planner.js";
import { foreignAnswer, withCallId } from "../execution/checked-result.js";
import { timeoutLookup, type ToolTimeouts } from "../execution/execution-options.js";
import { checkExecutorOptions } from "../execution/executor-options.js";
import { guardTool } from "../execution/guarded-tool.js";
import { isCallEntry, malformedCalls, pendingCalls, withCallsOnly } from "../execution/pending-calls.js";
import { PlanCache, planKey } from "../execution/plan-cache.js";
import { malformedCallRefusal, refusalMessage } from "../execution/tool-call-refusal.js";
import { failureMessage } from "../execution/tool-failure.js";
import { checkRequestTools, readRequestTools, type ToolProvider } from "../execution/tool-resolution.js";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { usableName, usableSelection } from "../modes/usable-selection.js";
import { usesSearch } from "../modes/tool-mode.js";
import { createTurnPlanner, PLANNER_OPTION_KEYS, type TurnPlannerOptions } from "../modes/turn-planner.js";
import { callerFromConfig } from "../permissions/caller.js";
import { ExecutedSteps, stepKey } from "../usage/executed-steps.js";
import { recordExecutedStep, usageCaller, type UsageLearningOptions } from "../usage/record-step-usage.js";
import { traceSelection } from "../nodes/tool-selector-node.js";
import type { LoadedToolsUpdate } from "../search/loaded-tools.js";
import { agentToolSearch } from "../search/search-wiring.js";
import type { ToolSearchOptions } from "../search/tool-search-tool.js";
import { checkNativeProtocol, nativeProtocolOf, type NativeProtocol } from "../providers/native-protocol.js";
import { bindsProxy, checkProxyName } from "../providers/proxy-calls.js";
import { TOOL_SEARCH_NAME } from "../search/loaded-tools-history.js";
import { dynamicToolsContextSchema } from "./middleware-context.js";
import { providerRequestParts } from "./provider-request.js";
import { dynamicToolsMiddlewareState } from "./middleware-state.js";

/** Options of {@link dynamicToolsMiddleware}: those of the selector node, plus tool_search settings. */
export interface DynamicToolsMiddlewareOptions extends Omit<TurnPlannerOptions, "searchTool" | "model" | "usage">, UsageLearningOptions {
  /** `auto`: the model's name (e.g. `"gpt-4o"`) to look its context window up; or pass `contextWindow`. */
  model?: string;
  /** `tool_search` settings (modes search, both and auto): `strategy`, `defaultLimit`, `maxLimit`, `namespaceMaxSize`, `name`. */
  search?: Omit<ToolSearchOptions, "platform" | "exclude" | "core" | "policy">;
  /** Where tools the catalog has no implementation for are found, in order (SDK registry, then MCP source). @defaultValue [] */
  sources?: readonly ToolProvider[];
  /**
   * Time limits for tool calls (ms): a call past its limit is cancelled (its signal aborts) and answered with an
   * error ToolMessage, code `TOOL_TIMEOUT`. @defaultValue no limit
   */
  timeouts?: ToolTimeouts;
  /**
   * Where approvals are claimed, so each runs its call once. Pass one store shared by every process that resumes
   * the agent's pauses (the ones sharing its checkpointer) to make that hold across processes.
   * @defaultValue this middleware's memory: once per middleware, so once per process
   */
  approvalClaims?: ApprovalClaimStore;
  /**
   * The model's provider protocol, for `binding: "native"` and Anthropic's cache breakpoints; `"proxy"` for a model
   * whose provider serves no deferred loading. @defaultValue read from the model
   */
  nativeProtocol?: NativeProtocol;
}

/** The run's config, or undefined outside a runnable context. */
function currentConfig(): ReturnType<typeof getConfig> | undefined {
  try {
    return getConfig();
  } catch {
    return undefined;
  }
}

/** The calls of the conversation's last AI message (the step being run, or the one that just ran). */
function lastStepCalls(messages: readonly unknown[]): ToolCall[] {
  const last = messages.findLast((message) => isBaseMessage(message) && isAIMessage(message)) as BaseMessage | undefined;
  return last !== undefined && isAIMessage(last) ? (last.tool_calls ?? []).filter(isCallEntry) : [];
}

/** Whether a tool's result reports success (an error ToolMessage does not; a Command does). */
const succeeded = (result: unknown) =>
  !(isBaseMessage(result) && result.getType() === "tool" && (result as ToolMessage).status === "error");

function nameOf(tool: unknown): string | undefined {
  const candidate = tool as { name?: unknown; function?: { name?: unknown } } | null;
  if (typeof candidate?.name === "string") return candidate.name;
  return typeof candidate?.function?.name === "string" ? candidate.function.name : undefined;
}

const MIDDLEWARE_OPTION_KEYS = keysOf<DynamicToolsMiddlewareOptions>()([
  ...PLANNER_OPTION_KEYS,
  "usageScope",
  "search",
  "sources",
  "timeouts",
  "approvalClaims",
  "nativeProtocol",
]);

/**
 * Creates the middleware. Options are validated here, so a bad configuration fails when the agent is built.
 *
 * `policy` applies at selection, in tool_search and at execution: a denied call gets an error ToolMessage (its
 * `artifact` is the typed refusal, `{ code: "PERMISSION_DENIED", toolName, … }`) and never runs, even when the model
 * names a tool it was not given. Calls that need approval are asked in `afterModel`, before any call of the step runs
 * (as `DynamicToolNode` does): one `interrupt()` per call, in call order, each in LangChain's human-in-the-loop shape
 * (`{ actionRequests, reviewConfigs, toolCall, tool }`); resume each with one decision naming the call shown,
 * `{ decisions: [{ type: "approve" | "reject" | "edit", toolCallId, digest, message?, editedAction? }] }` (see
 * `ApprovalRequest` for how answers are matched: by id and digest, never by position). Only once every approval of the
 * step is answered do its calls run, each only under an answer that names it, and an approval at most once (a
 * second resume of the pause gets `APPROVAL_CONSUMED`); `edit` runs the edited name and arguments, the name checked
 * against the policy again. A call changed or added after this `afterModel` ran (by a middleware listed before this
 * one) is refused (`APPROVAL_REQUIRED`), not run. With `usage`, the calls `wrapToolCall` ran successfully are
 * recorded (nothing is learned from messages). Anything a tool or its source throws becomes an error
 * ToolMessage, as in createAgent without this middleware.
 *
 * @param options.catalog - the full registry (pass its tools to createAgent, or none: the middleware adds them).
 * @param options.mode - `"select"` (default), `"search"`, `"both"`, `"auto"` or `"auto:N"`.
 * @param options.strategy - the selection strategy (by default `"keyword"` when the catalog declares keywords for
 *   every category, else `"hybrid"`: see `createToolSelector`); retrieval strategies also rank tool_search.
 * @param options.timeouts - per-tool and default time limits (ms); a call past its limit is cancelled (`TOOL_TIMEOUT`).
 * @param options.approvalClaims - where approvals are claimed (see `ApprovalClaimStore`): one store shared by every
 *   process makes an approval run its call once across them. @defaultValue this middleware's memory (once per process)
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
 * const result = await agent.invoke(
 *   { messages: [{ role: "user", content: "open a GitHub issue" }] },
 *   { configurable: { thread_id: "1" } },
 * );
 * result.toolSelection?.tools; // ["get_time", "tool_search", "create_issue", …]
 * ```
 * @example Answering the approvals of one step (two `dangerous` calls: two pauses, then the step runs)
 * ```ts
 * const config = { configurable: { thread_id: "2" } };
 * let result = await agent.invoke({ messages: [{ role: "user", content: "close both accounts" }] }, config);
 * const naming = (paused) => {
 *   const [action] = paused.__interrupt__[0].value.actionRequests; // { name: "close_account", args: { id: "a" }, toolCallId, digest, … }
 *   return { toolCallId: action.toolCallId, digest: action.digest };
 * };
 * result = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve", ...naming(result) }] } }), config);
 * result = await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", ...naming(result), message: "keep b" }] } }), config);
 * ```
 */
export function dynamicToolsMiddleware(options: DynamicToolsMiddlewareOptions) {
  checkOptionKeys(options, MIDDLEWARE_OPTION_KEYS, "dynamicToolsMiddleware");
  checkExecutorOptions(options);
  if (options.search !== undefined && !isRecord(options.search))
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `search must be an object of tool_search settings, got ${describeValue(options.search)}.`,
      {
        path: ["search"],
      },
    );
  const { catalog, search, sources = [], timeouts, nativeProtocol, approvalClaims, ...planOptions } = options;
  checkCatalogOption(catalog);
  const policy: PermissionPolicy = checkPolicyOption(planOptions.policy) ?? DEFAULT_POLICY;
  const { platform, exclude, core, strategy, mode = "select" } = planOptions;
  const filters = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  // The recorder's model also annotates search results ("Often used with"), unless search.usage says otherwise.
  const candidateSearch = agentToolSearch({
    catalog,
    mode,
    binding: planOptions.binding,
    search,
    strategy,
    core,
    policy,
    usage: planOptions.usage,
    ...filters,
  });
  const plan = createTurnPlanner({
    ...planOptions,
    policy,
    catalog,
    ...(candidateSearch === undefined ? {} : { searchTool: candidateSearch }),
  });
  const searchTool = usesSearch(plan.mode) || planOptions.binding === "native" ? candidateSearch : undefined;
  if (nativeProtocol !== undefined && nativeProtocolOf(undefined, nativeProtocol) === "proxy")
    checkProxyName(catalog, searchTool === undefined ? [] : [searchTool.name]);

  const planner = createCallPlanner({ catalog, filters, policy, sources });
  const timeoutOf = timeoutLookup(timeouts);
  const isSearch = (name: string) => searchTool !== undefined && name === searchTool.name;
  /** Plans made in afterModel, taken by wrapToolCall: each call is planned once. */
  const stepPlans = new PlanCache();
  /** Approvals already used: a second resume of one pause never runs a call again. */
  const claims: ApprovalClaimStore = approvalClaims ?? new ApprovalClaims();
  // Seals the approvals afterModel records, so that wrapToolCall applies only answers this middleware read from a resume
  // (a client that may update the state could write a record; a run moved to another process between the two asks again).
  const sealKey = randomBytes(32);
  const extraNames = new Set(searchTool === undefined ? [] : [searchTool.name]);
  const bindLimit = catalog.resolveSettings(planOptions).maxTools + extraNames.size;
  /**
   * Tokens of the system message of the last model request this middleware saw (createAgent's `systemPrompt`), for the
   * cache-aware binding's cost decisions; until one is seen, the `systemPrompt` option's.
   */
  let systemTokens: number | undefined;
  /**
   * Set once createAgent is seen binding a tool of its own named `call_tool` or `tool_search`: the cache-aware binding
   * then plans without the proxy (its calls and deliveries could not be told from that tool's).
   */
  let proxyBlocked = false;
  /** What wrapToolCall ran successfully, until the next beforeModel (or afterAgent) records it. */
  const executed = new ExecutedSteps();

  /** Records the step that just ended: the calls this middleware ran, never what the messages claim. */
  function recordExecuted(messages: readonly unknown[], config: ReturnType<typeof currentConfig>): void {
    const calls = lastStepCalls(messages);
    if (calls.length === 0) return;
    const names = executed.take(stepKey(config?.configurable?.thread_id, usageCaller(callerFromConfig(config)), calls));
    recordExecutedStep(messages, names, config, options);
  }

  /** The tool (or, for a declared-only tool, its definition) to bind for a name. */
  function bindable(name: string, registered: ReadonlyMap<string, unknown>): unknown {
    if (registered.has(name)) return registered.get(name);
    if (searchTool !== undefined && name === searchTool.name) return searchTool;
    if (name === PROXY_TOOL_NAME && !catalog.has(name)) return proxyToolDefinition();
    return catalog.getTool(name) ?? catalog.definitions([name])[0];
  }

  return createMiddleware({
    name: "DynamicToolsMiddleware",
    stateSchema: dynamicToolsMiddlewareState,
    contextSchema: dynamicToolsContextSchema,
    tools: searchTool === undefined ? [] : [searchTool],

    async beforeModel(state) {
      const config = currentConfig();
      // The step that just ended is recorded in the background: this step does not wait for it.
      recordExecuted(state.messages, config);
      const {
        selection,
        loadedUpdate,
        messages: delivered,
      } = await plan({
        messages: state.messages,
        loadedTools: state.loadedTools,
        caller: callerFromConfig(config),
        previous: state.toolSelection,
        ...(systemTokens === undefined ? {} : { systemTokens }),
        ...(proxyBlocked ? { proxy: false } : {}),
      });
      await traceSelection(selection, config);
      const update: { toolSelection: DynamicToolSelection; loadedTools?: LoadedToolsUpdate; messages?: BaseMessage[] } = {
        toolSelection: selection,
      };
      if (loadedUpdate !== undefined) update.loadedTools = loadedUpdate;
      if (delivered !== undefined) update.messages = delivered;
      return update;
    },

    async wrapModelCall(request, handler) {
      const caller = callerFromConfig(currentConfig());
      systemTokens = request.systemMessage === undefined ? 0 : countTokens(request.systemMessage.text);
      const planned =
        (request.state.toolSelection as DynamicToolSelection | null | undefined) ??
        (await plan({ messages: request.messages, loadedTools: request.state.loadedTools as string[] | null, caller })).selection;
      // What beforeModel wrote, checked again: the state may hold what a client wrote.
      const context = { catalog, caller, policy, extraNames, filters, maxTools: bindLimit };
      const selection = usableSelection(planned, {
        ...context,
        extraNames: catalog.has(PROXY_TOOL_NAME) ? extraNames : new Set([...extraNames, PROXY_TOOL_NAME]),
      });
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
      const ownsProxyName = [...registered.keys()].some(
        (name) => !catalog.has(name) && (name === PROXY_TOOL_NAME || (name === TOOL_SEARCH_NAME && name !== searchTool?.name)),
      );
      if (ownsProxyName) proxyBlocked = true;
      const proxied = !ownsProxyName && bindsProxy(selection, catalog);
      // A tool of createAgent's own named call_tool is bound as it is (with the passthrough tools), never as the proxy.
      const names = ownsProxyName ? selection.tools.filter((name) => name !== PROXY_TOOL_NAME || catalog.has(name)) : selection.tools;
      const tools = [...names.map((name) => bindable(name, registered)), ...passthrough];
      const binding = selection.binding;
      // createAgent gives the model only now: an explicit protocol it cannot send fails here, typed, not with a 400.
      checkNativeProtocol(request.model, nativeProtocol);
      const parts = providerRequestParts({
        protocol: nativeProtocolOf(request.model, nativeProtocol),
        catalog,
        messages: request.messages,
        systemMessage: request.systemMessage,
        tools,
        native: binding?.policy === "native" ? binding : undefined,
        searchTool,
        ...(proxied ? { proxy: { array: selection.tools, usable: usableName({ ...context, extraNames: new Set() }) } } : {}),
      });
      const answer = await handler({ ...request, ...parts.request, tools: parts.request.tools as typeof request.tools });
      // Entries of the answer's calls that are no call (null) are dropped here: createAgent's model node reads each.
      return parts.receive(withCallsOnly(answer as BaseMessage)) as typeof answer;
    },

    afterModel: {
      // "model": a step whose calls were all malformed (or none a call) goes back to the model with their answers.
      canJumpTo: ["model"],
      async hook(state, runtime) {
        // Every approval of the step is asked here, before the tools step starts any call: a resume re-runs this node
        // only, so no call runs twice and each resume value is checked against the call it was asked for.
        const config = currentConfig() ?? { configurable: runtime.configurable };
        const caller = callerFromConfig(config);
        const context = { caller, requestTools: checkRequestTools(readRequestTools(config)) };
        const calls = pendingCalls(state.messages);
        const plans = await Promise.all(calls.map((call) => (isSearch(call.name) ? undefined : planner.plan(call, context))));
        if (context.requestTools === undefined) {
          const thread = config.configurable?.thread_id;
          stepPlans.setStep(
            calls.flatMap((call, index) => {
              const callPlan = plans[index];
              return callPlan === undefined ? [] : [[planKey(thread, caller, call), callPlan] as const];
            }),
          );
        }
        const approvals = recordStepApprovals(calls, askApprovals(calls, plans), pauseKey(config), sealKey);
        // Calls the model's client could not parse are answered here: createAgent's tools step never sees them.
        // The message again with them in its calls (and without entries that are no call, such as null, which
        // createAgent's routing and the provider's client would throw on), and their answers; with no other call,
        // back to the model.
        const malformed = malformedCalls(state.messages);
        // Written whenever there are approvals or old ones to clear, so a later step never reuses an answer.
        const writesApprovals = approvals !== undefined || state._toolApprovals != null;
        if (!writesApprovals && malformed === undefined) return undefined;
        return {
          ...(writesApprovals ? { _toolApprovals: approvals ?? null } : {}),
          ...(malformed === undefined
            ? {}
            : {
                messages: [malformed.message, ...malformed.calls.map((call) => refusalMessage(call, malformedCallRefusal(call)))],
                ...(calls.length === 0 ? { jumpTo: "model" as const } : {}),
              }),
        };
      },
    },

    afterAgent(state) {
      // A run that ends right after its tools (a tool that returns directly) still records them.
      recordExecuted(state.messages, currentConfig());
      return undefined;
    },

    async wrapToolCall(request, handler) {
      const call: ToolCall = request.toolCall;
      // An entry of the message's calls that is no call (null; afterModel drops them from the message): nothing runs.
      if (!isCallEntry(call)) return refusalMessage({ name: String(call) }, { code: "TOOL_NOT_FOUND", toolName: String(call) });
      const runtime = request.runtime as { context?: unknown; configurable?: Record<string, unknown> } | undefined;
      const config = currentConfig();
      const runConfig = { configurable: config?.configurable ?? runtime?.configurable, context: runtime?.context ?? config?.context };
      // tool_search, and tools createAgent was given that the catalog does not know (held to the policy, see CallContext).
      const extra = (isSearch(call.name) ? (request.tool ?? searchTool) : request.tool) as StructuredToolInterface | undefined;
      const caller = callerFromConfig(runConfig);
      const context: CallContext = { caller, requestTools: checkRequestTools(readRequestTools(runConfig)), extra };
      const thread = runConfig.configurable?.thread_id;
      // afterModel read the approvals: a pause answered in this tools step is the tool's own (see claimApproval).
      const answered = answeredPauses(config);
      const approval = approvalOfCall(claims, config ?? {}, answered === 0 ? undefined : answered);
      try {
        // The model is untrusted: the catalog rules and the policy are checked here too (planned in afterModel when
        // it ran in this process), even for a tool it names without it being bound.
        const taken: CallPlan | undefined =
          context.requestTools === undefined && !isSearch(call.name) ? stepPlans.take(planKey(thread, caller, call)) : undefined;
        // afterModel planned without createAgent's own tools: for one the catalog does not know, plan again with it.
        const cached = extra !== undefined && !catalog.has(call.name) ? undefined : taken;
        const callPlan = cached ?? (await planner.plan(call, context));
        // Only an answer recorded for exactly this call (its id and digest) applies, even if the policy no longer
        // asks. A call that needs approval without one (changed, e.g. by another middleware, or added after
        // afterModel asked) is refused, not asked here: an interrupt() inside the tools step would re-run calls of
        // the step that already ran. The model can call it again, and the next step asks.
        const recorded = recordedAnswer(request.state._toolApprovals, call, sealKey);
        const settled = await settleCall({
          call,
          plan: callPlan,
          answer: recorded?.answer,
          replan: (name) => planner.plan({ name }, { ...context, extra: isSearch(name) ? searchTool : undefined }),
          claim: () => approval.claim(recorded?.claims ?? []),
        });
        if (settled.kind === "refuse") return refusalMessage(call, settled.refusal);
        const result = await handler({ ...request, toolCall: settled.call, tool: guardTool(settled.tool, timeoutOf(settled.call.name)) });
        const foreign = foreignAnswer(call, withCallId(call, result));
        if (foreign !== undefined) return refusalMessage(call, foreign);
        if (succeeded(result))
          executed.add(stepKey(thread, usageCaller(caller), lastStepCalls(request.state.messages as unknown[])), settled.call.name);
        return result;
      } catch (error) {
        // As createAgent's own tool node: interrupts, drains and a cancelled run go on; any other failure (whatever
        // was thrown, by the tool, its source or a handler) becomes an error ToolMessage the model can read.
        // An approved call that pauses itself runs again, as in ToolNode, when that pause is answered.
        await approval.failed(error);
        if (isGraphInterrupt(error) || isGraphDrained(error) || config?.signal?.aborted === true) throw error;
        return failureMessage(call, error);
      }
    },
  });
}
