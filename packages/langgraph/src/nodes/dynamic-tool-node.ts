/**
 * @module DynamicToolNode: a ToolNode that executes any tool of the full catalog, not only this turn's selection
 * (seed 004's TOOL_MAP), looks tools up at call time along seed 000's fallback chain, applies the caller's
 * permission policy (refusal and approval), and turns every bad call into an error ToolMessage instead of a crash.
 */
import {
  DEFAULT_POLICY,
  declarationFromLangChainTool,
  toMetadata,
  type PermissionPolicy,
  type ToolCatalog,
  type ToolFilterOptions,
  type ToolMetadata,
} from "@dynamic-tools/core";
import { isAIMessage, isBaseMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { isCommand, isGraphInterrupt, type Command, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { callerFromConfig } from "../permissions/caller.js";
import { permissionRefusal, toolCallRefusal } from "./tool-call-refusal.js";
import { rejectionText, requestApproval, type ApprovalDecision } from "./tool-approval.js";
import { findInProviders, readRequestTools, type RequestToolsReader, type ToolProvider } from "./tool-resolution.js";

/** Options of {@link DynamicToolNode}. */
export interface DynamicToolNodeOptions extends ToolFilterOptions {
  /** The node's name. @defaultValue "tools" */
  name?: string;
  tags?: string[];
  /** Turn errors thrown by tools into error ToolMessages (as ToolNode does). @defaultValue true */
  handleToolErrors?: boolean;
  /** Tools outside the catalog this node also executes (the `tool_search` tool). @defaultValue [] */
  extraTools?: readonly StructuredToolInterface[];
  /**
   * Where tools the catalog has no implementation for are found, in order (SDK registry, then MCP source).
   * @defaultValue []
   */
  sources?: readonly ToolProvider[];
  /** Reads the tools passed for one request, tried first. @defaultValue `context.requestTools` or `configurable.requestTools` */
  requestTools?: RequestToolsReader;
  /**
   * Who may run what: "deny" refuses the call, "approve" pauses for a human (`interrupt()`), with the caller read
   * from `config.context` or `configurable`. @defaultValue everything allowed; `dangerous` tools need approval
   */
  policy?: PermissionPolicy;
}

/** What a call resolves to before running. */
type CallPlan =
  | { kind: "refuse"; text: string }
  | { kind: "run"; tool: StructuredToolInterface | undefined; metadata: ToolMetadata | undefined; approval: boolean };

/** The tool calls ToolNode.run will execute for this input (the last AI message's calls not answered yet). */
function pendingCalls(input: unknown): ToolCall[] {
  const send = (input as { lg_tool_call?: ToolCall } | null)?.lg_tool_call;
  if (send !== undefined) return [send];
  const messages: BaseMessage[] = Array.isArray(input) ? input : ((input as { messages?: BaseMessage[] } | null)?.messages ?? []);
  const answered = new Set(messages.filter((message) => isBaseMessage(message) && message.getType() === "tool").map((message) => (message as ToolMessage).tool_call_id));
  const last = [...messages].reverse().find((message) => isAIMessage(message));
  return (last !== undefined && isAIMessage(last) ? (last.tool_calls ?? []) : []).filter((call) => call.id == null || !answered.has(call.id));
}

function errorMessage(call: ToolCall, text: string): ToolMessage {
  return new ToolMessage({ status: "error", name: call.name, tool_call_id: call.id ?? "", content: text });
}

/**
 * Executes tool calls against the whole catalog: a call to a tool that was bound on an earlier turn still runs, and
 * a tool that arrived later (an MCP server connected) too. Unknown names (with close matches), disabled or excluded
 * tools, tools the caller may not use, and declared tools without an implementation are answered with an error
 * ToolMessage the model can recover from, and never executed. Parallel calls and `Command` returns behave as in
 * ToolNode. Calls that need approval all pause (one `interrupt()` each, in call order) before any call of the step runs.
 *
 * @example
 * ```ts
 * import { definePolicy } from "@dynamic-tools/core";
 * import { DynamicToolNode } from "@dynamic-tools/langgraph";
 * graph.addNode("tools", new DynamicToolNode(catalog, { sources: [sdk, mcp], policy: definePolicy({ approval: ["dangerous", "write"] }) }));
 * ```
 */
export class DynamicToolNode extends ToolNode {
  /** The registry this node executes from. */
  readonly catalog: ToolCatalog;
  readonly #filters: ToolFilterOptions;
  readonly #extraTools: ReadonlyMap<string, StructuredToolInterface>;
  readonly #sources: readonly ToolProvider[];
  readonly #requestTools: RequestToolsReader;
  readonly #policy: PermissionPolicy;
  /** Approval decisions of the step being run, by config (parallel runs of the node never share one). */
  readonly #decisions = new WeakMap<object, Map<string, ApprovalDecision>>();

  constructor(
    catalog: ToolCatalog,
    { name = "tools", tags, handleToolErrors, extraTools = [], sources = [], requestTools = readRequestTools, policy = DEFAULT_POLICY, ...filters }: DynamicToolNodeOptions = {},
  ) {
    super([...catalog.executableTools(), ...extraTools], {
      name,
      ...(tags === undefined ? {} : { tags }),
      ...(handleToolErrors === undefined ? {} : { handleToolErrors }),
    });
    this.catalog = catalog;
    this.#filters = filters;
    this.#extraTools = new Map(extraTools.map((tool) => [tool.name, tool]));
    this.#sources = sources;
    this.#requestTools = requestTools;
    this.#policy = policy;
  }

  /** Why this call must not run, or undefined when it may (catalog rules only; the policy is applied on top). */
  protected refusal(call: ToolCall): string | undefined {
    if (this.#extraTools.has(call.name) && !this.catalog.has(call.name)) return undefined;
    return toolCallRefusal(this.catalog, this.#filters, call.name);
  }

  /** Resolves a call synchronously as far as it can: request tools, then the catalog. */
  #plan(call: ToolCall, config: LangGraphRunnableConfig): CallPlan {
    const extra = this.#extraTools.get(call.name);
    if (extra !== undefined && !this.catalog.has(call.name)) return { kind: "run", tool: extra, metadata: undefined, approval: false };
    const requested = this.#requestTools(config)?.find((tool) => tool.name === call.name);
    const inCatalog = this.catalog.get(call.name);
    if (requested === undefined && inCatalog !== undefined) {
      const refusal = this.refusal(call);
      // A declared tool without code may still come from a source: only refuse for that once the sources were asked.
      if (refusal !== undefined && !refusal.includes("has no implementation")) return { kind: "refuse", text: `Error: ${refusal}\n Please fix your mistakes.` };
    }
    const tool = requested ?? this.catalog.getTool(call.name);
    const metadata = inCatalog ?? (requested === undefined ? undefined : toMetadata(declarationFromLangChainTool(requested)));
    if (metadata === undefined) return { kind: "run", tool, metadata, approval: false };
    return this.#decide(call, metadata, tool, config);
  }

  #decide(call: ToolCall, metadata: ToolMetadata, tool: StructuredToolInterface | undefined, config: LangGraphRunnableConfig): CallPlan {
    const caller = callerFromConfig(config);
    const decision = this.#policy(metadata, caller);
    if (decision === "deny") return { kind: "refuse", text: `Error: ${permissionRefusal(metadata, caller)}` };
    return { kind: "run", tool, metadata, approval: decision === "approve" };
  }

  protected override async run(input: unknown, config: LangGraphRunnableConfig): Promise<unknown> {
    // Every approval of this step is asked for before any call runs, so a resume never runs an approved call twice.
    const decisions = new Map<string, ApprovalDecision>();
    for (const call of pendingCalls(input)) {
      const plan = this.#plan(call, config);
      if (plan.kind === "run" && plan.approval) decisions.set(call.id ?? call.name, requestApproval(call, plan.metadata!));
    }
    this.#decisions.set(config, decisions);
    return super.run(input, config);
  }

  protected override async runTool(call: ToolCall, config: LangGraphRunnableConfig, state: unknown): Promise<ToolMessage | Command> {
    let plan = this.#plan(call, config);
    if (plan.kind === "refuse") return errorMessage(call, plan.text);
    let { tool } = plan;
    if (tool === undefined) {
      tool = await findInProviders(this.#sources, call.name);
      if (tool === undefined) {
        const refusal = toolCallRefusal(this.catalog, this.#filters, call.name) ?? `Tool "${call.name}" not found.`;
        return errorMessage(call, `Error: ${refusal}\n Please fix your mistakes.`);
      }
      if (plan.metadata === undefined) {
        // A source tool the catalog does not know yet: its own metadata (source, permission) decides.
        plan = this.#decide(call, toMetadata(declarationFromLangChainTool(tool)), tool, config);
        if (plan.kind === "refuse") return errorMessage(call, plan.text);
      }
    }
    let args = call.args;
    if (plan.approval) {
      const decision = this.#decisions.get(config)?.get(call.id ?? call.name) ?? requestApproval(call, plan.metadata!);
      if (decision.decision === "reject") return errorMessage(call, rejectionText(call.name, decision));
      if (decision.decision === "edit") args = decision.args;
    }
    return this.#invoke(tool, { ...call, args }, config, state);
  }

  /** Runs one tool as ToolNode does (same runtime, same error handling). */
  async #invoke(tool: StructuredToolInterface, call: ToolCall, config: LangGraphRunnableConfig, state: unknown): Promise<ToolMessage | Command> {
    try {
      const runtime = {
        ...config,
        state,
        toolCallId: call.id ?? "",
        config,
        context: config.context,
        store: config.store ?? null,
        writer: config.writer ?? config.configurable?.writer ?? null,
      };
      const output: unknown = await tool.invoke({ ...call, type: "tool_call" }, runtime);
      if ((isBaseMessage(output) && output.getType() === "tool") || isCommand(output)) return output as ToolMessage | Command;
      return new ToolMessage({ status: "success", name: tool.name, content: typeof output === "string" ? output : JSON.stringify(output), tool_call_id: call.id ?? "" });
    } catch (error) {
      if (!this.handleToolErrors || isGraphInterrupt(error)) throw error;
      return errorMessage(call, `Error: ${(error as Error).message}\n Please fix your mistakes.`);
    }
  }
}
