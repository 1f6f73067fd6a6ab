/**
 * @module The demo conversation's script for the fake OpenAI endpoint: the same steps as the offline model's
 * script, with arguments read from the Chat Completions request instead of LangChain messages. Like the offline model,
 * it calls a tool the request does not send through `call_tool` when a tool result of the request delivered its
 * definition (the cache-aware binding's delivery), and goes on with the user's request after such a result.
 */
import { PROXY_DEFINITIONS_HEADER, PROXY_TOOL_NAME } from "@dynamic-tools/core/caching";
import {
  proxyDeliveredTools,
  replyFromSteps,
  sentToolNames,
  type ChatCompletionRequest,
  type FakeOpenAIScript,
  type FakeOpenAIStep,
} from "@dynamic-tools/langgraph/testing";
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

/** One step per offline-script step, same tools. */
const STEPS: FakeOpenAIStep[] = OFFLINE_SCRIPT.map(function toFakeStep(step): FakeOpenAIStep {
  if (typeof step.args !== "function") return { when: step.when, tool: step.tool, args: step.args };
  const fromRequest = REQUEST_ARGS[step.tool];
  if (fromRequest === undefined)
    throw new Error(`Step for ${step.tool} computes its arguments: add a request-based version to REQUEST_ARGS.`);
  return { when: step.when, tool: step.tool, args: fromRequest };
});

/** The fake endpoint's script for the demo conversation (see the module summary). */
export const FAKE_OPENAI_SCRIPT: FakeOpenAIScript = (request) => {
  const last = request.messages.at(-1);
  const afterDelivery = last?.role === "tool" && typeof last.content === "string" && last.content.includes(PROXY_DEFINITIONS_HEADER);
  // After a delivery, the model answers the user's message again; the delivered tools are callable (by proxy).
  const lastUser = request.messages.map((message) => message.role).lastIndexOf("user");
  const messages = afterDelivery ? request.messages.slice(0, lastUser + 1) : request.messages;
  const delivered = proxyDeliveredTools(request).map((name) => ({ type: "function" as const, function: { name } }));
  const reply = replyFromSteps(STEPS, { ...request, messages, tools: [...(request.tools ?? []), ...delivered] } as ChatCompletionRequest);
  if (typeof reply === "string" || reply.toolCalls === undefined) return reply;
  const sent = new Set(sentToolNames(request));
  return {
    ...reply,
    toolCalls: reply.toolCalls.map((call) =>
      sent.has(call.name) ? call : { name: PROXY_TOOL_NAME, args: { name: call.name, arguments: call.args } },
    ),
  };
};
