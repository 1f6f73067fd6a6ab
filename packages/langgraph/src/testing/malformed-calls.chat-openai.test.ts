/**
 * A model that emits a tool call whose arguments are not valid JSON (ChatOpenAI parses it into `invalid_tool_calls`):
 * in both runtimes the call is answered with an error ToolMessage (code `INVALID_TOOL_CALL`) and never runs, the
 * model reads that answer, and every later request is one the API accepts. ToolNode and toolsCondition alone drop
 * such a call, and the next request is rejected because the assistant message's call has no answer.
 */
import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.js";
import type { FakeToolCall } from "./fake-openai-script.js";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Invoke = (messages: BaseMessage[], threadId: string) => Promise<{ messages: BaseMessage[] }>;
const runtimes: Array<[string, (model: ChatOpenAI, catalog: ReturnType<typeof createSmallCatalog>["catalog"]) => Invoke]> = [
  [
    "createDynamicToolAgent",
    (model, catalog) => {
      const agent = createDynamicToolAgent({ model, catalog, countTokens: false, checkpointer: new MemorySaver() });
      return (messages, threadId) => agent.invoke({ messages }, { configurable: { thread_id: threadId } }) as never;
    },
  ],
  [
    "createAgent + dynamicToolsMiddleware",
    (model, catalog) => {
      const agent = createAgent({
        model,
        tools: [],
        middleware: [dynamicToolsMiddleware({ catalog, countTokens: false })],
        checkpointer: new MemorySaver(),
      });
      return (messages, threadId) => agent.invoke({ messages }, { configurable: { thread_id: threadId } }) as never;
    },
  ],
];

const bad: FakeToolCall = { name: "get_pending_salaries", rawArguments: '{"month": "2026-11"', id: "call_bad" };
const good: FakeToolCall = { name: "get_pending_salaries", args: { month: "2026-11" }, id: "call_good" };

describe.each(runtimes)("malformed tool-call arguments through ChatOpenAI: %s", (_label, build) => {
  it.each([
    ["only a malformed call", [bad]],
    ["a malformed call next to a good one", [bad, good]],
  ] as const)("%s: answered with INVALID_TOOL_CALL, never run, and every later request accepted", async (_what, firstCalls) => {
    let replies = 0;
    fake = await startFakeOpenAI({ script: () => (replies++ === 0 ? { toolCalls: [...firstCalls] } : "done") });
    const { catalog, calls } = createSmallCatalog();
    const invoke = build(
      new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${fake.url}/v1` }, maxRetries: 0 }),
      catalog,
    );
    const first = await invoke([new HumanMessage("what is pending salary?")], "t");
    const answers = first.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    const answerToBad = answers.find((message) => message.tool_call_id === "call_bad");
    expect(answerToBad?.status).toBe("error");
    expect(answerToBad?.artifact).toMatchObject({ code: "INVALID_TOOL_CALL", toolName: "get_pending_salaries" });
    expect(String(answerToBad?.content)).toMatch(
      /^Error: The call of "get_pending_salaries" could not be read \(Function "get_pending_salaries" arguments: .+ are not valid JSON\. .+\), so it did not run\./,
    );
    // Only the good call ran; the model was asked again after the answers and ended the turn.
    expect(calls).toEqual(firstCalls.length === 2 ? ["get_pending_salaries"] : []);
    expect(first.messages.at(-1)?.content).toBe("done");
    // The next turn re-sends the malformed call with its answer: the API accepts every request.
    await invoke([new HumanMessage("thanks, and the staff list?")], "t");
    expect(fake.requests.map((request) => request.status)).toEqual(fake.requests.map(() => 200));
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
  });
});
