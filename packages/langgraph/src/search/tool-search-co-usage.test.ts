import { DynamicToolsError, UsageModel, UsageRecorder } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { createAgent } from "langchain";
import type { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import type { ToolSearchArtifact } from "./search-artifact.js";
import { createToolSearchTool, type ToolSearchOptions } from "./tool-search-tool.js";

/** get_weather used with translate_text 3 times, send_email twice, debug_dump (not searchable) 3 times, convert_currency once. */
function setup(options: Omit<ToolSearchOptions, "usage"> = {}) {
  const { catalog } = createSearchCatalog();
  const usage = new UsageModel({ catalog });
  const turns: string[][] = [
    ["get_weather", "translate_text", "debug_dump"],
    ["get_weather", "translate_text", "debug_dump", "send_email"],
    ["get_weather", "translate_text", "debug_dump", "send_email"],
    ["get_weather", "convert_currency"],
  ];
  usage.observe(turns.map((tools) => ({ message: "weather in Paris, in French", tools, at: 0 })));
  return createToolSearchTool(catalog, { ...options, usage });
}

async function run(toolSearch: ReturnType<typeof createToolSearchTool>, query: string) {
  const result = (await toolSearch.invoke({ name: "tool_search", args: { query }, id: "c1", type: "tool_call" })) as Command;
  const message = (result.update as { messages: ToolMessage[] }).messages[0]!;
  return { text: String(message.content), artifact: message.artifact as ToolSearchArtifact };
}

describe("tool_search with usage", () => {
  it("adds each match's 'Often used with' line to the text and the artifact, naming only tools the caller may see", async () => {
    const { text, artifact } = await run(setup(), "weather forecast");
    const weather = artifact.matches.find((match) => match.name === "get_weather")!;
    expect(weather.oftenUsedWith).toEqual(["translate_text", "send_email", "convert_currency"]);
    expect(text).toMatch(
      /1\. get_weather \(score=[\d.]+\) — Weather forecast for a city\n {3}↳ when to use: [^\n]+\n {3}↳ Often used with: translate_text, send_email, convert_currency\n/,
    );
    expect(text).not.toContain("debug_dump");
  });

  it("honours limit, minWeight and the caller's exclusions", async () => {
    const { artifact, text } = await run(
      setup({ oftenUsedWith: { limit: 1, minWeight: 2 }, exclude: ["translate_text"] }),
      "weather forecast",
    );
    expect(artifact.matches.find((match) => match.name === "get_weather")!.oftenUsedWith).toEqual(["send_email"]);
    expect(text).toContain("↳ Often used with: send_email\n");
  });

  it("leaves matches without co-usage (and every match without usage) exactly as before", async () => {
    const { artifact } = await run(setup(), "convert an amount between currencies");
    const currency = artifact.matches.find((match) => match.name === "convert_currency")!;
    expect(currency.oftenUsedWith).toEqual(["get_weather"]);
    const { catalog } = createSearchCatalog();
    const plain = await run(createToolSearchTool(catalog), "weather forecast");
    expect(plain.text).not.toContain("Often used with");
    for (const match of plain.artifact.matches) expect(Object.keys(match).sort()).toEqual(["description", "name", "score"]);
    const email = artifact.matches.find((match) => match.name === "send_email");
    if (email !== undefined) expect(email.oftenUsedWith).toEqual(["get_weather"]);
  });

  it("rejects bad options at construction", () => {
    const { catalog } = createSearchCatalog();
    expect(() => createToolSearchTool(catalog, { usage: {} as never })).toThrow(DynamicToolsError);
    expect(() => createToolSearchTool(catalog, { usage: new UsageModel({ catalog }), oftenUsedWith: { minWeight: 0 } })).toThrow(
      /minWeight/,
    );
    expect(() => createToolSearchTool(catalog, { usage: new UsageModel({ catalog }), oftenUsedWith: { limit: 0 } })).toThrow(/limit/);
  });
});

describe.each(["createAgent middleware", "prebuilt agent"] as const)("tool_search with usage in the %s", (entry) => {
  it("the entry point's recorder annotates its tool_search results (one shared wiring)", async () => {
    const { catalog } = createSearchCatalog();
    const model = new UsageModel({ catalog });
    model.observe([
      { message: "weather then translate", tools: ["get_weather", "translate_text"], at: 0 },
      { message: "weather then translate", tools: ["get_weather", "translate_text"], at: 0 },
    ]);
    const chat = fakeModel()
      .respond(callTool("tool_search", { query: "weather forecast" }))
      .respond(new AIMessage("found it"));
    const usage = new UsageRecorder({ model });
    const agent =
      entry === "prebuilt agent"
        ? createDynamicToolAgent({ model: chat, catalog, mode: "search", usage, countTokens: false })
        : createAgent({
            model: chat,
            tools: [],
            middleware: [dynamicToolsMiddleware({ catalog, mode: "search", usage, countTokens: false })],
          });
    const result = await agent.invoke({ messages: [new HumanMessage("what will the weather be?")] });
    const search = result.messages.find((message) => ToolMessage.isInstance(message) && message.name === "tool_search") as ToolMessage;
    const weather = (search.artifact as ToolSearchArtifact).matches.find((match) => match.name === "get_weather")!;
    expect(weather.oftenUsedWith).toEqual(["translate_text"]);
    expect(String(search.content)).toContain("↳ Often used with: translate_text");
  });
});
