// One replica of an agent's tools step, as its own process, sharing a PostgreSQL checkpointer with the others:
// `pause` runs a step that calls a dangerous tool and prints the pause (its checkpoint and the bound answer);
// `resume` resumes that very pause, with claims in its memory (`memory`) or in a table every replica shares
// (`shared`), and prints what the call answered; `runs` prints how many times the tool ran, from the database.
// Uses the built packages, as a deployment would. Prints one JSON line.
import { createRequire } from "node:module";
import { ToolCatalog } from "@dynamic-tools/core";
import { DynamicToolNode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { z } from "zod";

const [phase, url, thread, claimsKind, pauseJson] = process.argv.slice(2);
// pg is the checkpointer's own driver (no dependency of ours).
const pg = createRequire(createRequire(import.meta.url).resolve("@langchain/langgraph-checkpoint-postgres"))("pg");
const pool = new pg.Pool({ connectionString: url, max: 2 });
await pool.query("CREATE TABLE IF NOT EXISTS tool_runs (thread text NOT NULL, pid integer NOT NULL)");
await pool.query("CREATE TABLE IF NOT EXISTS approval_claims (key text PRIMARY KEY, claimed_at timestamptz NOT NULL DEFAULT now())");

if (phase === "runs") {
  const { rows } = await pool.query("SELECT count(*)::int AS runs FROM tool_runs WHERE thread = $1", [thread]);
  console.log(JSON.stringify({ runs: rows[0].runs }));
  await pool.end();
  process.exit(0);
}

/** The README's claim store: an insert-if-absent on a primary key, atomic in PostgreSQL. */
const approvalClaims = {
  async claim(key) {
    const inserted = await pool.query("INSERT INTO approval_claims (key) VALUES ($1) ON CONFLICT DO NOTHING", [key]);
    return inserted.rowCount === 1;
  },
};
const deleteFile = tool(
  async () => {
    await pool.query("INSERT INTO tool_runs (thread, pid) VALUES ($1, $2)", [thread, process.pid]);
    return "deleted";
  },
  { name: "delete_file", description: "Delete a file", schema: z.object({ path: z.string() }) },
);
const catalog = new ToolCatalog({ tools: [deleteFile], declarations: [{ name: "delete_file", permission: "dangerous" }] });
const node = new DynamicToolNode(catalog, claimsKind === "shared" ? { approvalClaims } : {});
const checkpointer = PostgresSaver.fromConnString(url);
await checkpointer.setup();
const graph = new StateGraph(MessagesAnnotation)
  .addNode("tools", node)
  .addEdge(START, "tools")
  .addEdge("tools", END)
  .compile({ checkpointer });

if (phase === "pause") {
  const config = { configurable: { thread_id: thread } };
  const step = new AIMessage({ content: "", tool_calls: [{ name: "delete_file", args: { path: "a" }, id: "c1", type: "tool_call" }] });
  const paused = await graph.invoke({ messages: [new HumanMessage("delete a"), step] }, config);
  const [action] = paused.__interrupt__[0].value.actionRequests;
  const checkpointId = (await graph.getState(config)).config.configurable.checkpoint_id;
  const resume = { decisions: [{ type: "approve", toolCallId: action.toolCallId, digest: action.digest }] };
  console.log(JSON.stringify({ checkpointId, resume }));
} else {
  // Both replicas resume the same pause: its checkpoint, named, whichever finishes first.
  const { checkpointId, resume } = JSON.parse(pauseJson);
  const result = await graph.invoke(new Command({ resume }), { configurable: { thread_id: thread, checkpoint_id: checkpointId } });
  const answer = result.messages.find((message) => ToolMessage.isInstance(message) && message.tool_call_id === "c1");
  console.log(JSON.stringify({ pid: process.pid, outcome: answer?.artifact?.code ?? String(answer?.content) }));
}
await checkpointer.end();
await pool.end();
