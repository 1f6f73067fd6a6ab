/**
 * @module What the fake Anthropic and Responses endpoints answer: a function of the request, or steps matched against
 * what the model sees (the latest user message, the tools it can call, the tool result it just got). Pure.
 */
import type { FakeOpenAIReply } from "./fake-openai-script.js";

/** What a scripted model sees of a request, whatever the provider's wire format. */
export interface FakeModelView {
  /** The latest user message, as text ("" when none). */
  lastUserText: string;
  /**
   * Tools the model can call now: those sent and not deferred, plus deferred ones a reference (`tool_reference`,
   * `tool_search_output`) loaded earlier in the conversation; `tool_search` when a search tool was sent.
   */
  callable: string[];
  /** Every tool the request sent (deferred or not), by name. */
  sent: string[];
  /** When the request ends with a tool result: the tool's name and the result's text. */
  toolResult?: { name: string; text: string };
}

/** One scripted step (see {@link FakeModelScript}). */
export interface FakeModelStep {
  /** A pattern of the latest user message; a string matches case-insensitively as a substring. */
  when: RegExp | string;
  /** Match only right after a result of this tool (e.g. `"tool_search"`, to call what the search loaded). */
  afterTool?: string;
  /** The tool to call. */
  tool?: string;
  /** Its arguments, fixed or computed from what the model sees. */
  args?: Record<string, unknown> | ((view: FakeModelView) => Record<string, unknown>);
  /** Call `tool` even when the model cannot (a model recalling a tool it was never given). */
  always?: boolean;
  /** Answer this text instead of calling a tool. */
  text?: string;
}

/** A fake model's behaviour: a function deciding each reply, or steps. */
export type FakeModelScript<Request> =
  | ((request: Request, view: FakeModelView) => FakeOpenAIReply | Promise<FakeOpenAIReply>)
  | readonly FakeModelStep[];

function clip(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function matches(when: RegExp | string, text: string): boolean {
  if (typeof when === "string") return text.toLowerCase().includes(when.toLowerCase());
  when.lastIndex = 0;
  return when.test(text);
}

/**
 * The reply steps give: right after a tool result, the first step for that tool (`afterTool`) matching the user's
 * message, else a text naming the result; otherwise the first step (without `afterTool`) matching the message. A
 * step's tool the model cannot call is not called: the reply says so.
 *
 * @example
 * ```ts
 * replyFromModelSteps([{ when: /salary/, tool: "tool_search", args: { query: "salary" } }], view);
 * ```
 */
export function replyFromModelSteps(steps: readonly FakeModelStep[], view: FakeModelView): FakeOpenAIReply {
  const text = view.lastUserText;
  const result = view.toolResult;
  const step = steps.find((candidate) => (candidate.afterTool ?? null) === (result?.name ?? null) && matches(candidate.when, text));
  if (step === undefined) {
    return result === undefined
      ? `(fake) No scripted reply for: "${clip(text, 80)}"`
      : `(fake) ${result.name} returned: ${clip(result.text)}`;
  }
  if (step.tool === undefined) return step.text ?? "";
  if (!step.always && !view.callable.includes(step.tool)) {
    return `(fake) I would call ${step.tool}, but it is not among the ${view.callable.length} tools I can call.`;
  }
  const args = typeof step.args === "function" ? step.args(view) : (step.args ?? {});
  return { content: step.text ?? null, toolCalls: [{ name: step.tool, args }] };
}

/** The reply a script gives. */
export async function scriptedReply<Request>(
  script: FakeModelScript<Request>,
  request: Request,
  view: FakeModelView,
): Promise<FakeOpenAIReply> {
  return typeof script === "function" ? script(request, view) : replyFromModelSteps(script, view);
}
