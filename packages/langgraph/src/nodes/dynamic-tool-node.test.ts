import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Annotation, Command, MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";

function callsMessage(calls: Array<{ name: string; args: Record<string, unknown>; id: string }>) {
  return new AIMessage({ content: "", tool_calls: calls.map((call) => ({ ...call, type: "tool_call" as const })) });
}

async function run(node: DynamicToolNode, calls: Parameters<typeof callsMessage>[0]): Promise<ToolMessage[]> {
  const output = (await node.invoke({ messages: [callsMessage(calls)] })) as { messages: ToolMessage[] };
  return output.messages;
}

describe("DynamicToolNode", () => {
  it("runs parallel calls to any catalog tool and answers each with its own ToolMessage", async () => {
    const { catalog, calls } = createSmallCatalog();
    const messages = await run(new DynamicToolNode(catalog), [
      { name: "get_staff_list", args: {}, id: "a" },
      { name: "get_pending_salaries", args: { month: "2026-11" }, id: "b" },
    ]);
    expect(messages.map((message) => [message.tool_call_id, message.status])).toEqual([
      ["a", "success"],
      ["b", "success"],
    ]);
    expect(calls.sort()).toEqual(["get_pending_salaries", "get_staff_list"]);
  });

  it("names close matches for an unknown tool", async () => {
    const { catalog } = createSmallCatalog();
    const [message] = await run(new DynamicToolNode(catalog), [{ name: "get_staf_list", args: {}, id: "x" }]);
    expect(message!.status).toBe("error");
    expect(message!.content).toBe('Error: Tool "get_staf_list" not found.\n Please fix your mistakes. Did you mean: get_staff_list?');
    expect(message!.artifact).toEqual({ code: "TOOL_NOT_FOUND", toolName: "get_staf_list", suggestions: ["get_staff_list"] });
  });

  it("refuses a disabled tool and never executes it", async () => {
    const { catalog, calls } = createSmallCatalog();
    const [message] = await run(new DynamicToolNode(catalog), [{ name: "delete_everything", args: {}, id: "x" }]);
    expect(message!.status).toBe("error");
    expect(message!.content).toContain('Tool "delete_everything" is not available');
    expect(calls).toEqual([]);
  });

  it("refuses excluded tools and tools for another platform", async () => {
    const { catalog, calls } = createSmallCatalog();
    const [excluded] = await run(new DynamicToolNode(catalog, { exclude: ["get_staff_list"] }), [
      { name: "get_staff_list", args: {}, id: "x" },
    ]);
    expect(excluded!.status).toBe("error");
    const desktopOnly = new ToolCatalog({
      tools: [tool(() => "ran", { name: "open_window", description: "Opens a window", schema: z.object({}) })],
      declarations: [{ name: "open_window", platforms: ["desktop"] }],
    });
    const [wrongPlatform] = await run(new DynamicToolNode(desktopOnly, { platform: "web" }), [{ name: "open_window", args: {}, id: "y" }]);
    expect(wrongPlatform!.status).toBe("error");
    const [rightPlatform] = await run(new DynamicToolNode(desktopOnly, { platform: "desktop" }), [
      { name: "open_window", args: {}, id: "z" },
    ]);
    expect(rightPlatform!.content).toBe("ran");
    expect(calls).toEqual([]);
  });

  it("answers invalid arguments and thrown errors with error ToolMessages", async () => {
    const failing = tool(
      () => {
        throw new Error("database is down");
      },
      { name: "flaky", description: "Fails", schema: z.object({}) },
    );
    const { catalog } = createSmallCatalog();
    const both = new ToolCatalog({ tools: [...catalog.executableTools(), failing] });
    const messages = await run(new DynamicToolNode(both), [
      { name: "get_pending_salaries", args: { month: 12 }, id: "bad-args" },
      { name: "flaky", args: {}, id: "throws" },
    ]);
    expect(messages.map((message) => message.status)).toEqual(["error", "error"]);
    expect(messages[1]!.content).toContain("database is down");
  });

  it("answers a declared tool without an implementation with an error", async () => {
    const catalog = new ToolCatalog({ tools: [{ name: "declared_only", description: "No code" }] });
    const [message] = await run(new DynamicToolNode(catalog), [{ name: "declared_only", args: {}, id: "x" }]);
    expect(message!.content).toContain("has no implementation");
  });

  it("passes Command returns through, as ToolNode does", async () => {
    const State = Annotation.Root({ ...MessagesAnnotation.spec, note: Annotation<string>() });
    const remember = tool(
      (_input, config) =>
        new Command({
          update: {
            note: "remembered",
            messages: [new ToolMessage({ content: "ok", tool_call_id: config.toolCall?.id ?? "", name: "remember" })],
          },
        }),
      { name: "remember", description: "Writes a note to state", schema: z.object({}) },
    );
    const catalog = new ToolCatalog({ tools: [remember] });
    const graph = new StateGraph(State).addNode("tools", new DynamicToolNode(catalog)).addEdge("__start__", "tools").compile();
    const result = await graph.invoke({ messages: [callsMessage([{ name: "remember", args: {}, id: "r" }])] });
    expect(result.note).toBe("remembered");
    expect(result.messages.at(-1)?.content).toBe("ok");
  });

  it("quotes a thrown error's message up to 4,000 characters, and throws it whole when errors are not handled", async () => {
    const long = new Error("E".repeat(100_000));
    const failing = tool(
      () => {
        throw long;
      },
      { name: "throw_long", description: "Fails at length", schema: z.object({}) },
    );
    const catalog = new ToolCatalog({ tools: [failing] });
    const [message] = await run(new DynamicToolNode(catalog), [{ name: "throw_long", args: {}, id: "x" }]);
    expect([message!.status, message!.tool_call_id]).toEqual(["error", "x"]);
    expect(message!.content).toBe(`Error: ${"E".repeat(4_000)}… (100000 characters)\n Please fix your mistakes.`);
    await expect(run(new DynamicToolNode(catalog, { handleToolErrors: false }), [{ name: "throw_long", args: {}, id: "x" }])).rejects.toBe(
      long,
    );
  });
});
