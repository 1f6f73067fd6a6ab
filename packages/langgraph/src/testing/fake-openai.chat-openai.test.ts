/**
 * The real client path: `ChatOpenAI` from `@langchain/openai` pointed at the fake endpoint, invoked and streamed.
 * (The 137-tool gym agent goes through the same path in examples/gym-agent/src/openai-path.int.test.ts.)
 */
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.js";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const chatOpenAI = (url: string) =>
  new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: `${url}/v1` }, maxRetries: 0 });
const SCRIPT = [{ when: /pending salar/i, tool: "get_pending_salaries", args: { month: "2026-11" } }];

describe("ChatOpenAI against the fake endpoint", () => {
  it("fails with the API's error when more than 128 tools are bound", async () => {
    fake = await startFakeOpenAI({ script: SCRIPT });
    const definitions = Array.from({ length: 130 }, (_, index) => ({
      type: "function" as const,
      function: { name: `tool_${index}`, description: "x", parameters: { type: "object", properties: {} } },
    }));
    const error = await chatOpenAI(fake.url)
      .bindTools(definitions)
      .invoke("hi")
      .then(
        () => undefined,
        (thrown: unknown) => thrown as { status?: number; code?: string; param?: string; message: string },
      );
    expect(error).toMatchObject({ status: 400, code: "array_above_max_length", param: "tools" });
    expect(error?.message).toBe(
      "400 Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 130 instead.",
    );
    expect(fake.requests).toHaveLength(1); // maxRetries: 0, and a 400 is never retried
  });

  it("runs the dynamic agent, invoked and streamed, sending only the selection", async () => {
    fake = await startFakeOpenAI({ script: SCRIPT });
    const { catalog, calls } = createSmallCatalog();
    const agent = createDynamicToolAgent({ model: chatOpenAI(fake.url), catalog, countTokens: false });

    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] });
    expect(calls).toEqual(["get_pending_salaries"]);
    expect(result.messages.find((message) => ToolMessage.isInstance(message))?.content).toContain("2026-11");
    expect(result.messages.at(-1)?.content).toContain("(fake) get_pending_salaries returned");

    for await (const _chunk of await agent.stream(
      { messages: [new HumanMessage("what is pending salary?")] },
      { streamMode: "messages" },
    )) {
      // drain: streamMode "messages" makes ChatOpenAI ask for SSE
    }
    expect(calls).toEqual(["get_pending_salaries", "get_pending_salaries"]);
    expect(fake.requests.map((request) => [request.status, request.stream])).toEqual([
      [200, false],
      [200, false],
      [200, true],
      [200, true],
    ]);
    for (const request of fake.requests) expect(request.tools).toEqual(["get_gym_info", "get_pending_salaries", "get_staff_list"]);
  });

  it("serves the defer_loading + tool_reference protocol: references load deferred tools, and bad ones are refused", async () => {
    fake = await startFakeOpenAI({
      script: [{ when: /issue/, afterTool: "tool_search", tool: "create_issue", args: {} }],
    });
    const fn = (name: string, deferred = false) => ({
      type: "function" as const,
      function: { name, description: name, parameters: { type: "object", properties: {} } },
      ...(deferred ? { defer_loading: true } : {}),
    });
    const tools = [fn("tool_search"), fn("create_issue", true)];
    const search = new AIMessage({ content: "", tool_calls: [{ name: "tool_search", args: {}, id: "call_1", type: "tool_call" }] });
    const reference = (name: string) =>
      new ToolMessage({ content: [{ type: "tool_reference", tool_name: name }] as never, tool_call_id: "call_1" });
    const answer = await chatOpenAI(fake.url)
      .bindTools(tools)
      .invoke([new HumanMessage("open an issue"), search, reference("create_issue")]);
    expect(answer.tool_calls).toMatchObject([{ name: "create_issue" }]);
    const unknown = await chatOpenAI(fake.url)
      .bindTools(tools)
      .invoke([new HumanMessage("open an issue"), search, reference("drop_table")])
      .catch((error: { status?: number; message: string }) => error);
    expect(unknown).toMatchObject({ status: 400 });
    expect((unknown as Error).message).toContain(
      "tool_reference 'drop_table' does not name a tool of this request with defer_loading: true",
    );
    const allDeferred = await chatOpenAI(fake.url)
      .bindTools([fn("a", true)])
      .invoke("hi")
      .catch((error: Error) => error);
    expect((allDeferred as Error).message).toContain("every tool has defer_loading set");
  });
});
