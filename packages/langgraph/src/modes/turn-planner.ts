/**
 * @module One turn's tools in any mode, shared by the graph's selector node and the createAgent middleware: the
 * selection (modes select and both), `tool_search` and the loaded tools (search and both), or everything (auto,
 * while small), under one budget, with the explanation and the update of the loaded channel. Every mode reads the
 * bindable tools from core's filters stage (`followCatalog`) and explains itself with core's last stage
 * (`finishSelection`); the selection itself is `createToolSelector`'s pipeline.
 */
import {
  DynamicToolsError,
  countDefinitionTokens,
  createToolSelector,
  type Caller,
  type PermissionPolicy,
  type ToolCatalog,
  type ToolSelection,
  type ToolSelector,
  type ToolSelectorOptions,
} from "@dynamic-tools/core";
import {
  bindTools,
  DELIVERY_CALL_TOKENS,
  deliveryQuery,
  neededTools,
  PROXY_DEFINITIONS_HEADER,
  PROXY_TOOL_NAME,
  proxyToolDefinition,
  type BindingPolicyName,
  type ProxyDelivery,
} from "@dynamic-tools/core/caching";
import {
  ESTIMATE_ERROR_BOUND,
  checkCatalogOption,
  checkPolicyOption,
  countTokens,
  describeValue,
  finishSelection,
  followCatalog,
  keysOf,
  readConversation,
  SELECTOR_OPTION_KEYS,
  visibleTo,
} from "@dynamic-tools/core/internal";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { definitionTokensOf } from "../search/extra-tool-definition.js";
import type { LoadedToolsUpdate } from "../search/loaded-tools.js";
import { loadedToolRecency, loadedToolsFromMessages, searchLoads, TOOL_SEARCH_NAME } from "../search/loaded-tools-history.js";
import { selectionDelivery } from "../providers/native-delivery.js";
import { boundAhead, planBoundTools } from "../search/plan-bound-tools.js";
import { checkSearchPolicy } from "../search/tool-search-tool.js";
import { decideAutoMode, type AutoModeDecision } from "./auto-mode.js";
import { estimatePromptTokens } from "./prompt-tokens.js";
import { planNative } from "./native-plan.js";
import { modelNameOf } from "./context-windows.js";
import type { DynamicToolSelection, UnloadedTool } from "./dynamic-tool-selection.js";
import { parseToolMode, usesSearch, type BindingMode, type FallbackMode, type ToolMode } from "./tool-mode.js";

/** Options of {@link createTurnPlanner}: every selection option plus the mode and what it needs. */
export interface TurnPlannerOptions extends ToolSelectorOptions {
  /** The full registry. */
  catalog: ToolCatalog;
  /** @defaultValue "select" */
  mode?: ToolMode;
  /** What `auto` uses when not everything fits. @defaultValue "search" */
  fallback?: FallbackMode;
  /** `auto`: the model's context window in tokens (overrides the known value for `model`). */
  contextWindow?: number;
  /** `auto`: the model, or its name, to look the context window up. */
  model?: unknown;
  /**
   * When this call's tools array may differ from the previous call's (modes select and both). `"cache-aware"` keeps
   * the array while the conversation's needed tools are bound, so the provider's prompt cache (tools come first)
   * survives; `"per-turn"` binds each selection as it is. See `bindTools` in `@dynamic-tools/core/caching`.
   * `"native"` (needs `searchTool`; for models whose provider defers tools natively) sends every tool the caller may
   * use on every call, deferred but for the core tools and `tool_search`, and loads tools by reference: the model's
   * searches, and the selection (modes select and both) delivered as a synthetic search turn appended to the
   * conversation (`TurnPlan.messages`). The model node renders it for the provider (see `nativeProtocolOf`).
   * @defaultValue "cache-aware"
   */
  binding?: BindingPolicyName | "native";
  /**
   * `binding: "cache-aware"` in mode select: bind the `call_tool` proxy from a conversation's first call (when the
   * tools left out outweigh it) and, when a needed tool is missing and delivering it costs less than changing the array,
   * deliver it instead: its definition enters the conversation once (a synthetic `tool_search` turn appended to it,
   * `TurnPlan.messages`) and the model calls it through the proxy, so the tools array, and the prompt cache behind it,
   * survive a topic shift. The model node and the middleware render the definitions and unwrap the proxy calls into
   * calls of the tools they name (checked and executed as any call). `false`: a needed tool is bound only by a change
   * of the array, which the cost rule often refuses once the conversation is long. Not used (whatever this says) when
   * tokens are not counted (`countTokens: false`), or when the catalog (or, for the middleware, createAgent) has a tool
   * of its own named `call_tool` or `tool_search`.
   * @defaultValue true
   */
  proxy?: boolean;
  /**
   * The system prompt the model node sends before the conversation: only its tokens are used, by the cache-aware
   * binding's cost decisions (a change of the array re-bills it; a prompt under the provider's cache minimum re-bills
   * nothing). The middleware also counts the system message of each model request it sees.
   */
  systemPrompt?: string;
  /** The `tool_search` tool (from `createToolSearchTool`); required when the mode binds it. */
  searchTool?: StructuredToolInterface;
  /**
   * Which tools a caller may see: denied tools are never selected, searched or kept loaded (re-checked every
   * turn). @defaultValue every tool visible
   */
  policy?: PermissionPolicy;
}

/** What one turn binds, and the update of the loaded channel if it changes. */
export interface TurnPlan {
  selection: DynamicToolSelection;
  loadedUpdate?: LoadedToolsUpdate;
  /**
   * Messages to append before the model call: binding `native`, the selection delivered as a search turn; binding
   * `cache-aware` with the proxy, the tools delivered through it.
   */
  messages?: BaseMessage[];
}

/** What the planner reads from state. */
export interface TurnPlannerInput {
  messages: readonly BaseMessage[];
  /** The loaded channel; `null`/absent means it was never written (the set is then rebuilt from the history). */
  loadedTools?: readonly string[] | null;
  /** Who is asking this turn (see `callerFromConfig`); the policy filters by it. */
  caller?: Caller;
  /** Tokens of the system prompt the model call sends. @defaultValue the `systemPrompt` option's */
  systemTokens?: number;
  /**
   * `false`: plan this call without the `call_tool` proxy (the middleware, when createAgent binds a tool of its own named
   * `call_tool` or `tool_search`). @defaultValue the `proxy` option
   */
  proxy?: boolean;
  /**
   * The previous model call's selection in this conversation (the `toolSelection` channel): its `tools` are the array
   * the binding policy keeps or changes. Every tool in it is re-checked (catalog, filters, policy) before it is kept.
   */
  previous?: {
    readonly tools?: readonly string[];
    readonly binding?: { readonly tools?: readonly string[]; readonly saved?: number };
  } | null;
}

/** Plans a turn; `mode` and `auto` say what construction decided. */
export interface TurnPlanner {
  (input: TurnPlannerInput): Promise<TurnPlan>;
  readonly mode: BindingMode;
  readonly auto: AutoModeDecision | undefined;
}

function unloadReason(limit: "maxTools" | "maxTokens" | undefined, maxTools: number, maxTokens: number | undefined): string {
  const bound = limit === "maxTokens" ? `maxTokens (${maxTokens})` : `maxTools (${maxTools})`;
  return `least recently used loaded tool; unloaded to fit ${bound}`;
}

/**
 * Builds a planner. Options are validated here (a bad mode, an unknown context window for `auto`, a missing search
 * tool, core + tool_search over the budget), so a bad configuration fails when the graph or agent is built.
 *
 * A retrieval strategy's selector catches up with the live catalog at the start of each plan; a planner nobody
 * references is collected with it, with nothing to close.
 *
 * @example
 * ```ts
 * const searchTool = createToolSearchTool(catalog);
 * const plan = createTurnPlanner({ catalog, mode: "both", searchTool });
 * const { selection, loadedUpdate } = await plan({ messages: state.messages, loadedTools: state.loadedTools });
 * selection.tools; // core…, "tool_search", selected…, loaded…
 * ```
 */
export function createTurnPlanner(options: TurnPlannerOptions): TurnPlanner {
  const planning = new TurnPlanning(options);
  const planner = function planTurn(input: TurnPlannerInput): Promise<TurnPlan> {
    return planning.plan(input);
  };
  return Object.assign(planner, { mode: planning.mode, auto: planning.auto });
}

/** A planner's settings, resolved and validated once, and the three ways a turn is planned (all, select, search). */
class TurnPlanning {
  readonly mode: BindingMode;
  readonly auto: AutoModeDecision | undefined;
  readonly #catalog: ToolCatalog;
  readonly #policy: PermissionPolicy | undefined;
  readonly #settings: ReturnType<ToolCatalog["resolveSettings"]>;
  readonly #countTokens: boolean;
  readonly #budget: { maxTools: number; maxTokens?: number };
  /**
   * What may be bound follows the live catalog: core's filters stage, re-resolved when the catalog's version changes
   * (core included: required tools that arrive later join it).
   */
  readonly #currentScope: ReturnType<typeof followCatalog>;
  readonly #searchName: string | undefined;
  readonly #tokensOf: ((name: string) => number) | undefined;
  readonly #selector: ToolSelector | undefined;
  readonly #binding: BindingPolicyName | "native";
  readonly #proxy: boolean;
  readonly #systemTokens: number;

  constructor(options: TurnPlannerOptions) {
    const {
      catalog,
      mode: requested = "select",
      fallback = "search",
      contextWindow,
      model,
      searchTool,
      policy,
      binding = "cache-aware",
      proxy = true,
      systemPrompt,
      ...selectOptions
    } = options;
    if (systemPrompt !== undefined && typeof systemPrompt !== "string")
      throw new DynamicToolsError("INVALID_OPTION", `systemPrompt must be a string, got ${describeValue(systemPrompt)}.`, {
        path: ["systemPrompt"],
      });
    this.#systemTokens = systemPrompt === undefined ? 0 : countTokens(systemPrompt);
    if (typeof proxy !== "boolean")
      throw new DynamicToolsError("INVALID_OPTION", `proxy must be true or false, got ${describeValue(proxy)}.`, { path: ["proxy"] });
    this.#proxy = proxy;
    if (binding !== "cache-aware" && binding !== "per-turn" && binding !== "native") {
      throw new DynamicToolsError("INVALID_OPTION", `Unknown binding "${String(binding)}". Bindings: cache-aware, per-turn, native.`, {
        path: ["binding"],
      });
    }
    this.#binding = binding;
    if (fallback !== "select" && fallback !== "search" && fallback !== "both") {
      throw new DynamicToolsError("INVALID_OPTION", `fallback must be "select", "search" or "both", got ${describeValue(fallback)}.`, {
        path: ["fallback"],
      });
    }
    if (contextWindow !== undefined && !(Number.isInteger(contextWindow) && contextWindow > 0)) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `contextWindow must be a whole number of tokens > 0, got ${describeValue(contextWindow)}.`,
        {
          path: ["contextWindow"],
        },
      );
    }
    this.#catalog = checkCatalogOption(catalog);
    this.#policy = checkPolicyOption(policy);
    this.#settings = catalog.resolveSettings(selectOptions);
    this.#countTokens = selectOptions.countTokens ?? true;
    this.#budget = {
      maxTools: this.#settings.maxTools,
      ...(this.#settings.maxTokens === undefined ? {} : { maxTokens: this.#settings.maxTokens }),
    };
    this.#currentScope = followCatalog(catalog, { ...selectOptions, usage: undefined });
    const parsed = parseToolMode(requested);
    this.auto = parsed.kind === "auto" ? this.#decideAuto(parsed.percent, { contextWindow, model, fallback }) : undefined;
    this.mode = this.auto?.mode ?? (parsed.kind === "auto" ? fallback : parsed.kind);
    this.#searchName = searchTool?.name;
    const searchTokens = usesSearch(this.mode) || binding === "native" ? this.#checkSearchTool(searchTool) : 0;
    // A token budget counts what it walks in this process, whatever a snapshot says (as core's budget stage does);
    // a report alone takes the counts the catalog knows.
    const countedOf =
      this.#settings.maxTokens !== undefined
        ? (name: string) => catalog.tokensOf(name)
        : this.#countTokens
          ? (name: string) => catalog.knownTokensOf(name)
          : undefined;
    this.#tokensOf = countedOf === undefined ? undefined : (name: string) => (name === this.#searchName ? searchTokens : countedOf(name));
    this.#selector =
      this.mode === "select" || this.mode === "both" ? createToolSelector(catalog, selectorOptionsOf(selectOptions)) : undefined;
  }

  async plan({ messages: read, loadedTools, caller = {}, previous: given, systemTokens, proxy }: TurnPlannerInput): Promise<TurnPlan> {
    const messages = conversationOf(read);
    const previous = this.#checkedPrevious(given);
    const allowed = this.#policy === undefined ? () => true : visibleTo(this.#catalog, this.#policy, caller);
    if (this.mode === "all") return this.#bindAll(messages, allowed);
    const plan =
      this.mode === "select" ? await this.#select(messages, allowed) : await this.#planWithSearch(messages, loadedTools, allowed);
    if (this.#binding === "native") return this.#native(plan.selection, messages, previous, allowed);
    if (this.mode === "search") return plan;
    const system =
      typeof systemTokens === "number" && Number.isFinite(systemTokens) && systemTokens >= 0 ? systemTokens : this.#systemTokens;
    return { ...plan, ...this.#bind(plan.selection, previous, messages, allowed, system, proxy !== false) };
  }

  /**
   * The previous call's selection as the state holds it, reduced to what it can mean: lists of distinct names (its
   * tools array at most the budget's) and a finite ledger. The state may hold anything a client wrote; the binding then re-checks every
   * name it keeps against the catalog, the filters and the caller's policy.
   */
  #checkedPrevious(previous: TurnPlannerInput["previous"]): TurnPlannerInput["previous"] {
    if (typeof previous !== "object" || previous === null) return undefined;
    const names = (value: unknown, most = Number.POSITIVE_INFINITY) =>
      Array.isArray(value) && value.every((name) => typeof name === "string") ? [...new Set(value)].slice(0, most) : undefined;
    const tools = names(previous.tools, this.#budget.maxTools);
    const binding = typeof previous.binding === "object" && previous.binding !== null ? previous.binding : undefined;
    const boundTools = binding?.tools === undefined ? undefined : names(binding.tools);
    const saved = typeof binding?.saved === "number" && Number.isFinite(binding.saved) ? binding.saved : undefined;
    return {
      ...(tools === undefined ? {} : { tools }),
      ...(binding === undefined
        ? {}
        : { binding: { ...(boundTools === undefined ? {} : { tools: boundTools }), ...(saved === undefined ? {} : { saved }) } }),
    };
  }

  /** The `native` binding over this turn's plan (see {@link planNative}); the array is every tool the caller may use. */
  #native(
    selection: DynamicToolSelection,
    messages: readonly BaseMessage[],
    previous: TurnPlannerInput["previous"],
    allowed: (name: string) => boolean,
  ): TurnPlan {
    const scope = this.#currentScope();
    const catalog = this.#catalog;
    const previousArray = previous?.binding?.tools;
    const native = planNative({
      selection,
      core: scope.bindableCore.filter(allowed),
      callable: [...scope.selectable].filter(allowed),
      searchName: this.#searchName!,
      messages,
      deliver: this.mode !== "search",
      needed: neededTools(selection, { membersOf: (category) => catalog.category(category)?.tools ?? [] }),
      previous: previousArray,
      descriptionOf: (name) => catalog.get(name)?.description ?? "",
    });
    return native.messages.length === 0 ? { selection: native.selection } : native;
  }

  /**
   * The binding policy over this turn's list (select and both): whether the previous call's array is kept, or how it
   * changes. In mode both, `tool_search` and the loaded tools are bound like core tools (always, first).
   */
  #bind(
    selection: DynamicToolSelection,
    previous: TurnPlannerInput["previous"],
    messages: readonly BaseMessage[],
    allowed: (name: string) => boolean,
    systemTokens: number,
    proxyAllowed: boolean,
  ): { selection: DynamicToolSelection; messages?: BaseMessage[] } {
    const scope = this.#currentScope();
    const fixed = this.mode === "both" ? [...selection.core, this.#searchName!, ...(selection.loaded ?? [])] : selection.core;
    const catalog = this.#catalog;
    const saved = previous?.binding?.saved;
    const inScope = (name: string) => fixed.includes(name) || ((scope.coreSet.has(name) || scope.selectable.has(name)) && allowed(name));
    const proxy = proxyAllowed ? this.#proxyDelivery(messages, inScope, selection.query.current) : undefined;
    // Without the proxy, a previous `call_tool` was the proxy, not a catalog tool that took its name later: kept only if
    // this selection names it.
    const bindable = (name: string) => inScope(name) && (proxy !== undefined || name !== PROXY_TOOL_NAME || selection.tools.includes(name));
    const counted = this.#tokensOf;
    const tokensOf =
      counted === undefined || proxy === undefined ? counted : (name: string) => (name === PROXY_TOOL_NAME ? proxyTokens() : counted(name));
    const binding = bindTools(this.#binding as BindingPolicyName, {
      selection: { ...selection, core: fixed },
      previous: previous?.tools,
      // Without token counts the ledger could not tell what a smaller array saves: changes are then made when needed.
      ...(tokensOf === undefined ? {} : { everyTool: everyTool(fixed, scope.selectable, allowed, selection.budget.maxTools) }),
      ...(saved === undefined ? {} : { saved }),
      bindable,
      ...(tokensOf === undefined ? {} : { tokensOf }),
      promptTokens: systemTokens + estimatePromptTokens(messages),
      needed: { membersOf: (category) => catalog.category(category)?.tools ?? [] },
      ...(proxy === undefined ? {} : { proxy }),
    });
    const tokens =
      selection.tokens === undefined || tokensOf === undefined
        ? selection.tokens
        : { ...selection.tokens, selected: binding.tools.reduce((sum, name) => sum + tokensOf(name), 0) };
    const delivered = binding.delivered ?? [];
    const loaded = [...(proxy?.delivered ?? []), ...delivered];
    const bound = {
      ...selection,
      tools: binding.tools,
      count: binding.tools.length,
      binding,
      ...(tokens === undefined ? {} : { tokens }),
      ...(loaded.length === 0 ? {} : { loaded }),
    };
    if (delivered.length === 0) return { selection: bound };
    const appended = selectionDelivery({
      messages,
      selected: delivered,
      searchName: TOOL_SEARCH_NAME,
      query: selection.query.current,
      descriptionOf: (name) => catalog.get(name)?.description ?? "",
    });
    return { selection: bound, messages: appended };
  }

  /**
   * The proxy's part of a cache-aware binding (see the `proxy` option): what earlier deliveries of the conversation
   * delivered (still bindable), or undefined when the proxy is not used.
   */
  #proxyDelivery(messages: readonly BaseMessage[], bindable: (name: string) => boolean, query: string): ProxyDelivery | undefined {
    const catalog = this.#catalog;
    if (!this.#proxy || this.#binding !== "cache-aware" || this.mode !== "select" || this.#tokensOf === undefined) return undefined;
    if (catalog.has(PROXY_TOOL_NAME) || catalog.has(TOOL_SEARCH_NAME)) return undefined;
    const loads = searchLoads(messages, { toolName: TOOL_SEARCH_NAME });
    return {
      name: PROXY_TOOL_NAME,
      delivered: [...new Set(loads.flat())].filter(bindable),
      deliveries: loads.length,
      // Besides the definitions: the header and the synthetic call (its query shortened).
      headerTokens: headerTokens() + DELIVERY_CALL_TOKENS + countTokens(deliveryQuery(query)),
    };
  }

  /**
   * `auto`'s decision. The estimate of every definition's tokens (no tokenizer pass over a large catalog) decides
   * when the decision is the same at both ends of its error bound; only a catalog within the bound of the threshold
   * is counted exactly.
   */
  #decideAuto(
    percent: number,
    { contextWindow, model, fallback }: { contextWindow: number | undefined; model: unknown; fallback: FallbackMode },
  ): AutoModeDecision {
    const catalog = this.#catalog;
    const { bindableCore, selectable } = this.#currentScope();
    const modelName = modelNameOf(model);
    const decide = (definitionTokens: number, estimated = false) =>
      decideAutoMode({
        percent,
        ...(contextWindow === undefined ? {} : { contextWindow }),
        ...(modelName === undefined ? {} : { model: modelName }),
        definitionTokens,
        ...(estimated ? { estimated } : {}),
        toolCount: bindableCore.length + selectable.size,
        maxTools: this.#settings.maxTools,
        fallback,
      });
    const estimate = catalog.estimatedTotalTokens();
    if (estimate.exact) return decide(estimate.tokens);
    const low = decide(Math.floor(estimate.tokens * (1 - ESTIMATE_ERROR_BOUND)), true);
    const high = decide(Math.ceil(estimate.tokens * (1 + ESTIMATE_ERROR_BOUND)), true);
    return low.mode === high.mode ? decide(estimate.tokens, true) : decide(catalog.totalTokens());
  }

  /**
   * A mode that binds `tool_search` needs one, named apart from the catalog's tools, and room for it beside the core
   * tools. Returns its definition's tokens (0 when nothing counts tokens).
   */
  #checkSearchTool(searchTool: StructuredToolInterface | undefined): number {
    const catalog = this.#catalog;
    const settings = this.#settings;
    if (searchTool === undefined) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `mode "${this.mode}" binds tool_search: pass searchTool: createToolSearchTool(catalog).`,
        {
          path: ["searchTool"],
        },
      );
    }
    checkSearchPolicy(searchTool, this.#policy, ["searchTool"]);
    if (catalog.has(searchTool.name)) {
      throw new DynamicToolsError(
        "DUPLICATE_TOOL",
        `The search tool's name "${searchTool.name}" is also a catalog tool; give the search tool another name.`,
        { path: ["searchTool", "name"] },
      );
    }
    const searchTokens = this.#countTokens || settings.maxTokens !== undefined ? definitionTokensOf(searchTool) : 0;
    const { bindableCore } = this.#currentScope();
    const fixedTokens = () => bindableCore.reduce((sum, name) => sum + catalog.tokensOf(name), searchTokens);
    if (bindableCore.length + 1 > settings.maxTools || (settings.maxTokens !== undefined && fixedTokens() > settings.maxTokens)) {
      throw new DynamicToolsError(
        "CORE_EXCEEDS_BUDGET",
        `The core tools and ${searchTool.name} alone exceed the budget (maxTools ${settings.maxTools}${settings.maxTokens === undefined ? "" : `, maxTokens ${settings.maxTokens}`}); raise it or declare fewer core tools.`,
        { path: ["core"] },
      );
    }
    return searchTokens;
  }

  /**
   * What was bound and what binding every tool would take, as the pipeline reports it: the catalog's estimate until its
   * exact total is known (never a synchronous count of every definition on a turn).
   */
  #tokensReport(selected: number): NonNullable<ToolSelection["tokens"]> {
    const all = this.#catalog.estimatedTotalTokens();
    return { selected, all: all.tokens, ...(all.exact ? {} : { allEstimated: true as const }) };
  }

  #withMode(selection: ToolSelection): DynamicToolSelection {
    return { ...selection, mode: this.mode, ...(this.auto === undefined ? {} : { auto: this.auto }) };
  }

  #conversation(messages: readonly BaseMessage[]) {
    return readConversation(messages, { historyMessages: this.#settings.historyMessages, historyWindow: this.#settings.historyWindow });
  }

  async #select(messages: readonly BaseMessage[], allowed: (name: string) => boolean): Promise<TurnPlan> {
    return { selection: this.#withMode(await this.#selector!(messages as BaseMessage[], { filter: allowed })) };
  }

  #bindAll(messages: readonly BaseMessage[], allowed: (name: string) => boolean): TurnPlan {
    const scope = this.#currentScope();
    const ordered = [...scope.bindableCore, ...scope.selectable];
    const conversation = this.#conversation(messages);
    const selection = finishSelection(scope, { strategy: "all", ordered, categories: [], matchedTools: [], conversation }, allowed);
    return { selection: this.#withMode(selection) };
  }

  async #planWithSearch(
    messages: readonly BaseMessage[],
    channel: readonly string[] | null | undefined,
    allowed: (name: string) => boolean,
  ): Promise<TurnPlan> {
    const settings = this.#settings;
    const searchName = this.#searchName!;
    const scope = this.#currentScope();
    const { selectable: selectableSet, coreSet } = scope;
    const bindableCore = scope.bindableCore.filter(allowed);
    const rebuilt = channel === null || channel === undefined;
    const previous = rebuilt ? loadedToolsFromMessages(messages, { toolName: searchName }) : [...channel];
    // Loaded tools are re-checked every turn: a tool the caller may no longer use (or that went away) is unloaded.
    const loaded = previous.filter((name) => selectableSet.has(name) && allowed(name));
    const unavailable = previous.filter((name) => !(selectableSet.has(name) && allowed(name)));
    const { lastUsed, turnStart } = loadedToolRecency(messages, { toolName: searchName });
    const tokensOf = this.#tokensOf;
    const bound = {
      fixed: [...bindableCore, searchName],
      loaded,
      lastUsed,
      turnStart,
      ...this.#budget,
      ...(tokensOf === undefined ? {} : { tokensOf }),
    };
    // The pipeline's one budget cuts the selection, with the room of tool_search and this turn's loaded tools
    // reserved; loaded tools are bound in their own slots, so the selection never takes them.
    const ahead = boundAhead(bound);
    const loadedSet = new Set(loaded);
    const tokensIn = (names: readonly string[]) => (tokensOf === undefined ? 0 : names.reduce((sum, name) => sum + tokensOf(name), 0));
    // A loaded tool of this turn that did not fit leaves the selection no room: nothing of lower priority takes its place.
    const reserve =
      ahead.trimmedBy === undefined
        ? { tools: 1 + ahead.loaded.length, tokens: tokensIn([searchName, ...ahead.loaded]) }
        : {
            tools: settings.maxTools - bindableCore.length,
            tokens: settings.maxTokens === undefined ? 0 : settings.maxTokens - tokensIn(bindableCore),
          };
    const base =
      this.#selector === undefined
        ? undefined
        : await this.#selector(messages, { filter: (name) => allowed(name) && !loadedSet.has(name), reserve });
    const plan = planBoundTools({ ...bound, selected: (base?.tools ?? []).filter((name) => !coreSet.has(name)) });
    const reason = unloadReason(plan.trimmedBy, settings.maxTools, settings.maxTokens);
    const unloaded: UnloadedTool[] = plan.unloaded.map((name) => ({ name, reason }));
    const trimmed = base?.trimmed ?? [];
    const trimmedBy = base?.trimmedBy;
    // The explanation is the selection's (or, in search mode, core's last stage over the fixed tools), with what
    // the budget over everything bound decided laid over it.
    const explained =
      base ??
      finishSelection(
        scope,
        { strategy: "search", ordered: [], categories: [], matchedTools: [], conversation: this.#conversation(messages) },
        allowed,
      );
    const selection: DynamicToolSelection = {
      ...explained,
      tools: plan.tools,
      count: plan.tools.length,
      core: [...bindableCore],
      trimmed,
      budget: this.#budget,
      ...(this.#countTokens ? { tokens: this.#tokensReport(plan.tokens) } : {}),
      mode: this.mode,
      searchTool: searchName,
      loaded: plan.loaded,
      unloaded,
      ...(rebuilt && loaded.length > 0 ? { rebuiltFromHistory: true } : {}),
      ...(this.auto === undefined ? {} : { auto: this.auto }),
    };
    if (trimmedBy === undefined) delete selection.trimmedBy;
    else selection.trimmedBy = trimmedBy;
    let loadedUpdate: LoadedToolsUpdate | undefined;
    if (rebuilt && loaded.length > 0) loadedUpdate = loaded.filter((name) => !plan.unloaded.includes(name));
    else if (!rebuilt && (plan.unloaded.length > 0 || unavailable.length > 0))
      loadedUpdate = { unload: [...plan.unloaded, ...unavailable] };
    return { selection, ...(loadedUpdate === undefined ? {} : { loadedUpdate }) };
  }
}

/**
 * The savings ledger's baseline: the array binding every tool the caller may use from the first call would send
 * (the fixed tools, then the others in catalog order), up to `maxTools` (no array holds more) and one more when there
 * are more: the binding policy then knows that the budget cuts that array, so that binding every tool is no option.
 */
function everyTool(fixed: readonly string[], selectable: Iterable<string>, allowed: (name: string) => boolean, maxTools: number): string[] {
  const tools = [...fixed];
  const seen = new Set(fixed);
  for (const name of selectable) {
    if (tools.length > maxTools) break;
    if (!seen.has(name) && allowed(name)) tools.push(name);
  }
  return tools;
}

/**
 * The state's messages as the planner reads them, as core reads a conversation: a list's entries that are not
 * messages (null, a string, a number) are skipped, a string is the one (human) message, anything else no message.
 */
function conversationOf(messages: unknown): readonly BaseMessage[] {
  if (typeof messages === "string") return [new HumanMessage(messages)];
  if (!Array.isArray(messages)) return [];
  return messages.every(isMessageEntry) ? messages : messages.filter(isMessageEntry);
}

const isMessageEntry = (message: unknown): message is BaseMessage => typeof message === "object" && message !== null;

/** The options `createToolSelector` takes, of a planner's (a node's or middleware's `usageScope` is not one). */
function selectorOptionsOf(options: Record<string, unknown>): ToolSelectorOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([key]) => (SELECTOR_OPTION_KEYS as readonly string[]).includes(key)),
  ) as ToolSelectorOptions;
}

/** The options every planner's owner takes (the select node adds `searchTool`, both add `usageScope`). */
export const PLANNER_OPTION_KEYS = keysOf<Omit<TurnPlannerOptions, "searchTool">>()([
  ...SELECTOR_OPTION_KEYS,
  "catalog",
  "mode",
  "fallback",
  "contextWindow",
  "model",
  "binding",
  "proxy",
  "systemPrompt",
  "policy",
]);

let proxyTokenCount: number | undefined;
let headerTokenCount: number | undefined;

/** Definition tokens of the `call_tool` proxy (counted once). */
function proxyTokens(): number {
  proxyTokenCount ??= countDefinitionTokens(proxyToolDefinition().function);
  return proxyTokenCount;
}

/** Tokens of the header a proxy delivery's definitions follow (counted once). */
function headerTokens(): number {
  headerTokenCount ??= countTokens(PROXY_DEFINITIONS_HEADER);
  return headerTokenCount;
}
