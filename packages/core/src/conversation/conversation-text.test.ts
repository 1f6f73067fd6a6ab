import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { readConversation, textOf, type ConversationMessage } from "./conversation-text.js";

describe("readConversation", () => {
  it("reads a string as the current message with no history", () => {
    expect(readConversation("what is pending salary?")).toEqual({ current: "what is pending salary?", history: [] });
  });

  it("reads plain {role, content} messages (the documented example)", () => {
    expect(
      readConversation([
        { role: "user", content: "show me all active clients" },
        { role: "assistant", content: "Here they are…" },
        { role: "user", content: "freeze the first one" },
      ]),
    ).toEqual({ current: "freeze the first one", history: ["show me all active clients"] });
  });

  it("accepts role human and {type} messages", () => {
    expect(
      readConversation([
        { type: "human", content: "first" },
        { type: "ai", content: "ok" },
        { role: "human", content: "second" },
      ]),
    ).toEqual({ current: "second", history: ["first"] });
  });

  it("reads LangChain messages; the latest human message is current, later AI and tool messages are ignored", () => {
    const messages = [
      new SystemMessage("You are a gym assistant"),
      new HumanMessage("show me all active clients"),
      new AIMessage("Here are 3 clients"),
      new HumanMessage("freeze John's membership"),
      new AIMessage({ content: "", tool_calls: [{ id: "call_1", name: "freeze_membership", args: { id: 5 } }] }),
      new ToolMessage({ content: "frozen salary payroll", tool_call_id: "call_1" }),
      new AIMessage("Done, anything about salary?"),
    ];
    expect(readConversation(messages)).toEqual({ current: "freeze John's membership", history: ["show me all active clients"] });
  });

  it("returns an empty current message when there is no human message", () => {
    expect(readConversation([])).toEqual({ current: "", history: [] });
    expect(readConversation([new AIMessage("hello"), { role: "system", content: "x" }])).toEqual({ current: "", history: [] });
  });

  it("keeps only human messages within the last 8 messages before the current one (window cuts older ones)", () => {
    const messages: ConversationMessage[] = [
      { role: "user", content: "h0 salary" }, // 0: outside the window
      { role: "user", content: "h1" }, // 1: outside
      { role: "user", content: "h2" }, // 2: outside
      { role: "assistant", content: "a3" }, // 3: window starts here (11 - 8)
      { role: "assistant", content: "a4" },
      { role: "user", content: "h5" },
      { role: "tool", content: "t6" },
      { role: "assistant", content: "a7" },
      { role: "user", content: "h8" },
      { role: "assistant", content: "a9" },
      { role: "assistant", content: "a10" },
      { role: "user", content: "current" }, // 11
    ];
    expect(messages).toHaveLength(12);
    expect(readConversation(messages)).toEqual({ current: "current", history: ["h5", "h8"] });
    expect(readConversation(messages, { historyWindow: 12 })).toEqual({ current: "current", history: ["h1", "h2", "h5", "h8"] });
  });

  it("keeps at most the last 4 human messages, most recent last", () => {
    const messages = Array.from({ length: 12 }, (_, index) => new HumanMessage(`m${index}`));
    expect(readConversation(messages)).toEqual({ current: "m11", history: ["m7", "m8", "m9", "m10"] });
    expect(readConversation(messages, { historyMessages: 2 })).toEqual({ current: "m11", history: ["m9", "m10"] });
    expect(readConversation(messages, { historyWindow: 3 })).toEqual({ current: "m11", history: ["m8", "m9", "m10"] });
  });

  it("turns history off with 0 messages or a 0 window", () => {
    const messages = [new HumanMessage("a"), new AIMessage("b"), new HumanMessage("c")];
    expect(readConversation(messages, { historyMessages: 0 })).toEqual({ current: "c", history: [] });
    expect(readConversation(messages, { historyWindow: 0 })).toEqual({ current: "c", history: [] });
  });

  it("reads the text blocks of content arrays", () => {
    const messages: ConversationMessage[] = [
      {
        role: "user",
        content: [
          { type: "text", text: "show" },
          { type: "image_url", image_url: { url: "x" } },
          { type: "text", text: "clients" },
        ],
      },
      new AIMessage("ok"),
      new HumanMessage({
        content: [
          { type: "text", text: "what is" },
          { type: "text", text: "pending salary?" },
        ],
      }),
    ];
    expect(readConversation(messages)).toEqual({ current: "what is pending salary?", history: ["show clients"] });
  });
});

describe("textOf", () => {
  it("reads strings, string blocks and text blocks; anything else is empty", () => {
    expect(textOf("plain")).toBe("plain");
    expect(textOf(["a", { type: "text", text: "b" }, { type: "image_url" }, null, ""])).toBe("a b");
    expect(textOf(undefined)).toBe("");
    expect(textOf(42)).toBe("");
    expect(textOf({ text: "not an array" })).toBe("");
  });
});

describe("hostile histories", () => {
  it("skips null, undefined, strings and numbers among the messages", () => {
    const messages = [
      null,
      { role: "user", content: "show me all clients" },
      undefined,
      "junk",
      42,
      { role: "assistant", content: "ok" },
      { role: "user", content: "freeze the first" },
    ];
    expect(readConversation(messages as unknown as ConversationMessage[])).toEqual({
      current: "freeze the first",
      history: ["show me all clients"],
    });
    expect(readConversation([null, null] as unknown as ConversationMessage[])).toEqual({ current: "", history: [] });
  });

  it("reads content blocks that are null or not objects as no text, and a getType that returns no string as no role", () => {
    expect(textOf([null, 3, { text: "hello" }, { text: 5 }, "world"])).toBe("hello world");
    const odd = { getType: () => 7, content: "x" } as unknown as ConversationMessage;
    expect(readConversation([odd, { role: "user", content: "hi there" }])).toEqual({ current: "hi there", history: [] });
  });
});
