/**
 * Hostile tool calls, as an untrusted (prompt-injected or broken) model may emit them, through both runtimes
 * (DynamicToolNode in a StateGraph; createAgent + dynamicToolsMiddleware): ids duplicated, missing or huge; names
 * unknown, huge, unicode or named like Object.prototype keys; arguments of the wrong type, huge or deeply nested;
 * tools throwing anything. Every step must complete with one error or success ToolMessage per call, never throw
 * out of the graph, never run a refused call, and finish within a generous per-step bound.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executionRuntimes, nodeRuntime, settle, type StepCall } from "../../packages/langgraph/src/__fixtures__/execution-runtimes.js";

/** Per step, including graph setup: far above the few milliseconds a step takes, far below a hang. */
const STEP_BOUND_MS = 3_000;

function hostileCatalog() {
  const ran: Array<{ name: string; args: unknown }> = [];
  const record = (name: string) => (args: unknown) => (ran.push({ name, args }), `${name} ok`);
  const catalog = new ToolCatalog({
    tools: [
      tool(record("lookup"), { name: "lookup", description: "Looks a record up", schema: z.object({ id: z.string() }) }),
      tool(record("note"), { name: "note", description: "Stores a note", schema: z.object({ text: z.string().optional() }).passthrough() }),
      tool(record("disabled_tool"), { name: "disabled_tool", description: "Never runs", schema: z.object({}) }),
    ],
    declarations: [{ name: "disabled_tool", enabled: false }],
  });
  return { catalog, ran };
}

const deep = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < depth; level += 1) value = { inner: value };
  return value;
};

const cases: Array<[string, StepCall[]]> = [
  [
    "duplicate ids",
    [
      { name: "lookup", args: { id: "a" }, id: "dup" },
      { name: "lookup", args: { id: "b" }, id: "dup" },
    ],
  ],
  [
    "missing ids",
    [
      { name: "lookup", args: { id: "a" } },
      { name: "note", args: { text: "x" } },
    ],
  ],
  ["an empty id", [{ name: "lookup", args: { id: "a" }, id: "" }]],
  ["a huge id", [{ name: "lookup", args: { id: "a" }, id: "i".repeat(200_000) }]],
  ["an unknown name", [{ name: "rm_rf", args: {}, id: "c1" }]],
  ["a huge name", [{ name: "x".repeat(100_000), args: {}, id: "c1" }]],
  [
    "unicode names",
    [
      { name: "删除文件", args: {}, id: "c1" },
      { name: "look\u202Eup", args: {}, id: "c2" },
      { name: "🔥".repeat(50), args: {}, id: "c3" },
    ],
  ],
  [
    "Object.prototype keys as names",
    ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"].map((name, index) => ({
      name,
      args: {},
      id: `p${index}`,
    })),
  ],
  ["a disabled tool", [{ name: "disabled_tool", args: {}, id: "c1" }]],
  [
    "arguments of the wrong type",
    [
      { name: "lookup", args: { id: 12 }, id: "c1" },
      { name: "lookup", args: { id: null }, id: "c2" },
      { name: "lookup", args: {}, id: "c3" },
    ],
  ],
  ["huge arguments", [{ name: "note", args: { text: "y".repeat(1_000_000) }, id: "c1" }]],
  ["deeply nested arguments", [{ name: "note", args: deep(1_000), id: "c1" }]],
  [
    "names that are not strings",
    ([undefined, null, 42, { a: 1 }, ["lookup"]] as unknown[]).map(
      (name, index) => ({ name, args: {}, id: `n${index}` }) as unknown as StepCall,
    ),
  ],
  [
    "prototype keys as arguments",
    [{ name: "note", args: JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}') as Record<string, unknown>, id: "c1" }],
  ],
];

describe.each(executionRuntimes)("hostile tool calls: %s", (_label, runtime) => {
  it.each(cases)("%s: one answer per call, no crash, no refused call run", async (_what, calls) => {
    const { catalog, ran } = hostileCatalog();
    const started = performance.now();
    const run = await settle(runtime, { catalog, calls });
    const elapsed = performance.now() - started;
    expect(run.error).toBeUndefined();
    expect(elapsed).toBeLessThan(STEP_BOUND_MS);
    expect(run.toolMessages).toHaveLength(calls.length);
    expect(ran.map((entry) => entry.name).filter((name) => name !== "lookup" && name !== "note")).toEqual([]);
    for (const message of run.toolMessages) {
      expect(["success", "error"]).toContain(message.status ?? "success");
      // Nothing the model sent is echoed back unbounded.
      expect(String(message.content).length).toBeLessThan(20_000);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("an unknown name gets ToolNode's text and a TOOL_NOT_FOUND code; a prototype key gets no suggestion from Object.prototype", async () => {
    const { catalog } = hostileCatalog();
    const run = await settle(runtime, {
      catalog,
      calls: [
        { name: "lookupp", args: {}, id: "c1" },
        { name: "constructor", args: {}, id: "c2" },
      ],
    });
    expect(run.toolMessages[0]!.content).toBe('Error: Tool "lookupp" not found.\n Please fix your mistakes. Did you mean: lookup?');
    expect(run.toolMessages[1]!.artifact).toEqual({ code: "TOOL_NOT_FOUND", toolName: "constructor" });
  });

  it("a huge unknown name is refused quickly and quoted shortened", async () => {
    const { catalog } = hostileCatalog();
    const name = "n".repeat(100_000);
    const run = await settle(runtime, { catalog, calls: [{ name, args: {}, id: "c1" }] });
    expect(run.toolMessages[0]!.artifact).toMatchObject({ code: "TOOL_NOT_FOUND" });
    expect(String(run.toolMessages[0]!.content).length).toBeLessThan(1_000);
  });

  const throws: Array<[string, () => unknown]> = [
    ["an Error", () => new Error("e")],
    ["a TypeError", () => new TypeError("t")],
    ["a string", () => "s"],
    ["a number", () => 7],
    ["a boolean", () => false],
    ["a symbol", () => Symbol("s")],
    ["a bigint", () => 10n],
    ["an array", () => [1, 2]],
    ["a plain object", () => ({ a: 1 })],
    ["a circular object", () => ((value: Record<string, unknown>) => ((value.self = value), value))({})],
    [
      "an object whose toJSON throws",
      () => ({
        toJSON: () => {
          throw new Error("no");
        },
      }),
    ],
    ["null", () => null],
    ["undefined", () => undefined],
    ["a huge message", () => new Error("m".repeat(1_000))],
    [
      "an error whose message getter throws",
      () =>
        Object.defineProperty(new Error("x"), "message", {
          get() {
            throw new Error("getter");
          },
        }),
    ],
    ["a rejected promise with no reason", () => undefined],
  ];

  it.each(throws)("a tool throwing %s gives an error ToolMessage", async (_what, thrown) => {
    const catalog = new ToolCatalog({
      tools: [
        tool(
          async () => {
            throw thrown();
          },
          { name: "fails", description: "Throws", schema: z.object({}) },
        ),
      ],
    });
    const run = await settle(runtime, { catalog, calls: [{ name: "fails", args: {}, id: "c1" }] });
    expect(run.error).toBeUndefined();
    expect(run.toolMessages.map((message) => [message.tool_call_id, message.status])).toEqual([["c1", "error"]]);
    expect(String(run.toolMessages[0]!.content)).toMatch(/^Error: [\s\S]+\n Please fix your mistakes\.$/);
  });
});

// createAgent itself (with a checkpointer, or any middleware with afterModel or wrapToolCall, ours or not) overflows
// the stack on arguments nested 5,000 deep, in LangGraph's Send deserialisation, before any middleware hook runs; the
// graph node has no such limit.
it("DynamicToolNode: arguments nested 5,000 deep give one answer and no crash", async () => {
  const { catalog } = hostileCatalog();
  const run = await settle(nodeRuntime, { catalog, calls: [{ name: "note", args: deep(5_000), id: "c1" }] });
  expect(run.error).toBeUndefined();
  expect(run.toolMessages).toHaveLength(1);
});
