/**
 * @module A small Anthropic Messages endpoint on 127.0.0.1 for tests: it rejects requests the way the API does
 * (see {@link validateAnthropicRequest}), answers the rest from a script (JSON, or SSE when `stream: true`), bills
 * each request under Anthropic's caching rules against every request it has seen (the `cache_control` breakpoints the
 * request carries; deferred tools cost nothing until a `tool_reference` expands them inline, once), reports that bill
 * as `usage`, and records every request.
 */
import { canonicalJson } from "../execution/canonical-json.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestBill } from "@dynamic-tools/core/caching";
import type { FakeOpenAIReply } from "./fake-openai-script.js";
import { listenLocally, readBody, sendEvents, sendJson } from "./fake-http-server.js";
import { scriptedReply, type FakeModelScript, type FakeModelView } from "./fake-model-script.js";
import { createPromptCacheLedger, tokensOf, type RenderedPrompt } from "./prompt-cache-ledger.js";
import {
  blocksOf,
  isCustomTool,
  validateAnthropicRequest,
  type AnthropicBlock,
  type AnthropicErrorBody,
  type AnthropicRequest,
  type AnthropicTool,
} from "./anthropic-request-validation.js";

/** Options of {@link startFakeAnthropic}. */
export interface FakeAnthropicOptions {
  /** What to answer: `(request, view) => reply`, or steps matched against what the model sees. */
  script: FakeModelScript<AnthropicRequest>;
  /** @defaultValue 0 (a free port) */
  port?: number;
}

/** One request the endpoint received. */
export interface AnthropicRecordedRequest {
  path: string;
  body: unknown;
  /** Names of the custom tools sent, in order, and which of them were deferred. */
  tools: string[];
  deferred: string[];
  stream: boolean;
  status: number;
  error?: AnthropicErrorBody["error"];
  /** The bill of an accepted request (what `usage` reported). */
  bill?: RequestBill;
  reply?: { content: string | null; toolCalls: Array<{ id: string; name: string; args: Record<string, unknown>; rawArguments?: string }> };
}

/** A running fake endpoint. */
export interface FakeAnthropic {
  /** `http://127.0.0.1:<port>`: pass it as `anthropicApiUrl` of `ChatAnthropic`. */
  url: string;
  requests: AnthropicRecordedRequest[];
  close(): Promise<void>;
}

function withoutCacheControl(value: Record<string, unknown>): Record<string, unknown> {
  const { cache_control: _ignored, ...rest } = value;
  return rest;
}

function renderTool(tool: AnthropicTool): string {
  const { defer_loading: _deferred, ...rest } = withoutCacheControl(tool);
  return canonicalJson(rest);
}

function textOf(content: string | AnthropicBlock[] | undefined): string {
  if (typeof content === "string") return content;
  return (content ?? [])
    .map((block) => (block.type === "text" ? (block.text ?? "") : block.type === "tool_reference" ? `[tool ${block.tool_name}]` : ""))
    .join("");
}

/**
 * The request as the API renders it, piece by piece: the tools that are not deferred, the system blocks, then each
 * message block; a `tool_reference` is expanded into its tool's definition right after the result that carries it,
 * the first time the conversation references it. Breakpoints are the pieces that carry `cache_control` (a deferred
 * tool is not rendered, so a breakpoint on it is not either), and the last piece under top-level caching.
 */
export function renderAnthropicPrompt(request: AnthropicRequest): RenderedPrompt {
  const breakpoints: number[] = [];
  const tools: string[] = [];
  const byName = new Map<string, AnthropicTool>();
  for (const tool of request.tools ?? []) {
    if (isCustomTool(tool)) byName.set(String(tool.name), tool);
    if (tool.defer_loading === true) continue;
    tools.push(renderTool(tool));
    if (tool.cache_control != null) breakpoints.push(tools.length);
  }
  const system: string[] = [];
  for (const block of blocksOf(request.system)) {
    system.push(canonicalJson(withoutCacheControl(block)));
    if (block.cache_control != null) breakpoints.push(tools.length + system.length);
  }
  const messages: string[] = [];
  const referenced = new Set<string>();
  for (const message of request.messages) {
    for (const block of blocksOf(message.content)) {
      const inner = Array.isArray(block.content) ? block.content : undefined;
      const rendered = inner === undefined ? block : { ...block, content: inner.map((part) => withoutCacheControl(part)) };
      messages.push(canonicalJson({ role: message.role, block: withoutCacheControl(rendered) }));
      const marked = block.cache_control != null || (inner ?? []).some((part) => part.cache_control != null);
      if (marked) breakpoints.push(tools.length + system.length + messages.length);
      for (const part of inner ?? []) {
        if (part.type !== "tool_reference" || referenced.has(String(part.tool_name))) continue;
        referenced.add(String(part.tool_name));
        const tool = byName.get(String(part.tool_name));
        if (tool !== undefined) messages.push(canonicalJson({ loaded: renderTool(tool) }));
      }
    }
  }
  if (request.cache_control != null) breakpoints.push(tools.length + system.length + messages.length);
  return { tools, system, messages, breakpoints };
}

/** What the scripted model sees: the latest user text, the tools it can call, the tool result it just got. */
export function anthropicView(request: AnthropicRequest): FakeModelView {
  const custom = (request.tools ?? []).filter(isCustomTool);
  const callable = new Set(custom.filter((tool) => tool.defer_loading !== true).map((tool) => String(tool.name)));
  const useNames = new Map<string, string>();
  let lastUserText = "";
  let toolResult: FakeModelView["toolResult"];
  for (const message of request.messages) {
    const blocks = blocksOf(message.content);
    toolResult = undefined;
    for (const block of blocks) {
      if (block.type === "tool_use") useNames.set(String(block.id), String(block.name));
      if (message.role === "user" && block.type === "text") lastUserText = block.text ?? "";
      if (block.type === "tool_result") {
        for (const part of Array.isArray(block.content) ? block.content : []) {
          if (part.type === "tool_reference") callable.add(String(part.tool_name));
        }
        toolResult = { name: useNames.get(String(block.tool_use_id)) ?? "the tool", text: textOf(block.content) };
      }
    }
  }
  return {
    lastUserText,
    callable: [...callable],
    sent: custom.map((tool) => String(tool.name)),
    ...(toolResult === undefined ? {} : { toolResult }),
  };
}

function usageOf(bill: RequestBill, outputTokens: number) {
  return {
    input_tokens: bill.uncachedTokens,
    cache_creation_input_tokens: bill.cacheWriteTokens,
    cache_read_input_tokens: bill.cacheReadTokens,
    output_tokens: outputTokens,
  };
}

/**
 * Starts the fake Messages endpoint on 127.0.0.1. Answers `POST /v1/messages`; anything else gets a 404 in the API's
 * error shape.
 *
 * @param options.script - what to answer.
 * @param options.port - the port. @defaultValue 0
 * @example
 * ```ts
 * import { ChatAnthropic } from "@langchain/anthropic";
 * import { startFakeAnthropic } from "@dynamic-tools/langgraph/testing";
 *
 * const fake = await startFakeAnthropic({ script: [{ when: /salary/, tool: "get_salary", args: {} }] });
 * const model = new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test", anthropicApiUrl: fake.url, maxRetries: 0 });
 * const answer = await model.invoke("what is my salary?");
 * answer.usage_metadata?.input_token_details; // { cache_creation: …, cache_read: … }
 * await fake.close();
 * ```
 */
export async function startFakeAnthropic({ script, port = 0 }: FakeAnthropicOptions): Promise<FakeAnthropic> {
  const requests: AnthropicRecordedRequest[] = [];
  const ledger = createPromptCacheLedger("anthropic");
  let nextId = 0;

  function normalise(reply: FakeOpenAIReply): NonNullable<AnthropicRecordedRequest["reply"]> {
    const { content = null, toolCalls = [] } = typeof reply === "string" ? { content: reply } : reply;
    return {
      content,
      toolCalls: toolCalls.map((call) => ({
        id: call.id ?? `toolu_fake_${++nextId}`,
        name: call.name,
        args: call.args ?? {},
        ...(call.rawArguments === undefined ? {} : { rawArguments: call.rawArguments }),
      })),
    };
  }

  async function handleMessages(request: IncomingMessage, response: ServerResponse, record: AnthropicRecordedRequest): Promise<void> {
    const text = await readBody(request);
    try {
      record.body = JSON.parse(text);
    } catch {
      record.status = 400;
      record.error = { type: "invalid_request_error", message: "The request body is not valid JSON" };
      return sendJson(response, 400, { type: "error", error: record.error });
    }
    const body = record.body as AnthropicRequest;
    const custom = Array.isArray(body?.tools) ? body.tools.filter((tool) => tool && isCustomTool(tool)) : [];
    record.tools = custom.map((tool) => String(tool.name));
    record.deferred = custom.filter((tool) => tool.defer_loading === true).map((tool) => String(tool.name));
    record.stream = body?.stream === true;
    const rejection = validateAnthropicRequest(record.body);
    if (rejection !== undefined) {
      record.status = 400;
      record.error = rejection.error;
      return sendJson(response, 400, rejection);
    }
    const reply = normalise(await scriptedReply(script, body, anthropicView(body)));
    // Malformed input reaches a client only streamed (input_json_delta): a whole message carries parsed input.
    if (!record.stream && reply.toolCalls.some((call) => call.rawArguments !== undefined)) {
      record.status = 400;
      record.error = {
        type: "invalid_request_error",
        message: "fake script: rawArguments needs a streamed request (stream: true) under Anthropic",
      };
      return sendJson(response, 400, { type: "error", error: record.error });
    }
    const bill = ledger.bill(renderAnthropicPrompt(body));
    record.status = 200;
    record.reply = reply;
    record.bill = bill;
    const content: AnthropicBlock[] = [
      ...(reply.content ? [{ type: "text", text: reply.content }] : []),
      ...reply.toolCalls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: call.args })),
    ];
    const rawInputs = new Map(reply.toolCalls.map((call) => [call.id, call.rawArguments]));
    const outputTokens = Math.max(1, tokensOf(JSON.stringify(content)));
    const id = `msg_fake_${requests.length}`;
    const stopReason = reply.toolCalls.length > 0 ? "tool_use" : "end_turn";
    if (!record.stream) {
      return sendJson(response, 200, {
        id,
        type: "message",
        role: "assistant",
        model: body.model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: usageOf(bill, outputTokens),
      });
    }
    const events: Array<[string, unknown]> = [
      [
        "message_start",
        {
          type: "message_start",
          message: {
            id,
            type: "message",
            role: "assistant",
            model: body.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: usageOf(bill, 1),
          },
        },
      ],
    ];
    for (const [index, block] of content.entries()) {
      const start = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
      events.push(["content_block_start", { type: "content_block_start", index, content_block: start }]);
      const delta =
        block.type === "text"
          ? { type: "text_delta", text: block.text }
          : { type: "input_json_delta", partial_json: rawInputs.get(String(block.id)) ?? JSON.stringify(block.input) };
      events.push(["content_block_delta", { type: "content_block_delta", index, delta }]);
      events.push(["content_block_stop", { type: "content_block_stop", index }]);
    }
    events.push([
      "message_delta",
      { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } },
    ]);
    events.push(["message_stop", { type: "message_stop" }]);
    return sendEvents(response, events);
  }

  const server = await listenLocally(port, function handleRequest(request, response) {
    const path = (request.url ?? "/").split("?")[0]!;
    const record: AnthropicRecordedRequest = { path, body: undefined, tools: [], deferred: [], stream: false, status: 0 };
    requests.push(record);
    if (request.method !== "POST" || path.replace(/\/+$/, "") !== "/v1/messages") {
      record.status = 404;
      record.error = { type: "not_found_error", message: `Not found: ${request.method} ${path}` };
      request.resume();
      return sendJson(response, 404, { type: "error", error: record.error });
    }
    handleMessages(request, response, record).catch((error: unknown) => {
      record.status = 500;
      record.error = { type: "api_error", message: `The fake's script failed: ${String(error)}` };
      if (!response.headersSent) sendJson(response, 500, { type: "error", error: record.error });
      else response.end();
    });
  });
  return { url: server.url, requests, close: server.close };
}
