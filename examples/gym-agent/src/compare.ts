/**
 * @module `pnpm start -- --compare`: the demo conversation run twice through the real ChatOpenAI client against the
 * fake OpenAI endpoint (started here, on 127.0.0.1): once with `bindTools(ALL_TOOLS)`, once with the dynamic agent.
 * What each request carried is read from the endpoint's request log, so the numbers are what went over the wire.
 */
import { countDefinitionTokens } from "@dynamic-tools/core";
import { createDynamicToolAgent } from "@dynamic-tools/langgraph";
import { startFakeOpenAI, type RecordedRequest } from "@dynamic-tools/langgraph/testing";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { createGymCatalog } from "./catalog.js";
import { isDelivery } from "./deliveries.js";
import { DEMO_CONVERSATION } from "./conversation.js";
import { FAKE_OPENAI_SCRIPT } from "./fake-openai-script.js";
import { SYSTEM_PROMPT } from "./model.js";
import { createStaticAgent } from "./static-agent.js";

/** What one side sent and got on one turn. */
export interface SideTurn {
  /** Tools carried by each request of the turn, in order. */
  toolsSent: number[];
  /** Definition tokens (o200k_base) of the tools carried, summed over the turn's requests. */
  tokensSent: number;
  /** HTTP statuses answered. */
  statuses: number[];
  /** The API error message of a rejected request. */
  error?: string;
  /** The tool called, or the rejection. */
  result: string;
}

/** One turn of the comparison. */
export interface ComparisonTurn {
  turn: number;
  message: string;
  static: SideTurn;
  dynamic: SideTurn;
  /** What binding all tools would cost on this turn: their tokens on each of the model calls the turn takes. */
  staticTokensNeeded: number;
}

/** The whole comparison. */
export interface Comparison {
  totalTools: number;
  /** Definition tokens of all tools, as one static request sends them. */
  allToolsTokens: number;
  turns: ComparisonTurn[];
  staticTokens: number;
  dynamicTokens: number;
}

const tokenCache = new Map<string, number>();

/** Definition tokens of the tools a request actually carried. */
function requestTokens(request: RecordedRequest): number {
  const tools =
    (request.body as { tools?: Array<{ function: { name: string; description?: string; parameters?: Record<string, unknown> } }> }).tools ??
    [];
  let total = 0;
  for (const { function: fn } of tools) {
    const key = JSON.stringify(fn);
    let tokens = tokenCache.get(key);
    if (tokens === undefined) {
      tokens = countDefinitionTokens({ name: fn.name, description: fn.description ?? "", parameters: fn.parameters ?? {} });
      tokenCache.set(key, tokens);
    }
    total += tokens;
  }
  return total;
}

function rejectionOf(error: unknown): string {
  const { status, code } = error as { status?: number; code?: string };
  if (code === "array_above_max_length") return "rejected: array too long";
  return `failed: ${status ?? ""} ${String((error as Error).message ?? error).slice(0, 60)}`.trim();
}

function outcome(messages: BaseMessage[]): string {
  const called = messages.flatMap((message) =>
    AIMessage.isInstance(message) && !isDelivery(message) ? (message.tool_calls ?? []).map((call) => call.name) : [],
  );
  const failed = messages.some((message) => ToolMessage.isInstance(message) && message.status === "error");
  if (called.length === 0) return "answered (no tool)";
  return `${called.join(", ")}${failed ? " (tool error)" : ""}`;
}

type Agent = {
  invoke(input: { messages: BaseMessage[] }, config: { configurable: { thread_id: string } }): Promise<{ messages: BaseMessage[] }>;
};

async function runTurn(agent: Agent, text: string, log: RecordedRequest[], seen: { messages: number }): Promise<SideTurn> {
  const before = log.length;
  let result: string;
  try {
    const state = await agent.invoke({ messages: [new HumanMessage(text)] }, { configurable: { thread_id: "compare" } });
    result = outcome(state.messages.slice(seen.messages));
    seen.messages = state.messages.length;
  } catch (error) {
    result = rejectionOf(error);
  }
  const requests = log.slice(before);
  const rejected = requests.find((request) => request.error !== undefined)?.error;
  return {
    toolsSent: requests.map((request) => request.tools.length),
    tokensSent: requests.reduce((sum, request) => sum + requestTokens(request), 0),
    statuses: requests.map((request) => request.status),
    ...(rejected === undefined ? {} : { error: rejected.message }),
    result,
  };
}

function createModel(url: string): ChatOpenAI {
  return new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${url}/v1` }, maxRetries: 0 });
}

/**
 * Runs the comparison against a fake endpoint it starts and stops. Each side gets its own store and catalog, so
 * neither sees the other's changes.
 */
export async function runComparison(): Promise<Comparison> {
  const fake = await startFakeOpenAI({ script: FAKE_OPENAI_SCRIPT });
  try {
    const staticCatalog = createGymCatalog();
    const staticAgent = createStaticAgent({
      model: createModel(fake.url),
      catalog: staticCatalog,
      systemPrompt: SYSTEM_PROMPT,
      checkpointer: new MemorySaver(),
    });
    const dynamicAgent = createDynamicToolAgent({
      model: createModel(fake.url),
      catalog: createGymCatalog(),
      systemPrompt: SYSTEM_PROMPT,
      checkpointer: new MemorySaver(),
    });
    const staticSeen = { messages: 0 };
    const dynamicSeen = { messages: 0 };
    const turns: ComparisonTurn[] = [];
    let allToolsTokens = 0;
    for (const [index, message] of DEMO_CONVERSATION.entries()) {
      const staticTurn = await runTurn(staticAgent, message, fake.requests, staticSeen);
      const dynamicTurn = await runTurn(dynamicAgent, message, fake.requests, dynamicSeen);
      allToolsTokens = staticTurn.toolsSent.length > 0 ? staticTurn.tokensSent / staticTurn.toolsSent.length : allToolsTokens;
      // A static agent that worked would send all the tools on each of the model calls this turn takes.
      const calls = Math.max(dynamicTurn.toolsSent.length, staticTurn.toolsSent.length);
      turns.push({ turn: index + 1, message, static: staticTurn, dynamic: dynamicTurn, staticTokensNeeded: calls * allToolsTokens });
    }
    return {
      totalTools: staticCatalog.size,
      allToolsTokens,
      turns,
      staticTokens: turns.reduce((sum, turn) => sum + turn.staticTokensNeeded, 0),
      dynamicTokens: turns.reduce((sum, turn) => sum + turn.dynamic.tokensSent, 0),
    };
  } finally {
    await fake.close();
  }
}

const number = (value: number) => value.toLocaleString("en");

function pad(text: string, width: number, right = false): string {
  const clipped = text.length > width ? `${text.slice(0, width - 1)}…` : text;
  return right ? clipped.padStart(width) : clipped.padEnd(width);
}

/** The comparison as a per-turn table and a total line. */
export function formatComparison(comparison: Comparison): string {
  const { turns, totalTools, allToolsTokens, staticTokens, dynamicTokens } = comparison;
  const saved = staticTokens - dynamicTokens;
  const percent = staticTokens === 0 ? 0 : (100 * saved) / staticTokens;
  const rows = turns.map((turn) =>
    [
      pad(String(turn.turn), 4, true),
      pad(turn.message, 38),
      pad(turn.static.toolsSent.map(String).join("+") || "-", 7, true),
      pad(number(turn.staticTokensNeeded), 8, true),
      pad(turn.static.result, 24),
      pad(turn.dynamic.toolsSent.map(String).join("+") || "-", 7, true),
      pad(number(turn.dynamic.tokensSent), 7, true),
      turn.dynamic.result,
    ].join("  "),
  );
  const rejected = turns.filter((turn) => turn.static.statuses.includes(400));
  const largest = Math.max(...turns.flatMap((turn) => turn.dynamic.toolsSent));
  return [
    `Static binding (bindTools(ALL_TOOLS), ${totalTools} tools) vs dynamic (createDynamicToolAgent), real ChatOpenAI against the fake OpenAI endpoint:`,
    "",
    `${pad("turn", 4, true)}  ${pad("message", 38)}  ${pad("static", 7, true)}  ${pad("static", 8, true)}  ${pad("static", 24)}  ${pad("dynamic", 7, true)}  ${pad("dynamic", 7, true)}  dynamic`,
    `${pad("", 4)}  ${pad("", 38)}  ${pad("tools", 7, true)}  ${pad("tokens", 8, true)}  ${pad("result", 24)}  ${pad("tools", 7, true)}  ${pad("tokens", 7, true)}  result (tool called)`,
    ...rows,
    "",
    `Static: ${rejected.length} of ${turns.length} turns rejected with HTTP 400${rejected[0]?.static.error ? `: ${rejected[0].static.error}` : "."}`,
    `  Its tokens are what it would cost: the ${totalTools} definitions as sent (${number(allToolsTokens)} tokens) on each model call the turn takes.`,
    "Dynamic: tools sent per request (a+b: two model calls, the tool call then the answer); tokens summed over the turn.",
    `Total definition tokens: static ${number(staticTokens)} vs dynamic ${number(dynamicTokens)}: ${number(saved)} fewer (${percent.toFixed(1)}% saved); largest dynamic request ${largest} tools.`,
  ].join("\n");
}
