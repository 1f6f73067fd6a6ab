/**
 * @module A small OpenAI-compatible Chat Completions endpoint on 127.0.0.1 for tests: it rejects requests the way
 * the real API does (more than 128 tools, bad function names, non-object parameter schemas, unpaired tool
 * messages; and, for the deferred-loading protocol some hosts serve, a `tool_reference` that names no deferred tool
 * or every tool deferred), answers the rest from a script (JSON, or SSE chunks when `stream: true`), bills each
 * request under OpenAI's automatic prefix caching against every request it has seen (reported as `usage`, with
 * `prompt_tokens_details.cached_tokens`), and records every request.
 */
import { canonicalJson } from "../execution/canonical-json.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import { replyFromSteps, sentToolNames, type FakeOpenAIReply, type FakeOpenAIScript } from "./fake-openai-script.js";
import type { RequestBill } from "@dynamic-tools/core/caching";
import {
  deferredToolNames,
  referencedToolNames,
  validateChatCompletionRequest,
  type ChatCompletionRequest,
  type OpenAIErrorBody,
} from "./openai-request-validation.js";
import { listenLocally, readBody, sendJson } from "./fake-http-server.js";
import { createPromptCacheLedger, tokensOf, type RenderedPrompt } from "./prompt-cache-ledger.js";

/** Options of {@link startFakeOpenAI}. */
export interface FakeOpenAIOptions {
  /** What to answer (a function of the request, or a list of steps). */
  script: FakeOpenAIScript;
  /** The port to listen on. @defaultValue 0 (a free port chosen by the system) */
  port?: number;
}

/** One request the endpoint received, whatever it answered. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** Names of the tools the request sent, in order. */
  tools: string[];
  /** Whether the client asked for a streamed answer. */
  stream: boolean;
  /** The HTTP status answered. */
  status: number;
  /** The error answered, for a rejected request. */
  error?: OpenAIErrorBody["error"];
  /** The scripted reply, for an accepted request. */
  reply?: { content: string | null; toolCalls: Array<{ id: string; name: string; args: Record<string, unknown>; rawArguments?: string }> };
  /** The bill of an accepted request (what `usage` reported). */
  bill?: RequestBill;
}

/**
 * The request as rendered for caching: the tools sent without `defer_loading`, then each message; a deferred tool's
 * definition enters right after the first tool message that references it.
 */
export function renderChatCompletionPrompt(request: ChatCompletionRequest): RenderedPrompt {
  const tools = request.tools ?? [];
  const deferred = deferredToolNames(tools);
  const byName = new Map(tools.map((tool) => [String(tool.function?.name), tool]));
  const messages: string[] = [];
  const referenced = new Set<string>();
  for (const message of request.messages) {
    messages.push(canonicalJson(message));
    for (const name of referencedToolNames(message)) {
      if (!deferred.has(name) || referenced.has(name)) continue;
      referenced.add(name);
      messages.push(canonicalJson({ loaded: byName.get(name)?.function }));
    }
  }
  return {
    tools: tools.filter((tool) => tool.defer_loading !== true).map((tool) => canonicalJson(tool)),
    system: [],
    messages,
  };
}

function usageOf(bill: RequestBill, completionTokens: number) {
  return {
    prompt_tokens: bill.inputTokens,
    completion_tokens: completionTokens,
    total_tokens: bill.inputTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: bill.cacheReadTokens, audio_tokens: 0 },
  };
}

/** A running fake endpoint. */
export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>`; point a client at `${url}/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

type NormalisedReply = NonNullable<RecordedRequest["reply"]>;

function completion(id: string, model: string, reply: NormalisedReply, usage: ReturnType<typeof usageOf>) {
  const toolCalls = reply.toolCalls.map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.rawArguments ?? JSON.stringify(call.args) },
  }));
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: "fake_openai",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: reply.content, refusal: null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
      },
    ],
    usage,
  };
}

function streamCompletion(
  response: ServerResponse,
  id: string,
  request: ChatCompletionRequest,
  reply: NormalisedReply,
  usage: ReturnType<typeof usageOf>,
): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const base = {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    system_fingerprint: "fake_openai",
  };
  const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    response.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
  send([{ index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null }]);
  if (reply.content) send([{ index: 0, delta: { content: reply.content }, logprobs: null, finish_reason: null }]);
  for (const [index, call] of reply.toolCalls.entries()) {
    const head = { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } };
    send([{ index: 0, delta: { tool_calls: [head] }, logprobs: null, finish_reason: null }]);
    send([
      {
        index: 0,
        delta: { tool_calls: [{ index, function: { arguments: call.rawArguments ?? JSON.stringify(call.args) } }] },
        logprobs: null,
        finish_reason: null,
      },
    ]);
  }
  send([{ index: 0, delta: {}, logprobs: null, finish_reason: reply.toolCalls.length > 0 ? "tool_calls" : "stop" }]);
  if (request.stream_options?.include_usage) send([], { usage });
  response.end("data: [DONE]\n\n");
}

/**
 * Starts the fake endpoint on 127.0.0.1 (never any other address). Answers `POST /v1/chat/completions`; anything
 * else gets a 404 in the API's error shape.
 *
 * @param options.script - what to answer: `(request) => reply`, or steps matched against the latest user message.
 * @param options.port - the port. @defaultValue 0 (a free one)
 * @example
 * ```ts
 * import { ChatOpenAI } from "@langchain/openai";
 * import { startFakeOpenAI } from "@dynamic-tools/langgraph/testing";
 *
 * const fake = await startFakeOpenAI({ script: [{ when: /pending salar/i, tool: "get_pending_salaries", args: {} }] });
 * const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${fake.url}/v1` }, maxRetries: 0 });
 * await model.bindTools(ALL_TOOLS).invoke("what is pending salary?"); // throws: Invalid 'tools': array too long…
 * fake.requests[0]?.tools.length; // 137
 * await fake.close();
 * ```
 */
export async function startFakeOpenAI({ script, port = 0 }: FakeOpenAIOptions): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const ledger = createPromptCacheLedger("openai");
  let nextId = 0;

  function normalise(reply: FakeOpenAIReply): NormalisedReply {
    const { content = null, toolCalls = [] } = typeof reply === "string" ? { content: reply } : reply;
    return {
      content,
      toolCalls: toolCalls.map((call) => ({
        id: call.id ?? `call_fake_${++nextId}`,
        name: call.name,
        args: call.args ?? {},
        ...(call.rawArguments === undefined ? {} : { rawArguments: call.rawArguments }),
      })),
    };
  }

  async function handleChatCompletion(request: IncomingMessage, response: ServerResponse, record: RecordedRequest): Promise<void> {
    const text = await readBody(request);
    try {
      record.body = JSON.parse(text);
    } catch {
      record.status = 400;
      record.error = {
        message: "We could not parse the JSON body of your request. The OpenAI API expects a JSON payload.",
        type: "invalid_request_error",
        param: null,
        code: null,
      };
      return sendJson(response, 400, { error: record.error });
    }
    const rejection = validateChatCompletionRequest(record.body);
    const body = record.body as ChatCompletionRequest;
    record.tools = Array.isArray(body?.tools) ? sentToolNames(body) : [];
    record.stream = body?.stream === true;
    if (rejection !== undefined) {
      record.status = 400;
      record.error = rejection.error;
      return sendJson(response, 400, rejection);
    }
    const reply = normalise(typeof script === "function" ? await script(body) : replyFromSteps(script, body));
    record.status = 200;
    record.reply = reply;
    record.bill = ledger.bill(renderChatCompletionPrompt(body));
    const usage = usageOf(record.bill, Math.max(1, tokensOf(JSON.stringify(reply))));
    const id = `chatcmpl-fake-${requests.length}`;
    if (record.stream) return streamCompletion(response, id, body, reply, usage);
    return sendJson(response, 200, completion(id, body.model, reply, usage));
  }

  const server = await listenLocally(port, function handleRequest(request, response) {
    const path = (request.url ?? "/").split("?")[0]!;
    const record: RecordedRequest = { method: request.method ?? "GET", path, body: undefined, tools: [], stream: false, status: 0 };
    requests.push(record);
    if (request.method !== "POST" || path.replace(/\/+$/, "") !== "/v1/chat/completions") {
      record.status = 404;
      record.error = { message: `Invalid URL (${record.method} ${path})`, type: "invalid_request_error", param: null, code: null };
      request.resume();
      return sendJson(response, 404, { error: record.error });
    }
    handleChatCompletion(request, response, record).catch((error: unknown) => {
      record.status = 500;
      record.error = { message: `The fake's script failed: ${String(error)}`, type: "server_error", param: null, code: null };
      if (!response.headersSent) sendJson(response, 500, { error: record.error });
      else response.end();
    });
  });

  return { url: server.url, requests, close: server.close };
}
