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

  it("with memory, keeps the one tool the previous turn called past AutoCut, within reach", async () => {
    const strategy = tableStrategy({ send_email: 10, read_email: 9, search_email: 2, list_events: 0.5 });
    strategy.index(assistantCatalog());
    const recalled = (turnsAgo: number, reach = 10, also: string[] = []) =>
      rankedCandidates({
        strategy,
        conversation: { ...conversation, calledTools: [{ name: "list_events", turnsAgo }, ...also.map((name) => ({ name, turnsAgo }))] },
        topK: 10,
        cut: {},
        filter: () => true,
        memory: { weight: 0.01, decay: 0.5, after: 2, reach },
      }).then((found) => found.map((tool) => `${tool.name}: ${tool.reason}`));
    const cut = ["send_email: table 10", "read_email: table 9", "search_email: table 2"];
    // list_events (0.5 + 0.1) falls after AutoCut's cut (2 → 0.6), but the previous turn called it.
    expect(await recalled(1)).toEqual([...cut, "list_events: table 0.5, called 1 turn ago"]);
    expect(await recalled(2)).toEqual(cut);
    expect(await recalled(1, 0)).toEqual(cut);
    // A turn that called several tools singles none out.
    expect((await recalled(1, 10, ["read_email"])).map((line) => line.split(":")[0])).toEqual(["send_email", "read_email", "search_email"]);
  });

  it("ranks nothing for an empty conversation", async () => {
    const strategy = tableStrategy({ send_email: 10 });
    const empty = { current: "  ", history: [] };
    expect(await rankedCandidates({ strategy, conversation: empty, topK: 5, cut: false, filter: () => true })).toEqual([]);
    expect(strategy.requests).toEqual([]);
  });
});
