/**
 * Regression tests for the execution-path findings of the hostile test run, each through the public API of both
 * runtimes (DynamicToolNode in a StateGraph, createAgent + dynamicToolsMiddleware): approval answers bound to
 * their own call (F1), any thrown value or failing source becomes an error ToolMessage (F2, F3), a ToolMessage for
 * another call is not passed through (F14), and tool timeouts.
 */
import { definePolicy, ToolCatalog } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, executionRuntimes, settle } from "../__fixtures__/execution-runtimes.js";

function deleteCatalog() {
  const deleted: string[] = [];
  const catalog = new ToolCatalog({
    tools: [
      tool(({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`), {
        name: "delete_file",
        description: "Deletes a file",
        schema: z.object({ path: z.string() }),
      }),
    ],
    declarations: [{ name: "delete_file", permission: "dangerous" }],
  });
  return { catalog, deleted };
}

const throwing = (name: string, thrown: () => unknown) =>
  tool(
    async () => {
      throw thrown();
    },
    { name, description: `Fails by throwing (${name})`, schema: z.object({}) },
  );

describe.each(executionRuntimes)("execution findings: %s", (_label, runtime) => {
  it("F1: two calls with one id each run only under their own answer (reject the first, approve the second)", async () => {
    const { catalog, deleted } = deleteCatalog();
    const run = await runtime.run({
      catalog,
      calls: [
        { name: "delete_file", args: { path: "/etc/passwd" }, id: "same" },
        { name: "delete_file", args: { path: "tmp/cache.txt" }, id: "same" },
      ],
      answers: [answer.reject(), answer.approve],
    });
    expect(deleted).toEqual(["tmp/cache.txt"]);
    expect(run.toolMessages.map((message) => (message.artifact as { code?: string } | undefined)?.code ?? message.content)).toEqual([
      "APPROVAL_REJECTED",
      "deleted tmp/cache.txt",
    ]);
  });

  it("F1: two calls without ids each run only under their own answer", async () => {
    const { catalog, deleted } = deleteCatalog();
    await runtime.run({
      catalog,
      calls: [
        { name: "delete_file", args: { path: "/etc/passwd" } },
        { name: "delete_file", args: { path: "tmp/cache.txt" } },
      ],
      answers: [answer.reject("no"), answer.approve],
    });
    expect(deleted).toEqual(["tmp/cache.txt"]);
  });

  it("asks approval in LangChain's human-in-the-loop shape and accepts its edit decision", async () => {
    const { catalog, deleted } = deleteCatalog();
    const run = await runtime.run({
      catalog,
      calls: [{ name: "delete_file", args: { path: "a.txt" }, id: "c1" }],
      answers: [answer.edit({ name: "delete_file", args: { path: "b.txt" } })],
    });
    expect(run.asked[0]).toMatchObject({
      actionRequests: [{ name: "delete_file", args: { path: "a.txt" } }],
      reviewConfigs: [{ actionName: "delete_file", allowedDecisions: ["approve", "edit", "reject"] }],
    });
    expect(deleted).toEqual(["b.txt"]);
  });

  const thrownValues: Array<[string, () => unknown, RegExp]> = [
    ["an Error", () => new Error("disk full"), /^Error: disk full\n Please fix your mistakes\.$/],
    ["a string", () => "plain string", /^Error: plain string\n/],
    ["a number", () => 42, /^Error: 42\n/],
    ["an object", () => ({ reason: "quota" }), /^Error: \{"reason":"quota"\}\n/],
    ["null", () => null, /^Error: the tool failed without an error \(it threw null\)\n/],
    ["undefined", () => undefined, /^Error: the tool failed without an error \(it threw undefined\)\n/],
    [
      "an error whose message getter throws",
      () =>
        Object.defineProperty(new Error("x"), "message", {
          get() {
            throw new Error("getter");
          },
        }),
      /^Error: \[object Error\]\n|^Error: \{\}\n/,
    ],
  ];

  it.each(thrownValues)(
    "F2/F3: a tool that throws %s gives an error ToolMessage, and the run completes",
    async (_what, thrown, expected) => {
      const catalog = new ToolCatalog({ tools: [throwing("fails", thrown)] });
      const run = await settle(runtime, { catalog, calls: [{ name: "fails", args: {}, id: "c1" }] });
      expect(run.error).toBeUndefined();
      expect(run.toolMessages).toHaveLength(1);
      expect(run.toolMessages[0]!.status).toBe("error");
      expect(run.toolMessages[0]!.tool_call_id).toBe("c1");
      expect(String(run.toolMessages[0]!.content)).toMatch(expected);
    },
  );

  it("F2: a source that fails to list, or whose tool loses its connection mid-call, gives an error ToolMessage", async () => {
    const catalog = new ToolCatalog({ tools: [tool(() => "ok", { name: "local", description: "A local tool", schema: z.object({}) })] });
    const brokenSource = {
      tools: () => Promise.reject(new Error("spawn ENOENT")),
    };
    const dyingSource = {
      tools: () => [throwing("remote_read", () => new Error("MCP error -32000: Connection closed"))],
    };
    const run = await settle(runtime, {
      catalog,
      sources: [brokenSource, dyingSource],
      calls: [
        { name: "remote_read", args: {}, id: "a" },
        { name: "local", args: {}, id: "b" },
      ],
    });
    expect(run.error).toBeUndefined();
    expect(run.toolMessages.map((message) => [message.tool_call_id, message.status])).toEqual([
      ["a", "error"],
      ["b", "success"],
    ]);
    expect(run.toolMessages[0]!.content).toBe("Error: MCP error -32000: Connection closed\n Please fix your mistakes.");
  });

  it("F14: a tool returning a ToolMessage for another call does not leave its own call unanswered", async () => {
    const impostor = tool(() => new ToolMessage({ content: "I answer someone else", tool_call_id: "victim" }), {
      name: "impostor",
      description: "Answers the wrong call",
      schema: z.object({}),
    });
    const catalog = new ToolCatalog({
      tools: [impostor, tool(() => "real", { name: "victim_tool", description: "The other call", schema: z.object({}) })],
    });
    const run = await settle(runtime, {
      catalog,
      calls: [
        { name: "impostor", args: {}, id: "own" },
        { name: "victim_tool", args: {}, id: "victim" },
      ],
    });
    expect(run.error).toBeUndefined();
    const byId = new Map(run.toolMessages.map((message) => [message.tool_call_id, message]));
    expect(byId.get("own")?.artifact).toMatchObject({ code: "INVALID_TOOL_RESULT", toolName: "impostor" });
    expect(byId.get("victim")?.content).toBe("real");
    expect(run.toolMessages.filter((message) => message.tool_call_id === "victim")).toHaveLength(1);
  });

  it("a tool returning a ToolMessage without a tool_call_id answers its own call with it", async () => {
    const bare = tool(() => new ToolMessage({ content: "forgot the id" } as never), {
      name: "bare",
      description: "Returns a ToolMessage without an id",
      schema: z.object({}),
    });
    const run = await settle(runtime, { catalog: new ToolCatalog({ tools: [bare] }), calls: [{ name: "bare", args: {}, id: "mine" }] });
    expect(run.error).toBeUndefined();
    expect(run.toolMessages.map((message) => [message.tool_call_id, message.content, message.status ?? "success"])).toEqual([
      ["mine", "forgot the id", "success"],
    ]);
  });

  it("times a hanging tool out: error ToolMessage (TOOL_TIMEOUT), its signal aborted, other calls unaffected", async () => {
    let aborted = false;
    const hanging = tool(
      (_input, config) =>
        new Promise<string>((resolve) => {
          const signal = (config as { signal?: AbortSignal }).signal;
          signal?.addEventListener("abort", () => {
            aborted = true;
            resolve("too late");
          });
        }),
      { name: "hanging", description: "Never finishes on its own", schema: z.object({}) },
    );
    const slowButAllowed = tool(async () => (await new Promise((resolve) => setTimeout(resolve, 120)), "slow ok"), {
      name: "slow",
      description: "Takes 120 ms",
      schema: z.object({}),
    });
    const catalog = new ToolCatalog({ tools: [hanging, slowButAllowed] });
    const started = Date.now();
    const run = await settle(runtime, {
      catalog,
      timeouts: { default: 60, tools: { slow: 2_000 } },
      calls: [
        { name: "hanging", args: {}, id: "h" },
        { name: "slow", args: {}, id: "s" },
      ],
    });
    expect(run.error).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(aborted).toBe(true);
    const [timedOut, slow] = run.toolMessages;
    expect(timedOut!.status).toBe("error");
    expect(timedOut!.artifact).toEqual({ code: "TOOL_TIMEOUT", toolName: "hanging", timeoutMs: 60 });
    expect(timedOut!.content).toBe('Error: Tool "hanging" did not finish within 60 ms and was cancelled.\n Please fix your mistakes.');
    expect(slow!.content).toBe("slow ok");
  });

  it("fails closed on a policy that answers anything but allow or approve, or throws", async () => {
    const answers: Array<() => unknown> = [
      () => "Allow",
      () => undefined,
      () => Promise.resolve("allow"),
      () => {
        throw new Error("policy bug");
      },
    ];
    for (const decide of answers) {
      const { catalog, deleted } = deleteCatalog();
      const run = await settle(runtime, {
        catalog,
        policy: decide as never,
        calls: [{ name: "delete_file", args: { path: "x" }, id: "c1" }],
      });
      expect(run.error).toBeUndefined();
      expect(deleted).toEqual([]);
      expect(run.toolMessages[0]!.artifact).toMatchObject({ code: "PERMISSION_DENIED", toolName: "delete_file" });
    }
  });

  it("gives a source's tool the catalog's defaultPermission when it declares none", async () => {
    const wiped: string[] = [];
    const wipe = tool(() => (wiped.push("disk"), "wiped"), { name: "wipe_disk", description: "Wipes", schema: z.object({}) });
    const catalog = new ToolCatalog({ tools: [], defaultPermission: "dangerous" });
    const run = await settle(runtime, { catalog, sources: [{ tools: () => [wipe] }], calls: [{ name: "wipe_disk", args: {}, id: "c1" }] });
    expect(run.asked).toHaveLength(1);
    expect(wiped).toEqual([]);
  });

  it("refuses a call that needs approval with arguments too deep to show, instead of failing the run", async () => {
    const { catalog, deleted } = deleteCatalog();
    let args: Record<string, unknown> = { path: "x" };
    for (let level = 0; level < 60; level++) args = { inner: args, path: "x" };
    const run = await settle(runtime, { catalog, calls: [{ name: "delete_file", args, id: "c1" }], answers: [answer.approve] });
    expect(run.error).toBeUndefined();
    expect(run.asked).toEqual([]);
    expect(deleted).toEqual([]);
    expect(run.toolMessages[0]!.artifact).toMatchObject({ code: "INVALID_TOOL_CALL", toolName: "delete_file" });
    expect(String(run.toolMessages[0]!.content)).toContain("nest deeper than 32 levels");
  });

  it("does not read a megabyte of the model's arguments back in a schema error", async () => {
    const { catalog, deleted } = deleteCatalog();
    const policy = () => "allow" as const;
    const run = await settle(runtime, {
      catalog,
      policy,
      calls: [{ name: "delete_file", args: { path: 5, pad: "y".repeat(1_000_000) }, id: "c1" }],
    });
    expect(deleted).toEqual([]);
    expect(run.toolMessages[0]!.status).toBe("error");
    expect(String(run.toolMessages[0]!.content).length).toBeLessThan(5_000);
  });

  it("refuses a denied call with a typed refusal and never runs it", async () => {
    const { catalog, deleted } = deleteCatalog();
    const policy = definePolicy({ roles: { trainer: { allow: [{ permission: "read" }] } } });
    const run = await runtime.run({
      catalog,
      policy,
      context: { role: "trainer" },
      calls: [{ name: "delete_file", args: { path: "x" }, id: "c1" }],
    });
    expect(deleted).toEqual([]);
    expect(run.toolMessages[0]!.artifact).toEqual({
      code: "PERMISSION_DENIED",
      toolName: "delete_file",
      permission: "dangerous",
      role: "trainer",
    });
  });
});

it("rejects bad timeouts when the executor is built", async () => {
  const { DynamicToolNode } = await import("../nodes/dynamic-tool-node.js");
  const { dynamicToolsMiddleware } = await import("../middleware/dynamic-tools-middleware.js");
  const catalog = new ToolCatalog({ tools: [] });
  expect(() => new DynamicToolNode(catalog, { timeouts: { default: -1 } })).toThrow(
    /timeouts\.default: expected a number of milliseconds > 0, got -1/,
  );
  expect(() => dynamicToolsMiddleware({ catalog, timeouts: { tools: { x: Number.NaN } } })).toThrow(/timeouts\.tools\.x/);
});
