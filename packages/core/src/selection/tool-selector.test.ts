import { afterEach, describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import {
  ASSISTANT_CATEGORY_TOOLS,
  ASSISTANT_OPTIONS,
  ASSISTANT_TOOLS,
  assistantCatalog,
  tableStrategy,
} from "../retrieval/__fixtures__/assistant-catalog.js";
import { createBm25Strategy } from "../retrieval/lexical/bm25-strategy.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createToolSelector, type ToolSelectorOptions } from "./tool-selector.js";
import type { ToolSelection } from "./tool-selection.js";
import { declaresKeywordCategories, defaultStrategyFor, RETRIEVAL_DEFAULT_STRATEGY } from "./default-strategy.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";

const noTokens = { countTokens: false } as const;

/**
 * The assistant catalog with get_weather as a core tool, delete_file disabled, describe_image not searchable and
 * generate_image for the "web" platform only.
 */
function filteredCatalog(): ToolCatalog {
  const tools = ASSISTANT_TOOLS.map((tool) => {
    if (tool.name === "delete_file") return { ...tool, enabled: false };
    if (tool.name === "describe_image") return { ...tool, searchable: false };
    if (tool.name === "generate_image") return { ...tool, platforms: ["web"] };
    return tool;
  });
  return assistantCatalog({ tools, core: ["get_weather"] });
}

const catalog = filteredCatalog();

async function select(
  strategy: RetrievalStrategy | string,
  input: Parameters<ReturnType<typeof createToolSelector>>[0],
  options: ToolSelectorOptions = {},
): Promise<ToolSelection> {
  return createToolSelector(catalog, { ...noTokens, strategy, ...options })(input);
}

function rejection(run: () => unknown): DynamicToolsError {
  try {
    run();
  } catch (error) {
    if (DynamicToolsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a DynamicToolsError");
}

describe("createToolSelector: keyword", () => {
  it("returns the synchronous keyword selector by default and for 'keyword'", () => {
    const expected = keywordSelector(catalog, noTokens)("send an email");
    for (const options of [noTokens, { ...noTokens, strategy: "keyword" }]) {
      const selection = createToolSelector(catalog, options)("send an email");
      expect(selection).not.toBeInstanceOf(Promise);
      expect(selection).toEqual(expected);
      expect((selection as ToolSelection).strategy).toBe("keyword");
    }
  });

  it("validates topK for every strategy, keyword included, at construction", () => {
    expect(() => createToolSelector(catalog, { strategy: "keyword", topK: 0 })).toThrowError(/topK must be a whole number/);
  });
});

describe("createToolSelector: a retrieval strategy", () => {
  it("binds the core tools first, then the ranked tools, each explained in `ranked`", async () => {
    const strategy = tableStrategy({ send_email: 10, search_email: 9, read_email: 8 });
    const selection = await select(strategy, "send an email", { autoCut: false });
    expect(selection).toEqual({
      strategy: "table",
      tools: ["get_weather", "send_email", "search_email", "read_email"],
      count: 4,
      totalTools: 16,
      core: ["get_weather"],
      categories: [],
      matchedTools: [],
      ranked: [
        { name: "send_email", rank: 1, score: 10, signals: { table: 10 }, reason: "table 10" },
        { name: "search_email", rank: 2, score: 9, signals: { table: 9 }, reason: "table 9" },
        { name: "read_email", rank: 3, score: 8, signals: { table: 8 }, reason: "table 8" },
      ],
      trimmed: [],
      budget: { maxTools: 128 },
      query: { current: "send an email", history: [] },
    });
  });

  it("asks the strategy for topK tools for the current message, with the history and a filter", async () => {
    const strategy = tableStrategy({ send_email: 10 });
    await select(
      strategy,
      [
        { role: "user", content: "weather in Paris" },
        { role: "assistant", content: "Sunny." },
        { role: "user", content: "and tomorrow?" },
      ],
      { topK: 7 },
    );
    expect(strategy.requests).toHaveLength(1);
    const [request] = strategy.requests;
    expect({ ...request, filter: undefined }).toEqual({
      query: "and tomorrow?",
      history: ["weather in Paris"],
      limit: 7,
      filter: undefined,
    });
    expect(typeof request!.filter).toBe("function");
  });

  it("keeps at most topK tools, even from a strategy that returns more than its limit", async () => {
    const table = { send_email: 6, search_email: 5, read_email: 4, create_event: 3, list_events: 2.5, cancel_event: 2 };
    expect((await select(tableStrategy(table), "x", { topK: 3, autoCut: false })).tools).toEqual([
      "get_weather",
      "send_email",
      "search_email",
      "read_email",
    ]);
    const greedy: RetrievalStrategy = {
      name: "greedy",
      index() {},
      rank: () => Object.entries(table).map(([name, score]) => ({ name, score, signals: {} })),
    };
    const selection = await select(greedy, "x", { topK: 2, autoCut: false });
    expect(selection.ranked!.map((tool) => tool.name)).toEqual(["send_email", "search_email"]);
    expect(selection.ranked![0]!.reason).toBe("score 6");
  });

  it("formats reasons: each signal to 3 decimals, the exact signal as 'exact name'", async () => {
    const strategy: RetrievalStrategy = {
      name: "custom",
      index() {},
      rank: () => [{ name: "write_file", score: 2.3, signals: { bm25: 6.438069095635323, fuzzy: 1, exact: 1 } }],
    };
    expect((await select(strategy, "call write_file")).ranked).toEqual([
      {
        name: "write_file",
        rank: 1,
        score: 2.3,
        signals: { bm25: 6.438069095635323, fuzzy: 1, exact: 1 },
        reason: "bm25 6.438, fuzzy 1, exact name",
      },
    ]);
  });
});

describe("createToolSelector: AutoCut", () => {
  const scores = { send_email: 10, search_email: 9, read_email: 2, create_event: 1 };
  const kept = async (table: Record<string, number>, autoCut?: ToolSelectorOptions["autoCut"]) =>
    (await select(tableStrategy(table), "x", autoCut === undefined ? {} : { autoCut })).ranked!.map((tool) => tool.score);

  it("keeps at least 3 by default: [10, 9, 2, 1] keeps all 4 (from the 3rd on, 2 → 1 is not a drop above 2×)", async () => {
    expect(await kept(scores)).toEqual([10, 9, 2, 1]);
  });

  it("cuts at the first large drop after the minimum: [10, 9, 2, 0.5] keeps 3 by default", async () => {
    expect(await kept({ ...scores, create_event: 0.5 })).toEqual([10, 9, 2]);
  });

  it("follows minimum and ratio: [10, 9, 2, 1] keeps 2 with minimum 1, 4 with ratio 5", async () => {
    expect(await kept(scores, { minimum: 1 })).toEqual([10, 9]);
    expect(await kept(scores, { minimum: 1, ratio: 5 })).toEqual([10, 9, 2, 1]);
  });

  it("keeps the top K whatever their scores with autoCut: false", async () => {
    expect(await kept({ send_email: 10, search_email: 1, read_email: 0.01, create_event: 0 }, false)).toEqual([10, 1, 0.01, 0]);
  });
});

describe("createToolSelector: filters", () => {
  // Disabled, not searchable, excluded, wrong platform, core (bound anyway), and a name not in the catalog.
  const FILTERED = ["delete_file", "describe_image", "send_email", "generate_image", "get_weather", "no_such_tool"];
  const options: ToolSelectorOptions = { exclude: ["send_email"], platform: "ios", autoCut: false };

  it("gives the strategy a filter that rejects disabled, non-searchable, excluded, other-platform and core tools", async () => {
    const strategy = tableStrategy({ read_file: 1 });
    await select(strategy, "x", options);
    const filter = strategy.requests[0]!.filter!;
    for (const name of FILTERED) expect(filter(name)).toBe(false);
    for (const name of ["read_file", "write_file", "resize_image", "search_email"]) expect(filter(name)).toBe(true);
  });

  it("never binds a filtered tool from a strategy that honours the filter", async () => {
    const table = Object.fromEntries([...FILTERED, "read_file", "write_file"].map((name, index) => [name, 100 - index]));
    const selection = await select(tableStrategy(table), "x", options);
    expect(selection.tools).toEqual(["get_weather", "read_file", "write_file"]);
    expect(selection.ranked!.map((tool) => [tool.name, tool.rank])).toEqual([
      ["read_file", 1],
      ["write_file", 2],
    ]);
  });

  // Decision documented: the selector re-applies the filter to whatever the strategy returns, so filtered tools never
  // appear and ranks stay contiguous. But the strategy's `limit` (topK) was spent on them: a strategy that ignores
  // the filter can leave fewer than topK tools.
  it("drops filtered tools from a strategy that ignores the filter; its limit was spent on them", async () => {
    const table = Object.fromEntries([...FILTERED, "read_file", "write_file"].map((name, index) => [name, 100 - index]));
    const all = await select(tableStrategy(table, { ignoreFilter: true }), "x", options);
    expect(all.tools).toEqual(["get_weather", "read_file", "write_file"]);
    expect(all.ranked!.map((tool) => [tool.name, tool.rank])).toEqual([
      ["read_file", 1],
      ["write_file", 2],
    ]);
    const limited = await select(tableStrategy(table, { ignoreFilter: true }), "x", { ...options, topK: 7 });
    expect(limited.tools).toEqual(["get_weather", "read_file"]);
  });

  // BUG: the selector re-applies the filter and the limit to a strategy's results but does not de-duplicate them, so a
  // strategy that returns a tool twice binds it twice (and a model rejects duplicate tool names). Repro: a strategy
  // whose rank returns [get_forecast 2, get_forecast 2, send_email 1.5] → selection.tools [get_weather, get_forecast,
  // get_forecast, send_email], ranked ranks 1, 2, 3. A built-in strategy does this today:
  // createToolSelector(assistantCatalog(), { strategy: createBm25Strategy({ fieldWeights: { parameterDescriptions: 0 } }),
  // countTokens: false })("ISO start time") → tools ["create_event", "create_event"] (see bm25-index.test.ts).
  it("binds a tool once even when the strategy returns it twice", async () => {
    const twice: RetrievalStrategy = {
      name: "twice",
      index() {},
      rank: (): RankedTool[] => [
        { name: "get_forecast", score: 2, signals: {} },
        { name: "get_forecast", score: 2, signals: {} },
        { name: "send_email", score: 1.5, signals: {} },
      ],
    };
    const selection = await select(twice, "x");
    expect(selection.tools).toEqual(["get_weather", "get_forecast", "send_email"]);
    const bm25 = await createToolSelector(assistantCatalog(), {
      ...noTokens,
      strategy: createBm25Strategy({ fieldWeights: { parameterDescriptions: 0 } }),
    })("ISO start time");
    expect(bm25.tools).toEqual([...new Set(bm25.tools)]);
  });
});

describe("createToolSelector: defaults", () => {
  it("binds the default categories when the strategy returns nothing", async () => {
    const selection = await select(tableStrategy({}), "something unrelated");
    expect(selection.tools).toEqual(["get_weather", "get_forecast", "get_air_quality"]);
    expect(selection.categories).toEqual([{ name: "weather", reason: "default", tier: "default" }]);
    expect(selection.ranked).toEqual([]);
  });

  it("binds the defaults when everything the strategy returns is filtered out", async () => {
    const selection = await select(tableStrategy({ delete_file: 5 }, { ignoreFilter: true }), "delete it");
    expect(selection.tools).toEqual(["get_weather", "get_forecast", "get_air_quality"]);
    expect(selection.ranked).toEqual([]);
  });

  it("does not ask the strategy for an empty conversation", async () => {
    const strategy = tableStrategy({ send_email: 1 });
    const selector = createToolSelector(catalog, { ...noTokens, strategy });
    expect((await selector([])).tools).toEqual(["get_weather", "get_forecast", "get_air_quality"]);
    expect((await selector("   ")).tools).toEqual(["get_weather", "get_forecast", "get_air_quality"]);
    expect(strategy.requests).toEqual([]);
  });

  it("binds only core tools when there are no defaults", async () => {
    const selection = await createToolSelector(assistantCatalog({ core: ["get_weather"], defaults: [] }), {
      ...noTokens,
      strategy: tableStrategy({}),
    })("x");
    expect(selection.tools).toEqual(["get_weather"]);
    expect(selection.categories).toEqual([]);
  });
});

describe("createToolSelector: budget", () => {
  const table = { send_email: 10, search_email: 9, read_email: 8 };

  it("trims ranked tools to maxTools, core first", async () => {
    const selection = await select(tableStrategy(table), "x", { maxTools: 3 });
    expect(selection.tools).toEqual(["get_weather", "send_email", "search_email"]);
    expect(selection.trimmed).toEqual(["read_email"]);
    expect(selection.trimmedBy).toBe("maxTools");
    expect(selection.budget).toEqual({ maxTools: 3 });
    // `ranked` explains what the strategy chose, including what the budget then cut.
    expect(selection.ranked!.map((tool) => tool.name)).toEqual(["send_email", "search_email", "read_email"]);
  });

  it("trims ranked tools to maxTokens", async () => {
    const maxTokens = catalog.tokensOf("get_weather") + catalog.tokensOf("send_email") + catalog.tokensOf("search_email");
    const selection = await select(tableStrategy(table), "x", { maxTokens });
    expect(selection.tools).toEqual(["get_weather", "send_email", "search_email"]);
    expect(selection.trimmed).toEqual(["read_email"]);
    expect(selection.trimmedBy).toBe("maxTokens");
    expect(selection.budget).toEqual({ maxTools: 128, maxTokens });
  });

  it("counts tokens by default", async () => {
    const selection = await createToolSelector(catalog, { strategy: tableStrategy(table) })("x");
    const tools = ["get_weather", "send_email", "search_email", "read_email"];
    expect(selection.tokens).toEqual({
      selected: tools.reduce((sum, name) => sum + catalog.tokensOf(name), 0),
      all: catalog.totalTokens(),
    });
  });
});

describe("createToolSelector: construction", () => {
  it.each([0, -1, 2.5, Number.NaN])("rejects topK %s with INVALID_OPTION at construction, before indexing", (topK) => {
    const strategy = tableStrategy({});
    const error = rejection(() => createToolSelector(catalog, { strategy, topK }));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toBe(`topK must be a whole number ≥ 1, got ${String(topK)}.`);
    expect(error.path).toEqual(["topK"]);
    expect(strategy.indexed).toBe(0);
  });

  it.each([42, {}, { name: "mine", rank: () => [] }, null])(
    "rejects a strategy that is neither a name nor a strategy object (%j) at construction",
    (strategy) => {
      const error = rejection(() => createToolSelector(catalog, { strategy: strategy as never }));
      expect(error.code).toBe("INVALID_OPTION");
      expect(error.message).toMatch(
        /^strategy must be "keyword", a built-in strategy name \(.*hybrid.*\) or a strategy object with name, index\(\) and rank\(\), got /,
      );
      expect(error.path).toEqual(["strategy"]);
    },
  );

  it.each([
    [{ autoCut: "yes" }, 'autoCut must be false or { ratio, minimum }, got "yes".'],
    [{ autoCut: { ratio: -1 } }, "autoCut.ratio must be a number > 0, got number -1."],
    [{ autoCut: { minimum: 0 } }, "autoCut.minimum must be a whole number ≥ 1, got number 0."],
    [
      { abstain: "maybe" },
      'abstain must be true, false or { quantile, remarkQuantile, remarkWords, remarkThreshold, unmatchedRemarkThreshold, strongMatch, certainRemark, probes, probeWords, depth, requestQuantile }, got "maybe".',
    ],
    [{ memory: "x" }, 'memory must be true, false or { weight, decay, after, reach }, got "x".'],
    [{ countTokens: "no" }, 'countTokens must be true or false, got "no".'],
    [{ platform: 5 }, "platform must be a platform name, got number 5."],
    [{ exclude: "t_1" }, 'exclude must be a list of tool names, got "t_1".'],
    [{ core: "get_x" }, 'core must be a list of tool names, got "get_x".'],
    [{ history: "x" }, 'history must be { messages, window }, got "x".'],
    [{ history: { mesages: 1 } }, "history.mesages is not a setting of history; valid: messages, window. Did you mean: messages?"],
    [{ memory: { decay: 5 } }, "memory.decay must be a number from 0 to 1, got 5."],
    // Checked whether or not `usage` is given.
    [{ coUsage: { maxTools: -3 } }, "coUsage.maxTools must be a whole number ≥ 0, got -3."],
    [{ coUsage: { maxtools: 1 } }, "coUsage.maxtools is not a setting of coUsage; valid: minWeight, maxTools. Did you mean: maxTools?"],
    [{ coUsage: true }, "coUsage must be false or { minWeight, maxTools }, got boolean true."],
  ])("rejects an option of the wrong shape (%j) at construction, for keyword selection too", (options, message) => {
    for (const strategy of ["keyword", tableStrategy({})] as const) {
      const error = rejection(() => createToolSelector(catalog, { strategy, ...(options as object) } as never));
      expect(error.code).toBe("INVALID_OPTION");
      expect(error.message).toBe(message);
    }
  });

  it.each([
    [42, "number 42"],
    [null, "null"],
    [{}, "an object"],
    [undefined, "nothing"],
  ])("a selector asked to read %j, neither a message nor a list of messages, fails with INVALID_INPUT", async (input, described) => {
    const expected = `A selector reads a message (a string) or a list of messages (LangChain messages or { role, content }), got ${described}.`;
    const keyword = rejection(() => createToolSelector(catalog, { strategy: "keyword" })(input as never));
    expect([keyword.code, keyword.message]).toEqual(["INVALID_INPUT", expected]);
    const ranked = await Promise.resolve(createToolSelector(catalog, { strategy: tableStrategy({}) })(input as never)).then(
      () => undefined,
      (error: unknown) => error as DynamicToolsError,
    );
    expect([ranked?.code, ranked?.message]).toEqual(["INVALID_INPUT", expected]);
  });

  it.each([
    [undefined, "nothing"],
    [null, "null"],
    [{}, "an object"],
    ["catalog.yaml", '"catalog.yaml"'],
  ])("rejects a catalog that is not a ToolCatalog (%j) with INVALID_OPTION, not a TypeError", (notCatalog, described) => {
    const error = rejection(() => createToolSelector(notCatalog as never));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toBe(`catalog must be a ToolCatalog (new ToolCatalog({ tools }) or loadCatalogFile(file)), got ${described}.`);
    expect(error.path).toEqual(["catalog"]);
  });

  it("rejects an unknown strategy name and bad selection options at construction", () => {
    expect(rejection(() => createToolSelector(catalog, { strategy: "vectr" })).code).toBe("INVALID_OPTION");
    expect(rejection(() => createToolSelector(catalog, { strategy: "bm25", maxTools: 0 })).code).toBe("INVALID_OPTION");
    expect(rejection(() => createToolSelector(catalog, { strategy: "bm25", core: ["nope"] })).code).toBe("UNKNOWN_TOOL");
  });

  it("uses a strategy instance as is: indexed once with the catalog, ranked on every selection", async () => {
    const seen: ToolCatalog[] = [];
    let ranks = 0;
    const strategy: RetrievalStrategy = {
      name: "mine",
      index(target) {
        seen.push(target);
      },
      rank() {
        ranks++;
        return [{ name: "read_file", score: 1, signals: { mine: 1 } }];
      },
    };
    const selector = createToolSelector(catalog, { ...noTokens, strategy });
    const first = await selector("a");
    await selector("b");
    expect(seen).toEqual([catalog]);
    expect(seen[0]).toBe(catalog);
    expect(ranks).toBe(2);
    expect(first.strategy).toBe("mine");
    expect(first.tools).toEqual(["get_weather", "read_file"]);
  });

  it("waits for an asynchronous index before ranking", async () => {
    const events: string[] = [];
    let finish!: () => void;
    const strategy: RetrievalStrategy = {
      name: "slow",
      index: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            events.push("indexed");
            resolve();
          };
        }),
      rank() {
        events.push("rank");
        return [];
      },
    };
    const pending = createToolSelector(catalog, { ...noTokens, strategy })("x");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual([]);
    finish();
    await pending;
    expect(events).toEqual(["indexed", "rank"]);
  });

  it("builds a built-in strategy from its name", async () => {
    const selection = await createToolSelector(assistantCatalog(), { ...noTokens, strategy: "bm25" })("what's the weather in Paris?");
    expect(selection.strategy).toBe("bm25");
    expect(selection.tools).toEqual(["get_weather", "get_forecast", "get_air_quality"]);
    expect(selection.ranked!.map((tool) => tool.reason)).toEqual(["bm25 4.188", "bm25 2.122", "bm25 1.469"]);
    const hybrid = await createToolSelector(assistantCatalog(), { ...noTokens, strategy: "hybrid" })("call write_file");
    // The registry's hybrid has the offline vector source too: bm25 1 + fuzzy 0.3 + vector 0.6 (each first) + exact 1.
    expect(hybrid.ranked![0]).toMatchObject({ name: "write_file", rank: 1, score: 2.9, signals: { fuzzy: 1, exact: 1 } });
    expect(hybrid.ranked![0]!.reason).toMatch(/^bm25 \d+\.\d{1,3}, fuzzy 1, exact name, vector 0\.\d{1,3}$/);
  });

  it("says which step of a request of several steps raised a tool", async () => {
    const select = createToolSelector(assistantCatalog(), { ...noTokens, strategy: "bm25", autoCut: false });
    const selection = await select(
      "Read the quarterly report file from the shared folder and write a summary of the report file to disk. Then check the weather in Paris.",
    );
    const weather = selection.ranked!.find((tool) => tool.name === "get_weather")!;
    expect(weather.rank).toBe(2);
    expect(weather.reason).toMatch(/^bm25 \d+\.\d{1,3}, step 2 of the request$/);
  });
});

describe("createToolSelector: a failing index", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
    unhandled.length = 0;
  });

  it.each([
    ["rejects", (error: Error) => () => Promise.reject(error)],
    [
      "throws",
      (error: Error) => () => {
        throw error;
      },
    ],
  ] as const)("an index() that %s makes every selection reject with that error, with no unhandled rejection", async (_, failing) => {
    process.on("unhandledRejection", onUnhandled);
    const error = new Error("index failed");
    let ranks = 0;
    const strategy: RetrievalStrategy = {
      name: "broken",
      index: failing(error),
      rank() {
        ranks++;
        return [];
      },
    };
    const selector = createToolSelector(catalog, { ...noTokens, strategy });
    // Let the failed index settle before anyone awaits it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
    await expect(selector("x")).rejects.toBe(error);
    await expect(selector("y")).rejects.toBe(error);
    expect(ranks).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(unhandled).toEqual([]);
  });
});

describe("createToolSelector: catalog settings", () => {
  it("reads history settings from the catalog", async () => {
    const strategy = tableStrategy({});
    const noHistory = assistantCatalog({ ...ASSISTANT_OPTIONS, history: { messages: 0 } });
    await createToolSelector(noHistory, { ...noTokens, strategy })([
      { role: "user", content: "weather in Paris" },
      { role: "user", content: "and tomorrow?" },
    ]);
    expect(strategy.requests[0]!.history).toEqual([]);
  });
});

describe("createToolSelector: related categories with a retrieval strategy", () => {
  const related = assistantCatalog();
  const { email, calendar } = ASSISTANT_CATEGORY_TOOLS;

  it("is off by default: only the ranked tools are bound", async () => {
    const selection = await createToolSelector(related, { ...noTokens, strategy: tableStrategy({ send_email: 5 }) })("write to Bob");
    expect(selection.categories).toEqual([]);
    expect(selection.tools).toEqual(["send_email"]);
  });

  it("with related: true, binds the categories related to a ranked tool's category after the ranked tools, explained as related to it", async () => {
    const selection = await createToolSelector(related, { ...noTokens, related: true, strategy: tableStrategy({ send_email: 5 }) })(
      "write to Bob",
    );
    expect(selection.categories).toEqual([{ name: "calendar", reason: "related to email", tier: "related", relatedTo: "email" }]);
    expect(selection.tools).toEqual(["send_email", ...calendar]);
    expect(selection.matchedTools).toEqual([]);
    expect(selection.ranked?.map((tool) => tool.name)).toEqual(["send_email"]);
  });

  it("expands a related category even when one of its tools also ranked, binding its other tools after the ranked ones", async () => {
    // calendar is related to email; create_event was ranked too, and the rest of calendar still comes in.
    const both = await createToolSelector(related, {
      ...noTokens,
      related: true,
      strategy: tableStrategy({ send_email: 5, create_event: 4 }),
    })("x");
    expect(both.categories).toEqual([{ name: "calendar", reason: "related to email", tier: "related", relatedTo: "email" }]);
    expect(both.tools).toEqual(["send_email", "create_event", ...calendar.filter((name) => name !== "create_event")]);
  });

  it("on the gym catalog: ranking a salary tool and a staff tool still binds the rest of staff (related to salary)", async () => {
    const gym = gymCatalog();
    const selection = await createToolSelector(gym, {
      ...noTokens,
      related: true,
      strategy: tableStrategy({ get_pending_salaries: 5, create_staff: 3 }),
    })("what is pending salary?");
    expect(selection.tools).toContain("get_staff_list");
    expect(selection.categories.find((category) => category.name === "staff")).toMatchObject({ reason: "related to salary" });
  });

  it("adds no category a ranked tool sits in unless another ranked tool's category declares it related", async () => {
    const none = await createToolSelector(related, { ...noTokens, related: true, strategy: tableStrategy({ get_weather: 5 }) })("x");
    expect(none.categories).toEqual([]);
    expect(none.tools).toEqual(["get_weather"]);
    const calendarOnly = await createToolSelector(related, { ...noTokens, related: true, strategy: tableStrategy({ create_event: 5 }) })(
      "x",
    );
    expect(calendarOnly.categories).toEqual([]);
  });

  it("is turned off by related: false, for retrieval and keyword alike", async () => {
    const retrieval = await createToolSelector(related, { ...noTokens, related: false, strategy: tableStrategy({ send_email: 5 }) })("x");
    expect(retrieval.tools).toEqual(["send_email"]);
    const keyword = createToolSelector(related, { ...noTokens, related: false, strategy: "keyword" })("send an email");
    expect(keyword.categories.map((category) => category.name)).toEqual(["email"]);
    expect(keyword.tools).toEqual(email);
  });

  it("rejects a related option that is not a boolean, at construction", () => {
    expect(rejection(() => createToolSelector(related, { related: "yes" as never })).message).toMatch(
      /related must be true or false, got yes/,
    );
  });
});

describe("createToolSelector: the default strategy serves the catalog", () => {
  it("is keyword when every searchable non-core tool sits in a category that declares keywords (or has its own)", () => {
    expect(declaresKeywordCategories(assistantCatalog())).toBe(true);
    expect(defaultStrategyFor(assistantCatalog())).toBe("keyword");
    expect((createToolSelector(assistantCatalog(), noTokens)("send an email") as ToolSelection).strategy).toBe("keyword");
  });

  it("is hybrid when a tool sits in a category without keywords, or in none, or no category declares keywords", async () => {
    const loose = assistantCatalog({ tools: [...ASSISTANT_TOOLS, { name: "get_time", description: "The current time" }] });
    const undeclared = assistantCatalog({
      tools: [...ASSISTANT_TOOLS, { name: "get_time", description: "The current time", category: "clock" }],
    });
    const bare = new ToolCatalog({ tools: ASSISTANT_TOOLS.map(({ name, description }) => ({ name, description })) });
    for (const target of [loose, undeclared, bare]) {
      expect(declaresKeywordCategories(target)).toBe(false);
      expect(defaultStrategyFor(target)).toBe(RETRIEVAL_DEFAULT_STRATEGY);
    }
    const select = createToolSelector(bare, noTokens);
    expect((await select("send an email to Bob")).strategy).toBe("hybrid");
  });

  it("ignores core, disabled and unsearchable tools when deciding", () => {
    const tools = [
      ...ASSISTANT_TOOLS,
      { name: "get_time", description: "The current time", enabled: false },
      { name: "ping", description: "Ping", searchable: false },
    ];
    expect(declaresKeywordCategories(assistantCatalog({ tools }))).toBe(true);
    expect(
      declaresKeywordCategories(
        assistantCatalog({ tools: [...ASSISTANT_TOOLS, { name: "get_time", description: "Now" }], core: ["get_time"] }),
      ),
    ).toBe(true);
  });
});
