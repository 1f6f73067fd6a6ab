/**
 * @module The "before" of the comparison: `model.bindTools(ALL_TOOLS)` — every catalog definition bound on every
 * model call, and a plain ToolNode over every tool. With 137 tools, OpenAI rejects every request it makes.
 */
import type { ToolCatalog } from "@dynamic-tools/core";
import type { ToolCallingModel } from "@dynamic-tools/langgraph";
import { SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";

/** Options of {@link createStaticAgent}. */
export interface StaticAgentOptions {
  model: ToolCallingModel;
  catalog: ToolCatalog;
  systemPrompt?: string;
  checkpointer?: BaseCheckpointSaver;
}

/** The classic agent loop with all of the catalog's tools bound (the same definitions the dynamic agent binds). */
export function createStaticAgent({ model, catalog, systemPrompt, checkpointer }: StaticAgentOptions) {
  const bound = model.bindTools!(catalog.definitions(catalog.names()));
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async function callModel(state, config): Promise<{ messages: BaseMessage[] }> {
      const messages = systemPrompt === undefined ? state.messages : [new SystemMessage(systemPrompt), ...state.messages];
      return { messages: [await bound.invoke(messages, config)] };
    })
    .addNode("tools", new ToolNode(catalog.executableTools()))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ name: "static_agent", ...(checkpointer === undefined ? {} : { checkpointer }) });
}
