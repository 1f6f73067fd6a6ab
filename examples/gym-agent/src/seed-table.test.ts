/**
 * The results table of a published write-up on keyword-based dynamic tool selection for a 137-tool gym chatbot
 * ("Dynamic Tool Selection (Solving the 128 Tool Limit)"): for each message, how many tools are bound. The gym
 * catalog reproduces it exactly: the first acceptance test.
 */
import { createToolSelector, defaultStrategyFor, type KeywordToolSelector } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { CORE_TOOL_NAMES } from "./tools/index.js";

const catalog = createGymCatalog();
// The gym catalog declares keywords for every category, so the default strategy is keyword (synchronous).
const select = createToolSelector(catalog) as KeywordToolSelector;

const ALL_KEYWORDS =
  "show clients attendance revenue salary staff trainers plans offers leads referrals documents goals photos notes " +
  "classes appointments guests products campaigns equipment engagement gamification loyalty wearables surveys diet facilities";

describe("the published selection table on the 137-tool gym catalog", () => {
  it("selects by category keywords by default", () => {
    expect(defaultStrategyFor(catalog)).toBe("keyword");
    expect(select("what is pending salary?").strategy).toBe("keyword");
  });

  it("has 137 tools in 30 categories plus 8 core tools", () => {
    expect(catalog.size).toBe(137);
    expect(catalog.categories()).toHaveLength(30);
    expect(catalog.settings.core).toEqual(CORE_TOOL_NAMES);
  });

  it.each([
    ["show me all clients", 32, ["clients", "memberships", "attendance"]],
    ["what is pending salary?", 19, ["salary", "staff"]],
    ["hello, how are you?", 44, ["clients", "memberships", "attendance", "revenue", "trainers", "enquiries", "plans"]],
    ["show me revenue and attendance stats", 16, ["attendance", "revenue"]],
    ["book appointment for client", 43, ["clients", "appointments", "memberships", "attendance", "trainers", "staff"]],
    ["show me dashboard", 44, ["clients", "memberships", "attendance", "revenue", "trainers", "enquiries", "plans"]],
  ] as const)("%j selects %i tools", (message, count, categories) => {
    const selection = select(message);
    expect(selection.count).toBe(count);
    expect(selection.categories.map((category) => category.name)).toEqual(categories);
    expect(selection.tools.slice(0, 8)).toEqual(CORE_TOOL_NAMES);
    expect(selection.trimmed).toEqual([]);
  });

  it("marks the no-match messages as defaults", () => {
    for (const message of ["hello, how are you?", "show me dashboard"]) {
      expect(new Set(select(message).categories.map((category) => category.reason))).toEqual(new Set(["default"]));
    }
  });

  it("caps the all-keywords message at 128 with the 8 core tools first", () => {
    const selection = select(ALL_KEYWORDS);
    expect(selection.count).toBe(128);
    expect(selection.tools.slice(0, 8)).toEqual(CORE_TOOL_NAMES);
    // 135 candidates (every category but custom_fields, which no word names): 7 trimmed, lowest priority last.
    expect(selection.trimmed).toHaveLength(7);
    expect(selection.trimmedBy).toBe("maxTools");
    expect(new Set([...selection.tools, ...selection.trimmed]).size).toBe(135);
  });

  it("keeps clients in scope on a follow-up (multi-turn context)", () => {
    const selection = select([
      { role: "user", content: "show me all active clients" },
      { role: "assistant", content: "Here are your 8 active clients…" },
      { role: "user", content: "freeze the first one" },
    ]);
    const bound = new Set(selection.tools);
    for (const name of catalog.category("clients")!.tools) expect(bound.has(name)).toBe(true);
    for (const name of catalog.category("memberships")!.tools) expect(bound.has(name)).toBe(true);
    expect(selection.categories[0]).toMatchObject({ name: "memberships", reason: 'keyword "freeze" in the current message' });
  });

  it("explains the salary selection with reasons and tokens", () => {
    const selection = select("what is pending salary?");
    expect(selection.categories.map(({ name, reason }) => ({ name, reason }))).toEqual([
      { name: "salary", reason: 'keyword "pending salary" in the current message' },
      { name: "staff", reason: "related to salary" },
    ]);
    expect(selection.tokens!.selected).toBeLessThan(selection.tokens!.all);
    expect(selection.tokens!.all).toBe(catalog.names().reduce((sum, name) => sum + catalog.tokensOf(name), 0));
  });
});
