/**
 * @module The offline scripted model for the search modes (`pnpm start -- --mode search|both|auto`): the same script
 * as the offline model, but when the tool a step wants is not bound and `tool_search` is, it searches first, as a
 * real model under tool search does, and then calls the tool if the search loaded it. Every reply is "(offline)".
 */
import { randomUUID } from "node:crypto";
import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { ScriptStep } from "./offline-model.js";

/**
 * What the model searches for, per tool it wants: a short statement of the need, as a model writes a tool_search
 * query (the user's own words are a weak query: "show me all active clients" says nothing of listing).
 */
export const SEARCH_QUERIES: Readonly<Record<string, string>> = {
  get_clients_list: "list clients filtered by membership status",
  freeze_membership: "freeze a client's membership",
  get_membership_stats: "membership statistics: active, frozen, expired",
  get_pending_salaries: "pending salaries not yet paid",
  get_revenue_stats: "revenue statistics",
  get_services: "services offered that can be booked as appointments",
};

interface Fields extends BaseChatModelParams {
  script: readonly ScriptStep[];
  bound?: readonly string[];
  searchTool?: string;
}

function boundName(tool: unknown): string {
  const candidate = tool as { function?: { name?: string }; name?: string };
  return candidate.function?.name ?? candidate.name ?? "";
}

function textOf(message: BaseMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

/** A scripted, offline tool-calling chat model that searches for tools it lacks (see the module summary). */
export class SearchingOfflineModel extends BaseChatModel {
  readonly script: readonly ScriptStep[];
  readonly bound: readonly string[];
  readonly searchTool: string;

  constructor({ script, bound = [], searchTool = "tool_search", ...params }: Fields) {
    super(params);
    this.script = script;
    this.bound = bound;
    this.searchTool = searchTool;
  }

  _llmType(): string {
    return "offline-scripted-search";
  }

  override bindTools(tools: unknown[]) {
    return new SearchingOfflineModel({ script: this.script, bound: tools.map(boundName), searchTool: this.searchTool });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const reply = this.#respond(messages);
    return { generations: [{ text: typeof reply.content === "string" ? reply.content : "", message: reply }] };
  }

  #respond(messages: BaseMessage[]): AIMessage {
    const start = messages.findLastIndex((message) => message.getType() === "human");
    const text = start < 0 ? "" : textOf(messages[start]!);
    const last = messages.at(-1);
    if (last !== undefined && ToolMessage.isInstance(last) && last.name !== this.searchTool) {
      const short = textOf(last).length > 160 ? `${textOf(last).slice(0, 157)}…` : textOf(last);
      return new AIMessage(
        last.status === "error" ? `(offline) ${last.name} failed: ${short}` : `(offline) Here is what ${last.name} returned: ${short}`,
      );
    }
    const step = this.script.find((candidate) => candidate.when.test(text));
    if (step === undefined)
      return new AIMessage(`(offline) Hello! I am the offline demo model; ${this.bound.length} tools were bound for this message.`);
    if (this.bound.includes(step.tool)) {
      const args = typeof step.args === "function" ? step.args(messages) : step.args;
      return this.#call(step.tool, args);
    }
    const searched = messages.slice(start + 1).some((message) => ToolMessage.isInstance(message) && message.name === this.searchTool);
    if (!searched && this.bound.includes(this.searchTool)) return this.#call(this.searchTool, { query: SEARCH_QUERIES[step.tool] ?? text });
    return new AIMessage(
      `(offline) I would call ${step.tool}, but it was not among the ${this.bound.length} tools bound${searched ? ", and tool_search did not find it" : ""}.`,
    );
  }

  #call(name: string, args: Record<string, unknown>): AIMessage {
    // Ids must be unique across the whole thread: ToolNode skips calls whose id already has a ToolMessage.
    return new AIMessage({ content: "", tool_calls: [{ name, args, id: `offline_${randomUUID()}`, type: "tool_call" }] });
  }
}
