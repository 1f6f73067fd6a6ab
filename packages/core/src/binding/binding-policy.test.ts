import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { createToolSelector } from "../selection/tool-selector.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { bindTools } from "./binding-policy.js";
import { neededTools } from "./needed-tools.js";

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

  it("changes once for a new topic: the previous array in order, then the selection's missing tools", () => {
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

  it("does not change for the tail of a ranking or for history-only matches", () => {
    const previous = ["a", "b"];
    const selection = ranked(["a", "x", "y"], [10, 2, 1]);
    selection.ranked![2]!.reason = "history";
    expect(bindTools("cache-aware", { selection, previous }).changed).toBe(false);
    expect(neededTools(selection)).toEqual(["a"]);
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

describe("bindTools: cache-aware weighs the re-bill against the risk", () => {
  const big = { tokensOf: () => 100, promptTokens: 2_000 };

  it("keeps the array when its best match is bound and the unbound needed tools rank below it", () => {
    const selection = ranked(["a", "x"], [10, 8]);
    const binding = bindTools("cache-aware", { selection, previous: ["a", "b"], ...big });
    expect(binding).toMatchObject({ changed: false, tools: ["a", "b"], unbound: ["x"], rebilledTokens: 0 });
    // 2,000 prompt tokens + 3 tools of 100 under Anthropic's breakpoints: what the change would have re-billed.
    expect(binding.reason).toBe("kept: the selection's best match a is bound; x ranks below it, not worth re-billing about 2300 tokens");
  });

  it("changes when a needed tool outranks every bound one", () => {
    const selection = ranked(["x", "a"], [10, 8]);
    const binding = bindTools("cache-aware", { selection, previous: ["a", "b"], ...big });
    expect(binding).toMatchObject({ changed: true, tools: ["a", "b", "x"], added: ["x"] });
    expect(binding.unbound).toBeUndefined();
  });

  it("changes for any unbound needed tool while the prompt is under the cache minimum (a change costs nothing)", () => {
    const selection = ranked(["a", "x"], [10, 8]);
    const binding = bindTools("cache-aware", { selection, previous: ["a", "b"], tokensOf: () => 100, promptTokens: 700 });
    expect(binding).toMatchObject({ changed: true, tools: ["a", "b", "x"] });
  });

  it("always changes for a tool matched by name in the current message", () => {
    const selection = ranked(["a", "x"], [10, 8], { matchedTools: [{ name: "x", reason: "named", tier: "current" }] });
    expect(bindTools("cache-aware", { selection, previous: ["a", "b"], ...big }).changed).toBe(true);
  });

  it("property: with a cached prompt, never changes when the needed tools are bound; after any decision the array holds every needed tool or the best match", () => {
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
          const binding = bindTools("cache-aware", { selection, previous, ...big });
          const needed = neededTools(selection);
          if (needed.every((name) => previous.includes(name))) expect(binding).toMatchObject({ changed: false, tools: previous });
          const left = needed.filter((name) => !binding.tools.includes(name));
          expect(binding.unbound ?? []).toEqual(left);
          if (left.length > 0) {
            const scoreOf = (name: string) => selection.ranked!.find((tool) => tool.name === name)!.score;
            const best = Math.max(...selection.ranked!.filter((tool) => binding.tools.includes(tool.name)).map((tool) => tool.score));
            for (const name of left) expect(scoreOf(name)).toBeLessThanOrEqual(best);
            expect(binding.changed).toBe(false);
          }
        },
      ),
    );
  });
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
