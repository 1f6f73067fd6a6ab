/**
 * @module The team agent over a scripted conversation, offline
 * (`pnpm --filter @dynamic-tools/example-tool-search-agent start`, options `--runtime graph|middleware` and
 * `--mode search|both|select|auto|auto:N`). Per turn it prints what the model was bound with, the
 * tool_search calls and what they loaded, and the tool called. Loaded tools persist in the thread: the second turn
 * calls a GitHub tool the first turn's search loaded (the whole `github` namespace) without searching again.
 */
import type { ToolMode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createTeamAgent, type Runtime } from "./agent.js";
import { createTeamCatalog, createTeamStore } from "./catalog.js";
import { CONVERSATION, INTENTS } from "./conversation.js";
import { ScriptedSearchModel } from "./scripted-model.js";

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1]! : fallback;
}

function clip(text: string, limit = 140): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

async function main(): Promise<void> {
  const runtime = flag("runtime", "middleware") as Runtime;
  const mode = flag("mode", "search") as ToolMode;
  const catalog = createTeamCatalog(createTeamStore());
  const model = new ScriptedSearchModel({ intents: INTENTS });
  const agent = createTeamAgent({ runtime, catalog, model, mode, checkpointer: new MemorySaver() });
  console.log(
    `Team agent (${runtime === "graph" ? "createDynamicToolAgent" : "createAgent + dynamicToolsMiddleware"}, mode ${mode}): ${catalog.size} tools, namespaces ${catalog
      .namespaces()
      .map((namespace) => `${namespace.name} (${namespace.tools.length})`)
      .join(", ")}.`,
  );
  console.log("Model: offline scripted (calls a tool only when it is bound; searches otherwise).\n");
  const config = { configurable: { thread_id: "demo" } };
  let seen = 0;
  let calls = 0;
  for (const [index, text] of CONVERSATION.entries()) {
    console.log(`Turn ${index + 1}: "${text}"`);
    const state = await agent.invoke({ messages: [new HumanMessage(text)] }, config);
    const firstCall = model.log.bound[calls]!;
    console.log(`  first model call bound ${firstCall.length} tools: ${firstCall.join(", ")}`);
    calls = model.log.bound.length;
    for (const message of state.messages.slice(seen + 1)) {
      if (AIMessage.isInstance(message) && message.tool_calls?.length) {
        for (const call of message.tool_calls) console.log(`  tool call: ${call.name}(${JSON.stringify(call.args)})`);
      } else if (ToolMessage.isInstance(message)) {
        const loaded = message.name === "tool_search" ? (message.artifact as { loaded?: string[] } | undefined)?.loaded : undefined;
        console.log(`  ${message.name} → ${loaded === undefined ? clip(String(message.content)) : `loaded ${loaded.join(", ")}`}`);
      } else if (AIMessage.isInstance(message)) console.log(`  assistant: ${clip(String(message.content), 160)}`);
    }
    const selection = state.toolSelection;
    if (selection) {
      const tokens = selection.tokens
        ? `, ${selection.tokens.selected.toLocaleString("en")} of ${selection.tokens.all.toLocaleString("en")} definition tokens`
        : "";
      console.log(
        `  now bound: ${selection.count} of ${selection.totalTools} tools${tokens}; loaded: ${(state.loadedTools ?? []).join(", ") || "none"}`,
      );
    }
    seen = state.messages.length;
    console.log("");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
