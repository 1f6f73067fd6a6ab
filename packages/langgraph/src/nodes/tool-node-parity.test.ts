/**
 * The same assertions on LangGraph's `ToolNode` and on `DynamicToolNode` (built from a catalog of the same tools):
 * what a user switching from one to the other can rely on. The expected values are ToolNode's behaviour as read
 * from the installed `@langchain/langgraph/prebuilt` source. Deliberate, opt-in extensions are tested at the end.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import {
  Command,
  END,
  GraphDrained,
  InMemoryStore,
  MemorySaver,
  MessagesAnnotation,
  Send,
  START,
  StateGraph,
  interrupt,
  type LangGraphRunnableConfig,
} from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DynamicToolNode } from "./dynamic-tool-node.js";

type MakeNode = (tools: StructuredToolInterface[], options?: { handleToolErrors?: boolean; name?: string }) => ToolNode;

const nodes: Array<[string, MakeNode]> = [
  ["ToolNode", (tools, options) => new ToolNode(tools, options)],
  ["DynamicToolNode", (tools, options) => new DynamicToolNode(new ToolCatalog({ tools }), options)],
];

const echo = tool(({ text }: { text: string }) => `echo: ${text}`, {
  name: "echo",
  description: "Echoes text",
  schema: z.object({ text: z.string() }),
});
const failing = tool(
  () => {
    throw new Error("boom");
  },
  { name: "failing", description: "Always fails", schema: z.object({}) },
);

function aiCalls(calls: Array<Omit<ToolCall, "type"> & { id?: string }>): AIMessage {
  return new AIMessage({ content: "", tool_calls: calls.map((call) => ({ ...call, type: "tool_call" as const })) });
}

async function runNode(node: ToolNode, calls: Parameters<typeof aiCalls>[0]): Promise<ToolMessage[]> {
  const output = (await node.invoke({ messages: [aiCalls(calls)] })) as { messages: ToolMessage[] };
  return output.messages;
}

function graphOf(node: ToolNode, checkpointer?: MemorySaver) {
  return new StateGraph(MessagesAnnotation)
    .addNode("tools", node)
    .addEdge(START, "tools")
    .addEdge("tools", END)
    .compile(checkpointer === undefined ? {} : { checkpointer });
}

describe.each(nodes)("ToolNode parity: %s", (_label, make) => {
  it("answers a call with the tool's output, its name and the call's id", async () => {
    const [message] = await runNode(make([echo]), [{ name: "echo", args: { text: "hi" }, id: "c1" }]);
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect([message!.content, message!.name, message!.tool_call_id, message!.status]).toEqual(["echo: hi", "echo", "c1", "success"]);
  });

  it("serialises a non-string output as JSON", async () => {
    const json = tool(() => ({ a: 1, b: [2] }), { name: "json", description: "Returns an object", schema: z.object({}) });
    const [message] = await runNode(make([json]), [{ name: "json", args: {}, id: "c1" }]);
    expect(message!.content).toBe('{"a":1,"b":[2]}');
  });

  it("sets the same tool_call_id as ToolNode for a call without an id (success and error)", async () => {
    const messages = await runNode(make([echo, failing]), [
      { name: "echo", args: { text: "x" } },
      { name: "failing", args: {} },
    ]);
    expect(messages.map((message) => message.tool_call_id)).toEqual([undefined, ""]);
  });

  it("answers an unknown tool with ToolNode's exact text", async () => {
    const [message] = await runNode(make([echo]), [{ name: "zzz_qqq", args: {}, id: "c1" }]);
    expect([message!.content, message!.status, message!.name, message!.tool_call_id]).toEqual([
      'Error: Tool "zzz_qqq" not found.\n Please fix your mistakes.',
      "error",
      "zzz_qqq",
      "c1",
    ]);
  });

  it.each([undefined, null, 42, { a: 1 }])("answers a call whose name is %j (not a string) as ToolNode does", async (name) => {
    const call = new AIMessage({ content: "" });
    call.tool_calls = [{ name, args: {}, id: "c1", type: "tool_call" } as unknown as ToolCall];
    const output = (await make([echo]).invoke({ messages: [call] })) as { messages: ToolMessage[] };
    const [message] = output.messages;
    expect([message!.content, message!.status, message!.tool_call_id]).toEqual([
      `Error: Tool "${String(name)}" not found.\n Please fix your mistakes.`,
      "error",
      "c1",
    ]);
    await expect(make([echo], { handleToolErrors: false }).invoke({ messages: [call] })).rejects.toThrow(
      `Tool "${String(name)}" not found.`,
    );
  });

  it("turns a thrown Error into ToolNode's error text", async () => {
    const [message] = await runNode(make([failing]), [{ name: "failing", args: {}, id: "c1" }]);
    expect([message!.content, message!.status, message!.name, message!.tool_call_id]).toEqual([
      "Error: boom\n Please fix your mistakes.",
      "error",
      "failing",
      "c1",
    ]);
  });

  it("writes an error whose message is a number or a boolean as ToolNode does", async () => {
    const throwing = (name: string, message: unknown) =>
      tool(
        () => {
          throw Object.assign(new Error("replaced"), { message });
        },
        { name, description: "Fails", schema: z.object({}) },
      );
    const plain = tool(
      () => {
        throw { message: 42 };
      },
      { name: "plain", description: "Fails", schema: z.object({}) },
    );
    const messages = await runNode(make([throwing("numeric", 42), throwing("flag", false), plain]), [
      { name: "numeric", args: {}, id: "c1" },
      { name: "flag", args: {}, id: "c2" },
      { name: "plain", args: {}, id: "c3" },
    ]);
    expect(messages.map((message) => message.content)).toEqual([
      "Error: 42\n Please fix your mistakes.",
      "Error: false\n Please fix your mistakes.",
      "Error: 42\n Please fix your mistakes.",
    ]);
  });

  it("turns arguments that fail the schema into an error message", async () => {
    const [message] = await runNode(make([echo]), [{ name: "echo", args: { text: 5 }, id: "c1" }]);
    expect(message!.status).toBe("error");
    expect(message!.content).toMatch(/^Error: Received tool input did not match expected schema[\s\S]*\n Please fix your mistakes\.$/);
  });

  it("with handleToolErrors: false, re-throws the tool's error", async () => {
    await expect(runNode(make([failing], { handleToolErrors: false }), [{ name: "failing", args: {}, id: "c1" }])).rejects.toThrow(
      /^boom$/,
    );
  });

  it("with handleToolErrors: false, throws for an unknown tool", async () => {
    await expect(runNode(make([echo], { handleToolErrors: false }), [{ name: "zzz_qqq", args: {}, id: "c1" }])).rejects.toThrow(
      'Tool "zzz_qqq" not found.',
    );
  });

  it("rejects input that is neither messages nor a messages state", async () => {
    await expect(make([echo]).invoke({ nothing: true })).rejects.toThrow(
      "ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.",
    );
    await expect(make([echo]).invoke({ messages: [new HumanMessage("hi")] })).rejects.toThrow("ToolNode only accepts AIMessages as input.");
  });

  it("accepts a message list and answers with a list", async () => {
    const output = (await make([echo]).invoke([aiCalls([{ name: "echo", args: { text: "a" }, id: "c1" }])])) as BaseMessage[];
    expect(Array.isArray(output)).toBe(true);
    expect(output.map((message) => message.content)).toEqual(["echo: a"]);
  });

  it("skips calls already answered by a ToolMessage", async () => {
    const output = (await make([echo]).invoke({
      messages: [
        aiCalls([
          { name: "echo", args: { text: "a" }, id: "c1" },
          { name: "echo", args: { text: "b" }, id: "c2" },
        ]),
        new ToolMessage({ content: "done", tool_call_id: "c1" }),
      ],
    })) as { messages: ToolMessage[] };
    expect(output.messages.map((message) => message.tool_call_id)).toEqual(["c2"]);
  });

  it("runs parallel calls concurrently and answers them in call order", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const slow = tool(
      async ({ n }: { n: number }) => {
        started += 1;
        if (started === 2) release();
        await gate;
        return `n${n}`;
      },
      { name: "slow", description: "Waits for both calls", schema: z.object({ n: z.number() }) },
    );
    const messages = await runNode(make([slow]), [
      { name: "slow", args: { n: 1 }, id: "a" },
      { name: "slow", args: { n: 2 }, id: "b" },
    ]);
    expect(messages.map((message) => [message.tool_call_id, message.content])).toEqual([
      ["a", "n1"],
      ["b", "n2"],
    ]);
  });

  it("keeps a content_and_artifact tool's artifact", async () => {
    const withArtifact = tool(() => ["shown", { rows: [1, 2] }], {
      name: "report",
      description: "Returns an artifact",
      schema: z.object({}),
      responseFormat: "content_and_artifact",
    });
    const [message] = await runNode(make([withArtifact]), [{ name: "report", args: {}, id: "c1" }]);
    expect([message!.content, message!.artifact]).toEqual(["shown", { rows: [1, 2] }]);
  });

  it("passes a ToolMessage returned by the tool through", async () => {
    const own = tool(
      (_input, config) =>
        new ToolMessage({ content: "custom", tool_call_id: (config as { toolCall?: ToolCall }).toolCall?.id ?? "c1", name: "own" }),
      {
        name: "own",
        description: "Returns its own ToolMessage",
        schema: z.object({}),
      },
    );
    const [message] = await runNode(make([own]), [{ name: "own", args: {}, id: "c1" }]);
    expect([message!.content, message!.tool_call_id]).toEqual(["custom", "c1"]);
  });

  it("gives the tool the runtime ToolNode gives: toolCallId, state, context, store", async () => {
    const seen: unknown[] = [];
    const inspect = tool(
      (_input, runtime) => {
        const { toolCallId, state, context, store } = runtime as unknown as {
          toolCallId: string;
          state: { messages: unknown[] };
          context: unknown;
          store: unknown;
        };
        seen.push(toolCallId, state.messages.length, context, store !== null);
        return "ok";
      },
      { name: "inspect", description: "Reads its runtime", schema: z.object({}) },
    );
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", make([inspect]))
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ store: new InMemoryStore() });
    await graph.invoke({ messages: [aiCalls([{ name: "inspect", args: {}, id: "c9" }])] }, { context: { tenant: "t1" } });
    expect(seen).toEqual(["c9", 1, { tenant: "t1" }, true]);
  });

  it("runs a Send's call (lg_tool_call) with the rest as state", async () => {
    const output = (await make([echo]).invoke({
      lg_tool_call: { name: "echo", args: { text: "sent" }, id: "s1", type: "tool_call" },
      messages: [],
    })) as { messages: ToolMessage[] };
    expect(output.messages.map((message) => [message.content, message.tool_call_id])).toEqual([["echo: sent", "s1"]]);
  });

  it("returns a tool's Command next to the other calls' messages", async () => {
    const commanding = tool(
      (_input, config) =>
        new Command({
          update: { messages: [new ToolMessage({ content: "cmd", tool_call_id: (config as { toolCall: ToolCall }).toolCall.id! })] },
        }),
      {
        name: "commanding",
        description: "Returns a Command",
        schema: z.object({}),
      },
    );
    const output = (await make([commanding, echo]).invoke({
      messages: [
        aiCalls([
          { name: "commanding", args: {}, id: "a" },
          { name: "echo", args: { text: "b" }, id: "b" },
        ]),
      ],
    })) as unknown[];
    expect(output).toHaveLength(2);
    expect(output[0]).toBeInstanceOf(Command);
    expect((output[1] as { messages: ToolMessage[] }).messages[0]!.content).toBe("echo: b");
  });

  it("combines parent-graph Sends of several calls into one Command", async () => {
    const sending = tool(({ to }: { to: string }) => new Command({ graph: Command.PARENT, goto: [new Send(to, { x: 1 })] }), {
      name: "sending",
      description: "Sends to the parent graph",
      schema: z.object({ to: z.string() }),
    });
    const output = (await make([sending]).invoke({
      messages: [
        aiCalls([
          { name: "sending", args: { to: "p" }, id: "a" },
          { name: "sending", args: { to: "q" }, id: "b" },
        ]),
      ],
    })) as Command[];
    expect(output).toHaveLength(1);
    expect(output[0]!.graph).toBe(Command.PARENT);
    expect((output[0]!.goto as Send[]).map((send) => send.node)).toEqual(["p", "q"]);
  });

  it("lets a tool's interrupt() pause the graph, and resumes it", async () => {
    const asking = tool(() => `answer: ${interrupt<string, string>("question?")}`, {
      name: "asking",
      description: "Asks a human",
      schema: z.object({}),
    });
    const graph = graphOf(make([asking]), new MemorySaver());
    const config = { configurable: { thread_id: "i1" } };
    const paused = await graph.invoke({ messages: [aiCalls([{ name: "asking", args: {}, id: "c1" }])] }, config);
    expect((paused as { __interrupt__?: Array<{ value: unknown }> }).__interrupt__?.[0]?.value).toBe("question?");
    const resumed = await graph.invoke(new Command({ resume: "yes" }), config);
    expect(resumed.messages.at(-1)!.content).toBe("answer: yes");
  });

  it("lets GraphDrained propagate, and re-runs the drained call on resume", async () => {
    let runs = 0;
    const draining = tool(
      () => {
        runs += 1;
        if (runs === 1) throw new GraphDrained("deploy");
        return "finished";
      },
      { name: "draining", description: "Drained on its first run", schema: z.object({}) },
    );
    const graph = graphOf(make([draining]), new MemorySaver());
    const config = { configurable: { thread_id: "d1" } };
    await expect(graph.invoke({ messages: [aiCalls([{ name: "draining", args: {}, id: "c1" }])] }, config)).rejects.toBeInstanceOf(
      GraphDrained,
    );
    const resumed = await graph.invoke(null, config);
    expect(runs).toBe(2);
    expect(resumed.messages.map((message: BaseMessage) => message.content)).toEqual(["", "finished"]);
  });

  it("lets a GraphInterrupt through even with handleToolErrors: false", async () => {
    const asking = tool(() => interrupt("q"), { name: "asking", description: "Asks a human", schema: z.object({}) });
    const graph = graphOf(make([asking], { handleToolErrors: false }), new MemorySaver());
    const result = await graph.invoke(
      { messages: [aiCalls([{ name: "asking", args: {}, id: "c1" }])] },
      { configurable: { thread_id: "i2" } },
    );
    expect((result as { __interrupt__?: unknown[] }).__interrupt__).toHaveLength(1);
  });

  it("emits the same tool events in streamEvents v2", async () => {
    const events: Array<[string, string | undefined]> = [];
    const stream = graphOf(make([echo, failing])).streamEvents(
      {
        messages: [
          aiCalls([
            { name: "echo", args: { text: "a" }, id: "a" },
            { name: "failing", args: {}, id: "b" },
          ]),
        ],
      },
      { version: "v2" },
    );
    for await (const event of stream) if (event.event.includes("_tool_")) events.push([event.event, event.name]);
    expect(events.sort()).toEqual([
      ["on_tool_end", "echo"],
      ["on_tool_error", "failing"],
      ["on_tool_start", "echo"],
      ["on_tool_start", "failing"],
    ]);
  });

  it("emits the same protocol events in streamEvents v3", async () => {
    const run = await graphOf(make([echo, failing])).streamEvents(
      {
        messages: [
          aiCalls([
            { name: "echo", args: { text: "a" }, id: "a" },
            { name: "failing", args: {}, id: "b" },
          ]),
        ],
      },
      { version: "v3" },
    );
    const methods: string[] = [];
    const tools: string[] = [];
    for await (const event of run as AsyncIterable<{
      method: string;
      params: { data: { event?: string; tool_call_id?: string; tool_name?: string } };
    }>) {
      methods.push(event.method);
      if (event.method === "tools")
        tools.push([event.params.data.event, event.params.data.tool_call_id, event.params.data.tool_name ?? ""].join(","));
    }
    expect(methods.filter((method) => method !== "tools")).toEqual([
      "lifecycle",
      "checkpoints",
      "values",
      "tasks",
      "lifecycle",
      "updates",
      "tasks",
      "lifecycle",
      "checkpoints",
      "values",
      "lifecycle",
    ]);
    expect(tools.sort()).toEqual(["tool-error,b,", "tool-finished,a,", "tool-started,a,echo", "tool-started,b,failing"]);
  });

  it('streams the same chunks with streamMode "tools"', async () => {
    const chunks: unknown[] = [];
    const stream = await graphOf(make([echo, failing])).stream(
      {
        messages: [
          aiCalls([
            { name: "echo", args: { text: "a" }, id: "a" },
            { name: "failing", args: {}, id: "b" },
          ]),
        ],
      },
      { streamMode: "tools" },
    );
    for await (const chunk of stream) {
      const { event, name, toolCallId } = chunk as { event: string; name: string; toolCallId?: string };
      chunks.push([event, name, toolCallId]);
    }
    expect(chunks.map(String).sort()).toEqual([
      "on_tool_end,echo,a",
      "on_tool_error,failing,b",
      "on_tool_start,echo,a",
      "on_tool_start,failing,b",
    ]);
  });

  it("accepts two tools of one name and runs the first", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const second = tool(() => "second", { name: "echo", description: "Another echo", schema: z.object({ text: z.string() }) });
      const [message] = await runNode(make([echo, second]), [{ name: "echo", args: { text: "x" }, id: "c1" }]);
      expect(message!.content).toBe("echo: x");
    } finally {
      warn.mockRestore();
    }
  });

  it("runs tools whose names model APIs reject (a dot, more than 64 characters)", async () => {
    const dotted = tool(() => "read", { name: "files.read", description: "Reads", schema: z.object({}) });
    const long = tool(() => "long", { name: `t${"x".repeat(70)}`, description: "Long name", schema: z.object({}) });
    const messages = await runNode(make([dotted, long]), [
      { name: "files.read", args: {}, id: "a" },
      { name: long.name, args: {}, id: "b" },
    ]);
    expect(messages.map((message) => [message.content, message.status])).toEqual([
      ["read", "success"],
      ["long", "success"],
    ]);
  });

  it("runs a tool whose schema has no JSON Schema form (z.coerce.date())", async () => {
    const when = tool(({ at }: { at: Date }) => `year ${at.getUTCFullYear()}`, {
      name: "when",
      description: "Reads a date",
      schema: z.object({ at: z.coerce.date() }),
    });
    const [message] = await runNode(make([when]), [{ name: "when", args: { at: "2026-11-23T00:00:00Z" }, id: "c1" }]);
    expect(message!.content).toBe("year 2026");
  });

  it("keeps the node's name and the tools it was given", async () => {
    const node = make([echo, failing], { name: "my_tools" });
    expect(node.name).toBe("my_tools");
    expect(node.tools.map((each) => each.name).sort()).toEqual(["echo", "failing"]);
  });
});

describe("DynamicToolNode extensions over ToolNode (opt-in)", () => {
  it("appends close matches after ToolNode's not-found text", async () => {
    const [message] = await runNode(new DynamicToolNode(new ToolCatalog({ tools: [echo] })), [{ name: "ecco", args: {}, id: "c1" }]);
    expect(message!.content).toBe('Error: Tool "ecco" not found.\n Please fix your mistakes. Did you mean: echo?');
    expect(message!.artifact).toMatchObject({ code: "TOOL_NOT_FOUND", toolName: "ecco", suggestions: ["echo"] });
  });

  it("answers a tool's ToolMessage for another call with INVALID_TOOL_RESULT, whatever type the call's id is", async () => {
    const impostor = tool(() => new ToolMessage({ content: "custom", tool_call_id: "other" }), {
      name: "impostor",
      description: "Answers another call",
      schema: z.object({}),
    });
    const [message] = await runNode(new DynamicToolNode(new ToolCatalog({ tools: [impostor] })), [
      { name: "impostor", args: {}, id: 5 as unknown as string },
    ]);
    expect(message!.artifact).toMatchObject({ code: "INVALID_TOOL_RESULT", toolName: "impostor" });
    expect(message!.content).toContain('not "5"');
  });

  it("refuses request tools that are not tools, naming the entry, before any call runs", async () => {
    const ran = vi.fn(() => "ran");
    const counted = tool(ran, { name: "counted", description: "Counts its runs", schema: z.object({}) });
    const node = new DynamicToolNode(new ToolCatalog({ tools: [counted] }));
    const input = { messages: [aiCalls([{ name: "counted", args: {}, id: "c1" }])] };
    await expect(node.invoke(input, { configurable: { requestTools: [echo, null] } })).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message:
        "requestTools[1] must be a LangChain tool (an object with a string name and an invoke method, of the process that runs the graph: JSON sent with a request cannot be one), got null.",
    });
    // A value that is no list at all is refused the same way (it was ignored without a word), from context too.
    await expect(node.invoke(input, { configurable: { requestTools: "oops" } })).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message: expect.stringMatching(/^requestTools must be a list of LangChain tools .*, got "oops"\.$/),
    });
    await expect(node.invoke(input, { context: { requestTools: 5 } } as LangGraphRunnableConfig)).rejects.toMatchObject({
      code: "INVALID_OPTION",
    });
    expect(ran).not.toHaveBeenCalled();
    // Nothing given (or null) is no request tools.
    await expect(node.invoke(input, { configurable: { requestTools: null } })).resolves.toBeTruthy();
    expect(ran).toHaveBeenCalledOnce();
  });

  it("answers for the call a ToolMessage its tool returned without a tool_call_id (ToolNode passes on one no provider accepts)", async () => {
    const bare = tool(() => new ToolMessage({ content: "no id" } as never), {
      name: "bare",
      description: "Forgets the id",
      schema: z.object({}),
    });
    const [message] = await runNode(new DynamicToolNode(new ToolCatalog({ tools: [bare] })), [{ name: "bare", args: {}, id: "k3" }]);
    expect(message).toMatchObject({ content: "no id", tool_call_id: "k3" });
    expect(message!.status).not.toBe("error");
  });

  it("keeps node.tools read-only: pushing to it or assigning it throws instead of being lost", () => {
    const node = new DynamicToolNode(new ToolCatalog({ tools: [echo] }));
    expect(() => (node.tools as unknown[]).push(failing)).toThrow(TypeError);
    expect(() => {
      node.tools = [failing];
    }).toThrow(/read-only.*catalog\.add.*extraTools/);
    expect(node.tools.map((each) => each.name)).toEqual(["echo"]);
  });

  it("runs a catalog tool added after the node was built, and lists it in node.tools", async () => {
    const catalog = new ToolCatalog({ tools: [echo] });
    const node = new DynamicToolNode(catalog);
    catalog.add([failing]);
    expect(node.tools.map((each) => each.name).sort()).toEqual(["echo", "failing"]);
    const [message] = await runNode(node, [{ name: "failing", args: {}, id: "c1" }]);
    expect(message!.content).toBe("Error: boom\n Please fix your mistakes.");
  });

  it("is an instance of ToolNode, with ToolNode's runnable name and config handling", async () => {
    const node = new DynamicToolNode(new ToolCatalog({ tools: [echo] }));
    expect(node).toBeInstanceOf(ToolNode);
    expect(node.name).toBe("tools");
    const config: LangGraphRunnableConfig = { configurable: { thread_id: "x" } };
    await expect(node.invoke({ messages: [aiCalls([{ name: "echo", args: { text: "z" }, id: "c1" }])] }, config)).resolves.toBeTruthy();
  });
});
