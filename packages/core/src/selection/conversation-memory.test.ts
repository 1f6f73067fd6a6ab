import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { ASSISTANT_TOOLS } from "../retrieval/__fixtures__/assistant-catalog.js";
import type { RankedTool } from "../retrieval/retrieval-strategy.js";
import { continuedTools, rememberCalledTools, resolveMemoryOptions, toolWithinReach } from "./conversation-memory.js";
import { createToolSelector } from "./tool-selector.js";

const ranked: RankedTool[] = [
  { name: "get_forecast", score: 2, signals: { bm25: 2 } },
  { name: "get_time", score: 1.5, signals: { bm25: 1.5 } },
  { name: "get_alerts", score: 1.2, signals: { bm25: 1.2 } },
  { name: "get_weather", score: 1, signals: { bm25: 1 } },
];

describe("rememberCalledTools", () => {
  it("raises a called tool by recency, never above the strategy's first `after` tools", () => {
    const result = rememberCalledTools({ ranked, called: [{ name: "get_weather", turnsAgo: 1 }] });
    expect(result.map((tool) => tool.name)).toEqual(["get_forecast", "get_time", "get_weather", "get_alerts"]);
    expect(result[2]!.signals).toEqual({ bm25: 1, called: 1 });
    // Two turns back the ceiling is one place lower: 1 + 2·0.3·0.5 = 1.3 is held just under get_alerts.
    const older = rememberCalledTools({ ranked, called: [{ name: "get_weather", turnsAgo: 2 }] });
    expect(older.map((tool) => tool.name)).toEqual(["get_forecast", "get_time", "get_alerts", "get_weather"]);
    expect(older[3]!.score).toBeCloseTo(1.2, 6);
    const far = rememberCalledTools({ ranked, called: [{ name: "get_weather", turnsAgo: 4 }] });
    expect(far.map((tool) => tool.name)).toEqual(["get_forecast", "get_time", "get_alerts", "get_weather"]);
  });

  it("adds a called tool the strategy did not rank, with its gain alone", () => {
    const result = rememberCalledTools({ ranked, called: [{ name: "send_email", turnsAgo: 1 }], weight: 0.55 });
    expect(result.map((tool) => tool.name)).toEqual(["get_forecast", "get_time", "get_alerts", "send_email", "get_weather"]);
    expect(result[3]).toEqual({ name: "send_email", score: 1.1, signals: { called: 1 } });
  });

  it("keeps the one tool the previous turn called within `reach`, entering at its last place with the score it passes", () => {
    const long: RankedTool[] = Array.from({ length: 14 }, (_, index) => ({
      name: `t${index}`,
      score: 14 - index,
      signals: { bm25: 14 - index },
    }));
    const result = rememberCalledTools({
      ranked: long,
      called: [
        { name: "t12", turnsAgo: 1 },
        { name: "t13", turnsAgo: 2 },
      ],
      weight: 0.01,
    });
    // t12 (raised to 2.14) takes place 10, scored as t9 (5), which it passes; two turns back (t13) is not kept.
    expect(result.slice(0, 11).map((tool) => tool.name)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t12", "t9"]);
    expect(result[9]).toEqual({ name: "t12", score: 5, signals: { bm25: 2, called: 1 } });
    expect(result.findIndex((tool) => tool.name === "t13")).toBeGreaterThan(9);
    const scores = result.map((tool) => tool.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // A tool the strategy did not rank enters the same way.
    const joined = rememberCalledTools({ ranked: long, called: [{ name: "unranked", turnsAgo: 1 }], weight: 0.01 });
    expect(joined[9]).toEqual({ name: "unranked", score: 5, signals: { called: 1 } });
    // A turn that called several tools singles none out; reach 0 turns it off; a tool within reach does not move.
    const several = rememberCalledTools({
      ranked: long,
      called: [
        { name: "t12", turnsAgo: 1 },
        { name: "t13", turnsAgo: 1 },
      ],
      weight: 0.01,
    });
    expect(several.slice(10).map((tool) => tool.name)).toContain("t12");
    const off = rememberCalledTools({ ranked: long, called: [{ name: "t12", turnsAgo: 1 }], weight: 0.01, reach: 0 });
    expect(off.findIndex((tool) => tool.name === "t12")).toBe(12);
    const fractional = rememberCalledTools({ ranked: long, called: [{ name: "t12", turnsAgo: 1 }], weight: 0.01, reach: 2.5 });
    expect(fractional[1]!.name).toBe("t12");
    expect(() => resolveMemoryOptions({ reach: 2.5 })).toThrow("memory.reach must be a whole number ≥ 0, got 2.5.");
    const near = rememberCalledTools({ ranked: long, called: [{ name: "t5", turnsAgo: 1 }], weight: 0 });
    expect(near).toBe(long);
  });

  it("toolWithinReach: the previous turn's tool when it called one, else none", () => {
    expect(
      toolWithinReach([
        { name: "a", turnsAgo: 1 },
        { name: "b", turnsAgo: 2 },
      ]),
    ).toBe("a");
    expect(
      toolWithinReach([
        { name: "a", turnsAgo: 1 },
        { name: "b", turnsAgo: 1 },
      ]),
    ).toBeUndefined();
    expect(toolWithinReach([{ name: "b", turnsAgo: 2 }])).toBeUndefined();
    expect(toolWithinReach([])).toBeUndefined();
  });

  it("property: without called tools the ranking is returned unchanged", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string(), score: fc.double({ noNaN: true }), signals: fc.constant({}) })), (list) => {
        expect(rememberCalledTools({ ranked: list, called: [] })).toBe(list);
      }),
    );
  });
});

describe("continuedTools", () => {
  it("keeps the tools the previous turn called, in ranking order", () => {
    const ranked = [
      { name: "get_forecast", score: 2, signals: { bm25: 2 } },
      { name: "get_weather", score: 1.6, signals: { bm25: 1, called: 1 } },
      { name: "send_email", score: 0.3, signals: { called: 2 } },
      { name: "get_time", score: 0.2, signals: { called: 1 } },
    ];
    expect(continuedTools(ranked).map((tool) => tool.name)).toEqual(["get_weather", "get_time"]);
    expect(continuedTools([])).toEqual([]);
  });

  it("reaches back over turns that called nothing, up to `within` turns", () => {
    const ranked = [
      { name: "get_forecast", score: 2, signals: { bm25: 2 } },
      { name: "send_email", score: 0.4, signals: { called: 3 } },
      { name: "get_weather", score: 0.3, signals: { called: 2 } },
    ];
    expect(continuedTools(ranked).map((tool) => tool.name)).toEqual(["get_weather"]);
    expect(continuedTools(ranked, 1)).toEqual([]);
    expect(continuedTools([{ name: "send_email", score: 0.4, signals: { called: 4 } }])).toEqual([]);
  });
});

describe("createToolSelector: conversation memory", () => {
  const catalog = new ToolCatalog({ tools: ASSISTANT_TOOLS.map(({ category: _category, keywords: _keywords, ...tool }) => tool) });
  const thread = (current: string) => [
    new HumanMessage("what's the weather in Paris?"),
    new AIMessage({ content: "", tool_calls: [{ id: "1", name: "get_weather", args: { city: "Paris" } }] }),
    new ToolMessage({ tool_call_id: "1", content: "18°C" }),
    new AIMessage("18°C and sunny."),
    new HumanMessage(current),
  ];

  it("ranks a tool the thread called up, explained as called 1 turn ago, and shows it in the query", async () => {
    const select = createToolSelector(catalog, { countTokens: false, strategy: "bm25", topK: 4, autoCut: false });
    const selection = await select(thread("send the forecast by email to Ann"));
    const weather = selection.ranked?.find((tool) => tool.name === "get_weather");
    expect(weather?.reason).toMatch(/called 1 turn ago/);
    expect(selection.query.calledTools).toEqual([{ name: "get_weather", turnsAgo: 1 }]);
    const off = await createToolSelector(catalog, { countTokens: false, strategy: "bm25", topK: 4, autoCut: false, memory: false })(
      thread("send the forecast by email to Ann"),
    );
    expect(off.ranked?.find((tool) => tool.reason.includes("called"))).toBeUndefined();
  });

  it("abstaining, keeps the tools the thread last called bound (an elliptical follow-up goes on), and only those", async () => {
    const select = createToolSelector(catalog, { countTokens: false, strategy: "bm25" });
    for (const current of ["and for tomorrow?", "thanks, that's all"]) {
      const selection = await select(thread(current));
      expect(selection.abstained).toBeDefined();
      expect(selection.ranked?.map((tool) => [tool.name, tool.rank, tool.signals.called])).toEqual([["get_weather", 1, 1]]);
      expect(selection.tools).toEqual(["get_weather"]);
    }
    // "thanks" called nothing: the next follow-up still goes on with the thread's last tool (called 2 turns ago).
    const later = [...thread("thanks"), new AIMessage("You're welcome."), new HumanMessage("and for tomorrow?")];
    expect((await select(later)).tools).toEqual(["get_weather"]);
    // Called four turns ago (past CONTINUATION_TURNS), or memory off: nothing but the core tools.
    const reply = (text: string) => [new AIMessage("You're welcome."), new HumanMessage(text)];
    const earlier = [...thread("thanks"), ...reply("great"), ...reply("cool"), ...reply("ok bye")];
    expect((await select(earlier)).ranked).toEqual([]);
    const off = createToolSelector(catalog, { countTokens: false, strategy: "bm25", memory: false });
    expect((await off(thread("and for tomorrow?"))).ranked).toEqual([]);
  });

  it("property: a thread without tool calls selects exactly as with memory off", async () => {
    const words = fc.constantFrom("weather", "email", "photo", "resize", "calendar", "event", "file", "Paris", "tomorrow");
    const on = createToolSelector(catalog, { countTokens: false, strategy: "bm25" });
    const off = createToolSelector(catalog, { countTokens: false, strategy: "bm25", memory: false });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(words, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), async (turns) => {
        const messages = turns.flatMap((turn) => [new HumanMessage(turn.join(" ")), new AIMessage("ok")]).slice(0, -1);
        expect(await on(messages)).toEqual(await off(messages));
      }),
      { numRuns: 60 },
    );
  });
});
