import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { ASSISTANT_TOOLS, tableStrategy } from "../retrieval/__fixtures__/assistant-catalog.js";
import { createBm25Strategy } from "../retrieval/lexical/bm25-strategy.js";
import { asksForSomething, calibrateRelevanceFloor, calibrationProbes, judgeRanking, topicWords } from "./abstention.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { UsageModel } from "../usage/usage-model.js";
import { MIN_FLOOR_REQUESTS } from "./abstention.js";
import { createToolSelector } from "./tool-selector.js";

// The assistant's tools without categories or defaults: the catalogs abstention is for.
const catalog = new ToolCatalog({
  tools: ASSISTANT_TOOLS.map(({ category: _category, keywords: _keywords, ...tool }) => tool),
  core: ["get_weather"],
});
const noTokens = { countTokens: false } as const;

describe("asksForSomething", () => {
  it("is false for a message of greetings, thanks and fillers only, true once it names anything else", () => {
    for (const talk of ["thanks, that's all for now", "hi!", "ok cool", "you're welcome", "see you later", "no worries"]) {
      expect(asksForSomething(talk)).toBe(false);
    }
    for (const request of ["thanks, now resize the photo", "weather?", "send an email to Bob"])
      expect(asksForSomething(request)).toBe(true);
  });
});

describe("calibrateRelevanceFloor", () => {
  it("draws the same probes from the catalog's words every time, and floors each signal it saw", async () => {
    expect(calibrationProbes(catalog, { count: 5, words: 2 })).toEqual(calibrationProbes(catalog, { count: 5, words: 2 }));
    expect(calibrationProbes(catalog, { count: 3, words: 2 }).every((probe) => probe.split(" ").length === 2)).toBe(true);
    const strategy = createBm25Strategy();
    strategy.index(catalog);
    const floor = await calibrateRelevanceFloor({ strategy, catalog });
    expect(Object.keys(floor.signals)).toEqual(["bm25"]);
    expect(floor.signals.bm25).toBeGreaterThan(0);
    // A remark's floor: the same signals, at the probes' median instead of their 25th percentile.
    expect(Object.keys(floor.remarks!)).toEqual(["bm25"]);
    expect(floor.remarks!.bm25).toBeGreaterThan(floor.signals.bm25!);
    expect(floor).toMatchObject({ probes: 64, tools: catalog.size });
  });

  it("draws from what a tool is for (its name, tags, keywords, category) when it has no description", async () => {
    // Declared by names alone: the probes had no word to draw, the floor no signal, and nothing was ever abstained on.
    const named = new ToolCatalog({ tools: ASSISTANT_TOOLS.map(({ name, category }) => ({ name, category })) });
    const words = new Set(ASSISTANT_TOOLS.flatMap(({ name, category }) => [...name.split("_"), category]));
    const probes = calibrationProbes(named, { count: 32, words: 1 });
    expect(probes).toHaveLength(32);
    expect(probes.every((probe) => words.has(probe))).toBe(true);
    // A described tool keeps lending its description's words only.
    const mixed = new ToolCatalog({ tools: [{ name: "zebra_tool" }, { name: "get_weather", description: "Current weather in a city" }] });
    const drawn = new Set(calibrationProbes(mixed, { count: 64, words: 1 }));
    expect(drawn).toEqual(new Set(["zebra", "tool", "current", "weather", "city"]));
    // A description in Chinese lends nothing, its name included: a floor of English words would hold its requests back.
    const chinese = new ToolCatalog({
      tools: [
        { name: "get_weather", description: "查询城市当前的天气情况" },
        { name: "send_email", description: "给联系人发送电子邮件" },
      ],
    });
    expect(calibrationProbes(chinese, { count: 8, words: 1 })).toEqual([]);
    const selectChinese = createToolSelector(chinese, { strategy: "bm25" });
    expect((await selectChinese([{ role: "user", content: "北京今天天气怎么样？" }])).tools).toEqual(["get_weather"]);
    // Without a floor, its small talk is caught by its conversational words.
    expect((await selectChinese([{ role: "user", content: "谢谢你！" }])).abstained?.reason).toMatch(/asks for nothing/);
    const select = createToolSelector(named, { strategy: "bm25" });
    const offTopic = await select([{ role: "user", content: "why is the sky blue?" }]);
    expect(offTopic.abstained?.reason).toMatch(/^no tool reaches the relevance floor \(bm25 ≥ /);
    expect((await select([{ role: "user", content: "send an email to Bob" }])).abstained).toBeUndefined();
  });

  it("rejects bad settings as INVALID_OPTION naming the setting", async () => {
    const strategy = createBm25Strategy();
    await expect(calibrateRelevanceFloor({ strategy, catalog, options: { quantile: 2 } })).rejects.toThrow(
      /abstain\.quantile must be a number from 0 to 1, got 2/,
    );
    await expect(calibrateRelevanceFloor({ strategy, catalog, options: { remarkQuantile: 1.5 } })).rejects.toThrow(
      /abstain\.remarkQuantile must be a number from 0 to 1, got 1\.5/,
    );
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { probes: 0 } })).toThrow(DynamicToolsError);
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { remarkWords: -1 } })).toThrow(
      /abstain\.remarkWords must be a whole number ≥ 0, got -1/,
    );
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { remarkThreshold: 1.2 } })).toThrow(
      /abstain\.remarkThreshold must be a number from 0 to 1, got 1\.2/,
    );
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { unmatchedRemarkThreshold: -0.1 } })).toThrow(
      /abstain\.unmatchedRemarkThreshold must be a number from 0 to 1, got -0\.1/,
    );
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { certainRemark: 1.01 } })).toThrow(
      /abstain\.certainRemark must be a number from 0 to 1, got 1\.01/,
    );
    expect(() => createToolSelector(catalog, { strategy: "bm25", abstain: { strongMatch: 0.5 } })).toThrow(
      /abstain\.strongMatch must be a number ≥ 1, got 0\.5/,
    );
  });
});

/**
 * A strategy whose one signal (`bm25`) says 10 for any message of the catalog's words, and N for a message that says
 * "quux N" (or 2 for "quux" alone): real requests that score below what the catalog's probes do.
 */
function quuxStrategy(): RetrievalStrategy {
  return {
    name: "bm25",
    index() {},
    rank({ query, limit }: RankRequest): RankedTool[] {
      const match = /\bquux(?: (\d+))?/.exec(query);
      const score = match === null ? 10 : Number(match[1] ?? 2);
      return [{ name: "send_email", score, signals: { bm25: score } }].slice(0, limit);
    },
  };
}

describe("calibrateRelevanceFloor with real past requests (usage)", () => {
  const strategy = quuxStrategy();
  const requests = (scores: readonly number[]) => scores.map((score) => `quux ${score}`);

  it("lowers a floor above what real requests score to their requestQuantile, and never raises one", async () => {
    expect(await calibrateRelevanceFloor({ strategy, catalog })).toEqual({
      signals: { bm25: 10 },
      remarks: { bm25: 10 },
      probes: 64,
      tools: catalog.size,
    });
    const twenty = requests(Array.from({ length: 20 }, (_, index) => index + 1));
    // 5% of 20: the lowest.
    expect(await calibrateRelevanceFloor({ strategy, catalog, requests: twenty })).toMatchObject({
      signals: { bm25: 1 },
      remarks: { bm25: 1 },
      requests: 20,
    });
    // Their median (10) is not below the floor: it stays.
    expect((await calibrateRelevanceFloor({ strategy, catalog, requests: twenty, options: { requestQuantile: 0.5 } })).signals).toEqual({
      bm25: 10,
    });
    const high = requests(Array.from({ length: 20 }, () => 50));
    expect((await calibrateRelevanceFloor({ strategy, catalog, requests: high })).signals).toEqual({ bm25: 10 });
  });

  it("needs at least MIN_FLOOR_REQUESTS of them, and rejects a requestQuantile outside 0..1", async () => {
    const few = requests(Array.from({ length: MIN_FLOOR_REQUESTS - 1 }, () => 1));
    expect(await calibrateRelevanceFloor({ strategy, catalog, requests: few })).toEqual({
      signals: { bm25: 10 },
      remarks: { bm25: 10 },
      probes: 64,
      tools: catalog.size,
    });
    await expect(calibrateRelevanceFloor({ strategy, catalog, options: { requestQuantile: -1 } })).rejects.toThrow(
      /abstain\.requestQuantile must be a number from 0 to 1, got -1/,
    );
  });

  it("a selector given usage checks its floor against the usage's past requests once enough are learned", async () => {
    const usage = new UsageModel({ catalog, clock: () => 0 });
    const select = createToolSelector(catalog, { ...noTokens, strategy: quuxStrategy(), abstain: true, usage, coUsage: false });
    expect((await select("quux please")).abstained?.reason).toMatch(/bm25 ≥ 10/);
    for (let index = 0; index < 4 * MIN_FLOOR_REQUESTS; index++)
      usage.observe({ message: `quux mail ${index % 3}`, tools: ["send_email"], at: 0 });
    const selection = await select("quux please");
    expect(selection.abstained).toBeUndefined();
    expect(selection.tools).toContain("send_email");
    // The floor moved down to what the real requests score (2), not below it.
    expect((await select("quux 1")).abstained?.reason).toMatch(/bm25 ≥ 2\)/);
  });
});

describe("judgeRanking", () => {
  const floor = { signals: { bm25: 5, vector: 0.5 }, probes: 64, tools: 10 };

  it("finds a ranking credible when one of its first tools reaches one signal's floor", () => {
    expect(judgeRanking({ ranked: [{ name: "a", score: 1, signals: { bm25: 1, vector: 0.6 } }], floor })).toBeUndefined();
    expect(judgeRanking({ ranked: [{ name: "a", score: 1, signals: { bm25: 6 } }], floor })).toBeUndefined();
  });

  it("abstains otherwise, naming the floor and the best tool; and on a message that asks for nothing", () => {
    expect(judgeRanking({ ranked: [{ name: "a", score: 1, signals: { bm25: 4.2, vector: 0.3 } }], floor })).toEqual({
      reason: "no tool reaches the relevance floor (bm25 ≥ 5 or vector ≥ 0.5); best: a (bm25 4.2, vector 0.3)",
      floor: { bm25: 5, vector: 0.5 },
      best: { name: "a", signals: { bm25: 4.2, vector: 0.3 } },
    });
    expect(judgeRanking({ ranked: [], floor })?.reason).toBe("no tool reaches the relevance floor (bm25 ≥ 5 or vector ≥ 0.5)");
    const strong = [{ name: "a", score: 9, signals: { bm25: 9 } }];
    expect(judgeRanking({ ranked: strong, floor, message: "thanks!" })?.reason).toMatch(/asks for nothing a tool could do/);
  });

  it("holds a remark to the remark floor, and a request to the relevance floor", () => {
    const withRemarks = { ...floor, remarks: { bm25: 8, vector: 0.7 } };
    const ranked = [{ name: "make_coffee", score: 6, signals: { bm25: 6, vector: 0.6 } }];
    expect(judgeRanking({ ranked, floor: withRemarks, message: "my coffee is cold again" })).toEqual({
      reason:
        "a remark, not a request: no tool reaches the remark floor (bm25 ≥ 8 or vector ≥ 0.7); best: make_coffee (bm25 6, vector 0.6)",
      floor: { bm25: 8, vector: 0.7 },
      best: { name: "make_coffee", signals: { bm25: 6, vector: 0.6 } },
    });
    for (const request of ["make me a coffee", "is my coffee ready?", "coffee beans near me"])
      expect(judgeRanking({ ranked, floor: withRemarks, message: request })).toBeUndefined();
    // A remark that reaches the remark floor is credible; a floor without remarks (a snapshot written before them)
    // judges remarks by its signals.
    const stronger = [{ name: "make_coffee", score: 9, signals: { bm25: 9 } }];
    expect(judgeRanking({ ranked: stronger, floor: withRemarks, message: "my coffee is cold again" })).toBeUndefined();
    expect(judgeRanking({ ranked, floor, message: "my coffee is cold again" })).toBeUndefined();
  });

  it("given the catalog, asks a remark to share two of its words with a top tool; a request, not", () => {
    const forecast = [{ name: "get_forecast", score: 9, signals: { bm25: 9 } }];
    // "Weather forecast for the coming days in a city.": a remark that mentions the weather mentions the topic.
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful yesterday", catalog })).toEqual({
      reason: "a remark, not a request: the best tool does not share 2 of its words; best: get_forecast (bm25 9)",
      floor: { bm25: 5, vector: 0.5 },
      best: { name: "get_forecast", signals: { bm25: 9 } },
    });
    // Two of its words (weather, city): it describes what the tool is for.
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather in my city was awful", catalog })).toBeUndefined();
    // A request is not held to it, nor a remark with remarkWords 0, nor without the catalog.
    expect(judgeRanking({ ranked: forecast, floor, message: "weather for Oslo", catalog })).toBeUndefined();
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful", catalog, remarkWords: 0 })).toBeUndefined();
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful" })).toBeUndefined();
  });

  it("reads a message the rules do not as a remark when the remark model says so, unless phrased as a request or matched strongly", () => {
    // bm25 6: credible (floor 5), under strongMatch (1.5) times the floor.
    const forecast = [{ name: "get_forecast", score: 6, signals: { bm25: 6 } }];
    const message = "snow day!! kids thrilled about the weather";
    const asked: string[] = [];
    const model = (probability: number) => (text: string) => {
      asked.push(text);
      return probability;
    };
    // Not a remark by the rules: credible, whatever the model would say when it is not given.
    expect(judgeRanking({ ranked: forecast, floor, message, catalog })).toBeUndefined();
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, readRemark: model(0.95) })?.reason).toBe(
      "a remark, not a request: the best tool does not share 2 of its words; best: get_forecast (bm25 6)",
    );
    expect(asked).toEqual([message]);
    // Under the threshold, or with the model off (threshold 1): a request.
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, readRemark: model(0.89) })).toBeUndefined();
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, readRemark: model(0.95), remarkThreshold: 0.97 })).toBeUndefined();
    // A strong match (bm25 9 ≥ 1.5 × 5) binds what only the model reads as a remark; a higher strongMatch does not.
    const strong = [{ name: "get_forecast", score: 9, signals: { bm25: 9 } }];
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.95) })).toBeUndefined();
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.95), strongMatch: 2 })).toBeDefined();
    // … unless the model is all but certain (certainRemark, 0.99); 1 turns that off, and it never lowers remarkThreshold.
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.99) })?.reason).toMatch(/^a remark, not a request/);
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.989) })).toBeUndefined();
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.99), certainRemark: 1 })).toBeUndefined();
    expect(judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.95), certainRemark: 0.5 })).toBeDefined();
    expect(
      judgeRanking({ ranked: strong, floor, message, catalog, readRemark: model(0.95), certainRemark: 0.5, remarkThreshold: 0.97 }),
    ).toBeUndefined();
    // 0 is the model's "cannot read": never a remark, even at threshold 0.
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, readRemark: model(0), remarkThreshold: 0 })).toBeUndefined();
    asked.length = 0;
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, readRemark: model(0.99), remarkThreshold: 1 })).toBeUndefined();
    // Phrased as a request, or already a remark by the rules: the model is not asked.
    expect(
      judgeRanking({ ranked: forecast, floor, message: "snow day!! can you check the weather", catalog, readRemark: model(0.99) }),
    ).toBeUndefined();
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful", catalog, readRemark: model(0) })).toBeDefined();
    expect(asked).toEqual([]);
  });

  it("reads a remark at unmatchedRemarkThreshold when it shares no topic word with the top tools", () => {
    const forecast = [{ name: "get_forecast", score: 6, signals: { bm25: 6 } }];
    const model = (probability: number) => () => probability;
    // No word in common with "Weather forecast for the coming days in a city.": 0.85 is enough (default 0.85) …
    const unmatched = "the best conversations happen at 2am honestly";
    expect(judgeRanking({ ranked: forecast, floor, message: unmatched, catalog, readRemark: model(0.85) })).toBeDefined();
    expect(
      judgeRanking({ ranked: forecast, floor, message: unmatched, catalog, readRemark: model(0.85), unmatchedRemarkThreshold: 0.9 }),
    ).toBeUndefined();
    // … one word in common (weather) needs remarkThreshold (0.9); it never lowers remarkThreshold's bar, nor turns the model on.
    const matched = "snow day!! kids thrilled about the weather";
    expect(judgeRanking({ ranked: forecast, floor, message: matched, catalog, readRemark: model(0.85) })).toBeUndefined();
    expect(
      judgeRanking({
        ranked: forecast,
        floor,
        message: unmatched,
        catalog,
        readRemark: model(0.75),
        remarkThreshold: 0.7,
        unmatchedRemarkThreshold: 0.8,
      }),
    ).toBeDefined();
    expect(
      judgeRanking({ ranked: forecast, floor, message: unmatched, catalog, readRemark: model(0.99), remarkThreshold: 1 }),
    ).toBeUndefined();
  });

  it("lets a strong match without a shared word bind what only the model reads as a remark only when strong on two signals", () => {
    const message = "the best conversations happen at 2am honestly";
    const model = () => 0.95;
    // bm25 9 ≥ 1.5 × 5, but no word in common: one incidental word of the tool's text, not a request for it.
    const oneSignal = [{ name: "get_forecast", score: 9, signals: { bm25: 9 } }];
    expect(judgeRanking({ ranked: oneSignal, floor, message, catalog, readRemark: model })).toBeDefined();
    const twoSignals = [{ name: "get_forecast", score: 9, signals: { bm25: 9, vector: 0.8 } }];
    expect(judgeRanking({ ranked: twoSignals, floor, message, catalog, readRemark: model })).toBeUndefined();
  });

  it("does not count a catalog's action words (opening five or more tool names) as words a remark shares", () => {
    const things = ["robot", "alarm", "timer", "music", "engine"];
    const tools = (count: number) =>
      things.slice(0, count).map((thing) => ({ name: `stop_${thing}`, description: `Stops the ${thing} right away.` }));
    const ranked = [{ name: "stop_alarm", score: 9, signals: { bm25: 9 } }];
    const message = "my alarm stopped ringing at last";
    // "alarm" and "stop" in common; with five stop_ tools, "stop" says what they do: one topic word, a remark.
    expect(judgeRanking({ ranked, floor, message, catalog: new ToolCatalog({ tools: tools(5) }) })?.reason).toMatch(
      /does not share 2 of its words/,
    );
    expect(judgeRanking({ ranked, floor, message, catalog: new ToolCatalog({ tools: tools(4) }) })).toBeUndefined();
    // Kept up to date as the catalog changes: a fifth stop_ tool makes "stop" an action word, removing it undoes that.
    const updated = new ToolCatalog({ tools: tools(4) });
    expect(judgeRanking({ ranked, floor, message, catalog: updated })).toBeUndefined();
    updated.add([{ name: "stop_engine", description: "Stops the engine right away." }]);
    expect(judgeRanking({ ranked, floor, message, catalog: updated })).toBeDefined();
    updated.remove(["stop_engine"]);
    expect(judgeRanking({ ranked, floor, message, catalog: updated })).toBeUndefined();
  });

  it("reads what a tool is for from its name, description, tags, keywords and category, not its parameters", () => {
    const call = {
      name: "start_call",
      description: "Starts a phone call.",
      parameters: { type: "object", properties: { hours: { type: "number", description: "How many hours it may last" } } },
    };
    const ranked = [{ name: "start_call", score: 9, signals: { bm25: 9 } }];
    const message = "my mom called for two hours lol";
    // "call" is what the tool is for; "hours" only describes an input.
    expect(judgeRanking({ ranked, floor, message, catalog: new ToolCatalog({ tools: [call] }) })).toBeDefined();
    const tagged = new ToolCatalog({ tools: [{ ...call, tags: ["hours"] }] });
    expect(judgeRanking({ ranked, floor, message, catalog: tagged })).toBeUndefined();
  });

  it("counts the words learned for a tool from usage as its words", () => {
    const usage = new UsageModel({ catalog, clock: () => 0 });
    usage.observe({ message: "is it going to be awful weather", tools: ["get_forecast"], at: 0 });
    const forecast = [{ name: "get_forecast", score: 9, signals: { bm25: 9 } }];
    const message = "the weather was awful yesterday";
    expect(judgeRanking({ ranked: forecast, floor, message, catalog })).toBeDefined();
    expect(judgeRanking({ ranked: forecast, floor, message, catalog, learned: usage })).toBeUndefined();
  });

  it("counts a learned word only when users say it in more than a tenth of the tool's observations", () => {
    const usage = new UsageModel({ catalog, clock: () => 0 });
    // "awful" in 1 of 11 requests for the tool: a word some request held, not what users say when they call it.
    usage.observe({ message: "is it going to be awful weather", tools: ["get_forecast"], at: 0 });
    for (let day = 1; day <= 10; day++) usage.observe({ message: `forecast for day ${day}`, tools: ["get_forecast"], at: 0 });
    const forecast = [{ name: "get_forecast", score: 9, signals: { bm25: 9 } }];
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful yesterday", catalog, learned: usage })).toBeDefined();
    // Said in 2 of 12, it is one.
    usage.observe({ message: "awful rain coming?", tools: ["get_forecast"], at: 0 });
    expect(judgeRanking({ ranked: forecast, floor, message: "the weather was awful yesterday", catalog, learned: usage })).toBeUndefined();
  });
});

describe("topicWords", () => {
  it("keeps what a message is about, as stems, without stop words, small talk or the generic words of tool names", () => {
    expect([...topicWords("ugh, my team lost again")]).toEqual(["team", "lost"]);
    expect([...topicWords("thanks so much, get me the new weather data")]).toEqual(["weather"]);
    expect(topicWords("ok cool, thanks!").size).toBe(0);
  });
});

describe("createToolSelector: abstention", () => {
  it("binds core only on small talk with a built-in strategy, and says why", async () => {
    const select = createToolSelector(catalog, { ...noTokens, strategy: "bm25" });
    const selection = await select("thanks, that's all for now");
    expect(selection.tools).toEqual(["get_weather"]);
    expect(selection.ranked).toEqual([]);
    expect(selection.abstained?.reason).toMatch(/asks for nothing/);
    const request = await select("resize my photo to 800 pixels");
    expect(request.abstained).toBeUndefined();
    expect(request.tools).toContain("resize_image");
  });

  it("abstains on an off-topic message whose best tools stay under the floor", async () => {
    const select = createToolSelector(catalog, { ...noTokens, strategy: "bm25" });
    const selection = await select("grandmother knits scarves");
    expect(selection.tools).toEqual(["get_weather"]);
    expect(selection.abstained?.reason).toMatch(/^no tool reaches the relevance floor \(bm25 ≥ [\d.]+\)/);
  });

  it("holds a remark to the higher remark floor: the same words asked for still bind the tool", async () => {
    const select = createToolSelector(catalog, { ...noTokens, strategy: "bm25" });
    const remark = await select("my inbox was full again");
    expect(remark.tools).toEqual(["get_weather"]);
    expect(remark.abstained?.reason).toMatch(
      /^a remark, not a request: no tool reaches the remark floor \(bm25 ≥ [\d.]+\); best: read_email/,
    );
    expect((await select("inbox full")).tools).toContain("read_email");
    // Off with remarkQuantile at the plain quantile and remarkWords 0: the remark is then judged like a request.
    const plain = createToolSelector(catalog, { ...noTokens, strategy: "bm25", abstain: { remarkQuantile: 0.25, remarkWords: 0 } });
    expect((await plain("my inbox was full again")).tools).toContain("read_email");
    // At the plain floor, the remark still shares one word (inbox) with read_email's text: not enough.
    const floorOnly = createToolSelector(catalog, { ...noTokens, strategy: "bm25", abstain: { remarkQuantile: 0.25 } });
    expect((await floorOnly("my inbox was full again")).abstained?.reason).toMatch(
      /^a remark, not a request: (?:the best tool does not share|none of the first \d tools shares) 2 of its words; best: read_email/,
    );
  });

  it("reads remarks the rules miss with the remark model, unless a tool matches strongly; remarkThreshold 1 turns it off", async () => {
    const message = "finally a sunny weekend forecast, so happy";
    const selector = (abstain: object) => createToolSelector(catalog, { ...noTokens, strategy: "bm25", abstain });
    // get_forecast scores 4.041, more than strongMatch (1.5) times the remark floor here: a remark only by the model binds it.
    expect((await selector({})(message)).tools).toEqual(["get_weather", "get_forecast"]);
    const remark = await selector({ strongMatch: 3 })(message);
    expect(remark.tools).toEqual(["get_weather"]);
    expect(remark.abstained?.reason).toBe(
      "a remark, not a request: the best tool does not share 2 of its words; best: get_forecast (bm25 4.041)",
    );
    expect((await selector({ strongMatch: 3, remarkThreshold: 1 })(message)).tools).toEqual(["get_weather", "get_forecast"]);
  });

  it("binds none of the catalog's declared defaults (they stand for a request nothing matched)", async () => {
    const withDefaults = new ToolCatalog({ tools: ASSISTANT_TOOLS, categories: { weather: {} }, defaults: ["weather"] });
    const select = createToolSelector(withDefaults, { ...noTokens, strategy: "bm25" });
    const selection = await select("ok thanks");
    expect(selection.abstained).toBeDefined();
    expect(selection.categories).toEqual([]);
    expect(selection.tools).toEqual([]);
    // Without abstention, a message nothing matches still gets them.
    const off = await createToolSelector(withDefaults, { ...noTokens, strategy: "bm25", abstain: false })("ok thanks");
    expect(off.categories.map((category) => category.name)).toEqual(["weather"]);
  });

  it("is off with abstain: false, and by default for a strategy object of your own", async () => {
    const off = await createToolSelector(catalog, { ...noTokens, strategy: "bm25", abstain: false })("my grandmother knits scarves");
    expect(off.abstained).toBeUndefined();
    const custom = await createToolSelector(catalog, { ...noTokens, strategy: tableStrategy({ send_email: 1 }) })("thanks!");
    expect(custom.tools).toContain("send_email");
    const customOn = await createToolSelector(catalog, { ...noTokens, strategy: tableStrategy({ send_email: 1 }), abstain: true })(
      "thanks!",
    );
    expect(customOn.tools).not.toContain("send_email");
  });
});

describe("property: on a credible message, abstention changes nothing", () => {
  const words = fc.constantFrom(
    "resize",
    "photo",
    "email",
    "weather",
    "forecast",
    "file",
    "calendar",
    "event",
    "image",
    "read",
    "write",
    "thanks",
    "hello",
  );
  it("a selection that does not abstain is the selection with abstention off", async () => {
    const on = createToolSelector(catalog, { ...noTokens, strategy: "bm25" });
    const off = createToolSelector(catalog, { ...noTokens, strategy: "bm25", abstain: false });
    await fc.assert(
      fc.asyncProperty(fc.array(words, { minLength: 1, maxLength: 5 }), async (message) => {
        const text = message.join(" ");
        const [withAbstention, without] = [await on(text), await off(text)];
        if (withAbstention.abstained === undefined) expect(withAbstention).toEqual(without);
        else expect(withAbstention.tools).toEqual(["get_weather"]);
      }),
      { numRuns: 100 },
    );
  });
});
