import { describe, expect, it } from "vitest";
import { formatMisses, MISS_PLACES, queryMiss } from "./query-misses.js";

const ranking = Array.from({ length: 12 }, (_, index) => `tool_${index + 1}`);

describe("queryMiss", () => {
  it(`is undefined when every relevant tool ranks within the first ${MISS_PLACES}`, () => {
    expect(queryMiss({ id: "q", query: "x", relevant: ["tool_1", "tool_10"] }, ranking)).toBeUndefined();
  });

  it("names each relevant tool past place 10 with its rank, or null when not ranked, and the first five", () => {
    expect(queryMiss({ id: "q", query: "x", relevant: ["tool_2", "tool_11", "absent"] }, ranking)).toEqual({
      id: "q",
      query: "x",
      missing: [
        { tool: "tool_11", rank: 11 },
        { tool: "absent", rank: null },
      ],
      top: ["tool_1", "tool_2", "tool_3", "tool_4", "tool_5"],
    });
  });

  it("says when the selection abstained", () => {
    expect(queryMiss({ id: "q", query: "thanks", relevant: ["tool_1"] }, [], true)).toEqual({
      id: "q",
      query: "thanks",
      missing: [{ tool: "tool_1", rank: null }],
      top: [],
      abstained: true,
    });
  });
});

describe("formatMisses", () => {
  it("prints a heading and two lines a miss, the query quoted and cut at 120 characters", () => {
    const long = "a".repeat(130);
    const misses = [
      queryMiss({ id: "q1", query: long, relevant: ["tool_11"] }, ranking)!,
      queryMiss({ id: "q2", query: 'say "hi"', relevant: ["tool_1"] }, [], true)!,
    ];
    expect(formatMisses("hybrid", 40, misses)).toEqual([
      "hybrid: 2 of 40 queries have a relevant tool past place 10",
      "  q1: tool_11 #11 | first: tool_1, tool_2, tool_3, tool_4, tool_5",
      `    "${"a".repeat(119)}…"`,
      "  q2: tool_1 not ranked | abstained",
      '    "say \\"hi\\""',
    ]);
  });
});
