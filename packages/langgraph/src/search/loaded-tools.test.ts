import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { reduceLoadedTools } from "./loaded-tools.js";
import { loadedToolRecency, loadedToolsFromMessages } from "./loaded-tools-history.js";
import type { ToolSearchArtifact } from "./search-artifact.js";

function searchResult(id: string, loaded: string[], options: { status?: "error"; name?: string } = {}): ToolMessage {
  const artifact: ToolSearchArtifact = { query: "q", limit: 5, totalCandidates: 9, matches: [], loaded, namespaces: [] };
  return new ToolMessage({
    content: "…",
    artifact,
    name: options.name ?? "tool_search",
    tool_call_id: id,
    ...(options.status ? { status: options.status } : {}),
  });
}

function calls(...names: string[]): AIMessage {
  return new AIMessage({
    content: "",
    tool_calls: names.map((name, index) => ({ name, args: {}, id: `${name}-${index}`, type: "tool_call" as const })),
  });
}

describe("reduceLoadedTools (the loaded channel's append-unique reducer)", () => {
  it("appends new names once, keeping first-load order", () => {
    expect(reduceLoadedTools(["a", "b"], ["b", "c", "a", "d", "c"])).toEqual(["a", "b", "c", "d"]);
  });

  it("treats a never-written channel (null) as empty", () => {
    expect(reduceLoadedTools(null, ["a"])).toEqual(["a"]);
    expect(reduceLoadedTools(undefined, { unload: ["a"] })).toEqual([]);
  });

  it("removes the names of an { unload } update and keeps the others' order", () => {
    expect(reduceLoadedTools(["a", "b", "c"], { unload: ["b", "zzz"] })).toEqual(["a", "c"]);
    expect(reduceLoadedTools(["a", "c"], ["b"])).toEqual(["a", "c", "b"]);
  });

  it("never mutates the current value", () => {
    const current = Object.freeze(["a"]) as readonly string[];
    expect(reduceLoadedTools(current, ["b"])).toEqual(["a", "b"]);
    expect(current).toEqual(["a"]);
  });
});

describe("loadedToolsFromMessages (rebuild from history)", () => {
  it("unions the loaded tools of every tool_search result, in first-load order", () => {
    const messages = [
      new HumanMessage("open an issue"),
      calls("tool_search"),
      searchResult("s1", ["create_issue", "list_issues"]),
      calls("create_issue"),
      new ToolMessage({ content: "ok", name: "create_issue", tool_call_id: "create_issue-0" }),
      calls("tool_search"),
      searchResult("s2", ["get_weather", "create_issue"]),
    ];
    expect(loadedToolsFromMessages(messages)).toEqual(["create_issue", "list_issues", "get_weather"]);
  });

  it("ignores failed searches, other tools' results and results without an artifact", () => {
    const messages = [
      searchResult("s1", ["a"], { status: "error" }),
      searchResult("s2", ["b"], { name: "other_tool" }),
      new ToolMessage({ content: "no artifact", name: "tool_search", tool_call_id: "s3" }),
      searchResult("s4", ["c"]),
    ];
    expect(loadedToolsFromMessages(messages)).toEqual(["c"]);
  });

  it("honours a renamed search tool", () => {
    expect(loadedToolsFromMessages([searchResult("s", ["a"], { name: "find_tools" })], { toolName: "find_tools" })).toEqual(["a"]);
  });
});

describe("loadedToolRecency", () => {
  it("records the last load or call of each tool and where the current turn starts", () => {
    const messages = [
      new HumanMessage("first"), // 0
      calls("tool_search"), // 1
      searchResult("s1", ["a", "b"]), // 2
      calls("a"), // 3
      new HumanMessage("second"), // 4
      calls("tool_search"), // 5
      searchResult("s2", ["c"]), // 6
    ];
    const { lastUsed, turnStart } = loadedToolRecency(messages);
    expect(Object.fromEntries(lastUsed)).toEqual({ tool_search: 5, a: 3, b: 2, c: 6 });
    expect(turnStart).toBe(4);
  });

  it("has no turn start without a human message", () => {
    expect(loadedToolRecency([]).turnStart).toBe(-1);
  });
});
