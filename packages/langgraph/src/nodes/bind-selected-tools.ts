/**
 * @module The model side: bind exactly this turn's selected tools, replacing `bindTools(ALL_TOOLS)`.
 */
import { DynamicToolsError, type PermissionPolicy, type ToolCatalog, type ToolSelection } from "@dynamic-tools/core";
import { PROXY_TOOL_NAME, proxyToolDefinition } from "@dynamic-tools/core/caching";
import { checkCatalogOption, checkOptionKeys, checkPolicyOption, describeValue, keysOf } from "@dynamic-tools/core/internal";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { checkNativeProtocol, nativeProtocolOf, type NativeProtocol } from "../providers/native-protocol.js";
import { checkExecutorOptions } from "../execution/executor-options.js";
import { withCallsOnly } from "../execution/pending-calls.js";
import { definitionOfTool } from "../search/extra-tool-definition.js";
import { checkSearchPolicy } from "../search/tool-search-tool.js";
import { checkProxyName } from "../providers/proxy-calls.js";
import { usableName, usableSelection } from "../modes/usable-selection.js";
import { callerFromConfig } from "../permissions/caller.js";
import { modelRequest } from "./model-request.js";

/** A chat model that can bind tools. */
export type ToolCallingModel = Pick<BaseChatModel, "bindTools">;

/** Fails fast (at graph construction) when the model cannot bind tools. */
export function assertToolCallingModel(model: unknown): asserts model is Required<ToolCallingModel> {
  if (typeof (model as ToolCallingModel | undefined)?.bindTools !== "function") {
    throw new DynamicToolsError("INVALID_OPTION", "model must be a chat model with bindTools() (a tool-calling model such as ChatOpenAI).");
  }
}

/**
 * Binds the selected tools (their catalog definitions, in bind order) to the model. A selected name that is not in
 * the catalog (such as `tool_search`) is bound from `extraTools`; `call_tool`, the cache-aware binding's proxy, as
 * its definition.
 *
 * @example
 * ```ts
 * const response = await bindSelectedTools(model, catalog, state.toolSelection).invoke(state.messages);
 * const withSearch = bindSelectedTools(model, catalog, state.toolSelection, [toolSearch]);
 * ```
 */
export function bindSelectedTools(
  model: ToolCallingModel,
  catalog: ToolCatalog,
  selection: ToolSelection | null | undefined,
  extraTools: readonly StructuredToolInterface[] = [],
) {
  assertToolCallingModel(model);
  const names = selection?.tools ?? [];
  const extra = new Map(extraTools.map((tool) => [tool.name, tool]));
  const definitions = names.map((name) => {
    if (name === PROXY_TOOL_NAME && !catalog.has(name) && !extra.has(name)) return proxyToolDefinition();
    const tool = catalog.has(name) ? undefined : extra.get(name);
    return tool === undefined ? catalog.definitions([name])[0]! : definitionOfTool(tool);
  });
  return model.bindTools(definitions);
}

/** Options of {@link createDynamicModelNode}. */
export interface DynamicModelNodeOptions {
  /** A tool-calling chat model. */
  model: ToolCallingModel;
  /** The full registry (the selection names tools in it). */
  catalog: ToolCatalog;
  /** A system prompt put before the conversation on every call. */
  systemPrompt?: string;
  /** Tools outside the catalog the selection may name (the `tool_search` tool). */
  extraTools?: readonly StructuredToolInterface[];
  /**
   * The provider protocol of the model, for the `native` binding and Anthropic's cache breakpoints.
   * @defaultValue read from the model (`nativeProtocolOf`)
   */
  nativeProtocol?: NativeProtocol;
  /**
   * The select node's policy: the selection read from the state is bound only as far as this run's caller may use
   * it (a client that may update a thread's state could write any `toolSelection`).
   * @defaultValue none: every executable catalog tool the selection names
   */
  policy?: PermissionPolicy;
  /**
   * Most tools bound at once: a selection read from the state is cut to this many (the select node's budget).
   * @defaultValue no limit but the selection's own
   */
  maxTools?: number;
}

const MODEL_NODE_OPTION_KEYS = keysOf<DynamicModelNodeOptions>()([
  "model",
  "catalog",
  "systemPrompt",
  "extraTools",
  "nativeProtocol",
  "policy",
  "maxTools",
]);

/**
 * Creates the model node: each call binds the tools in `state.toolSelection` and invokes the model. Under the
 * `native` binding it sends the natively deferred request instead (see `modelRequest`); with an Anthropic model it
 * marks the end of the system prompt and the last message with `cache_control`. Options are validated here, so a
 * bad configuration (a misspelled `polcy`, no `catalog`) fails when the graph is built, not on the first message.
 *
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown option (with the one meant), a missing catalog, a value
 *   of the wrong type, or, with a `policy`, a `tool_search` in `extraTools` made without one.
 * @example
 * ```ts
 * graph.addNode("agent", createDynamicModelNode({ model: new ChatOpenAI({ model: "gpt-4o" }), catalog }));
 * ```
 */
export function createDynamicModelNode(options: DynamicModelNodeOptions) {
  checkOptionKeys(options, MODEL_NODE_OPTION_KEYS, "createDynamicModelNode");
  const {
    model,
    catalog: given,
    systemPrompt,
    extraTools = [],
    nativeProtocol,
    policy,
    maxTools = Number.POSITIVE_INFINITY,
  } = (options ?? {}) as Partial<DynamicModelNodeOptions>;
  assertToolCallingModel(model);
  const catalog = checkCatalogOption(given);
  checkPolicyOption(policy);
  checkExecutorOptions({ extraTools });
  extraTools.forEach((tool, index) => checkSearchPolicy(tool, policy, ["extraTools", index]));
  if (systemPrompt !== undefined && typeof systemPrompt !== "string")
    throw new DynamicToolsError("INVALID_OPTION", `systemPrompt must be a string, got ${describeValue(systemPrompt)}.`, {
      path: ["systemPrompt"],
    });
  if (maxTools !== Number.POSITIVE_INFINITY && !(Number.isInteger(maxTools) && maxTools >= 1))
    throw new DynamicToolsError("INVALID_OPTION", `maxTools must be a whole number ≥ 1, got ${describeValue(maxTools)}.`, {
      path: ["maxTools"],
    });
  const extraNames = new Set(extraTools.map((tool) => tool.name));
  // The cache-aware binding's proxy, while the catalog has no tool of that name (it is live: checked per call).
  const withProxy = new Set([...extraNames, PROXY_TOOL_NAME]);
  const protocol = nativeProtocolOf(model, nativeProtocol);
  checkNativeProtocol(model, nativeProtocol);
  if (protocol === "proxy")
    checkProxyName(
      catalog,
      extraTools.map((tool) => tool.name),
    );
  return async function callModel(
    state: { messages: BaseMessage[]; toolSelection?: ToolSelection | null },
    config?: Parameters<ReturnType<typeof bindSelectedTools>["invoke"]>[1],
  ): Promise<{ messages: BaseMessage[] }> {
    // Without a selection the model would be bound no tool at all, silently: a graph wired without the select node,
    // or on a state without the toolSelection channel.
    if (state.toolSelection == null) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        "The model node found no toolSelection in the graph's state, so it would bind no tool: run the select node " +
          "(createToolSelectorNode) before it on every turn, and build the graph on DynamicToolsAnnotation (MessagesAnnotation has no toolSelection channel).",
      );
    }
    const context = {
      catalog,
      caller: callerFromConfig(config),
      policy,
      extraNames: catalog.has(PROXY_TOOL_NAME) ? extraNames : withProxy,
      maxTools,
    };
    const selection = usableSelection(state.toolSelection, context);
    const messages = systemPrompt === undefined ? state.messages : [new SystemMessage(systemPrompt), ...state.messages];
    const usable = usableName({ ...context, extraNames: new Set() });
    const request = modelRequest({ model, catalog, selection, extraTools, messages, protocol, usable });
    return { messages: [request.receive(withCallsOnly(await request.runnable.invoke(request.messages, config)))] };
  };
}
