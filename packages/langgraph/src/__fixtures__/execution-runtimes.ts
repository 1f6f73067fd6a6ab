/**
 * @module The two runtimes that execute tool calls, behind one test harness: `DynamicToolNode` in a StateGraph, and
 * `createAgent` with `dynamicToolsMiddleware` (the model is a fake that emits the given calls once). Tests run the
 * same calls through both and assert the same outcome.
 */
import type { PermissionPolicy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { fakeModel } from "@langchain/core/testing";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { createAgent } from "langchain";
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
}

export interface RunOptions {
  catalog: ToolCatalog;
  calls: readonly StepCall[];
  policy?: PermissionPolicy;
  timeouts?: ToolTimeouts;
  sources?: readonly ToolProvider[];
  /** The caller (`config.context`). */
  context?: Record<string, unknown>;
  /** Resume values for approvals, in the order they are asked. */
  answers?: readonly unknown[];
}

/** A runtime under test. */
export interface ExecutionRuntime {
  name: string;
  run(options: RunOptions): Promise<RuntimeRun>;
}

let threads = 0;

function stepMessage(calls: readonly StepCall[]): AIMessage {
  return new AIMessage({ content: "", tool_calls: calls.map((call) => ({ ...call, type: "tool_call" as const }) as ToolCall) });
}

type Invokable = { invoke(input: unknown, config: Record<string, unknown>): Promise<unknown> };

async function runWithAnswers(graph: Invokable, input: unknown, options: RunOptions): Promise<RuntimeRun> {
  const config = {
    configurable: { thread_id: `execution-${(threads += 1)}` },
    ...(options.context === undefined ? {} : { context: options.context }),
  };
  const asked: unknown[] = [];
  const answers = [...(options.answers ?? [])];
  let result = (await graph.invoke(input, config)) as { messages: BaseMessage[]; __interrupt__?: Array<{ value: unknown }> };
  while ((result.__interrupt__?.length ?? 0) > 0) {
    asked.push(...result.__interrupt__!.map((entry) => entry.value));
    if (answers.length === 0) break;
    result = (await graph.invoke(new Command({ resume: answers.shift() }), config)) as typeof result;
  }
  const messages = result.messages ?? [];
  return { messages, asked, toolMessages: messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message)) };
}

/** DynamicToolNode in a StateGraph (START → tools → END), with a checkpointer. */
export const nodeRuntime: ExecutionRuntime = {
  name: "DynamicToolNode",
  run(options) {
    const node = new DynamicToolNode(options.catalog, {
      ...(options.policy === undefined ? {} : { policy: options.policy }),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      ...(options.sources === undefined ? {} : { sources: options.sources }),
    });
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", node)
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    return runWithAnswers(graph, { messages: [stepMessage(options.calls)] }, options);
  },
};

/** createAgent + dynamicToolsMiddleware, the model emitting the calls once and then answering "done". */
export const middlewareRuntime: ExecutionRuntime = {
  name: "createAgent + dynamicToolsMiddleware",
  run(options) {
    const model = fakeModel().respond(stepMessage(options.calls)).respond(new AIMessage("done"));
    const middleware = dynamicToolsMiddleware({
      catalog: options.catalog,
      countTokens: false,
      ...(options.policy === undefined ? {} : { policy: options.policy }),
      ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      ...(options.sources === undefined ? {} : { sources: options.sources }),
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
