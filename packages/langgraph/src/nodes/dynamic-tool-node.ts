/**
 * @module DynamicToolNode: a ToolNode that executes any tool of the full catalog, not only this turn's selection,
 * looks tools up at call time (request tools → catalog → sources), applies the caller's permission policy (refusal
 * and approval), and answers every refused call with an error ToolMessage carrying a typed refusal. The tool itself
 * runs through ToolNode's own `runTool`, so its runtime, output handling and error handling are ToolNode's.
 */
import { DEFAULT_POLICY, DynamicToolsError, type PermissionPolicy, type ToolCatalog } from "@dynamic-tools/core";
import { checkOptionKeys, describeValue, keysOf, type ToolFilterOptions } from "@dynamic-tools/core/internal";
import { isBaseMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { isCommand, type Command, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import type { ApprovalAnswer } from "../execution/approval.js";
import { ApprovalClaims, pauseKey, type ApprovalClaimStore } from "../execution/approval-claims.js";
import { answeredPauses, approvalOfCall } from "../execution/approval-continuation.js";
import { askApprovals, settleCall } from "../execution/approval-gate.js";
import { createCallPlanner, type CallPlan, type CallPlanner } from "../execution/call-planner.js";
import { foreignAnswer, withCallId } from "../execution/checked-result.js";
import { timeoutLookup, type ToolTimeouts } from "../execution/execution-options.js";
import { checkExecutorOptions, invalidOptionValue } from "../execution/executor-options.js";
import { guardTool } from "../execution/guarded-tool.js";
import { callsOnlyInput, isCallEntry, malformedCalls, messagesOf, pendingCalls } from "../execution/pending-calls.js";
import { malformedCallRefusal, refusalError, refusalMessage, type ToolCallRefusal } from "../execution/tool-call-refusal.js";
import { ToolCallFailure, unwrapFailure } from "../execution/tool-failure.js";
import { checkRequestTools, readRequestTools, type RequestToolsReader, type ToolProvider } from "../execution/tool-resolution.js";
import { callerFromConfig } from "../permissions/caller.js";
import { checkSearchPolicy } from "../search/tool-search-tool.js";
import { recordExecutedStep, type UsageLearningOptions } from "../usage/record-step-usage.js";

/** Options of {@link DynamicToolNode}. */
export interface DynamicToolNodeOptions extends ToolFilterOptions, UsageLearningOptions {
  /** The node's name. @defaultValue "tools" */
  name?: string;
  tags?: string[];
  /**
   * Turn errors thrown by tools into error ToolMessages (as ToolNode does). With `false`, whatever ToolNode would
   * throw is thrown, and so is every refusal (a `DynamicToolsError` with the refusal's code). @defaultValue true
   */
  handleToolErrors?: boolean;
  /**
   * Tools outside the catalog this node also executes (the `tool_search` tool). A `tool_search` made by
   * `createToolSearchTool` runs as it is; any other is held to the policy by its own declared permission (else the
   * catalog's default), like a source tool. @defaultValue []
   */
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
  /**
   * Time limits for tool calls (ms): a call past its limit is cancelled (its signal aborts) and answered with an
   * error ToolMessage, code `TOOL_TIMEOUT`. @defaultValue no limit
   */
  timeouts?: ToolTimeouts;
  /**
   * Where approvals are claimed, so each runs its call once. Pass one store shared by every process that resumes
   * the graph's pauses (the ones sharing its checkpointer) to make that hold across processes.
   * @defaultValue this node's memory: once per node, so once per process
   */
  approvalClaims?: ApprovalClaimStore;
}

const NODE_OPTION_KEYS = keysOf<DynamicToolNodeOptions>()([
  "name",
  "tags",
  "handleToolErrors",
  "extraTools",
  "sources",
  "requestTools",
  "policy",
  "timeouts",
  "approvalClaims",
  "usage",
  "usageScope",
  "platform",
  "exclude",
]);

/**
 * Checks the options ToolNode itself takes (as its types say: a string name, a list of string tags, a boolean
 * `handleToolErrors`), and refuses, with a policy, a `tool_search` in `extraTools` made without one.
 * @throws DynamicToolsError `INVALID_OPTION` naming the option (or entry) and what is valid.
 */
function checkNodeOptions({ name, tags, handleToolErrors, extraTools, policy }: DynamicToolNodeOptions): void {
  if (name !== undefined && typeof name !== "string") throw invalidOptionValue(["name"], "a string (the node's name)", name);
  if (tags !== undefined) {
    if (!Array.isArray(tags)) throw invalidOptionValue(["tags"], "a list of strings", tags);
    const index = tags.findIndex((tag) => typeof tag !== "string");
    if (index >= 0) throw invalidOptionValue(["tags", index], "a string", tags[index]);
  }
  if (handleToolErrors !== undefined && typeof handleToolErrors !== "boolean")
    throw invalidOptionValue(["handleToolErrors"], "true or false", handleToolErrors);
  extraTools?.forEach((tool, index) => checkSearchPolicy(tool, policy, ["extraTools", index]));
}

const isToolMessage = (value: unknown): value is ToolMessage => isBaseMessage(value) && value.getType() === "tool";

/** A call planned (and, when it needs one, answered by a human) before any call of the step runs. */
interface PreparedCall {
  plan: CallPlan;
  answer: ApprovalAnswer | undefined;
  /** The key that consumes its approval: the pause and the call's place in the step. */
  claim: string;
}

/** One run of the node: its prepared calls, by call object, and the names it ran successfully. */
interface PreparedStep {
  calls: Map<ToolCall, PreparedCall[]>;
  executed: string[];
  /**
   * The task's answered pauses once the approvals were read, when more than the approvals read (a tool's own pause
   * was answered: an approved call that raised it may run again), else undefined.
   */
  answered: number | undefined;
}

/**
 * Executes tool calls against the whole catalog: a call to a tool that was bound on an earlier turn still runs, and
 * a tool that arrived later (an MCP server connected) too. Unknown names, disabled or excluded tools, tools the
 * caller may not use, and declared tools without an implementation are answered with an error ToolMessage whose
 * `artifact` is the refusal (`{ code, toolName, suggestions? }`), and never executed. Everything else behaves as
 * ToolNode: the same texts, Commands, Sends, parallel calls, streaming, and interrupts. Calls that need approval
 * all pause (one `interrupt()` each, in call order) before any call of the step runs; each call runs only under an
 * answer that names it (its id and the digest of its name and arguments as shown, see `ApprovalRequest`), and an
 * approval runs its call once, however many times the pause is resumed; a call whose tool pauses itself
 * (`interrupt()`) runs again when that pause is answered, as in ToolNode. With `usage`, the calls it ran
 * successfully are recorded (learning only from what ran).
 *
 * @example
 * ```ts
 *  * import { DynamicToolNode } from "@dynamic-tools/langgraph";
 * const policy = definePolicy({ approval: ["dangerous", "write"] });
 * graph.addNode("tools", new DynamicToolNode(catalog, { sources: [sdk, mcp], policy }));
 * ```
 */
export class DynamicToolNode extends ToolNode {
  /** The registry this node executes from. */
  readonly catalog: ToolCatalog;
  readonly #extraTools: ReadonlyMap<string, StructuredToolInterface>;
  readonly #requestTools: RequestToolsReader;
  readonly #planner: CallPlanner;
  readonly #timeoutOf: (toolName: string) => number | undefined;
  /**
   * The calls of the step being run, prepared in `run` before any runs, by the call object itself (ToolNode.run
   * hands `runTool` the very objects of the input): no model-chosen id can make two calls share an answer.
   */
  readonly #prepared = new WeakMap<object, PreparedStep>();
  readonly #claims: ApprovalClaimStore;
  readonly #usage: UsageLearningOptions;

  constructor(catalog: ToolCatalog, options: DynamicToolNodeOptions = {}) {
    checkOptionKeys(options, NODE_OPTION_KEYS, "DynamicToolNode");
    checkExecutorOptions(options);
    checkNodeOptions(options);
    const {
      name = "tools",
      tags,
      handleToolErrors,
      extraTools = [],
      sources = [],
      requestTools = readRequestTools,
      policy = DEFAULT_POLICY,
      timeouts,
      usage,
      usageScope,
      approvalClaims = new ApprovalClaims(),
      ...filters
    } = options;
    super([], {
      name,
      ...(tags === undefined ? {} : { tags }),
      ...(handleToolErrors === undefined ? {} : { handleToolErrors }),
    });
    this.catalog = catalog;
    this.#extraTools = new Map(extraTools.map((tool) => [tool.name, tool]));
    this.#requestTools = requestTools;
    this.#planner = createCallPlanner({ catalog, filters, policy, sources });
    this.#timeoutOf = timeoutLookup(timeouts);
    this.#claims = approvalClaims;
    this.#usage = { ...(usage === undefined ? {} : { usage }), ...(usageScope === undefined ? {} : { usageScope }) };
    // ToolNode keeps `tools` as a field; here it is the live catalog's executable tools, then the extra tools.
    // Read-only, as documented: a copy pushed to or assigned would be lost without a word, so neither is allowed.
    Object.defineProperty(this, "tools", {
      get: () => Object.freeze([...catalog.executableTools(), ...extraTools.filter((tool) => !catalog.has(tool.name))]),
      set: (value: unknown) => {
        throw new DynamicToolsError(
          "INVALID_OPTION",
          `DynamicToolNode's tools are its catalog's executable tools and its extraTools, read-only; got an assignment of ${describeValue(value)}. Add a tool to the catalog (catalog.add) or pass it in extraTools when the node is built.`,
          { path: ["tools"] },
        );
      },
      enumerable: true,
      configurable: true,
    });
  }

  async #plan(call: Pick<ToolCall, "name">, config: LangGraphRunnableConfig): Promise<CallPlan> {
    return this.#planner.plan(call, {
      caller: callerFromConfig(config),
      requestTools: checkRequestTools(this.#requestTools(config)),
      extra: this.#extraTools.get(call.name),
    });
  }

  protected override async run(input: unknown, config: LangGraphRunnableConfig): Promise<unknown> {
    // A Send of something that is not a call (a null entry of the message's calls) has nothing to run or answer.
    if (typeof input === "object" && input !== null && "lg_tool_call" in input && !isCallEntry(input.lg_tool_call)) return { messages: [] };
    // Every call is planned, and every approval asked (in call order), before any call runs: a resume re-runs the
    // node, so asking later would run the calls before the interrupt twice.
    const calls = pendingCalls(input);
    const plans = await Promise.all(calls.map((call) => this.#plan(call, config)));
    const answers = askApprovals(calls, plans);
    const pause = pauseKey(config);
    const answered = answeredPauses(config);
    const approvalsRead = answers.filter((answer) => answer !== undefined).length;
    const step: PreparedStep = {
      calls: new Map(),
      executed: [],
      answered: answered !== undefined && answered > approvalsRead ? answered : undefined,
    };
    calls.forEach((call, index) => {
      const prepared = { plan: plans[index]!, answer: answers[index], claim: `${pause}#${index}` };
      step.calls.set(call, [...(step.calls.get(call) ?? []), prepared]);
    });
    this.#prepared.set(config, step);
    const malformed = malformedCalls(input);
    const malformedAnswers = malformed?.calls.map((call) => this.#refuse(call, malformedCallRefusal(call)));
    // ToolNode reads every entry of the message's calls as a call: entries that are not calls (null) are skipped.
    const output = await super.run(callsOnlyInput(input), config);
    recordExecutedStep(messagesOf(input), step.executed, config, this.#usage);
    return malformed === undefined ? output : withMessages(output, [malformed.message, ...malformedAnswers!], Array.isArray(input));
  }

  protected override async runTool(call: ToolCall, config: LangGraphRunnableConfig, state: unknown): Promise<ToolMessage | Command> {
    // Taken synchronously, in the order ToolNode starts the calls.
    const step = this.#prepared.get(config);
    const prepared = step?.calls.get(call)?.shift();
    const plan = prepared?.plan ?? (await this.#plan(call, config));
    const approval = approvalOfCall(this.#claims, config, step?.answered);
    const settled = await settleCall({
      call,
      plan,
      // A call this run did not prepare (a subclass's own) is asked here.
      answer: prepared === undefined ? askApprovals([call], [plan])[0] : prepared.answer,
      replan: (name) => this.#plan({ name }, config),
      claim: () => approval.claim([prepared?.claim ?? `${pauseKey(config)}#${call.id ?? ""}`]),
    });
    if (settled.kind === "refuse") return this.#refuse(call, settled.refusal);
    let result: ToolMessage | Command;
    try {
      result = await this.#invoke(settled.tool, settled.call, config, state);
    } catch (error) {
      // An approved call that pauses itself runs again, as in ToolNode, when that pause is answered.
      await approval.failed(error);
      throw error;
    }
    if (step !== undefined && !(isToolMessage(result) && result.status === "error")) step.executed.push(settled.call.name);
    return result;
  }

  #refuse(call: Pick<ToolCall, "id" | "name">, refusal: ToolCallRefusal): ToolMessage {
    if (!this.handleToolErrors) throw refusalError(refusal);
    return refusalMessage(call, refusal);
  }

  /** Runs one tool through ToolNode's own `runTool` (its runtime, output and error handling), guarded. */
  async #invoke(
    tool: StructuredToolInterface,
    call: ToolCall,
    config: LangGraphRunnableConfig,
    state: unknown,
  ): Promise<ToolMessage | Command> {
    let failure: unknown;
    const guarded = guardTool(tool, this.#timeoutOf(call.name), (thrown) => (failure = thrown));
    // ToolNode.runTool looks the tool up in `this.tools`: hand it a view of this node whose only tool is this one.
    const view = Object.create(this, { tools: { value: [guarded] } }) as this;
    let result: ToolMessage | Command;
    try {
      result = await super.runTool.call(view, call, config, state);
    } catch (error) {
      throw unwrapFailure(error);
    }
    // A call the executor ended (a timeout) carries its code, as every refusal does.
    if (ToolCallFailure.isInstance(failure) && failure.refusal !== undefined && isToolMessage(result) && result.status === "error")
      result.artifact = failure.refusal;
    const foreign = foreignAnswer(call, withCallId(call, result));
    if (foreign !== undefined) return this.#refuse(call, foreign);
    return result;
  }
}

/**
 * ToolNode's output with `messages` added after the calls' own answers, in ToolNode's shape: a list for a list input,
 * `{ messages }` otherwise, or one more entry of a list that holds Commands.
 */
function withMessages(output: unknown, messages: BaseMessage[], listInput: boolean): unknown {
  if (Array.isArray(output)) return output.some(isCommand) ? [...output, listInput ? messages : { messages }] : [...output, ...messages];
  const { messages: answered = [] } = output as { messages?: unknown[] };
  return { ...(output as object), messages: [...answered, ...messages] };
}
