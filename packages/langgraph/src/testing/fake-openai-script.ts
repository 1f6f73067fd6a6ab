/**
 * @module What the fake OpenAI endpoint answers: a script, either a function of the request or a list of steps
 * matched against the latest user message. Pure: no server here.
 */
import { proxyDefinitionNames } from "@dynamic-tools/core/caching";
import { referencedToolNames, type ChatCompletionMessage, type ChatCompletionRequest } from "./openai-request-validation.js";

/** One tool call the fake model makes. */
export interface FakeToolCall {
  name: string;
  /** Arguments, sent JSON-encoded as the API does. @defaultValue {} */
  args?: Record<string, unknown>;
  /**
   * The `arguments` string sent as it is, instead of `args` encoded: e.g. malformed JSON, as models sometimes emit
   * (Chat Completions and Responses; Anthropic only in a streamed answer's `input_json_delta`, a whole message carrying
   * parsed input: the fake refuses it unstreamed).
   */
  rawArguments?: string;
  /** The call id. @defaultValue a fresh `call_fake_<n>` */
  id?: string;
}

/** A scripted reply: plain text, or an assistant message with tool calls (and optional text). */
export type FakeOpenAIReply = string | { content?: string | null; toolCalls?: FakeToolCall[] };

/**
 * One step of a list script. When the latest user message matches `when`, the fake calls `tool` with `args` (only
 * if the request sent that tool, as a real model can only call what it was given, unless `always`), or answers
 * `text`.
 */
export interface FakeOpenAIStep {
  /** A pattern of the latest user message; a string matches case-insensitively as a substring. */
  when: RegExp | string;
  /** The tool to call. */
  tool?: string;
  /** Its arguments, fixed or computed from the request (e.g. an id from an earlier tool result). */
  args?: Record<string, unknown> | ((request: ChatCompletionRequest) => Record<string, unknown>);
  /** Call `tool` even when the request did not send it (a model recalling a tool from an earlier turn). */
  always?: boolean;
  /** Answer this text instead of calling a tool. */
  text?: string;
  /** Match only right after a result of this tool (e.g. `"tool_search"`, to call what the search loaded). */
  afterTool?: string;
}

/**
 * The fake's behaviour. A function decides every reply itself. A list of steps answers the latest user message
 * with the first matching step; after a tool result, the first step for that tool (`afterTool`) matching it, else a
 * text naming the tool and its result.
 */
export type FakeOpenAIScript = ((request: ChatCompletionRequest) => FakeOpenAIReply | Promise<FakeOpenAIReply>) | readonly FakeOpenAIStep[];

/** The text of a message's content (string or content parts). */
export function messageText(message: ChatCompletionMessage | undefined): string {
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: unknown; text?: unknown; tool_name?: unknown }) =>
        typeof part?.text === "string" ? part.text : part?.type === "tool_reference" ? `[tool ${String(part.tool_name)}]` : "",
      )
      .join("");
  }
  return "";
}

/** The latest user message of a request, as text ("" when there is none). */
export function lastUserText(request: ChatCompletionRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    if (request.messages[index]!.role === "user") return messageText(request.messages[index]);
  }
  return "";
}

/**
 * Names of the tools the model can call: those sent without `defer_loading`, then deferred ones a `tool_reference`
 * in the conversation loaded.
 */
export function callableToolNames(request: Pick<ChatCompletionRequest, "tools" | "messages">): string[] {
  const tools = request.tools ?? [];
  const names = tools.filter((tool) => tool.defer_loading !== true).map((tool) => String(tool.function?.name ?? ""));
  const deferred = new Set(tools.filter((tool) => tool.defer_loading === true).map((tool) => String(tool.function?.name)));
  for (const message of request.messages)
    for (const name of referencedToolNames(message)) if (deferred.has(name) && !names.includes(name)) names.push(name);
  return names;
}

/** Names of the tools a request sent, in order. */
export function sentToolNames(request: Pick<ChatCompletionRequest, "tools">): string[] {
  return (request.tools ?? []).map((tool) => (typeof tool.function?.name === "string" ? tool.function.name : ""));
}

function clip(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function toolNameOf(request: ChatCompletionRequest, result: ChatCompletionMessage): string {
  const calls = request.messages.flatMap((message) => message.tool_calls ?? []);
  return calls.find((call) => call.id === result.tool_call_id)?.function.name ?? "the tool";
}

function matches(when: RegExp | string, text: string): boolean {
  if (typeof when === "string") return text.toLowerCase().includes(when.toLowerCase());
  when.lastIndex = 0;
  return when.test(text);
}

/** The reply a list script gives to a request (see {@link FakeOpenAIScript}). */
export function replyFromSteps(steps: readonly FakeOpenAIStep[], request: ChatCompletionRequest): FakeOpenAIReply {
  const last = request.messages.at(-1);
  const after = last?.role === "tool" ? toolNameOf(request, last) : undefined;
  const text = lastUserText(request);
  const step = steps.find((candidate) => (candidate.afterTool ?? undefined) === after && matches(candidate.when, text));
  if (step === undefined) {
    return last?.role === "tool"
      ? `(fake) ${after} returned: ${clip(messageText(last))}`
      : `(fake) No scripted reply for: "${clip(text, 80)}"`;
  }
  if (step.tool === undefined) return step.text ?? "";
  const sent = callableToolNames(request);
  if (!step.always && !sent.includes(step.tool)) {
    return `(fake) I would call ${step.tool}, but it was not among the ${sent.length} tools sent.`;
  }
  const args = typeof step.args === "function" ? step.args(request) : (step.args ?? {});
  return { content: step.text ?? null, toolCalls: [{ name: step.tool, args }] };
}

/**
 * Names of the tools whose definitions the request's tool results deliver under the `call_tool` proxy (after
 * `PROXY_DEFINITIONS_HEADER`: `proxyDefinitionNames`), in order: what a script may call through the proxy.
 *
 * @example
 * ```ts
 * const script: FakeOpenAIScript = (request) =>
 *   proxyDeliveredTools(request).includes("list_events")
 *     ? { content: null, toolCalls: [{ name: "call_tool", args: { name: "list_events", arguments: {} } }] }
 *     : "no calendar tool yet";
 * ```
 */
export function proxyDeliveredTools(request: Pick<ChatCompletionRequest, "messages">): string[] {
  return request.messages.flatMap((message) =>
    message.role === "tool" && typeof message.content === "string" ? proxyDefinitionNames(message.content) : [],
  );
}
