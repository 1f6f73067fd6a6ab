import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBudget } from "@dynamic-tools/core/internal";
import { boundAhead, planBoundTools } from "./plan-bound-tools.js";

const fixed = ["core_a", "core_b", "tool_search"];

describe("planBoundTools", () => {
  it("binds fixed, then the selection, then loaded tools in first-load order when everything fits", () => {
    const plan = planBoundTools({ fixed, selected: ["s1", "s2"], loaded: ["l1", "l2"], maxTools: 10 });
    expect(plan).toEqual({
      tools: ["core_a", "core_b", "tool_search", "s1", "s2", "l1", "l2"],
      selected: ["s1", "s2"],
      loaded: ["l1", "l2"],
      unloaded: [],
      trimmedBy: undefined,
      tokens: 0,
    });
  });

  it("unloads the least recently used loaded tools to fit maxTools, never core", () => {
    const lastUsed = new Map([
      ["l1", 9],
      ["l2", 2],
      ["l3", 5],
    ]);
    const plan = planBoundTools({ fixed, selected: [], loaded: ["l1", "l2", "l3"], lastUsed, maxTools: 5 });
    expect(plan.tools).toEqual(["core_a", "core_b", "tool_search", "l1", "l3"]);
    expect(plan.unloaded).toEqual(["l2"]);
    expect(plan.trimmedBy).toBe("maxTools");
  });

  it("unloads least recently used first under maxTokens too, and counts every bound definition", () => {
    const cost: Record<string, number> = { core_a: 10, core_b: 10, tool_search: 30, s1: 20, l1: 25, l2: 25 };
    const plan = planBoundTools({
      fixed,
      selected: ["s1"],
      loaded: ["l1", "l2"],
      lastUsed: new Map([
        ["l1", 1],
        ["l2", 3],
      ]),
      maxTools: 128,
      maxTokens: 100,
      tokensOf: (name) => cost[name]!,
    });
    expect(plan.tools).toEqual(["core_a", "core_b", "tool_search", "s1", "l2"]);
    expect(plan.unloaded).toEqual(["l1"]);
    expect(plan.tokens).toBe(95);
    expect(plan.trimmedBy).toBe("maxTokens");
  });

  it("ranks tools loaded or used this turn above the selection, older loaded tools below it", () => {
    const lastUsed = new Map([
      ["old", 1],
      ["fresh", 7],
    ]);
    const input = { fixed, loaded: ["old", "fresh"], lastUsed, turnStart: 6, maxTools: 5 };
    // fresh (this turn) is bound ahead of the selection: the pipeline's budget has room for one selected tool.
    expect(boundAhead(input)).toEqual({ loaded: ["fresh"], older: ["old"], count: 4, tokens: 0, trimmedBy: undefined });
    const plan = planBoundTools({ ...input, selected: ["s1"] });
    expect(plan.tools).toEqual(["core_a", "core_b", "tool_search", "s1", "fresh"]);
    expect(plan.unloaded).toEqual(["old"]);
    expect(plan.trimmedBy).toBe("maxTools");
  });

  it("breaks recency ties by load order (a later load is more recent) and treats unknown recency as oldest", () => {
    const plan = planBoundTools({ fixed: [], selected: [], loaded: ["a", "b", "c"], lastUsed: new Map([["c", 0]]), maxTools: 2 });
    expect(plan.tools).toEqual(["b", "c"]);
    expect(plan.unloaded).toEqual(["a"]);
  });

  it("keeps a loaded tool that is also selected in its loaded slot, once", () => {
    const plan = planBoundTools({ fixed, selected: ["s1", "l1"], loaded: ["l1"], maxTools: 10 });
    expect(plan.tools).toEqual(["core_a", "core_b", "tool_search", "s1", "l1"]);
  });

  it("holds its invariants for any input (property)", () => {
    const name = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h");
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 2 }),
        fc.array(name, { maxLength: 6 }),
        fc.array(name, { maxLength: 6 }),
        fc.dictionary(name, fc.integer({ min: 0, max: 20 })),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 10, max: 60 }), { nil: undefined }),
        (fixedNames, selected, loaded, used, maxTools, turnStart, maxTokens) => {
          const tokensOf = (tool: string) => tool.charCodeAt(0) - 90; // 7…14
          const lastUsed = new Map(Object.entries(used));
          const input = {
            fixed: fixedNames,
            loaded,
            lastUsed,
            turnStart,
            maxTools,
            ...(maxTokens === undefined ? {} : { maxTokens }),
            tokensOf,
          };
          // What the pipeline's one budget keeps of the selection with the room ahead of it reserved.
          const ahead = boundAhead(input);
          const candidates = [...new Set(selected)].filter((tool) => !fixedNames.includes(tool) && !loaded.includes(tool));
          const kept =
            ahead.trimmedBy === undefined
              ? applyBudget({
                  ordered: candidates,
                  maxTools: maxTools - ahead.count,
                  maxTokens: (maxTokens ?? Infinity) - ahead.tokens,
                  tokensOf,
                }).selected
              : [];
          const plan = planBoundTools({ ...input, selected: kept });
          // the selection is bound as the pipeline kept it, in its slot
          expect(plan.selected).toEqual(kept);
          // fixed tools are always first and never cut
          expect(plan.tools.slice(0, fixedNames.length)).toEqual(fixedNames);
          // nothing twice
          expect(new Set(plan.tools).size).toBe(plan.tools.length);
          // the budget holds beyond the fixed tools
          const fixedTokens = fixedNames.reduce((sum, tool) => sum + tokensOf(tool), 0);
          if (plan.tools.length > fixedNames.length) {
            expect(plan.tools.length).toBeLessThanOrEqual(Math.max(maxTools, fixedNames.length));
            if (maxTokens !== undefined) expect(plan.tokens).toBeLessThanOrEqual(Math.max(maxTokens, fixedTokens));
          }
          expect(plan.tokens).toBe(plan.tools.reduce((sum, tool) => sum + tokensOf(tool), 0));
          // every loaded tool (not fixed) is either bound or unloaded; bound loaded tools keep first-load order
          const loadedUnique = [...new Set(loaded)].filter((tool) => !fixedNames.includes(tool));
          expect([...plan.loaded, ...plan.unloaded].sort()).toEqual([...loadedUnique].sort());
          expect(plan.loaded).toEqual(loadedUnique.filter((tool) => plan.loaded.includes(tool)));
          // unloading is least recently used first: every unloaded tool is no more recent than any kept older one
          const recency = (tool: string) => lastUsed.get(tool) ?? -1;
          for (const gone of plan.unloaded) {
            for (const kept of plan.loaded) if (recency(kept) < turnStart) expect(recency(gone)).toBeLessThanOrEqual(recency(kept));
          }
        },
      ),
    );
  });
});
