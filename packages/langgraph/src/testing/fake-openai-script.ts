/**
 * @module What the fake OpenAI endpoint answers: a script, either a function of the request or a list of steps
 * matched against the latest user message. Pure: no server here.
 */
import type { ChatCompletionMessage, ChatCompletionRequest } from "./openai-request-validation.js";

/** One tool call the fake model makes. */
export interface FakeToolCall {
  name: string;
  /** Arguments, sent JSON-encoded as the API does. @defaultValue {} */
  args?: Record<string, unknown>;
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
}

/**
 * The fake's behaviour. A function decides every reply itself. A list of steps answers the latest user message
 * with the first matching step; after a tool result it answers with text naming the tool and its result.
 */
export type FakeOpenAIScript = ((request: ChatCompletionRequest) => FakeOpenAIReply | Promise<FakeOpenAIReply>) | readonly FakeOpenAIStep[];

/** The text of a message's content (string or content parts). */
export function messageText(message: ChatCompletionMessage | undefined): string {
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("");
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

/** Names of the tools a request sent, in order. */
export function sentToolNames(request: Pick<ChatCompletionRequest, "tools">): string[] {
  return (request.tools ?? []).map((tool) => (typeof tool.function?.name === "string" ? tool.function.name : ""));
}

function clip(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function answerToolResult(request: ChatCompletionRequest, result: ChatCompletionMessage): string {
  const calls = request.messages.flatMap((message) => message.tool_calls ?? []);
  const name = calls.find((call) => call.id === result.tool_call_id)?.function.name ?? "the tool";
  return `(fake) ${name} returned: ${clip(messageText(result))}`;
}

function matches(when: RegExp | string, text: string): boolean {
  if (typeof when === "string") return text.toLowerCase().includes(when.toLowerCase());
  when.lastIndex = 0;
  return when.test(text);
}

/** The reply a list script gives to a request (see {@link FakeOpenAIScript}). */
export function replyFromSteps(steps: readonly FakeOpenAIStep[], request: ChatCompletionRequest): FakeOpenAIReply {
  const last = request.messages.at(-1);
  if (last?.role === "tool") return answerToolResult(request, last);
  const text = lastUserText(request);
  const step = steps.find((candidate) => matches(candidate.when, text));
  if (step === undefined) return `(fake) No scripted reply for: "${clip(text, 80)}"`;
  if (step.tool === undefined) return step.text ?? "";
  const sent = sentToolNames(request);
  if (!step.always && !sent.includes(step.tool)) {
    return `(fake) I would call ${step.tool}, but it was not among the ${sent.length} tools sent.`;
  }
  const args = typeof step.args === "function" ? step.args(request) : (step.args ?? {});
  return { content: step.text ?? null, toolCalls: [{ name: step.tool, args }] };
}
