import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { createToolSelector } from "../selection/tool-selector.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { billConversation, type PromptRequest, type PromptSegment } from "../cost/bill-requests.js";
import { cacheRules } from "../cost/cache-rules.js";
import { bindTools } from "./binding-policy.js";
import { neededTools, topicTools } from "./needed-tools.js";

const catalog = gymCatalog();
const select = createToolSelector(catalog, { strategy: "keyword" });
const membersOf = (category: string) => catalog.category(category)?.tools ?? [];
const tokensOf = (name: string) => catalog.tokensOf(name);

function ranked(names: string[], scores: number[], overrides: Partial<ToolSelection> = {}): ToolSelection {
  return {
    strategy: "bm25",
    tools: names,
    count: names.length,
    totalTools: 100,
    core: [],
    categories: [],
    matchedTools: [],
    ranked: names.map((name, index) => ({ name, rank: index + 1, score: scores[index]!, signals: {}, reason: "bm25" })),
    trimmed: [],
    budget: { maxTools: 128 },
    query: { current: "", history: [] },
    ...overrides,
  };
}

describe("bindTools: cache-aware", () => {
  it("binds the selection on a conversation's first call", () => {
    const selection = select("what is pending salary?");
    const binding = bindTools("cache-aware", { selection, tokensOf, promptTokens: 700 });
    expect(binding).toMatchObject({ policy: "cache-aware", tools: selection.tools, changed: true, reason: "first call: the selection" });
    expect(binding.rebilledTokens).toBe(700 + selection.tools.reduce((sum, name) => sum + tokensOf(name), 0));
  });

  it("keeps the previous array, in its order, while the needed tools are bound", () => {
    const first = bindTools("cache-aware", { selection: select("what is pending salary?"), tokensOf });
    const followUp = select("and the salary history of Ravi?");
    const binding = bindTools("cache-aware", { selection: followUp, previous: first.tools, tokensOf, needed: { membersOf } });
    expect(binding).toMatchObject({ tools: first.tools, changed: false, added: [], dropped: [], rebilledTokens: 0 });
    expect(binding.reason).toMatch(/^kept: every needed tool is bound \(/);
  });

  it("changes once for a new topic: the previous array in order, then the selection's missing tools (keyword: all of them)", () => {
    const first = bindTools("cache-aware", { selection: select("what is pending salary?"), tokensOf });
    const next = select("book a class for tomorrow");
    const binding = bindTools("cache-aware", {
      selection: next,
      previous: first.tools,
      tokensOf,
      needed: { membersOf },
      promptTokens: 900,
    });
    expect(binding.changed).toBe(true);
    expect(binding.tools.slice(0, first.tools.length)).toEqual(first.tools);
    expect(binding.added).toEqual(next.tools.filter((name) => !first.tools.includes(name)));
    expect(binding.dropped).toEqual([]);
    expect(binding.reason).toMatch(/^changed: .* needed and not bound/);
    // Under breakpoint rules the whole array and the prompt are re-billed.
    expect(binding.rebilledTokens).toBe(900 + binding.tools.reduce((sum, name) => sum + tokensOf(name), 0));
  });

  it("drops only what may no longer be bound, or what the budget forces out (oldest unselected first)", () => {
    const previous = ["a", "b", "c", "d"];
    const revoked = bindTools("cache-aware", { selection: ranked(["c"], [1]), previous, bindable: (name) => name !== "b" });
    expect(revoked).toMatchObject({ tools: ["a", "c", "d"], changed: true, dropped: ["b"] });
    const squeezed = bindTools("cache-aware", { selection: ranked(["e", "c"], [2, 1], { budget: { maxTools: 4 } }), previous });
    // "a" is the oldest tool the selection does not name.
    expect(squeezed).toMatchObject({ tools: ["b", "c", "d", "e"], added: ["e"], dropped: ["a"] });
  });

  it("does not change for the tail of a ranking or for a tool only conversation memory brought in", () => {
    const previous = ["a", "b"];
    const selection = ranked(["a", "x", "y"], [10, 2, 9]);
    selection.ranked![2]!.signals = { called: 1 };
    expect(bindTools("cache-aware", { selection, previous }).changed).toBe(false);
    expect(neededTools(selection)).toEqual(["a"]);
  });

  it("leaves the tail of a ranking out of the array it binds, on the first call and on a change", () => {
    // Scores 10, 6, 3.5 and 2: the tail is what scores under 0.3 of the best (2); 3.5 is bound though not needed.
    const first = bindTools("cache-aware", { selection: ranked(["a", "b", "c", "d"], [10, 6, 3.5, 2]) });
    expect(first).toMatchObject({ tools: ["a", "b", "c"], changed: true });
    expect(first.reason).toBe("first call: the selection but the 1 tool of its ranking's tail");
    const next = bindTools("cache-aware", { selection: ranked(["e", "f", "a", "g"], [8, 5, 2.5, 1]), previous: first.tools });
    expect(next).toMatchObject({ tools: ["a", "b", "c", "e", "f"], added: ["e", "f"], dropped: [] });
    expect(next.reason).toMatch(/added the topic's 2 missing tools$/);
  });

  it("binds a tool the current message names, wherever it ranks", () => {
    const selection = ranked(["a", "b", "named"], [10, 8, 0.5], {
      pinned: [{ name: "named", reason: 'named in the current message ("named")', mention: "named" }],
    });
    expect(neededTools(selection)).toEqual(["a", "b", "named"]);
    expect(topicTools(selection)).toEqual(["a", "b", "named"]);
    const binding = bindTools("cache-aware", { selection, previous: ["a", "b"] });
    expect(binding).toMatchObject({ changed: true, added: ["named"] });
  });

  it("property: never changes the array on a turn whose needed tools are already bound (and nothing was revoked)", () => {
    const names = ["a", "b", "c", "d", "e", "f", "g"];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...names), { maxLength: 7 }),
        fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 5, maxLength: 5 }),
        (previous, selected, scores) => {
          const selection = ranked(
            selected,
            scores.slice(0, selected.length).sort((x, y) => y - x),
          );
          const binding = bindTools("cache-aware", { selection, previous });
          const bound = new Set(previous);
          if (neededTools(selection).every((name) => bound.has(name))) expect(binding).toMatchObject({ changed: false, tools: previous });
          // Whatever it decides, every needed tool is bound afterwards.
          for (const name of neededTools(selection)) expect(binding.tools).toContain(name);
        },
      ),
    );
  });
});

describe("bindTools: cache-aware weighs the re-bill against what the conversation saved", () => {
  const everyTool = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
  const big = { tokensOf: () => 100, promptTokens: 2_000, everyTool };

  it("keeps a ledger of what smaller arrays saved against binding every tool", () => {
    const first = bindTools("cache-aware", { selection: ranked(["a"], [1]), tokensOf: () => 100, promptTokens: 700, everyTool });
    // The first call sends 800 tokens, too few to cache (plain price), where binding everything writes 1,700 at 1.25.
    expect(first.saved).toBe(1_325);
    const kept = bindTools("cache-aware", { selection: ranked(["a"], [1]), previous: first.tools, ...big, saved: first.saved });
    // A kept array reads 1 definition where binding everything reads 10: 900 × 0.1.
    expect(kept).toMatchObject({ changed: false, saved: 1_415 });
    expect(bindTools("cache-aware", { selection: ranked(["a"], [1]), previous: ["a"], tokensOf: () => 100 }).saved).toBeUndefined();
  });

  it("binds every tool on a cached first call that would leave out too little to save under OpenAI's 128-token steps", () => {
    const sizes: Record<string, number> = { a: 600, b: 600, c: 500 };
    const input = {
      tokensOf: (name: string) => sizes[name] ?? 0,
      promptTokens: 2_000,
      everyTool: ["a", "b", "c"],
      rules: cacheRules("openai"),
    };
    // Leaving out c (500 tokens) saves 50 per call in reads, less than the 115.2 a call can lose to the steps.
    const openai = bindTools("cache-aware", { selection: ranked(["a", "b"], [1, 1]), ...input });
    expect(openai.tools).toEqual(["a", "b", "c"]);
    expect(openai.reason).toBe("first call: every tool (3): the selection would leave out too little to save on later calls");
    // A budget that cannot hold every tool: binding them all is no option (the first two would stand in for c).
    const cut = { ...ranked(["c"], [1]), budget: { maxTools: 2 } };
    expect(bindTools("cache-aware", { selection: cut, ...input }).tools).toEqual(["c"]);
    // Under Anthropic's breakpoints nothing is lost to steps: the selection is bound.
    expect(bindTools("cache-aware", { selection: ranked(["a", "b"], [1, 1]), ...input, rules: cacheRules("anthropic") }).tools).toEqual([
      "a",
      "b",
    ]);
  });

  it("changes while the conversation has saved what the change re-bills, and keeps the array (naming what is unbound) when it has not", () => {
    const selection = ranked(["x", "a"], [10, 8]);
    // Re-billing 2 definitions and 2,000 prompt tokens at 1.25 where binding everything reads 3,000 at 0.1: spends 2,450.
    const rich = bindTools("cache-aware", { selection, previous: ["a"], ...big, saved: 3_000 });
    expect(rich).toMatchObject({ changed: true, tools: ["a", "x"], saved: 550 });
    const poor = bindTools("cache-aware", { selection, previous: ["a"], ...big, saved: 2_000 });
    // Kept, it reads 2,100 where binding everything reads 3,000: saves 90 more.
    expect(poor).toMatchObject({ changed: false, tools: ["a"], unbound: ["x"], saved: 2_090 });
    expect(poor.reason).toBe(
      "kept: x is needed, but the change would re-bill about 2200 tokens, more than the 2000 this conversation has saved against binding every tool",
    );
  });

  it("delivers through the proxy whatever it saved when the budget cuts the every-tool array (it could not serve every need)", () => {
    const selection = ranked(["x", "a"], [10, 8]);
    const proxy = { name: "call_tool", headerTokens: 30 };
    const input = { selection, previous: ["a", "call_tool"], ...big, saved: -100, proxy };
    expect(bindTools("cache-aware", input)).toMatchObject({ changed: false, unbound: ["x"] });
    const cut = bindTools("cache-aware", { ...input, selection: { ...selection, budget: { maxTools: 2 } } });
    expect(cut).toMatchObject({ changed: false, delivered: ["x"] });
  });

  it("adds the needed tools, whatever it saved, when a revoked tool changes the array anyway", () => {
    const selection = ranked(["x", "a"], [10, 8]);
    const binding = bindTools("cache-aware", { selection, previous: ["a", "b"], ...big, saved: 0, bindable: (name) => name !== "b" });
    expect(binding).toMatchObject({ changed: true, tools: ["a", "x"], dropped: ["b"], added: ["x"] });
  });

  it("changes whatever it saved while the prompt is under the cache minimum, or for a missing core tool", () => {
    const selection = ranked(["x", "a"], [10, 8]);
    expect(bindTools("cache-aware", { selection, previous: ["a"], tokensOf: () => 100, promptTokens: 700, everyTool }).changed).toBe(true);
    const core = ranked(["k", "a"], [1, 1], { core: ["k"] });
    expect(bindTools("cache-aware", { selection: core, previous: ["a"], ...big }).tools).toEqual(["a", "k"]);
  });

  describe("with the call_tool proxy", () => {
    const proxy = { name: "call_tool", headerTokens: 30 };
    const sized = { tokensOf: (name: string) => (name === "call_tool" ? 100 : 400), everyTool };

    it("binds the proxy after the core tools on the first call, unless the tools left out are too few to pay for it", () => {
      const selection = ranked(["k", "a"], [1, 1], { core: ["k"] });
      const first = bindTools("cache-aware", { selection, ...sized, promptTokens: 700, proxy });
      expect(first.tools).toEqual(["k", "call_tool", "a"]);
      expect(first.reason).toBe("first call: the tools the message needs, and call_tool for tools delivered later");
      // One tool left out (400 tokens) outweighs the proxy (100): it is bound, so a later need can be delivered.
      const most = bindTools("cache-aware", { selection: ranked(["a", "b"], [1, 1]), ...sized, everyTool: ["a", "b", "c"], proxy });
      expect(most.tools).toEqual(["call_tool", "a", "b"]);
      // Nothing left out: no proxy.
      const all = bindTools("cache-aware", { selection: ranked(["a", "b"], [1, 1]), ...sized, everyTool: ["a", "b"], proxy });
      expect(all.tools).toEqual(["a", "b"]);
    });

    it("binds what the message needs on a first call long enough to cache, the topic on a shorter one", () => {
      // b scores under half the best (not needed) and above 0.3 of it (the topic); c is the ranking's tail.
      const selection = ranked(["k", "a", "b", "c"], [2, 2, 0.8, 0.2], { core: ["k"] });
      const long = bindTools("cache-aware", { selection, ...sized, promptTokens: 700, proxy });
      expect(long.tools).toEqual(["k", "call_tool", "a"]);
      expect(long.reason).toBe(
        "first call: the tools the message needs (not the 2 more the selection ranked), and call_tool for tools delivered later",
      );
      // 100 + 400 + 100 + 400 = 1,000 tokens, under the 1,024-token cache minimum: the topic is bound.
      const short = bindTools("cache-aware", { selection, ...sized, promptTokens: 100, proxy });
      expect(short.tools).toEqual(["k", "call_tool", "a", "b"]);
      expect(short.reason).toBe("first call: the selection but the 1 tool of its ranking's tail, and call_tool for tools delivered later");
      // Without the proxy, or for a keyword selection (no ranking: its categories are declared), the topic as before.
      expect(bindTools("cache-aware", { selection, ...sized, promptTokens: 700 }).tools).toEqual(["k", "a", "b"]);
      const keywords = { ...selection, ranked: undefined };
      expect(bindTools("cache-aware", { selection: keywords, ...sized, promptTokens: 700, proxy }).tools).toEqual([
        "k",
        "call_tool",
        "a",
        "b",
        "c",
      ]);
    });

    it("binds no proxy beside core tools alone (a selection that found nothing); a later change brings it", () => {
      const nothing = ranked(["k"], [1], { core: ["k"] });
      const first = bindTools("cache-aware", { selection: nothing, ...sized, promptTokens: 700, proxy });
      expect(first.tools).toEqual(["k"]);
      const later = bindTools("cache-aware", {
        selection: ranked(["k", "a"], [1, 1], { core: ["k"] }),
        previous: first.tools,
        ...sized,
        promptTokens: 300,
        saved: first.saved!,
        proxy,
      });
      expect(later).toMatchObject({ changed: true, tools: ["k", "call_tool", "a"] });
      expect(later.reason).toBe(
        "changed: a is needed and not bound; added the topic's 1 missing tool, and call_tool for tools delivered later",
      );
    });

    it("delivers a needed tool through the proxy when that writes less than a change re-bills", () => {
      const selection = ranked(["x", "a"], [10, 8]);
      const binding = bindTools("cache-aware", {
        selection,
        previous: ["call_tool", "a"],
        ...sized,
        promptTokens: 2_000,
        saved: 3_000,
        proxy,
      });
      // A change would re-bill 2,000 prompt tokens and 1,300 of array; the delivery writes 430 (x and the header).
      expect(binding).toMatchObject({ changed: false, tools: ["call_tool", "a"], delivered: ["x"], rebilledTokens: 0 });
      expect(binding.unbound).toBeUndefined();
      expect(binding.reason).toBe(
        "kept: x is needed, delivered through call_tool (about 538 tokens written) rather than changing the array (about 2900 tokens re-billed)",
      );
      // Delivered once, it counts as bound on the following calls.
      const next = bindTools("cache-aware", {
        selection,
        previous: binding.tools,
        ...sized,
        promptTokens: 2_500,
        saved: binding.saved!,
        proxy: { ...proxy, delivered: ["x"], deliveries: 1 },
      });
      expect(next).toMatchObject({ changed: false, reason: "kept: every needed tool is bound (x, a)" });
      expect(next.delivered).toBeUndefined();
    });

    it("changes the array instead while the prompt is under the cache minimum (a change then re-bills nothing)", () => {
      const selection = ranked(["x", "a"], [10, 8]);
      const binding = bindTools("cache-aware", { selection, previous: ["call_tool", "a"], ...sized, promptTokens: 100, proxy });
      expect(binding).toMatchObject({ changed: true, tools: ["call_tool", "a", "x"] });
      expect(binding.delivered).toBeUndefined();
    });

    it("does not deliver past what binding every tool reads, nor through a proxy the array does not hold", () => {
      const selection = ranked(["x", "a"], [10, 8]);
      const full = bindTools("cache-aware", {
        selection,
        previous: ["call_tool", "a"],
        ...sized,
        promptTokens: 2_000,
        saved: 0,
        proxy: { ...proxy, delivered: ["b", "c", "d", "e", "f", "g", "h", "i"], deliveries: 8 },
      });
      expect(full).toMatchObject({ changed: false, unbound: ["x"] });
      const withoutProxy = bindTools("cache-aware", { selection, previous: ["a"], ...sized, promptTokens: 2_000, saved: 0, proxy });
      expect(withoutProxy).toMatchObject({ changed: false, unbound: ["x"] });
    });
  });

  // From a cacheable first prompt (a 1,000-token system prompt here): a selection too small for the provider's 1,024-token
  // minimum is billed at the plain price on every call, which a long conversation may pay more for than a cached
  // full array, whatever the binding does later.
  it.each([
    ["anthropic", "without"],
    ["openai", "without"],
    ["anthropic", "with"],
    ["openai", "with"],
  ] as const)(
    "property: a conversation never bills more than binding every tool from its first call (the cost model's bill, %s, %s the proxy)",
    (provider, proxied) => {
      const names = ["a", "b", "c", "d", "e", "f", "g", "h"];
      const rules = cacheRules(provider);
      const header = 31;
      fc.assert(
        fc.property(
          // Each turn: the tools it needs, then up to two the ranking adds below them (not needed: scores 4 and 2 of 10).
          fc.array(
            fc.tuple(
              fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
              fc.uniqueArray(fc.constantFrom(...names), { maxLength: 2 }),
            ),
            { minLength: 1, maxLength: 6 },
          ),
          fc.integer({ min: 20, max: 3_000 }),
          fc.array(fc.integer({ min: 20, max: 700 }), { minLength: names.length, maxLength: names.length }),
          // From a cacheable first prompt (see the docs: a whole conversation under the provider's minimum is the exception).
          fc.integer({ min: 1_024, max: 2_000 }),
          (turns, resultTokens, sizes, systemTokens) => {
            const tokens = new Map(names.map((name, index) => [name, sizes[index]!]));
            const tokensOf = (name: string) => (name === "call_tool" ? 103 : (tokens.get(name) ?? 0));
            const requests: PromptRequest[] = [];
            const baseline: PromptRequest[] = [];
            const system = [{ id: "system", tokens: systemTokens }];
            // The baseline's messages, and ours: the same plus what proxy deliveries put in them.
            let messages: PromptSegment[] = [];
            let ours: PromptSegment[] = [];
            let previous: string[] | undefined;
            let saved: number | undefined;
            const delivered: string[] = [];
            let deliveries = 0;
            const add = (segment: PromptSegment) => {
              messages = [...messages, segment];
              ours = [...ours, segment];
            };
            const segments = (tools: readonly string[]) => tools.map((name) => ({ id: name, tokens: tokensOf(name) }));
            turns.forEach(([needed, extra], index) => {
              const guessed = extra.filter((name) => !needed.includes(name));
              add({ id: `h${index}`, tokens: 20 });
              for (const call of [0, 1]) {
                const binding = bindTools("cache-aware", {
                  selection: ranked(
                    [...needed, ...guessed],
                    [...needed.map((_, rank) => 10 - rank), 4, 2].slice(0, needed.length + guessed.length),
                  ),
                  previous,
                  tokensOf,
                  promptTokens: systemTokens + messages.reduce((sum, segment) => sum + segment.tokens, 0),
                  rules,
                  everyTool: names,
                  ...(saved === undefined ? {} : { saved }),
                  ...(proxied === "with"
                    ? { proxy: { name: "call_tool", delivered: [...delivered], deliveries, headerTokens: header } }
                    : {}),
                });
                ({ saved } = binding);
                previous = binding.tools;
                const fresh = binding.delivered ?? [];
                if (fresh.length > 0) {
                  ours = [...ours, { id: `d${index}.${call}`, tokens: fresh.reduce((sum, name) => sum + tokensOf(name), header) }];
                  delivered.push(...fresh);
                  deliveries++;
                }
                // A needed tool is bound, delivered, or named unbound.
                for (const name of needed) expect([...binding.tools, ...delivered, ...(binding.unbound ?? [])]).toContain(name);
                requests.push({ tools: segments(binding.tools), system, messages: ours });
                baseline.push({ tools: segments(names), system, messages });
                if (call === 0) add({ id: `r${index}`, tokens: resultTokens * needed.length });
              }
            });
            const bill = billConversation(requests, rules).total.billedTokens;
            expect(bill).toBeLessThanOrEqual(billConversation(baseline, rules).total.billedTokens);
          },
        ),
        {
          numRuns: 500,
          // Found by a run (seed 690000822): the ledger rounded 2,331.25 saved up to 2,331 and the next 2,517.75 up to
          // 2,518, and a change later spent that half token (13,090 billed against 13,089.5). It now rounds down.
          // Found by a run (seed 55458977, OpenAI with the proxy): a delivery left the array and the delivered
          // definitions 41 tokens under every tool's, and each later call lost more than that to reads in 128-token steps
          // (26,582.8 billed against 26,511.6). A delivery now has to leave later calls saving, steps counted.
          // Found by a run (seed -398989133, OpenAI without the proxy): the first call bound all but 86 tokens of every
          // tool's definitions, and each later call lost more than that to reads in 128-token steps (9,220.8 against
          // 9,219.2). Such a first call now binds every tool.
          examples: [
            [
              [
                [["c", "a", "e"], ["g"]],
                [["a"], []],
              ],
              1388,
              [20, 20, 584, 20, 26, 24, 348, 22],
              1024,
            ],
            [
              [
                [["d", "e"], []],
                [["g", "e", "a"], []],
                [["a", "e", "d"], []],
                [["a"], []],
              ],
              1610,
              [664, 23, 22, 662, 106, 110, 603, 20],
              1874,
            ],
            [
              [
                [["g", "e"], []],
                [["a"], []],
                [["a", "h", "f"], []],
                [["a", "b", "c"], []],
                [["a", "d"], []],
                [["f"], []],
              ],
              25,
              [163, 533, 148, 300, 690, 29, 699, 692],
              1996,
            ],
          ],
        },
      );
    },
  );
});

describe("bindTools: per-turn", () => {
  it("sends each selection as it is", () => {
    const selection = select("book a class for tomorrow");
    expect(bindTools("per-turn", { selection, previous: ["x"] })).toMatchObject({ tools: selection.tools, changed: true, dropped: ["x"] });
  });

  it("names the valid policies", () => {
    expect(() => bindTools("sometimes" as never, { selection: select("hi") })).toThrow(
      /Unknown binding policy "sometimes". Policies: cache-aware, per-turn/,
    );
  });
});
