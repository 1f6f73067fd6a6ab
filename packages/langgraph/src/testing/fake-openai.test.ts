/**
 * The fake OpenAI endpoint over plain HTTP: the API's validation and error bodies, scripted replies (JSON and SSE),
 * and the request log.
 */
import { OPENAI_MAX_TOOLS } from "@dynamic-tools/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.js";
import type { FakeOpenAIScript } from "./fake-openai-script.js";
import { OPENAI_API_MAX_TOOLS, validateChatCompletionRequest, type ChatCompletionTool } from "./openai-request-validation.js";

const tool = (name: string, parameters: unknown = { type: "object", properties: {} }): ChatCompletionTool => ({
  type: "function",
  function: { name, description: `The ${name} tool`, parameters },
});
const tools = (count: number) => Array.from({ length: count }, (_, index) => tool(`tool_${index}`));
const user = (content: string) => ({ role: "user", content });

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(script: FakeOpenAIScript = []) {
  fake = await startFakeOpenAI({ script });
  return fake;
}

async function post(body: unknown, path = "/v1/chat/completions") {
  const response = await fetch(`${fake!.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: loose JSON in tests
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, any> };
}

describe("validateChatCompletionRequest", () => {
  const base = { model: "gpt-4o-mini", messages: [user("hi")] };

  it("enforces the same 128 limit as the core budget", () => {
    expect(OPENAI_API_MAX_TOOLS).toBe(OPENAI_MAX_TOOLS);
    expect(validateChatCompletionRequest({ ...base, tools: tools(128) })).toBeUndefined();
  });

  it.each([
    [
      { ...base, tools: tools(137) },
      "tools",
      "array_above_max_length",
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 137 instead.",
    ],
    [{ ...base, tools: [tool("ok"), tool("bad name")] }, "tools[1].function.name", "invalid_value", "string does not match pattern"],
    [
      { ...base, tools: [tool("x".repeat(65))] },
      "tools[0].function.name",
      "string_above_max_length",
      "maximum length 64, but got a string with length 65",
    ],
    [{ ...base, tools: [tool("")] }, "tools[0].function.name", "empty_string", "empty string"],
    [
      { ...base, tools: [tool("f", { type: "string" })] },
      "tools[0].function.parameters",
      "invalid_function_parameters",
      `schema must be a JSON Schema of 'type: "object"', got 'type: "string"'`,
    ],
    [{ ...base, tools: [tool("f", [])] }, "tools[0].function.parameters", "invalid_function_parameters", "Invalid schema for function 'f'"],
    [{ ...base, tools: [{ type: "retrieval" }] }, "tools[0].type", "invalid_value", "Supported values are"],
    [{ ...base, tools: "all" }, "tools", "invalid_type", "expected an array"],
    [{ model: "gpt-4o-mini" }, "messages", "missing_required_parameter", "Missing required parameter: 'messages'."],
    [{ ...base, messages: [] }, "messages", "empty_array", "empty array"],
    [
      { ...base, messages: [{ role: "user", content: "hi", name: "github.bot" }] },
      "messages[0].name",
      "invalid_value",
      "Invalid 'messages[0].name': string does not match pattern",
    ],
  ])("rejects %# as the API does", (body, param, code, message) => {
    const error = validateChatCompletionRequest(body)?.error;
    expect(error).toMatchObject({ type: "invalid_request_error", param, code });
    expect(error?.message).toContain(message);
  });

  it("rejects a tool message that answers no tool call, and a tool call left unanswered", () => {
    const call = { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } };
    expect(
      validateChatCompletionRequest({ ...base, messages: [user("hi"), { role: "tool", tool_call_id: "call_1", content: "x" }] })?.error,
    ).toMatchObject({
      param: "messages.[1].role",
      message: expect.stringContaining("must be a response to a preceeding message with 'tool_calls'"),
    });
    expect(
      validateChatCompletionRequest({
        ...base,
        messages: [user("hi"), { role: "assistant", content: null, tool_calls: [call] }, user("and?")],
      })?.error,
    ).toMatchObject({ param: "messages.[1].role", message: expect.stringContaining("did not have response messages: call_1") });
    expect(
      validateChatCompletionRequest({
        ...base,
        messages: [
          user("hi"),
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: "call_1", content: "x" },
        ],
      }),
    ).toBeUndefined();
  });

  it("asks for a model", () => {
    expect(validateChatCompletionRequest({ messages: [user("hi")] })?.error.message).toBe("you must provide a model parameter");
  });
});

describe("startFakeOpenAI", () => {
  it("listens on 127.0.0.1 only and answers 400 with the API's exact body for 129 tools", async () => {
    const { url, requests } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await post({ model: "gpt-4o-mini", messages: [user("hi")], tools: tools(129) });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      error: {
        message: "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
        type: "invalid_request_error",
        param: "tools",
        code: "array_above_max_length",
      },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      status: 400,
      error: { code: "array_above_max_length" },
    });
    expect(requests[0]!.tools).toHaveLength(129);
  });

  it("answers from a list script: a tool call only when the tool was sent, text after a tool result", async () => {
    const { requests } = await start([
      { when: /pending salar/i, tool: "get_pending_salaries", args: { month: "2026-11" } },
      { when: "hello", text: "Hi there" },
      { when: "staff", tool: "get_staff_list", always: true },
    ]);
    const called = (await post({ model: "m", messages: [user("What is pending salary?")], tools: [tool("get_pending_salaries")] })).json();
    expect(called.choices[0].finish_reason).toBe("tool_calls");
    const call = called.choices[0].message.tool_calls[0];
    expect(call).toMatchObject({ type: "function", function: { name: "get_pending_salaries", arguments: '{"month":"2026-11"}' } });
    expect(call.id).toMatch(/^call_fake_\d+$/);

    const notSent = (await post({ model: "m", messages: [user("what is pending salary?")], tools: [tool("other")] })).json();
    expect(notSent.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { content: expect.stringContaining("not among the 1 tools sent") },
    });

    const always = (await post({ model: "m", messages: [user("list the staff")] })).json();
    expect(always.choices[0].message.tool_calls[0].function.name).toBe("get_staff_list");

    const afterTool = (
      await post({
        model: "m",
        messages: [
          user("what is pending salary?"),
          called.choices[0].message,
          { role: "tool", tool_call_id: call.id, content: '{"pending":2}' },
        ],
        tools: [tool("get_pending_salaries")],
      })
    ).json();
    expect(afterTool.choices[0].message.content).toBe('(fake) get_pending_salaries returned: {"pending":2}');
    expect((await post({ model: "m", messages: [user("hello!")] })).json().choices[0].message.content).toBe("Hi there");
    expect((await post({ model: "m", messages: [user("what?")] })).json().choices[0].message.content).toContain("No scripted reply");
    expect(requests.map((request) => request.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(requests[0]!.reply).toMatchObject({ toolCalls: [{ name: "get_pending_salaries", args: { month: "2026-11" } }] });
  });

  it("answers from a function script", async () => {
    await start((request) => ({
      content: `saw ${request.tools?.length ?? 0} tools`,
      toolCalls: [{ name: "a", args: { x: 1 }, id: "call_a" }],
    }));
    const body = (await post({ model: "m", messages: [user("hi")], tools: tools(3) })).json();
    expect(body.choices[0].message).toMatchObject({
      content: "saw 3 tools",
      tool_calls: [{ id: "call_a", function: { name: "a", arguments: '{"x":1}' } }],
    });
  });

  it("streams SSE chunks when stream is true, with a usage chunk when asked", async () => {
    await start([{ when: "salary", tool: "get_pending_salaries", args: { month: "2026-11" } }]);
    const response = await post({
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      messages: [user("salary?")],
      tools: [tool("get_pending_salaries")],
    });
    const events = response.text.split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data: [DONE]");
    // biome-ignore lint/suspicious/noExplicitAny: loose JSON
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, "")) as Record<string, any>);
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk")).toBe(true);
    const args = chunks
      .flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? [])
      .map((delta) => delta.function?.arguments ?? "")
      .join("");
    expect(JSON.parse(args)).toEqual({ month: "2026-11" });
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe("tool_calls");
    const usage = chunks.at(-1)!.usage;
    expect(chunks.at(-1)!.choices).toEqual([]);
    // Counted with o200k: the first request of the endpoint reads nothing from the cache.
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.prompt_tokens_details).toEqual({ cached_tokens: 0, audio_tokens: 0 });
  });

  it("answers anything else in the API's error shape and records it", async () => {
    const { requests } = await start();
    expect((await post({}, "/v1/embeddings")).status).toBe(404);
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.json().error.type).toBe("invalid_request_error");
    expect(requests.map((request) => [request.path, request.status])).toEqual([
      ["/v1/embeddings", 404],
      ["/v1/chat/completions", 400],
    ]);
  });

  it("frees its port on close", async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await first.close();
    fake = await startFakeOpenAI({ script: [], port });
    expect(fake.url).toBe(`http://127.0.0.1:${port}`);
  });
});
