/**
 * @module The two runtimes that execute tool calls, behind one test harness: `DynamicToolNode` in a StateGraph, and
 * `createAgent` with `dynamicToolsMiddleware` (the model is a fake that emits the given calls once). Tests run the
 * same calls through both and assert the same outcome.
 */
import type { PermissionPolicy, ToolCatalog, UsageRecorder } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { fakeModel } from "@langchain/core/testing";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createAgent } from "langchain";
import type { ApprovalRequest } from "../execution/approval.js";
import type { ToolTimeouts } from "../execution/execution-options.js";
import type { ToolProvider } from "../execution/tool-resolution.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";

/** One model step's calls (ids and names as a hostile model may send them). */
export type StepCall = { name: string; args: Record<string, unknown>; id?: string };

/** What one run produced. */
export interface RuntimeRun {
  /** Every ToolMessage of the run's final state, in order. */
  toolMessages: ToolMessage[];
  /** The final state's messages. */
  messages: BaseMessage[];
  /** Interrupt values shown, in order (approvals). */
  asked: unknown[];
  /** With `concurrentResumes`: every concurrent resume's ToolMessages (the first is also `toolMessages`). */
  resumed?: ToolMessage[][];
}

/** A resume value, or how to build it from the request shown. */
export type Answer = unknown | ((request: ApprovalRequest) => unknown);

/** What `beforeResume` may do while the run is paused. */
export interface PausedRun {
  /** The request shown at this pause. */
  request: ApprovalRequest;
  /** How many answers were given before this pause. */
  answered: number;
  /** Rewrites the paused step's calls in the checkpoint (`updateState`), as a client with write access could. */
  rewriteCalls(rewrite: (call: ToolCall) => ToolCall): Promise<void>;
}

export interface RunOptions {
  catalog: ToolCatalog;
  calls: readonly StepCall[];
  policy?: PermissionPolicy;
  timeouts?: ToolTimeouts;
  sources?: readonly ToolProvider[];
  /** The caller (`config.context`). */
  context?: Record<string, unknown>;
  /** Resume values for approvals, in the order they are asked (a function is given the request shown). */
  answers?: readonly Answer[];
  /** Learns from the calls the executor ran. */
  usage?: UsageRecorder;
  /** Runs at each pause before its answer is sent. */
  beforeResume?: (paused: PausedRun) => Promise<void> | void;
  /** How many resumes with the last answer run at once. @defaultValue 1 */
  concurrentResumes?: number;
}

/** The id and digest a bound answer echoes, from the request shown. */
const named = (request: ApprovalRequest) => ({
  toolCallId: request.actionRequests[0]!.toolCallId,
  digest: request.actionRequests[0]!.digest,
});

/** Bound answers (LangChain's HITL decisions naming the call shown). */
export const answer = {
  approve: (request: ApprovalRequest) => ({ decisions: [{ type: "approve", ...named(request) }] }),
  reject: (message?: string) => (request: ApprovalRequest) => ({
    decisions: [{ type: "reject", ...named(request), ...(message === undefined ? {} : { message }) }],
  }),
  edit: (editedAction: { name?: string; args: Record<string, unknown> }) => (request: ApprovalRequest) => ({
    decisions: [
      { type: "edit", ...named(request), editedAction: { name: editedAction.name ?? request.toolCall.name, args: editedAction.args } },
    ],
  }),
};

/** A runtime under test. */
export interface ExecutionRuntime {
  name: string;
  run(options: RunOptions): Promise<RuntimeRun>;
}

let threads = 0;

function stepMessage(calls: readonly StepCall[]): AIMessage {
  return new AIMessage({ content: "", tool_calls: calls.map((call) => ({ ...call, type: "tool_call" as const }) as ToolCall) });
}

type Invokable = {
  invoke(input: unknown, config: Record<string, unknown>): Promise<unknown>;
  getState(config: Record<string, unknown>): Promise<{ values: { messages: BaseMessage[] } }>;
  updateState(config: Record<string, unknown>, values: unknown): Promise<unknown>;
};
type Result = { messages: BaseMessage[]; __interrupt__?: Array<{ value: unknown }> };

const toolMessagesOf = (messages: readonly BaseMessage[]) =>
  messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));

async function runWithAnswers(graph: Invokable, input: unknown, options: RunOptions): Promise<RuntimeRun> {
  const config = {
    configurable: { thread_id: `execution-${(threads += 1)}` },
    ...(options.context === undefined ? {} : { context: options.context }),
  };
  const asked: unknown[] = [];
  const answers = [...(options.answers ?? [])];
  let answered = 0;
  let resumed: ToolMessage[][] | undefined;
  let result = (await graph.invoke(input, config)) as Result;
  while ((result.__interrupt__?.length ?? 0) > 0) {
    asked.push(...result.__interrupt__!.map((entry) => entry.value));
    if (answers.length === 0) break;
    const request = result.__interrupt__!.at(-1)!.value as ApprovalRequest;
    await options.beforeResume?.({
      request,
      answered,
      async rewriteCalls(rewrite) {
        const { values } = await graph.getState(config);
        const step = values.messages.findLast((message) => AIMessage.isInstance(message)) as AIMessage;
        const rewritten = new AIMessage({ id: step.id!, content: step.content, tool_calls: (step.tool_calls ?? []).map(rewrite) });
        await graph.updateState(config, { messages: [rewritten] });
      },
    });
    const given = answers.shift();
    answered += 1;
    const resume = typeof given === "function" ? (given as (shown: ApprovalRequest) => unknown)(request) : given;
    const copies = answers.length === 0 ? (options.concurrentResumes ?? 1) : 1;
    const results = (await Promise.all(Array.from({ length: copies }, () => graph.invoke(new Command({ resume }), config)))) as Result[];
    if (copies > 1) resumed = results.map((each) => toolMessagesOf(each.messages ?? []));
    result = results[0]!;
  }
  const messages = result.messages ?? [];
  return { messages, asked, toolMessages: toolMessagesOf(messages), ...(resumed === undefined ? {} : { resumed }) };
}

/** DynamicToolNode in a StateGraph (START → tools → END), with a checkpointer. */
export const nodeRuntime: ExecutionRuntime = {
  name: "DynamicToolNode",
  run(options) {
    const node = new DynamicToolNode(options.catalog, {
      ...(options.policy === undefined ? {} : { policy: options.policy }),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      ...(options.sources === undefined ? {} : { sources: options.sources }),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
    });
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", node)
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    return runWithAnswers(graph as unknown as Invokable, { messages: [new HumanMessage("go"), stepMessage(options.calls)] }, options);
  },
};

/** createAgent + dynamicToolsMiddleware, the model emitting the calls once and then answering "done". */
export const middlewareRuntime: ExecutionRuntime = {
  name: "createAgent + dynamicToolsMiddleware",
  run(options) {
    let model = fakeModel().respond(stepMessage(options.calls));
    // One final answer per run that reaches the model again (concurrent resumes each do).
    for (let copy = 0; copy < (options.concurrentResumes ?? 1); copy++) model = model.respond(new AIMessage("done"));
    const middleware = dynamicToolsMiddleware({
      catalog: options.catalog,
      countTokens: false,
      ...(options.policy === undefined ? {} : { policy: options.policy }),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      ...(options.sources === undefined ? {} : { sources: options.sources }),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
    });
    const agent = createAgent({ model, tools: [], middleware: [middleware], checkpointer: new MemorySaver() });
    return runWithAnswers(agent as unknown as Invokable, { messages: [new HumanMessage("go")] }, options);
  },
};

/** Both runtimes, for `describe.each`. */
export const executionRuntimes: ReadonlyArray<[string, ExecutionRuntime]> = [
  [nodeRuntime.name, nodeRuntime],
  [middlewareRuntime.name, middlewareRuntime],
];

/** Runs the step, returning the error instead of throwing (a test asserts there is none). */
export async function settle(runtime: ExecutionRuntime, options: RunOptions): Promise<RuntimeRun & { error?: unknown }> {
  try {
    return await runtime.run(options);
  } catch (error) {
    return { toolMessages: [], messages: [], asked: [], error };
  }
}

/** The bound answer (a resume value) for the call a paused result shows. */
export function answerFor(paused: unknown, build: (request: ApprovalRequest) => unknown): unknown {
  const interrupts = (paused as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__ ?? [];
  if (interrupts.length === 0) throw new Error("answerFor: the result is not paused for approval");
  return build(interrupts.at(-1)!.value);
}
