import { DynamicToolsError } from "@dynamic-tools/core";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createSearchCatalog, createSearchStep } from "../__fixtures__/search-catalog.js";
import type { ToolSearchArtifact } from "./search-artifact.js";
import { createToolSearchTool, type ToolSearchOptions } from "./tool-search-tool.js";

async function search(args: Record<string, unknown>, options: ToolSearchOptions = {}) {
  const { catalog } = createSearchCatalog();
  const toolSearch = createToolSearchTool(catalog, options);
  const result = (await toolSearch.invoke({ name: "tool_search", args, id: "call-1", type: "tool_call" })) as Command;
  expect(result).toBeInstanceOf(Command);
  const update = result.update as { messages: ToolMessage[]; loadedTools: string[] };
  const [message] = update.messages;
  return { message: message!, artifact: message!.artifact as ToolSearchArtifact, loadedTools: update.loadedTools, toolSearch };
}

function callSearch(args: Record<string, unknown>, id = "s1") {
  return new AIMessage({ content: "", tool_calls: [{ name: "tool_search", args, id, type: "tool_call" }] });
}

describe("createToolSearchTool", () => {
  it("answers with a ranked text list and the structured result as the ToolMessage artifact", async () => {
    const { message, artifact } = await search({ query: "weather forecast for paris" });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.tool_call_id).toBe("call-1");
    expect(message.name).toBe("tool_search");
    expect(artifact).toMatchObject({ query: "weather forecast for paris", limit: 5, totalCandidates: 10 });
    expect(artifact.matches[0]).toEqual({ name: "get_weather", description: "Weather forecast for a city", score: expect.any(Number) });
    expect(Object.keys(artifact.matches[0]!).sort()).toEqual(["description", "name", "score"]);
    expect(message.content).toMatch(
      /^Best tools for "weather forecast for paris" \(ranked by relevance\):\n1\. get_weather \(score=\d+\.\d{4}\) — Weather forecast for a city\n {3}↳ when to use: Use for forecasts/,
    );
    expect(message.content).toContain("Loaded (callable from your next step): get_weather");
  });

  it("loads what it found through a Command update of the loadedTools channel", async () => {
    const { loadedTools, artifact } = await search({ query: "send an email message" });
    expect(loadedTools).toEqual(["send_email"]);
    expect(artifact.loaded).toEqual(["send_email"]);
  });

  it("loads the whole namespace on a hit of any member, and names it", async () => {
    const { loadedTools, artifact, message } = await search({ query: "list pull requests" });
    expect(artifact.matches.map((match) => match.name)[0]).toBe("list_pulls");
    expect(loadedTools.slice(0, 4)).toEqual(["list_pulls", "create_issue", "list_issues", "close_issue"]);
    expect(artifact.namespaces).toContain("github");
    expect(message.content).toContain("github (4 tools)");
  });

  it("caps namespace loading at namespaceMaxSize (or the namespace's own maxSize)", async () => {
    const { loadedTools } = await search({ query: "list pull requests", limit: 1 }, { namespaceMaxSize: 2 });
    expect(loadedTools).toEqual(["list_pulls", "create_issue"]);
    const { catalog } = createSearchCatalog({ namespaces: { github: { maxSize: 3 } } });
    const result = (await createToolSearchTool(catalog).invoke({
      name: "tool_search",
      args: { query: "list pull requests", limit: 1 },
      id: "c",
      type: "tool_call",
    })) as Command;
    expect((result.update as { loadedTools: string[] }).loadedTools).toEqual(["list_pulls", "create_issue", "list_issues"]);
  });

  it("defaults to 5 results, clamps limit to the hard maximum, and records the effective limit", async () => {
    expect((await search({ query: "issue" })).artifact.limit).toBe(5);
    expect((await search({ query: "issue", limit: 50 })).artifact.limit).toBe(10);
    expect((await search({ query: "issue", limit: 50 }, { maxLimit: 3 })).artifact.limit).toBe(3);
    expect((await search({ query: "issue", limit: 0 })).artifact.limit).toBe(1);
    const { artifact } = await search({ query: "repository issue", limit: 2 });
    expect(artifact.matches.length).toBeLessThanOrEqual(2);
  });

  it("never returns core, disabled, non-searchable or excluded tools", async () => {
    const { artifact } = await search({ query: "time weather database debug dump delete", limit: 10 }, { exclude: ["get_weather"] });
    const names = artifact.matches.map((match) => match.name);
    for (const hidden of ["get_time", "drop_database", "debug_dump", "get_weather"]) expect(names).not.toContain(hidden);
    expect(artifact.totalCandidates).toBe(9);
  });

  it("lists the namespaces with their descriptions in its description", async () => {
    const { toolSearch } = await search({ query: "x" });
    expect(toolSearch.description).toContain("- github: GitHub issues and pull requests (4 tools)");
    expect(toolSearch.description).toContain("- calendar: The team calendar (2 tools)");
  });

  it("fails at construction on bad options", () => {
    const { catalog } = createSearchCatalog();
    const codeOf = (build: () => unknown) => {
      try {
        build();
      } catch (error) {
        return DynamicToolsError.isInstance(error) ? error.code : "other";
      }
      return "none";
    };
    expect(codeOf(() => createToolSearchTool(catalog, { maxLimit: 0 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createToolSearchTool(catalog, { defaultLimit: 12 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createToolSearchTool(catalog, { strategy: "nope" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createToolSearchTool(catalog, { core: ["nope"] }))).toBe("UNKNOWN_TOOL");
  });

  it.each([
    ["no catalog", {}, "catalog must be a ToolCatalog (new ToolCatalog({ tools }) or loadCatalogFile(file)), got nothing.", ["catalog"]],
    ["a catalog", { blacklist: "x" }, 'blacklist must be a list of tool names, got "x".', ["blacklist"]],
    ["a catalog", { blacklist: ["a", 5] }, "blacklist[1] must be a tool name, got number 5.", ["blacklist", 1]],
    ["a catalog", { core: "get_time" }, 'core must be a list of tool names, got "get_time".', ["core"]],
    ["a catalog", { exclude: "x" }, 'exclude must be a list of tool names, got "x".', ["exclude"]],
    ["a catalog", { platform: 5 }, "platform must be a platform name, got number 5.", ["platform"]],
    [
      "a catalog",
      { strategy: 5 },
      "strategy must be a built-in strategy name or a strategy object with name, index() and rank(), got number 5.",
      ["strategy"],
    ],
    ["a catalog", { minRelativeScore: "0.5" }, 'minRelativeScore must be a number between 0 and 1, got "0.5".', ["minRelativeScore"]],
    ["a catalog", { oftenUsedWith: 3 }, "oftenUsedWith must be an object { limit?, minWeight? }, got number 3.", ["oftenUsedWith"]],
  ])("refuses %s with options %j when built, naming the value and what is valid", (given, options, message, path) => {
    const { catalog } = createSearchCatalog();
    let thrown: unknown;
    try {
      createToolSearchTool((given === "no catalog" ? undefined : catalog) as never, options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DynamicToolsError);
    const { code, message: text, path: where } = thrown as DynamicToolsError;
    expect([code, text, where]).toEqual(["INVALID_OPTION", message, path]);
  });

  it("skips tools already bound this turn, reading the graph state, and the loaded channel appends", async () => {
    const { graph } = createSearchStep();
    const result = await graph.invoke({
      messages: [callSearch({ query: "github issue" })],
      toolSelection: { tools: ["get_time", "tool_search", "create_issue"] } as never,
      loadedTools: ["get_weather"],
    });
    const message = result.messages.at(-1) as ToolMessage;
    const artifact = message.artifact as ToolSearchArtifact;
    expect(artifact.matches.map((match) => match.name)).not.toContain("create_issue");
    expect(artifact.totalCandidates).toBe(8); // 10 visible, minus create_issue (bound) and get_weather (loaded)
    expect(result.loadedTools).toEqual(["get_weather", ...artifact.loaded]);
    expect(artifact.loaded).not.toContain("create_issue");
    expect(artifact.loaded).toEqual(expect.arrayContaining(["list_issues", "close_issue", "list_pulls"]));
  });
});
