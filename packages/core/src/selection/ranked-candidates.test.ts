import { describe, expect, it } from "vitest";
import { assistantCatalog, tableStrategy } from "../retrieval/__fixtures__/assistant-catalog.js";
import { rankedCandidates } from "./ranked-candidates.js";

const conversation = { current: "anything", history: [] };

interface Options {
  cut?: false | { ratio?: number; minimum?: number };
  minRelativeScore?: number;
  topK?: number;
}

async function ranked(table: Record<string, number>, options: Options = {}) {
  const strategy = tableStrategy(table);
  strategy.index(assistantCatalog());
  const { cut = false, topK = 10, minRelativeScore } = options;
  const floor = minRelativeScore === undefined ? {} : { minRelativeScore };
  const found = await rankedCandidates({ strategy, conversation, topK, cut, filter: () => true, ...floor });
  return found.map((tool) => tool.name);
}

describe("rankedCandidates", () => {
  it("with a relative-score floor (tool_search's), drops results scoring 0 or less and those below the share of the best", async () => {
    const table = { send_email: 10, read_email: 0.6, search_email: 0.4, list_events: 0 };
    expect(await ranked(table, { minRelativeScore: 0.05 })).toEqual(["send_email", "read_email"]);
    expect(await ranked(table, { minRelativeScore: 0 })).toEqual(["send_email", "read_email", "search_email"]);
    expect(await ranked(table)).toEqual(["send_email", "read_email", "search_email", "list_events"]);
  });

  it("applies AutoCut after the floor, and never more than topK", async () => {
    const table = { send_email: 10, read_email: 9, search_email: 2, list_events: 0.5 };
    expect(await ranked(table, { cut: {} })).toEqual(["send_email", "read_email", "search_email"]);
    expect(await ranked(table, { topK: 2 })).toEqual(["send_email", "read_email"]);
  });

  it("ranks nothing for an empty conversation", async () => {
    const strategy = tableStrategy({ send_email: 10 });
    const empty = { current: "  ", history: [] };
    expect(await rankedCandidates({ strategy, conversation: empty, topK: 5, cut: false, filter: () => true })).toEqual([]);
    expect(strategy.requests).toEqual([]);
  });
});
