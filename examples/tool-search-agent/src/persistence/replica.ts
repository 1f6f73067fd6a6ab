/**
 * @module One replica of a deployment, as its own process: `tsx replica.ts --url <postgres> --thread <id> --phase
 * search|resume --runtime graph|middleware`. It builds the agent with a PostgreSQL checkpointer and runs one turn on
 * the thread: `search` asks for something no bound tool does (the model searches, loading the github namespace, and
 * opens an issue); `resume` asks for the pull requests, which a loaded tool lists. It prints one JSON line: what the
 * model was bound with on each call, the tools it called, and the thread's loaded tools.
 */
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { createTeamAgent, type Runtime } from "../agent.js";
import { createTeamCatalog } from "../catalog.js";
import { CONVERSATION, INTENTS } from "../conversation.js";
import { ScriptedSearchModel } from "../scripted-model.js";

/** What a replica prints. */
export interface ReplicaReport {
  pid: number;
  phase: "search" | "resume";
  runtime: Runtime;
  /** Tools bound on each model call of this process. */
  bound: string[][];
  /** Tools the model called in this process. */
  calls: string[];
  /** The thread's loaded tools after the turn. */
  loadedTools: string[];
  /** Tool results produced in this process: name and status. */
  results: Array<{ name: string; status: string }>;
}

function flag(name: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
}

async function main(): Promise<void> {
  const url = flag("url");
  const thread = flag("thread");
  const phase = flag("phase") as ReplicaReport["phase"];
  const runtime = flag("runtime") as Runtime;
  const checkpointer = PostgresSaver.fromConnString(url);
  await checkpointer.setup();
  try {
    const model = new ScriptedSearchModel({ intents: INTENTS });
    const agent = createTeamAgent({ runtime, catalog: createTeamCatalog(), model, mode: "search", checkpointer });
    const config = { configurable: { thread_id: thread } };
    const message = phase === "search" ? CONVERSATION[0]! : CONVERSATION[1]!;
    const state = await agent.invoke({ messages: [new HumanMessage(message)] }, config);
    const turnStart = state.messages.findLastIndex((candidate) => candidate.getType() === "human");
    const results = state.messages
      .slice(turnStart)
      .filter((candidate): candidate is ToolMessage => ToolMessage.isInstance(candidate))
      .map((result) => ({ name: result.name ?? "", status: result.status ?? "success" }));
    const report: ReplicaReport = {
      pid: process.pid,
      phase,
      runtime,
      bound: model.log.bound,
      calls: model.log.calls,
      loadedTools: state.loadedTools ?? [],
      results,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await checkpointer.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
