/**
 * @module An offline, scripted stand-in for a tool-calling model that behaves like a real one under tool search: it
 * calls the tool it wants only if that tool is bound; otherwise, if `tool_search` is bound and it has not searched
 * yet this turn, it searches; after the tool's result it answers. It records what each call was bound with and
 * every tool call it made, so tests (and the two-process PostgreSQL test) can tell a search from a direct call.
 */
import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** When the latest user message matches `when`, the model wants `tool` with `args`, and searches for `search`. */
export interface Intent {
  when: RegExp;
  tool: string;
  args?: Record<string, unknown>;
  /** The tool_search query. @defaultValue the user's message */
  search?: string;
}

/** What the model saw and did, shared by every copy `bindTools` makes. */
export interface ModelLog {
  /** Tool names bound on each call, in order. */
  bound: string[][];
  /** Tool names called, in order. */
  calls: string[];
}

interface Fields extends BaseChatModelParams {
  intents: readonly Intent[];
  bound?: readonly string[];
  log?: ModelLog;
  searchTool?: string;
}

function nameOf(tool: unknown): string {
  const candidate = tool as { name?: string; function?: { name?: string } };
  return candidate.function?.name ?? candidate.name ?? "";
}

let counter = 0;

/** See the module summary. */
export class ScriptedSearchModel extends BaseChatModel {
  readonly intents: readonly Intent[];
  readonly bound: readonly string[];
  readonly log: ModelLog;
  readonly searchTool: string;

  constructor({ intents, bound = [], log = { bound: [], calls: [] }, searchTool = "tool_search", ...params }: Fields) {
    super(params);
    this.intents = intents;
    this.bound = bound;
    this.log = log;
    this.searchTool = searchTool;
  }

  _llmType(): string {
    return "scripted-search";
  }

  override bindTools(tools: unknown[]) {
    return new ScriptedSearchModel({ intents: this.intents, bound: tools.map(nameOf), log: this.log, searchTool: this.searchTool });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.log.bound.push([...this.bound]);
    const reply = this.#reply(messages);
    for (const call of reply.tool_calls ?? []) this.log.calls.push(call.name);
    return { generations: [{ text: typeof reply.content === "string" ? reply.content : "", message: reply }] };
  }

  #reply(messages: BaseMessage[]): AIMessage {
    const start = messages.findLastIndex((message) => message.getType() === "human");
    const text = start < 0 ? "" : String(messages[start]!.content);
    const turn = messages.slice(start + 1).filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    const intent = this.intents.find((candidate) => candidate.when.test(text));
    if (intent === undefined) return new AIMessage(`(offline) ${this.bound.length} tools are bound; I have nothing to do for that.`);
    const result = turn.find((message) => message.name === intent.tool);
    if (result !== undefined) return new AIMessage(`(offline) ${intent.tool} returned: ${String(result.content).slice(0, 160)}`);
    if (this.bound.includes(intent.tool)) return this.#call(intent.tool, intent.args ?? {});
    const searched = turn.some((message) => message.name === this.searchTool);
    if (!searched && this.bound.includes(this.searchTool)) return this.#call(this.searchTool, { query: intent.search ?? text });
    return new AIMessage(`(offline) I would call ${intent.tool}, but it is not bound and search did not find it.`);
  }

  #call(name: string, args: Record<string, unknown>): AIMessage {
    counter += 1;
    return new AIMessage({
      content: "",
      tool_calls: [{ name, args, id: `scripted_${process.pid}_${Date.now()}_${counter}`, type: "tool_call" }],
    });
  }
}
