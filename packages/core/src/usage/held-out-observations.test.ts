import { describe, expect, it } from "vitest";
import { HELD_OUT_CAPACITY, HeldOutObservations, type HeldOutSource } from "./held-out-observations.js";

const EMPTY: HeldOutSource = { fieldTerms: () => undefined, fieldObservations: () => 0, wordCounts: () => undefined, scale: () => 1 };

/** `count` observations of one tool each, `tool(index)` naming it. */
function pushed(count: number, tool: (index: number) => string): HeldOutObservations {
  const held = new HeldOutObservations();
  for (let index = 0; index < count; index++)
    held.push({ words: [`w${index}`], terms: [`w${index}`], tools: [{ name: tool(index), weight: 1, credit: 1 }] });
  return held;
}

describe("HeldOutObservations", () => {
  it("holds out a sample spread over a log sorted by tool, not its last part", () => {
    // 8 tools, 1,000 observations each, in order: the newest 512 would all be tool 7's.
    const held = pushed(8000, (index) => `tool${Math.floor(index / 1000)}`);
    const probes = held.evidence(EMPTY, 8000)!.probes;
    expect(probes).toHaveLength(HELD_OUT_CAPACITY);
    const perTool = new Map<string, number>();
    for (const probe of probes) perTool.set(probe.tools[0]!, (perTool.get(probe.tools[0]!) ?? 0) + 1);
    expect(perTool.size).toBe(8);
    // Each tool an eighth of the sample (64), within sampling noise.
    for (const count of perTool.values()) expect(count).toBeGreaterThan(32);
    // Oldest first, and the same sample for the same observations.
    const positions = probes.map((probe) => Number(probe.query.slice(1)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(pushed(8000, (index) => `tool${Math.floor(index / 1000)}`).evidence(EMPTY, 8000)!.probes).toEqual(probes);
  });

  it("holds out at most a quarter of what was learned, evenly spaced in the sample", () => {
    const held = pushed(8, (index) => `tool${index}`);
    expect(held.evidence(EMPTY, 8)!.probes.map((probe) => probe.query)).toEqual(["w0", "w4"]);
    expect(held.evidence(EMPTY, 3)).toBeUndefined();
  });
});
