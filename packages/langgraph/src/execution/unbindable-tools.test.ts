/**
 * Code-defined tools model APIs would reject (a name outside ^[a-zA-Z0-9_-]{1,64}$, a schema with no JSON Schema
 * form) are accepted as ToolNode accepts them: they run when the model calls them, are never bound, and the
 * selection's explanation says why. Both runtimes: the prebuilt graph agent and createAgent + the middleware.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";

function catalogWithOddTools() {
  return new ToolCatalog({
    tools: [
      tool(() => "12:00", { name: "get_time", description: "Current time", schema: z.object({}) }),
      tool(() => "file text", { name: "files.read", description: "Reads a file", schema: z.object({}) }),
      tool(({ at }: { at: Date }) => `day ${at.getUTCDate()}`, {
        name: "when",
        description: "Reads a date",
        schema: z.object({ at: z.coerce.date() }),
      }),
    ],
    core: ["get_time", "files.read", "when"],
  });
}

const step = new AIMessage({
  content: "",
  tool_calls: [
    { name: "files.read", args: {}, id: "a", type: "tool_call" },
    { name: "when", args: { at: "2026-11-23" }, id: "b", type: "tool_call" },
  ],
});

type Run = { messages: unknown[]; toolSelection?: { tools: string[]; unbindable?: Array<{ name: string; reason: string }> } | null };

const runtimes: Array<[string, () => { invoke: () => Promise<Run>; bound: string[][] }]> = [
  [
    "createDynamicToolAgent",
    () => {
      const { model, bound } = recordBoundTools(fakeModel().respond(step).respond(new AIMessage("done")));
      const agent = createDynamicToolAgent({ model, catalog: catalogWithOddTools(), countTokens: false });
      return { bound, invoke: async () => (await agent.invoke({ messages: [new HumanMessage("read it")] })) as unknown as Run };
    },
  ],
  [
    "createAgent + dynamicToolsMiddleware",
    () => {
      const { model, bound } = recordBoundTools(fakeModel().respond(step).respond(new AIMessage("done")));
      const agent = createAgent({
        model,
        tools: [],
        middleware: [dynamicToolsMiddleware({ catalog: catalogWithOddTools(), countTokens: false })],
        checkpointer: new MemorySaver(),
      });
      return {
        bound,
        invoke: async () =>
          (await agent.invoke({ messages: [new HumanMessage("read it")] }, { configurable: { thread_id: "odd" } })) as unknown as Run,
      };
    },
  ],
];

describe.each(runtimes)("tools model APIs would reject: %s", (_label, build) => {
  it("are never bound, are explained, and run when called", async () => {
    const { invoke, bound } = build();
    const result = await invoke();
    expect(bound.length).toBeGreaterThan(0);
    for (const names of bound) expect(names).toEqual(["get_time"]);
    expect(result.toolSelection?.unbindable?.map((entry) => entry.name)).toEqual(["files.read", "when"]);
    expect(result.toolSelection?.unbindable?.[0]?.reason).toContain("its name does not match");
    expect(result.toolSelection?.unbindable?.[1]?.reason).toContain("its schema has no JSON Schema form");
    const replies = (result.messages as unknown[])
      .filter((message): message is ToolMessage => ToolMessage.isInstance(message))
      .map((message) => message.content);
    expect(replies).toEqual(["file text", "day 23"]);
  });
});
