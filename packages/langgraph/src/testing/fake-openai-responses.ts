/**
 * @module A small OpenAI Responses endpoint on 127.0.0.1 for tests: it rejects requests the way the API does (see
 * {@link validateResponsesRequest}), answers the rest from a script (a call of the client-executed `tool_search` is
 * answered as a `tool_search_call` item, any other as a `function_call`), bills each request under OpenAI's automatic
 * prefix caching against every request it has seen (a deferred function shows only its name and description, a
 * namespace only its own until loaded; a `tool_search_output` carries the definitions it loads), reports that bill
 * as `usage.input_tokens_details.cached_tokens`, and records every request (JSON, or server-sent events when
 * `stream: true`).
 */
import { canonicalJson } from "../execution/canonical-json.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestBill } from "@dynamic-tools/core/caching";
import type { FakeOpenAIReply } from "./fake-openai-script.js";
import { listenLocally, readBody, sendEvents, sendJson } from "./fake-http-server.js";
import { scriptedReply, type FakeModelScript, type FakeModelView } from "./fake-model-script.js";
import type { OpenAIErrorBody } from "./openai-request-validation.js";
import { createPromptCacheLedger, tokensOf, type RenderedPrompt } from "./prompt-cache-ledger.js";
import {
  functionsOf,
  inputItems,
  validateResponsesRequest,
  type ResponsesRequest,
  type ResponsesTool,
} from "./responses-request-validation.js";

/** Options of {@link startFakeOpenAIResponses}. */
export interface FakeOpenAIResponsesOptions {
  /** What to answer: `(request, view) => reply`, or steps. A call of `"tool_search"` becomes a client `tool_search_call`. */
  script: FakeModelScript<ResponsesRequest>;
  /** @defaultValue 0 (a free port) */
  port?: number;
}

/** One request the endpoint received. */
export interface ResponsesRecordedRequest {
  path: string;
  body: unknown;
  /** Names of every function sent (top-level and namespace members), and which were deferred. */
  tools: string[];
  deferred: string[];
  stream: boolean;
  status: number;
  error?: OpenAIErrorBody["error"];
  bill?: RequestBill;
  reply?: { content: string | null; toolCalls: Array<{ id: string; name: string; args: Record<string, unknown>; rawArguments?: string }> };
}

/** A running fake endpoint. */
export interface FakeOpenAIResponses {
  /** `http://127.0.0.1:<port>`; point a client at `${url}/v1`. */
  url: string;
  requests: ResponsesRecordedRequest[];
  close(): Promise<void>;
}

function renderTool(tool: ResponsesTool): string[] {
  if (tool.type === "function") {
    return [canonicalJson(tool.defer_loading === true ? { type: "function", name: tool.name, description: tool.description } : tool)];
  }
  if (tool.type === "namespace") {
    const members = Array.isArray(tool.tools) ? (tool.tools as ResponsesTool[]) : [];
    return [
      canonicalJson({ type: "namespace", name: tool.name, description: tool.description }),
      ...members.filter((member) => member.defer_loading !== true).map((member) => canonicalJson(member)),
    ];
  }
  return [canonicalJson(tool)];
}

/**
 * The request as rendered for caching: the tools (a deferred function as its name and description, a namespace as
 * its name and description plus its members that are not deferred), the instructions, then each input item.
 */
export function renderResponsesPrompt(request: ResponsesRequest): RenderedPrompt {
  return {
    tools: (request.tools ?? []).flatMap(renderTool),
    system: request.instructions ? [canonicalJson({ instructions: request.instructions })] : [],
    messages: inputItems(request).map((item) => canonicalJson(item)),
  };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("");
}

/** What the scripted model sees: the latest user text, the tools it can call now, the result it just got. */
export function responsesView(request: ResponsesRequest): FakeModelView {
  const functions = functionsOf(request.tools);
  const callable = new Set(functions.filter(({ tool }) => tool.defer_loading !== true).map(({ tool }) => String(tool.name)));
  if ((request.tools ?? []).some((tool) => tool.type === "tool_search" && tool.execution === "client")) callable.add("tool_search");
  const callNames = new Map<string, string>();
  let lastUserText = "";
  let toolResult: FakeModelView["toolResult"];
  for (const item of inputItems(request)) {
    toolResult = undefined;
    if ((item.type === "message" || item.type === undefined) && item.role === "user") lastUserText = textOf(item.content);
    if (item.type === "function_call") callNames.set(String(item.call_id), String(item.name));
    if (item.type === "function_call_output")
      toolResult = { name: callNames.get(String(item.call_id)) ?? "the tool", text: textOf(item.output) };
    if (item.type === "tool_search_output") {
      const loaded = functionsOf(Array.isArray(item.tools) ? item.tools : []).map(({ tool }) => String(tool.name));
      for (const name of loaded) callable.add(name);
      toolResult = { name: "tool_search", text: `loaded: ${loaded.join(", ")}` };
    }
  }
  return {
    lastUserText,
    callable: [...callable],
    sent: functions.map(({ tool }) => String(tool.name)),
    ...(toolResult === undefined ? {} : { toolResult }),
  };
}

type ResponseOutputItem = { type: string; id: string; arguments?: unknown; content?: Array<{ text: string }> } & Record<string, unknown>;

/** The server-sent events of a response, as the API streams them: created, each item added / delta / done, completed. */
function responseEvents(completed: { id: string; model: string }, output: readonly ResponseOutputItem[]): Array<[string, unknown]> {
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>): [string, unknown] => [type, { type, sequence_number: sequence++, ...data }];
  const events: Array<[string, unknown]> = [event("response.created", { response: { ...completed, status: "in_progress", output: [] } })];
  output.forEach((item, index) => {
    if (item.type === "message") {
      const text = item.content?.[0]?.text ?? "";
      events.push(event("response.output_item.added", { output_index: index, item: { ...item, content: [], status: "in_progress" } }));
      events.push(event("response.output_text.delta", { output_index: index, item_id: item.id, content_index: 0, delta: text }));
    } else if (item.type === "function_call") {
      events.push(event("response.output_item.added", { output_index: index, item: { ...item, arguments: "", status: "in_progress" } }));
      events.push(event("response.function_call_arguments.delta", { output_index: index, item_id: item.id, delta: item.arguments }));
    }
    events.push(event("response.output_item.done", { output_index: index, item }));
  });
  events.push(event("response.completed", { response: completed }));
  return events;
}

/**
 * Starts the fake Responses endpoint on 127.0.0.1. Answers `POST /v1/responses`; anything else gets a 404.
 *
 * @param options.script - what to answer.
 * @param options.port - the port. @defaultValue 0
 * @example
 * ```ts
 * import { ChatOpenAI } from "@langchain/openai";
 * import { startFakeOpenAIResponses } from "@dynamic-tools/langgraph/testing";
 *
 * const fake = await startFakeOpenAIResponses({ script: [{ when: /salary/, tool: "tool_search", args: { query: "salary" } }] });
 * const model = new ChatOpenAI({ model: "gpt-5.4", apiKey: "test", useResponsesApi: true, configuration: { baseURL: `${fake.url}/v1` }, maxRetries: 0 });
 * (await model.invoke("what is my salary?")).usage_metadata?.input_token_details?.cache_read; // 0 on a first request
 * await fake.close();
 * ```
 */
export async function startFakeOpenAIResponses({ script, port = 0 }: FakeOpenAIResponsesOptions): Promise<FakeOpenAIResponses> {
  const requests: ResponsesRecordedRequest[] = [];
  const ledger = createPromptCacheLedger("openai");
  let nextId = 0;

  function normalise(reply: FakeOpenAIReply): NonNullable<ResponsesRecordedRequest["reply"]> {
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

  async function handleResponses(request: IncomingMessage, response: ServerResponse, record: ResponsesRecordedRequest): Promise<void> {
    const reject = (error: OpenAIErrorBody) => {
      record.status = 400;
      record.error = error.error;
      sendJson(response, 400, error);
    };
    try {
      record.body = JSON.parse(await readBody(request));
    } catch {
      return reject({
        error: { message: "We could not parse the JSON body of your request.", type: "invalid_request_error", param: null, code: null },
      });
    }
    const body = record.body as ResponsesRequest;
    const functions = functionsOf(Array.isArray(body?.tools) ? body.tools : []);
    record.tools = functions.map(({ tool }) => String(tool.name));
    record.deferred = functions.filter(({ tool }) => tool.defer_loading === true).map(({ tool }) => String(tool.name));
    const rejection = validateResponsesRequest(record.body);
    record.stream = body?.stream === true;
    if (rejection !== undefined) return reject(rejection);
    const clientSearch = (body.tools ?? []).some((tool) => tool.type === "tool_search" && tool.execution === "client");
    const reply = normalise(await scriptedReply(script, body, responsesView(body)));
    const bill = ledger.bill(renderResponsesPrompt(body));
    record.status = 200;
    record.reply = reply;
    record.bill = bill;
    const output: unknown[] = [];
    if (reply.content) {
      output.push({
        type: "message",
        id: `msg_fake_${++nextId}`,
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: reply.content, annotations: [] }],
      });
    }
    for (const call of reply.toolCalls) {
      output.push(
        clientSearch && call.name === "tool_search"
          ? {
              type: "tool_search_call",
              id: `tsc_fake_${++nextId}`,
              call_id: call.id,
              execution: "client",
              arguments: call.args,
              status: "completed",
            }
          : {
              type: "function_call",
              id: `fc_fake_${++nextId}`,
              call_id: call.id,
              name: call.name,
              arguments: call.rawArguments ?? JSON.stringify(call.args),
              status: "completed",
            },
      );
    }
    const outputTokens = Math.max(1, tokensOf(JSON.stringify(output)));
    const completed = {
      id: `resp_fake_${requests.length}`,
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      status: "completed",
      error: null,
      incomplete_details: null,
      model: body.model,
      output,
      parallel_tool_calls: true,
      tools: body.tools ?? [],
      usage: {
        input_tokens: bill.inputTokens,
        input_tokens_details: { cached_tokens: bill.cacheReadTokens },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: bill.inputTokens + outputTokens,
      },
    };
    if (!record.stream) return sendJson(response, 200, completed);
    return sendEvents(response, responseEvents(completed, output as ResponseOutputItem[]));
  }

  const server = await listenLocally(port, function handleRequest(request, response) {
    const path = (request.url ?? "/").split("?")[0]!;
    const record: ResponsesRecordedRequest = { path, body: undefined, tools: [], deferred: [], stream: false, status: 0 };
    requests.push(record);
    if (request.method !== "POST" || path.replace(/\/+$/, "") !== "/v1/responses") {
      record.status = 404;
      record.error = { message: `Invalid URL (${request.method} ${path})`, type: "invalid_request_error", param: null, code: null };
      request.resume();
      return sendJson(response, 404, { error: record.error });
    }
    handleResponses(request, response, record).catch((error: unknown) => {
      record.status = 500;
      record.error = { message: `The fake's script failed: ${String(error)}`, type: "server_error", param: null, code: null };
      if (!response.headersSent) sendJson(response, 500, { error: record.error });
      else response.end();
    });
  });
  return { url: server.url, requests, close: server.close };
}
