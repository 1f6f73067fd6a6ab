/**
 * @module The model side: bind exactly this turn's selected tools, replacing `bindTools(ALL_TOOLS)`.
 */
import { DynamicToolsError, type ToolCatalog, type ToolSelection } from "@dynamic-tools/core";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { SystemMessage, type BaseMessage } from "@langchain/core/messages";

/** A chat model that can bind tools. */
export type ToolCallingModel = Pick<BaseChatModel, "bindTools">;

/** Fails fast (at graph construction) when the model cannot bind tools. */
export function assertToolCallingModel(model: unknown): asserts model is Required<ToolCallingModel> {
  if (typeof (model as ToolCallingModel | undefined)?.bindTools !== "function") {
    throw new DynamicToolsError("INVALID_OPTION", "model must be a chat model with bindTools() (a tool-calling model such as ChatOpenAI).");
  }
}

/**
 * Binds the selected tools (their catalog definitions, in bind order) to the model.
 *
 * @example
 * ```ts
 * const response = await bindSelectedTools(model, catalog, state.toolSelection).invoke(state.messages);
 * ```
 */
export function bindSelectedTools(model: ToolCallingModel, catalog: ToolCatalog, selection: ToolSelection | null | undefined) {
  assertToolCallingModel(model);
  const names = selection?.tools ?? [];
  return model.bindTools(catalog.definitions(names));
}

/** Options of {@link createDynamicModelNode}. */
export interface DynamicModelNodeOptions {
  /** A tool-calling chat model. */
  model: ToolCallingModel;
  /** The full registry (the selection names tools in it). */
  catalog: ToolCatalog;
  /** A system prompt put before the conversation on every call. */
  systemPrompt?: string;
}

/**
 * Creates the model node: each call binds the tools in `state.toolSelection` and invokes the model.
 *
 * @example
 * ```ts
 * graph.addNode("agent", createDynamicModelNode({ model: new ChatOpenAI({ model: "gpt-4o" }), catalog }));
 * ```
 */
export function createDynamicModelNode({ model, catalog, systemPrompt }: DynamicModelNodeOptions) {
  assertToolCallingModel(model);
  return async function callModel(
    state: { messages: BaseMessage[]; toolSelection?: ToolSelection | null },
    config?: Parameters<ReturnType<typeof bindSelectedTools>["invoke"]>[1],
  ): Promise<{ messages: BaseMessage[] }> {
    const messages = systemPrompt === undefined ? state.messages : [new SystemMessage(systemPrompt), ...state.messages];
    const response = await bindSelectedTools(model, catalog, state.toolSelection).invoke(messages, config);
    return { messages: [response] };
  };
}
