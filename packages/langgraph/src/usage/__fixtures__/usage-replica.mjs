// One replica of an agent, as its own process: `record` records conversations' tool results through the select
// node into a PostgresStore; `select` learns whatever the store holds and prints what it selects for a message.
// Uses the built packages, as a deployment would. Prints one JSON line.
import { ToolCatalog, UsageModel, UsageRecorder, createBm25Strategy } from "@dynamic-tools/core";
import { BaseStoreUsageStore, createToolSelectorNode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";

const [phase, url, message] = process.argv.slice(2);
const catalog = new ToolCatalog({
  tools: [
    { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
    { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
    { name: "book_class", description: "Book a place in a group class", category: "classes" },
    { name: "get_gym_info", description: "Gym name, address and opening hours" },
  ],
});
const store = PostgresStore.fromConnString(url);
await store.setup();
const model = new UsageModel({ catalog });
const recorder = new UsageRecorder({ model, store: new BaseStoreUsageStore(store) });
const node = createToolSelectorNode({
  catalog,
  strategy: createBm25Strategy({ usage: model }),
  topK: 1,
  autoCut: false,
  countTokens: false,
  usage: recorder,
});
if (phase === "record") {
  for (const [index, text] of [
    "who is on the front desk tonight?",
    "which coaches work the front desk",
    "front desk rota please",
  ].entries()) {
    await node(
      {
        messages: [
          new HumanMessage(text),
          new AIMessage({ content: "", tool_calls: [{ id: `c${index}`, name: "get_staff_list", args: {} }] }),
          new ToolMessage({ tool_call_id: `c${index}`, content: "[Ann]" }),
        ],
      },
      { configurable: { thread_id: `thread-${index}` } },
    );
  }
  // The node records in the background: wait for the store before selecting (and before the process ends).
  await recorder.flush();
} else {
  await recorder.sync();
}
const { toolSelection } = await node({ messages: [new HumanMessage(message ?? "who is on the front desk?")] });
console.log(JSON.stringify({ pid: process.pid, phase, learned: model.size, tools: toolSelection.tools }));
await store.end?.();
