/**
 * One process of the cross-process approval test: phase `ask` runs the owner's turn until the payment pauses for
 * approval; phase `resume` (another process, same database and thread) resumes it with edited arguments. Prints a
 * JSON report as its last line. Usage: tsx approval-replica.ts --url <postgres> --thread <id> --cache <dir> --phase ask|resume
 */
import { parseArgs } from "node:util";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ApprovalRequest } from "@dynamic-tools/langgraph";
import { Command } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { createMcpAgent } from "../agent.js";
import { createExampleCatalog } from "../catalog.js";

const { values } = parseArgs({
  options: { url: { type: "string" }, thread: { type: "string" }, cache: { type: "string" }, phase: { type: "string" } },
});
const checkpointer = PostgresSaver.fromConnString(values.url!);
await checkpointer.setup();
const { catalog, mcp } = await createExampleCatalog({ cacheDir: values.cache! });
const model =
  values.phase === "ask"
    ? fakeModel()
        .respondWithTools([{ name: "tool_search", args: { query: "find a gym member" }, id: "search" }])
        .respondWithTools([{ name: "mcp_payroll_pay_salary", args: { staffId: "li", amount: 23000 }, id: "pay" }])
    : fakeModel().respond(new AIMessage("Paid Li 2300."));
const agent = createMcpAgent({ model, catalog, mcp, checkpointer });
const config = { configurable: { thread_id: values.thread! }, context: { role: "owner" } };
/** The edit, naming the call this process reads as pending from the shared checkpoint (as a reviewing UI would). */
async function editPendingPayment(): Promise<unknown> {
  const pending = (await agent.getState(config)).tasks.flatMap((task) => task.interrupts ?? []);
  const [action] = (pending[0]?.value as ApprovalRequest | undefined)?.actionRequests ?? [];
  const edit = {
    type: "edit",
    toolCallId: action?.toolCallId,
    digest: action?.digest,
    editedAction: { name: action?.name, args: { staffId: "li", amount: 2300 } },
  };
  return { decisions: [edit] };
}
const result =
  values.phase === "ask"
    ? await agent.invoke({ messages: [new HumanMessage("pay Li's pending salary")] }, config)
    : await agent.invoke(new Command({ resume: await editPendingPayment() }), config);
const state = await agent.getState(config);
const interrupts = (result as { __interrupt__?: Array<{ value: unknown }> }).__interrupt__ ?? [];
console.log(
  JSON.stringify({
    pid: process.pid,
    interrupts: interrupts.map((item) => item.value),
    loadedTools: state.values.loadedTools ?? null,
    selected: state.values.toolSelection?.tools ?? null,
    toolResults: result.messages
      .filter((message) => message instanceof ToolMessage)
      .map((message) => ({ name: message.name, status: message.status, content: message.content })),
    last: result.messages.at(-1)?.content,
    payroll: mcp.status("payroll"),
  }),
);
await agent.close();
await checkpointer.end();
