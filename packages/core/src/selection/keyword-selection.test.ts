import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { CATEGORY_TOOLS, CORE, gymCatalog } from "../__fixtures__/gym-catalog.js";
import type { ConversationMessage } from "../conversation/conversation-text.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { selectByKeywords, keywordSelector } from "../__fixtures__/select-by-keywords.js";
import { createToolSelector } from "./tool-selector.js";

const catalog = gymCatalog();
const { clients, memberships, attendance, salary, staff, classes } = CATEGORY_TOOLS;
const noTokens = { countTokens: false } as const;

const user = (content: string): ConversationMessage => ({ role: "user", content });
const assistant = (content: string): ConversationMessage => ({ role: "assistant", content });

/** freeze → memberships, salary (current); clients, staff (related); classes (history). */
const PRIORITY_CONVERSATION = [user("any yoga class tomorrow?"), assistant("Yes, two."), user("freeze my membership and check salary")];
const PRIORITY_ORDER = [...CORE, ...memberships, ...salary, ...clients, ...staff, ...classes];

describe("keyword selection: matching and reasons", () => {
  it("puts core tools first, then the matched category, then related categories", () => {
    const selection = selectByKeywords(catalog, "what is the salary total?", noTokens);
    expect(selection.tools).toEqual([...CORE, ...salary, ...staff]);
    expect(selection.count).toBe(7);
    expect(selection.core).toEqual([...CORE]);
    expect(selection.categories).toEqual([
      { name: "salary", reason: 'keyword "salary" in the current message', tier: "current", keyword: "salary" },
      { name: "staff", reason: "related to salary", tier: "related", relatedTo: "salary" },
    ]);
    expect(selection.matchedTools).toEqual([]);
    expect(selection.trimmed).toEqual([]);
    expect(selection.trimmedBy).toBeUndefined();
    expect(selection.strategy).toBe("keyword");
    expect(selection.totalTools).toBe(24);
    expect(selection.budget).toEqual({ maxTools: 128 });
    expect(selection.query).toEqual({ current: "what is the salary total?", history: [] });
  });

  it("reports the first keyword in the message (a phrase counts from its first word)", () => {
    expect(selectByKeywords(catalog, "what is pending salary?", noTokens).categories[0]).toEqual({
      name: "salary",
      reason: 'keyword "pending salary" in the current message',
      tier: "current",
      keyword: "pending salary",
    });
  });

  it("matches whole words only: no category fires on 'display', 'whole' or 'membership' for member", () => {
    const selection = selectByKeywords(catalog, "display the whole membership", noTokens);
    expect(selection.categories.map((category) => [category.name, category.tier, category.keyword])).toEqual([
      ["memberships", "current", "membership"],
      ["clients", "related", undefined],
    ]);
  });

  it("follows related links to relatedDepth 0, 1 and 2", () => {
    expect(selectByKeywords(catalog, "what is the salary total?", { ...noTokens, relatedDepth: 0 }).tools).toEqual([...CORE, ...salary]);
    expect(selectByKeywords(catalog, "what is the salary total?", { ...noTokens, relatedDepth: 1 }).tools).toEqual([
      ...CORE,
      ...salary,
      ...staff,
    ]);
    const deep = selectByKeywords(catalog, "what is the salary total?", { ...noTokens, relatedDepth: 2 });
    expect(deep.tools).toEqual([...CORE, ...salary, ...staff, ...classes]);
    expect(deep.categories.slice(1)).toEqual([
      { name: "staff", reason: "related to salary", tier: "related", relatedTo: "salary" },
      { name: "classes", reason: "related to staff", tier: "related", relatedTo: "staff" },
    ]);
    expect(selectByKeywords(gymCatalog({ relatedDepth: 0 }), "what is the salary total?", noTokens).tools).toEqual([...CORE, ...salary]);
  });

  it("terminates on related cycles (clients ↔ memberships)", () => {
    const selection = selectByKeywords(catalog, "show me the client list", { ...noTokens, relatedDepth: 5 });
    expect(selection.categories.map((category) => category.name)).toEqual(["clients", "memberships", "attendance"]);
    expect(selection.tools).toEqual([...CORE, ...clients, ...memberships, ...attendance]);
  });

  it("ranks a later-matched current category above every related one, and sorts each tier in catalog order", () => {
    const selection = selectByKeywords(catalog, "yoga class and salary", noTokens);
    expect(selection.tools).toEqual([...CORE, ...salary, ...classes, ...staff]);
    expect(selection.categories.map((category) => [category.name, category.tier])).toEqual([
      ["salary", "current"],
      ["classes", "current"],
      ["staff", "related"],
    ]);
  });

  it("adds history matches after current and related ones, with a 'from history' reason", () => {
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION, noTokens);
    expect(selection.tools).toEqual(PRIORITY_ORDER);
    expect(selection.categories).toEqual([
      { name: "memberships", reason: 'keyword "freeze" in the current message', tier: "current", keyword: "freeze" },
      { name: "salary", reason: 'keyword "salary" in the current message', tier: "current", keyword: "salary" },
      { name: "clients", reason: "related to memberships", tier: "related", relatedTo: "memberships" },
      { name: "staff", reason: "related to salary", tier: "related", relatedTo: "salary" },
      {
        name: "classes",
        reason: 'from history: "any yoga class tomorrow?"',
        tier: "history",
        keyword: "yoga",
        message: "any yoga class tomorrow?",
      },
    ]);
    expect(selection.query).toEqual({ current: "freeze my membership and check salary", history: ["any yoga class tomorrow?"] });
  });

  it("expands related categories of history matches within the history tier", () => {
    const selection = selectByKeywords(catalog, [user("show salary"), assistant("…"), user("thanks")], noTokens);
    expect(selection.categories).toEqual([
      { name: "salary", reason: 'from history: "show salary"', tier: "history", keyword: "salary", message: "show salary" },
      { name: "staff", reason: "related to salary (from history)", tier: "history", relatedTo: "salary" },
    ]);
    expect(selection.tools).toEqual([...CORE, ...salary, ...staff]);
  });

  it("credits a history match to the most recent message and never repeats a current match", () => {
    const recent = selectByKeywords(
      catalog,
      [user("salary for March"), assistant("…"), user("salary for April"), assistant("…"), user("ok")],
      noTokens,
    );
    expect(recent.categories[0]!.reason).toBe('from history: "salary for April"');
    const repeated = selectByKeywords(catalog, [user("salary?"), assistant("…"), user("salary again")], noTokens);
    expect(repeated.categories.map((category) => [category.name, category.tier])).toEqual([
      ["salary", "current"],
      ["staff", "related"],
    ]);
  });

  it("quotes long history messages in at most 80 characters", () => {
    const long = `salary ${"x".repeat(100)}`;
    const selection = selectByKeywords(catalog, [user(long), assistant("…"), user("ok")], noTokens);
    expect(selection.categories[0]!.reason).toBe(`from history: "${long.slice(0, 79)}…"`);
    expect(selection.categories[0]!.message).toBe(long);
  });

  it("reads LangChain conversations, ignoring the tool loop after the latest human message", () => {
    const selection = selectByKeywords(
      catalog,
      [
        new HumanMessage("any yoga class tomorrow?"),
        new AIMessage("Yes, two."),
        new HumanMessage("freeze my membership and check salary"),
        new AIMessage({ content: "", tool_calls: [{ id: "c1", name: "freeze_membership", args: {} }] }),
        new ToolMessage({ content: "frozen; attendance and payroll updated", tool_call_id: "c1" }),
      ],
      noTokens,
    );
    expect(selection.tools).toEqual(PRIORITY_ORDER);
  });

  it("respects history settings", () => {
    expect(selectByKeywords(catalog, PRIORITY_CONVERSATION, { ...noTokens, history: { messages: 0 } }).tools).toEqual([
      ...CORE,
      ...memberships,
      ...salary,
      ...clients,
      ...staff,
    ]);
    expect(selectByKeywords(catalog, PRIORITY_CONVERSATION, { ...noTokens, history: { window: 1 } }).query.history).toEqual([]);
  });
});

describe("keyword selection: defaults", () => {
  it("uses the default categories when nothing matches anywhere", () => {
    const selection = selectByKeywords(catalog, "hello, how are you?", noTokens);
    expect(selection.categories).toEqual([
      { name: "clients", reason: "default", tier: "default" },
      { name: "memberships", reason: "default", tier: "default" },
    ]);
    expect(selection.tools).toEqual([...CORE, ...clients, ...memberships]);
  });

  it("does not use defaults when history matched", () => {
    const selection = selectByKeywords(catalog, [user("yoga class"), assistant("…"), user("hello")], noTokens);
    expect(selection.categories.map((category) => [category.name, category.tier])).toEqual([["classes", "history"]]);
    expect(selection.tools).toEqual([...CORE, ...classes]);
  });

  it("does not use defaults when only a tool keyword matched", () => {
    const selection = selectByKeywords(catalog, "send the receipt", noTokens);
    expect(selection.categories).toEqual([]);
    expect(selection.tools).toEqual([...CORE, "send_invoice"]);
  });

  it("binds only core tools when nothing matches and there are no defaults", () => {
    expect(selectByKeywords(gymCatalog({ defaults: [] }), "hello", noTokens).tools).toEqual([...CORE]);
    expect(selectByKeywords(catalog, [], noTokens).tools).toEqual([...CORE, ...clients, ...memberships]);
  });
});

describe("keyword selection: tool-level keywords", () => {
  it("selects a single tool by its own keyword (matchedTools), ahead of categories of the same tier", () => {
    const selection = selectByKeywords(catalog, "send the invoice for the yoga class", noTokens);
    expect(selection.matchedTools).toEqual([
      { name: "send_invoice", reason: 'keyword "invoice" in the current message', tier: "current", keyword: "invoice" },
    ]);
    expect(selection.tools).toEqual([...CORE, "send_invoice", ...classes]);
  });

  it("selects a single tool from history", () => {
    const selection = selectByKeywords(catalog, [user("email the invoice"), assistant("done"), user("ok")], noTokens);
    expect(selection.matchedTools).toEqual([
      {
        name: "send_invoice",
        reason: 'from history: "email the invoice"',
        tier: "history",
        keyword: "invoice",
        message: "email the invoice",
      },
    ]);
    expect(selection.tools).toEqual([...CORE, "send_invoice"]);
  });
});

describe("keyword selection: filters", () => {
  it("never selects a disabled tool, even when its own keyword matched", () => {
    const selection = selectByKeywords(catalog, "purge all clients", noTokens);
    expect(selection.matchedTools.map((tool) => tool.name)).toEqual(["delete_all_clients"]);
    expect(selection.tools).toEqual([...CORE, ...clients, ...memberships, ...attendance]);
    expect(selection.tools).not.toContain("delete_all_clients");
  });

  it("never binds a disabled core tool", () => {
    const selection = selectByKeywords(catalog, "hello", { ...noTokens, core: ["delete_all_clients", "get_gym_info"] });
    expect(selection.core).toEqual(["get_gym_info"]);
    expect(selection.tools).toEqual(["get_gym_info", ...clients, ...memberships]);
  });

  it("does not select a non-searchable tool unless it is core", () => {
    const selection = selectByKeywords(catalog, "export payroll csv", noTokens);
    expect(selection.matchedTools.map((tool) => tool.name)).toEqual(["export_payroll_csv"]);
    expect(selection.tools).toEqual([...CORE, ...salary, ...staff]);
    const asCore = selectByKeywords(catalog, "export payroll csv", { ...noTokens, core: ["get_gym_info", "export_payroll_csv"] });
    expect(asCore.tools).toEqual(["get_gym_info", "export_payroll_csv", ...salary, ...staff]);
    expect(asCore.core).toEqual(["get_gym_info", "export_payroll_csv"]);
  });

  it("filters by platform", () => {
    const withoutCalendar = classes.filter((name) => name !== "sync_class_calendar");
    expect(selectByKeywords(catalog, "yoga class", noTokens).tools).toEqual([...CORE, ...classes]);
    expect(selectByKeywords(catalog, "yoga class", { ...noTokens, platform: "web" }).tools).toEqual([...CORE, ...withoutCalendar]);
    expect(selectByKeywords(catalog, "yoga class", { ...noTokens, platform: "ios" }).tools).toEqual([...CORE, ...classes]);
  });

  it("excludes tools, core ones included", () => {
    const selection = selectByKeywords(catalog, "what is the salary total?", { ...noTokens, exclude: ["pay_salary", "get_gym_info"] });
    expect(selection.tools).toEqual(["change_theme", "get_salary_stats", "get_pending_salaries", ...staff]);
    expect(selection.core).toEqual(["change_theme"]);
  });
});

describe("keyword selection: budget", () => {
  it("trims by maxTools in priority order, never cutting core", () => {
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION, { ...noTokens, maxTools: 10 });
    expect(selection.tools).toEqual(PRIORITY_ORDER.slice(0, 10));
    expect(selection.tools).toEqual([...CORE, ...memberships, ...salary, "get_clients_list", "create_client"]);
    expect(selection.trimmed).toEqual(["update_client", "get_client_profile", ...staff, ...classes]);
    expect(selection.trimmedBy).toBe("maxTools");
    expect(selection.count).toBe(10);
    expect(selection.budget).toEqual({ maxTools: 10 });
    expect(selectByKeywords(catalog, PRIORITY_CONVERSATION, { ...noTokens, maxTools: 2 }).tools).toEqual([...CORE]);
  });

  it("trims by maxTokens as a strict prefix in priority order", () => {
    const prefix = PRIORITY_ORDER.slice(0, 6);
    const prefixTokens = prefix.reduce((sum, name) => sum + catalog.tokensOf(name), 0);
    expect(catalog.tokensOf(PRIORITY_ORDER[6]!)).toBeGreaterThan(1);
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION, { maxTokens: prefixTokens + 1 });
    expect(selection.tools).toEqual(prefix);
    expect(selection.trimmed).toEqual(PRIORITY_ORDER.slice(6));
    expect(selection.trimmedBy).toBe("maxTokens");
    expect(selection.tokens!.selected).toBe(prefixTokens);
    expect(selection.budget).toEqual({ maxTools: 128, maxTokens: prefixTokens + 1 });
  });

  it("reports maxTools when it cuts before maxTokens would", () => {
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION, { maxTools: 4, maxTokens: 100_000 });
    expect(selection.tools).toEqual(PRIORITY_ORDER.slice(0, 4));
    expect(selection.trimmedBy).toBe("maxTools");
  });

  it("rejects options that would cut core tools, at selector construction", () => {
    let caught: unknown;
    try {
      keywordSelector(catalog, { maxTools: 1 });
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught)).toBe(true);
    expect((caught as DynamicToolsError).code).toBe("CORE_EXCEEDS_BUDGET");
    expect(() => keywordSelector(catalog, { defaults: ["nope"] })).toThrow(/category "nope" does not exist/);
  });
});

describe("keyword selection: tokens", () => {
  it("counts the tokens of the selected definitions and of all enabled tools", () => {
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION);
    const selected = selection.tools.reduce((sum, name) => sum + catalog.tokensOf(name), 0);
    const all = catalog.tools().reduce((sum, tool) => (tool.enabled ? sum + catalog.tokensOf(tool.name) : sum), 0);
    expect(selection.tokens).toEqual({ selected, all });
    expect(selection.tokens!.all).toBeGreaterThanOrEqual(selection.tokens!.selected);
    expect(selection.tokens!.all).toBe(catalog.totalTokens());
  });

  it("omits tokens with countTokens: false", () => {
    const selection = selectByKeywords(catalog, PRIORITY_CONVERSATION, noTokens);
    expect("tokens" in selection).toBe(false);
  });
});

describe("keyword selection is deterministic and the default for a catalog with keywords", () => {
  it("gives the same result as createToolSelector's default strategy on a catalog whose categories declare keywords", () => {
    const options = { maxTools: 12, relatedDepth: 2 };
    const viaKeyword = selectByKeywords(catalog, PRIORITY_CONVERSATION, options);
    expect(createToolSelector(catalog, options)(PRIORITY_CONVERSATION)).toEqual(viaKeyword);
  });

  it("returns deep-equal output for the same input", () => {
    const select = keywordSelector(catalog);
    const first = select(PRIORITY_CONVERSATION);
    const second = select(PRIORITY_CONVERSATION);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it("keeps interleaved selectors on different conversations independent", () => {
    const conversationA = PRIORITY_CONVERSATION;
    const conversationB = [user("who came today?"), assistant("12 people"), user("hello")];
    const expectedA = selectByKeywords(gymCatalog(), conversationA, { maxTools: 10 });
    const expectedB = selectByKeywords(gymCatalog(), conversationB, { platform: "web" });
    const selectA = keywordSelector(catalog, { maxTools: 10 });
    const selectB = keywordSelector(catalog, { platform: "web" });
    for (let round = 0; round < 3; round++) {
      expect(selectA(conversationA)).toEqual(expectedA);
      expect(selectB(conversationB)).toEqual(expectedB);
    }
    expect(expectedB.categories.map((category) => [category.name, category.tier])).toEqual([
      ["clients", "history"],
      ["memberships", "history"],
      ["attendance", "history"],
    ]);
    expect(expectedB.categories.map((category) => category.reason)).toEqual([
      'from history: "who came today?"',
      "related to clients (from history)",
      'from history: "who came today?"',
    ]);
  });
});
