/**
 * The four provider paths the native binding speaks, each a real LangChain client pointed at its fake endpoint:
 * ChatAnthropic → fake Messages, ChatOpenAI (Responses) → fake Responses, ChatOpenAI (Chat Completions) → fake Chat
 * Completions, with deferred loading or by proxy (a model that calls a tool whose definition a search result gave it
 * through `call_tool`). One shape for the tests: the model, the requests the fake saw, and close().
 */
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import type { RequestBill } from "@dynamic-tools/core/caching";
import type { NativeProtocol } from "../providers/native-protocol.js";
import { startFakeAnthropic } from "../testing/fake-anthropic.js";
import type { FakeModelStep } from "../testing/fake-model-script.js";
import { startFakeOpenAI } from "../testing/fake-openai.js";
import { proxyDeliveredTools, replyFromSteps, sentToolNames, type FakeOpenAIScript } from "../testing/fake-openai-script.js";
import type { ChatCompletionRequest } from "../testing/openai-request-validation.js";

export { proxyDeliveredTools };
import { PROXY_TOOL_NAME } from "@dynamic-tools/core/caching";
import { startFakeOpenAIResponses } from "../testing/fake-openai-responses.js";

/** What every fake recorded, in one shape. */
export interface SeenRequest {
  status: number;
  /** Every function/tool name sent (deferred or not), and the deferred ones. */
  tools: string[];
  deferred: string[];
  body: unknown;
  error?: { message: string };
  bill?: RequestBill;
}

export interface ProviderFake {
  protocol: NativeProtocol;
  model: ChatAnthropic | ChatOpenAI;
  requests(): SeenRequest[];
  close(): Promise<void>;
}

/** Starts the fake of `protocol` with `steps` and the client pointed at it. */
export async function startProviderFake(protocol: NativeProtocol, steps: readonly FakeModelStep[]): Promise<ProviderFake> {
  if (protocol === "anthropic") {
    const fake = await startFakeAnthropic({ script: steps });
    return {
      protocol,
      model: new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test", anthropicApiUrl: fake.url, maxRetries: 0 }),
      requests: () => fake.requests as SeenRequest[],
      close: fake.close,
    };
  }
  if (protocol === "openai-responses") {
    const fake = await startFakeOpenAIResponses({ script: steps });
    return {
      protocol,
      model: new ChatOpenAI({
        model: "gpt-5.4",
        apiKey: "test",
        useResponsesApi: true,
        configuration: { baseURL: `${fake.url}/v1` },
        maxRetries: 0,
      }),
      requests: () => fake.requests as SeenRequest[],
      close: fake.close,
    };
  }
  const fake = await startFakeOpenAI({ script: protocol === "proxy" ? proxyScript(steps) : (steps as never) });
  return {
    protocol,
    model: new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${fake.url}/v1` }, maxRetries: 0 }),
    requests: () =>
      fake.requests.map((request) => {
        const tools =
          (request.body as { tools?: Array<{ function?: { name?: string }; defer_loading?: boolean }> } | undefined)?.tools ?? [];
        return {
          status: request.status,
          tools: request.tools,
          deferred: tools.filter((tool) => tool.defer_loading === true).map((tool) => String(tool.function?.name)),
          body: request.body,
          ...(request.error === undefined ? {} : { error: request.error }),
          ...(request.bill === undefined ? {} : { bill: request.bill }),
        };
      }),
    close: fake.close,
  };
}

/**
 * A model given the proxy: it calls a tool it was sent directly, and one whose definition a tool result delivered
 * (or, with `always`, any other) through `call_tool`.
 */
function proxyScript(steps: readonly FakeModelStep[]): FakeOpenAIScript {
  return (request) => {
    const sent = new Set(sentToolNames(request));
    const delivered = proxyDeliveredTools(request).map((name) => ({ type: "function" as const, function: { name } }));
    const reply = replyFromSteps(steps as never, { ...request, tools: [...(request.tools ?? []), ...delivered] } as ChatCompletionRequest);
    if (typeof reply === "string" || reply.toolCalls === undefined) return reply;
    return {
      ...reply,
      toolCalls: reply.toolCalls.map((call) =>
        sent.has(call.name) ? call : { name: PROXY_TOOL_NAME, args: { name: call.name, arguments: call.args } },
      ),
    };
  };
}

/** A system prompt long enough (about 1,300 tokens) that every prompt is past the 1,024-token caching minimum. */
export const LONG_SYSTEM_PROMPT = `You are the assistant of a small software team. ${"Answer briefly, use the tools you are given, and say which tool you used. ".repeat(70)}`;

/** The conversation the cache tests replay: three topics, each answered by one tool call. */
export const THREE_TOPICS: readonly FakeModelStep[] = [
  { when: /issue/, tool: "create_issue", args: { text: "login is broken" } },
  { when: /issue/, afterTool: "tool_search", tool: "create_issue", args: { text: "login is broken" } },
  { when: /calendar/, tool: "list_events", args: {} },
  { when: /calendar/, afterTool: "tool_search", tool: "list_events", args: {} },
  { when: /currenc/, tool: "convert_currency", args: { text: "10 USD to EUR" } },
  { when: /currenc/, afterTool: "tool_search", tool: "convert_currency", args: { text: "10 USD to EUR" } },
];

/** The three user messages of {@link THREE_TOPICS}. */
export const THREE_QUESTIONS = [
  "open a github issue: login is broken",
  "what is on the team calendar this week?",
  "convert 10 dollars to euros with the currency tool",
] as const;
