import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval-strategy.js";
import { createBm25Strategy } from "./bm25-strategy.js";
import { WORD_VECTORS } from "./__fixtures__/word-vectors.js";
import { VocabularyExpansion } from "./vocabulary-expansion.js";

/** The background work the strategies start, stepped by the test instead of the event loop. */
const started: Array<{ steps: Iterator<unknown>; cancelled: boolean; done: boolean }> = [];
vi.mock("../../events/background-steps.js", async (original) => ({
  ...(await original<typeof import("../../events/background-steps.js")>()),
  runInBackground: (steps: Iterator<unknown>) => {
    const work = { steps, cancelled: false, done: false };
    started.push(work);
    return {
      cancel: () => {
        work.cancelled = true;
      },
    };
  },
}));

const TOOLS = [
  { name: "save_note", description: "Save a note to memory" },
  { name: "forecast", description: "Weather forecast for a city" },
  { name: "rain_alert", description: "Rain alerts" },
  { name: "pay_invoice", description: "Pay an invoice" },
  { name: "list_notes", description: "List every note" },
  { name: "memory_stats", description: "Memory usage" },
];
const QUERIES = ["remember my locker code", "settle this bill", "will it rain tomorrow", "weather forecast"];
const wordVectors = { wordVector: (word: string) => WORD_VECTORS[word] };

const ranked = (strategy: RetrievalStrategy, query: string) => strategy.rank({ query, limit: 10 }) as RankedTool[];

/** The background work a strategy started last (undefined before its first index). */
function latest(since: number) {
  return started.length > since ? started[started.length - 1] : undefined;
}

type Operation = { step: number } | { add: number } | { change: number } | { remove: number } | { rank: number };

describe("createBm25Strategy: the background warm-up changes no ranking", () => {
  it("ranks as a twin whose warm-up never runs, whatever updates and requests come between the warm-up's steps", () => {
    const operation: fc.Arbitrary<Operation> = fc.oneof(
      fc.record({ step: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ add: fc.integer({ min: 0, max: TOOLS.length - 1 }) }),
      fc.record({ change: fc.integer({ min: 0, max: TOOLS.length - 1 }) }),
      fc.record({ remove: fc.integer({ min: 0, max: TOOLS.length - 1 }) }),
      fc.record({ rank: fc.integer({ min: 0, max: QUERIES.length - 1 }) }),
    );
    fc.assert(
      fc.property(fc.subarray(TOOLS, { minLength: 1 }), fc.array(operation, { maxLength: 25 }), (initial, operations) => {
        const catalog = new ToolCatalog({ tools: initial });
        const warmed = createBm25Strategy({ expansion: new VocabularyExpansion(() => wordVectors) });
        const twin = createBm25Strategy({ expansion: new VocabularyExpansion(() => wordVectors) });
        const before = started.length;
        warmed.index(catalog);
        const work = latest(before);
        twin.index(catalog);
        for (const next of operations) {
          if ("step" in next) {
            for (let step = 0; step < next.step && work !== undefined && !work.cancelled && !work.done; step++)
              work.done = work.steps.next().done === true;
          } else if ("add" in next || "change" in next) {
            const tool = TOOLS["add" in next ? next.add : next.change]!;
            const given = "add" in next ? tool : { ...tool, description: `${tool.description} or a bill` };
            const added = new ToolCatalog({ tools: [given] }).tools();
            warmed.add!(added);
            twin.add!(added);
          } else if ("remove" in next) {
            warmed.remove!([TOOLS[next.remove]!.name]);
            twin.remove!([TOOLS[next.remove]!.name]);
          } else {
            const query = QUERIES[next.rank]!;
            expect(ranked(warmed, query)).toEqual(ranked(twin, query));
          }
        }
        for (const query of QUERIES) expect(ranked(warmed, query)).toEqual(ranked(twin, query));
      }),
      {
        numRuns: 300,
        // Found by CI (seed 1145152722): a tool stored while the vocabulary was empty, after a message had noted it
        // once, stayed unnoted when the warm-up's first step noted another.
        examples: [[[TOOLS[5]!], [{ rank: 0 }, { remove: 5 }, { change: 1 }, { add: 0 }, { step: 1 }]]],
      },
    );
  });

  it("finishes the warm-up's work itself when a message needs the vocabulary first", () => {
    const expansion = new VocabularyExpansion(() => wordVectors);
    const strategy = createBm25Strategy({ expansion });
    const before = started.length;
    strategy.index(new ToolCatalog({ tools: TOOLS }));
    const work = latest(before)!;
    work.steps.next(); // one tool noted
    expect(expansion.empty).toBe(false);
    expect(ranked(strategy, "settle this bill")[0]?.name).toBe("pay_invoice");
    expect(TOOLS.every((tool) => expansion.has(tool.name))).toBe(true);
    expect(expansion.ready).toBe(true);
    // What the warm-up had left is done: its remaining steps note nothing and build nothing.
    let steps = 0;
    while (!work.steps.next().done) steps++;
    expect(steps).toBeLessThanOrEqual(TOOLS.length);
    expect(expansion.ready).toBe(true);
  });
});
