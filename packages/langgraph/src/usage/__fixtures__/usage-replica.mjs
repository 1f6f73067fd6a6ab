// One replica of an agent, as its own process: `record` runs conversations' tool calls through DynamicToolNode, which
// records the calls it ran into a PostgresStore; `select` learns whatever the store holds and prints what it selects
// for a message.
// Uses the built packages, as a deployment would. Prints one JSON line.
import { ToolCatalog, UsageModel, UsageRecorder, createBm25Strategy } from "@dynamic-tools/core";
import { BaseStoreUsageStore, DynamicToolNode, createToolSelectorNode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";

const [phase, url, message] = process.argv.slice(2);
const make = (name, description) => tool(async () => `${name}: done`, { name, description, schema: z.object({}) });
const catalog = new ToolCatalog({
  tools: [
    make("get_staff_list", "Everyone on staff"),
    make("get_pending_salaries", "Salaries not yet paid"),
    make("book_class", "Book a place in a group class"),
    make("get_gym_info", "Gym name, address and opening hours"),
  ],
  declarations: [
    { name: "get_staff_list", category: "staff" },
    { name: "get_pending_salaries", category: "salary" },
    { name: "book_class", category: "classes" },
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
});
const toolsNode = new DynamicToolNode(catalog, { usage: recorder });
if (phase === "record") {
  for (const [index, text] of [
    "who is on the front desk tonight?",
    "which coaches work the front desk",
    "front desk rota please",
  ].entries()) {
    await toolsNode.invoke(
      {
        messages: [
          new HumanMessage(text),
          new AIMessage({ content: "", tool_calls: [{ id: `c${index}`, name: "get_staff_list", args: {} }] }),
        ],
      },
      { configurable: { thread_id: `thread-${index}` } },
    );
  }
  // The tools node records in the background: wait for the store before selecting (and before the process ends).
  await recorder.flush();
} else {
  await recorder.sync();
}
const { toolSelection } = await node({ messages: [new HumanMessage(message ?? "who is on the front desk?")] });
console.log(JSON.stringify({ pid: process.pid, phase, learned: model.size, tools: toolSelection.tools }));
await store.end?.();
