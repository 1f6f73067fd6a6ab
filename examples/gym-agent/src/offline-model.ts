/**
 * @module An offline stand-in for a chat model, so the demo runs with no API key and no network. It is scripted:
 * each step names a pattern of the user's message and the tool call to make, and it calls a tool only if that tool
 * was bound on this call, or, when the conversation holds its definition (a delivery through the `call_tool` proxy of
 * the cache-aware binding) and `call_tool` is bound, through the proxy — exactly the constraint a real model works
 * under. Every reply is labelled "(offline)".
 */
import { PROXY_DEFINITIONS_HEADER, PROXY_TOOL_NAME, proxyDefinitionNames } from "@dynamic-tools/core/caching";
import { randomUUID } from "node:crypto";
import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One scripted step: when the latest user message matches `when`, call `tool` with `args`. */
export interface ScriptStep {
  when: RegExp;
  tool: string;
  /** Fixed arguments, or computed from the conversation (e.g. an id from an earlier tool result). */
  args: Record<string, unknown> | ((messages: BaseMessage[]) => Record<string, unknown>);
}

interface Fields extends BaseChatModelParams {
  script: readonly ScriptStep[];
  bound?: readonly string[];
}

function boundName(tool: unknown): string {
  const candidate = tool as { function?: { name?: string }; name?: string };
  return candidate.function?.name ?? candidate.name ?? "";
}

function lastHuman(messages: BaseMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.getType() === "human") return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  }
  return "";
}

/** Names of the tools whose definitions the conversation's tool results deliver (after the proxy's header). */
export function deliveredTools(messages: readonly BaseMessage[]): string[] {
  return messages.flatMap((message) =>
    ToolMessage.isInstance(message) && typeof message.content === "string" ? proxyDefinitionNames(message.content) : [],
  );
}

/** A tool result that delivered definitions: the model goes on with the user's request rather than reporting it. */
function isDelivery(message: BaseMessage): boolean {
  return ToolMessage.isInstance(message) && typeof message.content === "string" && message.content.includes(PROXY_DEFINITIONS_HEADER);
}

function summarise(message: ToolMessage): string {
  const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  const short = text.length > 160 ? `${text.slice(0, 157)}…` : text;
  return message.status === "error"
    ? `(offline) ${message.name} failed: ${short}`
    : `(offline) Here is what ${message.name} returned: ${short}`;
}

/** A scripted, offline tool-calling chat model (see the module summary). */
export class OfflineScriptedModel extends BaseChatModel {
  readonly script: readonly ScriptStep[];
  readonly bound: readonly string[];

  constructor({ script, bound = [], ...params }: Fields) {
    super(params);
    this.script = script;
    this.bound = bound;
  }

  _llmType(): string {
    return "offline-scripted";
  }

  override bindTools(tools: unknown[]) {
    return new OfflineScriptedModel({ script: this.script, bound: tools.map(boundName) });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1);
    const reply =
      last !== undefined && ToolMessage.isInstance(last) && !isDelivery(last) ? new AIMessage(summarise(last)) : this.#respond(messages);
    return { generations: [{ text: typeof reply.content === "string" ? reply.content : "", message: reply }] };
  }

  #respond(messages: BaseMessage[]): AIMessage {
    const text = lastHuman(messages);
    const step = this.script.find((candidate) => candidate.when.test(text));
    if (step === undefined) {
      return new AIMessage(`(offline) Hello! I am the offline demo model; ${this.bound.length} tools were bound for this message.`);
    }
    const proxied = !this.bound.includes(step.tool) && this.bound.includes(PROXY_TOOL_NAME) && deliveredTools(messages).includes(step.tool);
    if (!this.bound.includes(step.tool) && !proxied) {
      return new AIMessage(
        `(offline) I would call ${step.tool}, but it was not among the ${this.bound.length} tools bound for this message.`,
      );
    }
    const args = typeof step.args === "function" ? step.args(messages) : step.args;
    // Ids must be unique across the whole thread: ToolNode skips calls whose id already has a ToolMessage.
    const id = `offline_${randomUUID()}`;
    const call = proxied
      ? { name: PROXY_TOOL_NAME, args: { name: step.tool, arguments: args }, id, type: "tool_call" as const }
      : { name: step.tool, args, id, type: "tool_call" as const };
    return new AIMessage({ content: "", tool_calls: [call] });
  }
}
