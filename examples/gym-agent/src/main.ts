/**
 * @module `pnpm start`: the 137-tool gym agent over a scripted multi-turn conversation. Per turn it prints the
 * message, the categories chosen and why, how many of the 137 tools were bound, their definition tokens versus
 * binding all, and the tool call made with its result; then what the conversation bills with prompt caching under
 * each binding policy, for Anthropic and OpenAI (cost-by-policy.ts). Offline by default; with OPENAI_API_KEY set it uses
 * ChatOpenAI (model from OPENAI_MODEL, default gpt-4o-mini).
 *
 * `pnpm start -- --compare` runs the same conversation through the real ChatOpenAI client against a local fake
 * OpenAI endpoint twice, `bindTools(ALL_TOOLS)` versus dynamic, and prints what each sent per turn (compare.ts).
 *
 * `pnpm start -- --mode search|both|auto|auto:N` runs the conversation with tool search: core tools + `tool_search`
 * (+ this turn's selection in `both`), and the tools the model found stay loaded for later turns. The offline model
 * then searches for a tool it lacks. `pnpm start -- --tokens` prints the first model call's definition tokens for
 * "what is pending salary?" in each mode (first-turn-tokens.ts).
 *
 * `pnpm start -- --learn` runs the conversation as five sessions recording usage (to .cache/usage.jsonl), then
 * prints what was learned: words per tool, tools used together, catalog suggestions, a selection before and after
 * (learn.ts).
 */
import { createDynamicToolAgent, parseToolMode, type DynamicToolSelection, type ToolMode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createGymCatalog } from "./catalog.js";
import { isDelivery } from "./deliveries.js";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";
import { SYSTEM_PROMPT, chooseModel } from "./model.js";
import { SearchingOfflineModel } from "./searching-offline-model.js";

function clip(text: string, limit = 150): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function printSelection(selection: DynamicToolSelection): void {
  const reasons = selection.categories.map((category) => `${category.name} (${category.reason})`);
  console.log(`  categories: ${reasons.length > 0 ? reasons.join("; ") : "none"}`);
  const tokens = selection.tokens;
  const tokenText = tokens
    ? `, ${tokens.selected.toLocaleString("en")} of ${tokens.all.toLocaleString("en")} definition tokens (${Math.round((100 * tokens.selected) / tokens.all)}%)`
    : "";
  console.log(
    `  bound: ${selection.count} of ${selection.totalTools} tools${tokenText}${selection.trimmed.length > 0 ? `, ${selection.trimmed.length} trimmed` : ""}`,
  );
  if (selection.searchTool !== undefined) console.log(`  loaded (bound after the selection): ${selection.loaded?.join(", ") || "none"}`);
  for (const tool of selection.unloaded ?? []) console.log(`  unloaded ${tool.name}: ${tool.reason}`);
}

/** `--mode <mode>`, validated (select by default). */
function modeFlag(): ToolMode {
  const index = process.argv.indexOf("--mode");
  const mode = (index >= 0 ? process.argv[index + 1] : undefined) ?? "select";
  parseToolMode(mode);
  return mode as ToolMode;
}

function printNewMessages(messages: BaseMessage[]): void {
  for (const message of messages) {
    if (isDelivery(message)) {
      const loaded = ToolMessage.isInstance(message) ? (message.artifact as { loaded?: string[] } | undefined)?.loaded : undefined;
      if (loaded !== undefined)
        console.log(`  delivered (definitions in the conversation, called through call_tool): ${loaded.join(", ")}`);
    } else if (AIMessage.isInstance(message) && message.tool_calls?.length) {
      for (const call of message.tool_calls) console.log(`  tool call: ${call.name}(${JSON.stringify(call.args)})`);
    } else if (ToolMessage.isInstance(message)) {
      console.log(`  ${message.status === "error" ? "tool error" : "tool result"}: ${clip(String(message.content))}`);
    } else if (AIMessage.isInstance(message)) {
      console.log(`  assistant: ${clip(String(message.content), 200)}`);
    }
  }
}

async function main(): Promise<void> {
  const mode = modeFlag();
  const catalog = createGymCatalog();
  const chosen = await chooseModel();
  // Offline, the search modes need a model that searches for what it lacks; auto needs a context window (the
  // offline model has no name): gpt-4o-mini's 128,000 tokens.
  const offline = !process.env.OPENAI_API_KEY;
  const { model, label } =
    offline && mode !== "select"
      ? { model: new SearchingOfflineModel({ script: OFFLINE_SCRIPT }), label: `${chosen.label}, searching for tools it lacks` }
      : chosen;
  const agent = createDynamicToolAgent({
    model,
    catalog,
    mode,
    ...(offline && mode.startsWith("auto") ? { contextWindow: 128_000 } : {}),
    systemPrompt: SYSTEM_PROMPT,
    checkpointer: new MemorySaver(),
  });
  console.log(
    `Gym agent: ${catalog.size} tools in ${catalog.categories().length} categories, ${catalog.settings.core.length} core tools; mode ${mode}.`,
  );
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
  const { formatCostByPolicy, measureCostByPolicy } = await import("./cost-by-policy.js");
  console.log(formatCostByPolicy(await measureCostByPolicy(catalog)));
}

async function compare(): Promise<void> {
  const { formatComparison, runComparison } = await import("./compare.js");
  console.log(formatComparison(await runComparison()));
}

async function tokens(): Promise<void> {
  const { formatFirstTurnTable, measureFirstTurn } = await import("./first-turn-tokens.js");
  console.log(formatFirstTurnTable(await measureFirstTurn()));
}

async function learn(): Promise<void> {
  const { runLearningDemo } = await import("./learn.js");
  const { fileURLToPath } = await import("node:url");
  await runLearningDemo({ usageFile: fileURLToPath(new URL("../.cache/usage.jsonl", import.meta.url)) });
}

(process.argv.includes("--compare")
  ? compare()
  : process.argv.includes("--tokens")
    ? tokens()
    : process.argv.includes("--learn")
      ? learn()
      : main()
).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
