import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { readCalledTools } from "./called-tools.js";

const call = (id: string, name: string) => new AIMessage({ content: "", tool_calls: [{ id, name, args: {} }] });

describe("readCalledTools", () => {
  it("reads the tools called successfully before the current message, with how many turns ago", () => {
    const messages = [
      new HumanMessage("book yoga for Ann"),
      call("1", "book_class"),
      new ToolMessage({ tool_call_id: "1", content: "booked" }),
      new HumanMessage("weather in Paris?"),
      call("2", "get_weather"),
      new ToolMessage({ tool_call_id: "2", content: "18°C" }),
      new AIMessage("18°C."),
      new HumanMessage("and tomorrow?"),
    ];
    expect(readCalledTools(messages)).toEqual([
      { name: "get_weather", turnsAgo: 1 },
      { name: "book_class", turnsAgo: 2 },
    ]);
    expect(readCalledTools(messages, { turns: 1 })).toEqual([{ name: "get_weather", turnsAgo: 1 }]);
  });

  it("skips calls that failed or that no tool message answered, and keeps each tool's most recent call", () => {
    const messages = [
      new HumanMessage("a"),
      call("1", "get_weather"),
      new ToolMessage({ tool_call_id: "1", content: "ok" }),
      new HumanMessage("b"),
      call("2", "send_email"),
      new ToolMessage({ tool_call_id: "2", content: "Error: bad address", status: "error" }),
      call("3", "delete_file"),
      call("4", "get_weather"),
      new ToolMessage({ tool_call_id: "4", content: "ok" }),
      new HumanMessage("c"),
    ];
    expect(readCalledTools(messages)).toEqual([{ name: "get_weather", turnsAgo: 1 }]);
  });

  it("does not read a delivery the select step appended (its artifact marks it) as a call", () => {
    const messages = [
      new HumanMessage("what is on the calendar?"),
      call("select_1", "tool_search"),
      new ToolMessage({
        tool_call_id: "select_1",
        content: "Loaded",
        artifact: { query: "calendar", loaded: ["list_events"], delivery: true },
      }),
      call("2", "list_events"),
      new ToolMessage({ tool_call_id: "2", content: "[]" }),
      new HumanMessage("and next week?"),
    ];
    expect(readCalledTools(messages)).toEqual([{ name: "list_events", turnsAgo: 1 }]);
  });

  it("reads OpenAI-style plain messages, and ignores what is not a message", () => {
    const messages = [
      { role: "user", content: "weather?" },
      { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "c1", content: "sunny" },
      null,
      { role: "user", content: "thanks" },
    ];
    expect(readCalledTools(messages as never)).toEqual([{ name: "get_weather", turnsAgo: 1 }]);
    expect(readCalledTools([])).toEqual([]);
  });
});
