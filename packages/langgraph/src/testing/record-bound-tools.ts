/**
 * @module Records which tools a model was bound with on each call, to assert what the model saw per turn.
 */
import type { ToolCallingModel } from "../nodes/bind-selected-tools.js";

/**
 * Wraps a model so every `bindTools` call records the names it bound. The model node binds once per model call,
 * so `bound[i]` is what the model saw on its i-th call.
 *
 * @param model - any tool-calling chat model (a fake, or a real one pointed at {@link startFakeOpenAI}).
 * @example
 * ```ts
 * import { fakeModel } from "@langchain/core/testing";
 * import { recordBoundTools } from "@dynamic-tools/langgraph/testing";
 *
 * const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("hi")));
 * await createDynamicToolAgent({ model, catalog }).invoke({ messages: [new HumanMessage("who is on staff?")] });
 * bound[0]; // ["get_gym_info", "get_staff_list"]
 * ```
 */
export function recordBoundTools<M extends ToolCallingModel>(model: M): { model: M; bound: string[][] } {
  const bound: string[][] = [];
  const original = model.bindTools!.bind(model);
  const wrapped = Object.create(model) as M;
  wrapped.bindTools = ((tools: Array<{ function?: { name: string }; name?: string }>, options?: unknown) => {
    bound.push(tools.map((tool) => tool.function?.name ?? tool.name ?? "?"));
    return original(tools as never, options as never);
  }) as M["bindTools"];
  return { model: wrapped, bound };
}
