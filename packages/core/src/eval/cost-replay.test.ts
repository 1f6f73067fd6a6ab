import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { billConversation } from "../cost/bill-requests.js";
import { cacheRules } from "../cost/cache-rules.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { groupConversations } from "./conversation-turns.js";
import { replayCost } from "./cost-replay.js";
import { replayPolicy, type PlannedConversation, type ReplayContext } from "./replay-policies.js";
import { exchange } from "./replay-transcript.js";

/** A selection of `tools` as a keyword selection would bind them (no ranking: every tool of a current category). */
function selectionOf(tools: string[]): ToolSelection {
  return {
    strategy: "keyword",
    tools,
    count: tools.length,
    totalTools: 3,
    core: [],
    categories: [{ name: "all", reason: "keyword", tier: "current" }],
    matchedTools: [],
    trimmed: [],
    budget: { maxTools: 128 },
    query: { current: "", history: [] },
  };
}

const TOKENS: Record<string, number> = { a: 500, b: 400, c: 300 };

function context(provider: "anthropic" | "openai" = "anthropic"): ReplayContext {
  return {
    rules: cacheRules(provider),
    system: [{ id: "system", tokens: 600 }],
    allTools: ["a", "b", "c"],
    core: [],
    tokensOf: (name) => TOKENS[name] ?? 0,
    membersOf: () => ["a", "b", "c"],
    bindable: () => true,
    toolSearchTokens: 100,
  };
}

/** Two turns: the first calls `a` (two model calls), the second needs no tool (one call). Human messages: 10 tokens. */
function twoTurns(second: string[] = ["a"]): PlannedConversation {
  return {
    id: "c",
    prelude: [],
    turns: [
      { needed: ["a"], selection: selectionOf(["a"]), exchange: exchange("t0.", 10, ["a"], {}) },
      { needed: [], selection: selectionOf(second), exchange: exchange("t1.", 10, [], {}) },
    ],
  };
}

describe("replayPolicy (hand-computed under Anthropic's rules)", () => {
  it("static: every tool, written once, then read", () => {
    const run = replayPolicy("static", twoTurns(), context());
    expect(run.requests.map((request) => request.messages.map((segment) => segment.id))).toEqual([
      ["t0.h"],
      ["t0.h", "t0.c", "t0.r0"],
      ["t0.h", "t0.c", "t0.r0", "t0.a", "t1.h"],
    ]);
    const bill = billConversation(run.requests, context().rules);
    // 1: tools 1,200 + system 600 + human 10 = 1,810 written (×1.25) = 2,262.5
    // 2: reads 1,810 (×0.1), writes call 30 + result 120 (×1.25) = 181 + 187.5
    // 3: reads 1,960, writes answer 60 + human 10 = 196 + 87.5
    expect(bill.total.billedTokens).toBeCloseTo(2262.5 + 368.5 + 283.5, 6);
    expect(run).toMatchObject({ toolsArrayChanges: 0, neededBoundTurns: 2 });
  });

  it("native: tool_search alone in the tools block; a selected tool's definition enters the messages once", () => {
    const run = replayPolicy("native", twoTurns(), context());
    expect(run.requests.every((request) => request.tools.map((tool) => tool.id).join() === "tool:tool_search")).toBe(true);
    expect(run.requests[2]!.messages.map((segment) => segment.id)).toEqual(["t0.h", "t0.ref", "t0.c", "t0.r0", "t0.a", "t1.h"]);
    const bill = billConversation(run.requests, context().rules);
    // 1: tool_search 100 + system 600 + human 10 + reference 500 = 1,210 written = 1,512.5 (700 at the system's end: too short to cache)
    // 2: reads 1,210, writes 150 = 121 + 187.5; 3: reads 1,360, writes 70 = 136 + 87.5
    expect(bill.total.billedTokens).toBeCloseTo(1512.5 + 308.5 + 223.5, 6);
  });

  it("native-proxy: tool_search and the proxy in the tools block; a delivery is its definitions after a header", () => {
    const proxied = { ...context(), proxyTokens: 80, proxyHeaderTokens: 30 };
    const run = replayPolicy("native-proxy", twoTurns(), proxied);
    expect(
      run.requests.every(
        (request) => request.tools.map((tool) => `${tool.id}=${tool.tokens}`).join() === "tool:tool_search=100,tool:call_tool=80",
      ),
    ).toBe(true);
    expect(run.requests[2]!.messages.map((segment) => `${segment.id}=${segment.tokens}`)).toEqual([
      "t0.h=10",
      "t0.ref=530",
      "t0.c=30",
      "t0.r0=120",
      "t0.a=60",
      "t1.h=10",
    ]);
    expect(run).toMatchObject({ toolsArrayChanges: 0, neededBoundTurns: 2 });
    const bill = billConversation(run.requests, proxied.rules);
    // Native's bill (above) plus the proxy (80) and the header (30) in the first write, and in each later read.
    expect(bill.total.billedTokens).toBeCloseTo(1512.5 + 110 * 1.25 + 308.5 + 11 + 223.5 + 11, 6);
  });

  it("per-turn changes the array for each new selection; cache-aware (without the proxy) keeps it while the needed tools are bound", () => {
    const perTurn = replayPolicy("per-turn", twoTurns(["b"]), context());
    expect(perTurn.requests.map((request) => request.tools.map((tool) => tool.id).join())).toEqual(["tool:a", "tool:a", "tool:b"]);
    expect(perTurn.toolsArrayChanges).toBe(1);
    const cacheAware = replayPolicy("cache-aware", twoTurns(["a"]), context());
    expect(cacheAware.toolsArrayChanges).toBe(0);
    // A turn that needs a tool the array lacks: appended after the previous tools (the cache-aware change).
    const planned = twoTurns();
    const shifted: PlannedConversation = {
      ...planned,
      turns: [planned.turns[0]!, { needed: ["b"], selection: selectionOf(["b"]), exchange: exchange("t1.", 10, ["b"], {}) }],
    };
    // With a 4,000-token tool in the catalog, the first turn saved more than the change re-bills.
    const large = {
      ...context(),
      allTools: ["a", "b", "c", "d"],
      tokensOf: (name: string) => (name === "d" ? 4_000 : (TOKENS[name] ?? 0)),
    };
    const changed = replayPolicy("cache-aware-no-proxy", shifted, large);
    expect(changed.requests.map((request) => request.tools.map((tool) => tool.id).join())).toEqual([
      "tool:a",
      "tool:a",
      "tool:a,tool:b",
      "tool:a,tool:b",
    ]);
    expect(changed).toMatchObject({ toolsArrayChanges: 1, neededBoundTurns: 2 });
    // With the 1,200-token catalog it saved 945 tokens, less than re-billing the prompt costs: the array is kept.
    const kept = replayPolicy("cache-aware-no-proxy", shifted, context());
    expect(kept).toMatchObject({ toolsArrayChanges: 0, neededBoundTurns: 1 });
    // With the proxy (bound from the first call: the tools left out outweigh it), the tool is delivered instead: its
    // definition and the header enter the messages after the human message, and the array never changes.
    const proxied = replayPolicy("cache-aware", shifted, { ...large, proxyTokens: 80, proxyHeaderTokens: 30 });
    expect(proxied.requests.map((request) => request.tools.map((tool) => `${tool.id}=${tool.tokens}`).join())).toEqual(
      Array(4).fill("tool:call_tool=80,tool:a=500"),
    );
    expect(proxied.requests[2]!.messages.map((segment) => `${segment.id}=${segment.tokens}`)).toEqual([
      "t0.h=10",
      "t0.c=30",
      "t0.r0=120",
      "t0.a=60",
      "t1.h=10",
      "t1.proxy1=430",
    ]);
    expect(proxied).toMatchObject({ toolsArrayChanges: 0, neededBoundTurns: 2 });
  });

  it("foresight: every tool the conversation calls, bound from its first call and never changed", () => {
    const planned = twoTurns();
    const twoTopics: PlannedConversation = {
      ...planned,
      turns: [planned.turns[0]!, { needed: ["c"], selection: selectionOf(["b"]), exchange: exchange("t1.", 10, ["c"], {}) }],
    };
    const run = replayPolicy("foresight", twoTopics, context());
    expect(new Set(run.requests.map((request) => request.tools.map((tool) => tool.id).join()))).toEqual(new Set(["tool:a,tool:c"]));
    expect(run).toMatchObject({ toolsArrayChanges: 0, neededBoundTurns: 2 });
    // No binding with each turn's tools bound bills less: here static (a, b and c) and per-turn bill more.
    const billed = (policy: "static" | "per-turn" | "foresight") =>
      billConversation(replayPolicy(policy, twoTopics, context()).requests, context().rules).total.billedTokens;
    expect(billed("foresight")).toBeLessThan(billed("static"));
    expect(billed("foresight")).toBeLessThan(billed("per-turn"));
  });

  it("counts a turn as bound only when all its needed tools are bound on its first call", () => {
    const planned = twoTurns();
    const missing: PlannedConversation = {
      ...planned,
      turns: [{ needed: ["a", "c"], selection: selectionOf(["a"]), exchange: exchange("t0.", 10, ["a", "c"], {}) }],
    };
    expect(replayPolicy("per-turn", missing, context()).neededBoundTurns).toBe(0);
    expect(replayPolicy("static", missing, context()).neededBoundTurns).toBe(1);
  });
});

describe("replayCost", () => {
  const catalog = gymCatalog();
  const conversations = groupConversations([
    { id: "g-turn-2", query: "freeze the first one", relevant: ["freeze_membership"] },
    { id: "g-turn-1", query: "show me all active clients", relevant: ["get_clients_list"] },
    { id: "g-turn-3", query: "hello, how are you?", relevant: [] },
  ]);

  it("reports every policy against static, in the JSON contract's shape", async () => {
    // A 1,000-token system prompt: every policy's prompt is long enough to cache.
    const report = await replayCost({ catalog, conversations, systemTokens: 1_000 });
    expect(Object.keys(report)).toEqual(["provider", "conversations", "turns", "policies"]);
    expect(report).toMatchObject({ provider: "anthropic", conversations: 1, turns: 3 });
    expect(Object.keys(report.policies)).toEqual(["static", "per-turn", "cache-aware", "native"]);
    for (const cost of Object.values(report.policies)) {
      expect(Object.keys(cost!).sort()).toEqual([
        "allNeededBound",
        "billedTokens",
        "cacheReadTokens",
        "ratioToStatic",
        "toolsArrayChanges",
      ]);
    }
    expect(report.policies.static).toMatchObject({ ratioToStatic: 1, toolsArrayChanges: 0, allNeededBound: 1 });
    expect(report.policies.native!.toolsArrayChanges).toBe(0);
    expect(report.policies.native!.billedTokens).toBeLessThan(report.policies.static!.billedTokens);
  });

  it("replays the selection the select node would make, with its defaults", async () => {
    const select = createToolSelector(catalog);
    const selections: string[][] = [];
    await replayCost({
      catalog,
      conversations,
      policies: ["per-turn"],
      selector: async (input, request) => {
        const selection = await select(input, request);
        selections.push(selection.tools);
        return selection;
      },
    });
    expect(selections[0]).toEqual((await select("show me all active clients")).tools);
    // The second turn's selection reads the first turn's message as history.
    expect(selections[1]).toEqual(
      (
        await select([
          { role: "user", content: "show me all active clients" },
          { role: "user", content: "freeze the first one" },
        ])
      ).tools,
    );
  });

  it("always replays static as the baseline, and flags OpenAI's 128-tool cap", async () => {
    const many = new ToolCatalog({
      tools: Array.from({ length: 130 }, (_, index) => ({ name: `tool_${index}`, description: `Tool number ${index}` })),
    });
    const lines = groupConversations([{ id: "x-turn-1", query: "use tool number 129", relevant: ["tool_129"] }]);
    const report = await replayCost({ catalog: many, conversations: lines, provider: "openai", policies: ["cache-aware"] });
    expect(Object.keys(report.policies)).toEqual(["static", "cache-aware"]);
    expect(report.policies.static).toMatchObject({ cappedAt: 128, allNeededBound: 0 });
  });

  it("bills a prelude of history entries as messages, without model calls of their own", async () => {
    const withHistory = groupConversations([
      {
        id: "h-turn-1",
        query: "freeze the first one",
        relevant: ["freeze_membership"],
        history: ["show me all active clients"],
        turns: [{ query: "show me all active clients", tools: ["get_clients_list"] }],
      },
    ]);
    const report = await replayCost({ catalog, conversations: withHistory, policies: ["static"] });
    const plain = await replayCost({
      catalog,
      conversations: groupConversations([{ id: "h-turn-1", query: "freeze the first one", relevant: ["freeze_membership"] }]),
      policies: ["static"],
    });
    expect(report.turns).toBe(1);
    expect(report.policies.static!.billedTokens).toBeGreaterThan(plain.policies.static!.billedTokens);
  });

  it("with perfectSelection, selects exactly the tools each turn calls", async () => {
    const report = await replayCost({ catalog, conversations, perfectSelection: true, policies: ["per-turn", "foresight"] });
    expect(report.policies["per-turn"]).toMatchObject({ allNeededBound: 1 });
    expect(report.policies.foresight).toMatchObject({ allNeededBound: 1, toolsArrayChanges: 0 });
    // A turn whose message does not say what it calls: the pipeline misses the tool, the perfect selection binds it.
    const unsaid = groupConversations([{ id: "u-turn-1", query: "hello, how are you?", relevant: ["get_salary_stats"] }]);
    const pipeline = await replayCost({ catalog, conversations: unsaid, policies: ["per-turn"] });
    const perfect = await replayCost({ catalog, conversations: unsaid, policies: ["per-turn"], perfectSelection: true });
    expect(pipeline.policies["per-turn"]!.allNeededBound).toBe(0);
    expect(perfect.policies["per-turn"]!.allNeededBound).toBe(1);
  });

  it("refuses an unknown policy or a negative size", async () => {
    await expect(replayCost({ catalog, conversations, policies: ["sometimes" as never] })).rejects.toThrow(
      /Unknown policy "sometimes". Policies: static, per-turn, cache-aware, native, cache-aware-no-proxy, native-proxy, foresight/,
    );
    await expect(replayCost({ catalog, conversations, resultTokens: -1 })).rejects.toThrow(/resultTokens must be a whole number/);
  });
});

describe("groupConversations", () => {
  it("names an id that is not <conversation>-turn-<n>, and a repeated turn", () => {
    expect(() => groupConversations([{ id: "q1", query: "x", relevant: [] }], "c.jsonl")).toThrow(
      /c\.jsonl: id "q1" is not of the form <conversation>-turn-<n>/,
    );
    expect(() =>
      groupConversations([
        { id: "a-turn-1", query: "x", relevant: [] },
        { id: "a-turn-01", query: "y", relevant: [] },
      ]),
    ).toThrow(/ids "a-turn-1" and "a-turn-01" are both turn 1 of "a"/);
  });
});
