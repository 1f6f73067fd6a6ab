/**
 * @module The team agent in either runtime: LangChain v1's `createAgent` with `dynamicToolsMiddleware`, or the
 * LangGraph prebuilt `createDynamicToolAgent`. Same catalog, same options, same state (`toolSelection`, `loadedTools`).
 */
import type { ToolCatalog } from "@dynamic-tools/core";
import { createDynamicToolAgent, type DynamicToolSelection, type ToolCallingModel, type ToolMode } from "@dynamic-tools/langgraph";
import { dynamicToolsMiddleware } from "@dynamic-tools/langgraph/middleware";
import type { BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent } from "langchain";

/** Which runtime runs the agent. */
export type Runtime = "middleware" | "graph";

/** The part of either agent the example uses. */
export interface TeamAgent {
  invoke(
    input: { messages: BaseMessage[] },
    config?: { configurable?: { thread_id?: string } },
  ): Promise<{ messages: BaseMessage[]; toolSelection?: DynamicToolSelection | null; loadedTools?: string[] | null }>;
}

/** Options of {@link createTeamAgent}. */
export interface TeamAgentOptions {
  runtime: Runtime;
  catalog: ToolCatalog;
  model: ToolCallingModel;
  mode?: ToolMode;
  /** For `auto` with a model that has no known name. @defaultValue 128000 (gpt-4o) */
  contextWindow?: number;
  checkpointer?: BaseCheckpointSaver;
}

export const SYSTEM_PROMPT = "You are the team's assistant. If you lack a tool for the task, call tool_search first. Be brief.";

/** Builds the agent in the chosen runtime. */
export function createTeamAgent({
  runtime,
  catalog,
  model,
  mode = "search",
  contextWindow = 128_000,
  checkpointer,
}: TeamAgentOptions): TeamAgent {
  const options = { catalog, mode, contextWindow };
  if (runtime === "graph") {
    return createDynamicToolAgent({
      ...options,
      model,
      systemPrompt: SYSTEM_PROMPT,
      ...(checkpointer === undefined ? {} : { checkpointer }),
    }) as unknown as TeamAgent;
  }
  return createAgent({
    model: model as never,
    tools: [],
    middleware: [dynamicToolsMiddleware(options)],
    systemPrompt: SYSTEM_PROMPT,
    ...(checkpointer === undefined ? {} : { checkpointer }),
  }) as unknown as TeamAgent;
}
