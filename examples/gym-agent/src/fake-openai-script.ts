/**
 * @module The demo conversation's script for the fake OpenAI endpoint: the same steps as the offline model's
 * script, with arguments read from the Chat Completions request instead of LangChain messages.
 */
import type { ChatCompletionRequest, FakeOpenAIStep } from "@dynamic-tools/langgraph/testing";
import { OFFLINE_SCRIPT } from "./conversation.js";

/** The first client id in the latest `get_clients_list` result of the request (1 when there is none). */
function firstClientId(request: ChatCompletionRequest): number {
  const listCalls = new Set(
    request.messages
      .flatMap((message) => message.tool_calls ?? [])
      .filter((call) => call.function.name === "get_clients_list")
      .map((call) => call.id),
  );
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index]!;
    if (message.role === "tool" && listCalls.has(message.tool_call_id ?? "")) {
      const result = JSON.parse(String(message.content)) as { clients?: Array<{ id: number }> };
      if (result.clients?.[0] !== undefined) return result.clients[0].id;
    }
  }
  return 1;
}

/** Arguments computed from the request, for the offline-script steps whose arguments are computed. */
const REQUEST_ARGS: Record<string, (request: ChatCompletionRequest) => Record<string, unknown>> = {
  freeze_membership: (request) => ({ clientId: firstClientId(request), reason: "travelling for work" }),
};

/** The fake endpoint's script for the demo conversation: one step per offline-script step, same tools. */
export const FAKE_OPENAI_SCRIPT: FakeOpenAIStep[] = OFFLINE_SCRIPT.map(function toFakeStep(step): FakeOpenAIStep {
  if (typeof step.args !== "function") return { when: step.when, tool: step.tool, args: step.args };
  const fromRequest = REQUEST_ARGS[step.tool];
  if (fromRequest === undefined)
    throw new Error(`Step for ${step.tool} computes its arguments: add a request-based version to REQUEST_ARGS.`);
  return { when: step.when, tool: step.tool, args: fromRequest };
});
