/**
 * @module The demo: `pnpm --filter @dynamic-tools/example-mcp-agent start`. Builds the catalog (from the cache after
 * the first run, without starting any server), then runs a trainer and the owner through the agent offline with a
 * scripted model: the trainer's payment is refused, the owner's pauses for approval and runs once approved.
 */
import { performance } from "node:perf_hooks";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { ApprovalRequest } from "@dynamic-tools/langgraph";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createMcpAgent } from "./agent.js";
import { createExampleCatalog } from "./catalog.js";

const began = performance.now();
const { catalog, mcp } = await createExampleCatalog({ cacheDir: ".cache/mcp" });
console.log(
  `catalog: ${catalog.size} tools in ${(performance.now() - began).toFixed(0)} ms; servers: ${mcp.serverIds.map((id) => `${id} ${mcp.status(id)}`).join(", ")}`,
);

const pay = { name: "mcp_payroll_pay_salary", args: { staffId: "li", amount: 2300 } };
const model = fakeModel()
  .respondWithTools([{ ...pay, id: "trainer-pay" }])
  .respond(new AIMessage("I am not allowed to pay salaries."))
  .respondWithTools([{ ...pay, id: "owner-pay" }])
  .respond(new AIMessage("Paid Li's salary."));
const agent = createMcpAgent({ model, catalog, mcp, checkpointer: new MemorySaver() });
const lastTool = (messages: unknown[]) =>
  (messages.filter((message) => message instanceof ToolMessage).at(-1) as ToolMessage | undefined)?.content;

const trainer = await agent.invoke(
  { messages: [new HumanMessage("pay Li's pending salary")] },
  { configurable: { thread_id: "trainer" }, context: { role: "trainer" } },
);
console.log(`trainer → ${String(lastTool(trainer.messages))}`);

const owner = { configurable: { thread_id: "owner" }, context: { role: "owner" } };
const paused = await agent.invoke({ messages: [new HumanMessage("pay Li's pending salary")] }, owner);
const request = (paused as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__?.[0]?.value;
console.log(`owner → paused for approval: ${JSON.stringify(request?.toolCall)}`);
// An answer names the call it approves: its id and the digest of what was shown.
const [action] = request?.actionRequests ?? [];
const approve = { type: "approve", toolCallId: action?.toolCallId, digest: action?.digest };
const done = await agent.invoke(new Command({ resume: { decisions: [approve] } }), owner);
console.log(
  `owner → approved: ${String(lastTool(done.messages))}; servers: ${mcp.serverIds.map((id) => `${id} ${mcp.status(id)}`).join(", ")}`,
);
await agent.close();
