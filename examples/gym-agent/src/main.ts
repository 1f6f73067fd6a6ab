/**
 * @module `pnpm start`: the 137-tool gym agent over a scripted multi-turn conversation. Per turn it prints the
 * message, the categories chosen and why, how many of the 137 tools were bound, their definition tokens versus
 * binding all, and the tool call made with its result. Offline by default; with OPENAI_API_KEY set it uses
 * ChatOpenAI (model from OPENAI_MODEL, default gpt-4o-mini).
 */
import type { ToolSelection } from "@dynamic-tools/core";
import { createDynamicToolAgent, type ToolCallingModel } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createGymCatalog } from "./catalog.js";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";
import { OfflineScriptedModel } from "./offline-model.js";

const SYSTEM_PROMPT = "You are the assistant of a gym's staff. Use the tools to answer; be brief.";

async function chooseModel(): Promise<{ model: ToolCallingModel; label: string }> {
  if (process.env.OPENAI_API_KEY) {
    const { ChatOpenAI } = await import("@langchain/openai");
    const name = process.env.OPENAI_MODEL ?? "gpt-4o-mini";
    return { model: new ChatOpenAI({ model: name, temperature: 0 }), label: `ChatOpenAI (${name})` };
  }
  return { model: new OfflineScriptedModel({ script: OFFLINE_SCRIPT }), label: "OFFLINE scripted model (set OPENAI_API_KEY to use ChatOpenAI)" };
}

function clip(text: string, limit = 150): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function printSelection(selection: ToolSelection): void {
  const reasons = selection.categories.map((category) => `${category.name} (${category.reason})`);
  console.log(`  categories: ${reasons.length > 0 ? reasons.join("; ") : "none"}`);
  const tokens = selection.tokens;
  const tokenText = tokens ? `, ${tokens.selected.toLocaleString("en")} of ${tokens.all.toLocaleString("en")} definition tokens (${Math.round((100 * tokens.selected) / tokens.all)}%)` : "";
  console.log(`  bound: ${selection.count} of ${selection.totalTools} tools${tokenText}${selection.trimmed.length > 0 ? `, ${selection.trimmed.length} trimmed` : ""}`);
}

function printNewMessages(messages: BaseMessage[]): void {
  for (const message of messages) {
    if (AIMessage.isInstance(message) && message.tool_calls?.length) {
      for (const call of message.tool_calls) console.log(`  tool call: ${call.name}(${JSON.stringify(call.args)})`);
    } else if (ToolMessage.isInstance(message)) {
      console.log(`  ${message.status === "error" ? "tool error" : "tool result"}: ${clip(String(message.content))}`);
    } else if (AIMessage.isInstance(message)) {
      console.log(`  assistant: ${clip(String(message.content), 200)}`);
    }
  }
}

async function main(): Promise<void> {
  const catalog = createGymCatalog();
  const { model, label } = await chooseModel();
  const agent = createDynamicToolAgent({ model, catalog, systemPrompt: SYSTEM_PROMPT, checkpointer: new MemorySaver() });
  console.log(`Gym agent: ${catalog.size} tools in ${catalog.categories().length} categories, ${catalog.settings.core.length} core tools.`);
  console.log(`Model: ${label}\n`);
  const config = { configurable: { thread_id: "demo" } };
  let seen = 0;
  for (const [index, text] of DEMO_CONVERSATION.entries()) {
    console.log(`Turn ${index + 1}: "${text}"`);
    const state = await agent.invoke({ messages: [new HumanMessage(text)] }, config);
    if (state.toolSelection) printSelection(state.toolSelection);
    printNewMessages(state.messages.slice(seen + 1));
    seen = state.messages.length;
    console.log("");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
