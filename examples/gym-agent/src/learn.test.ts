/**
 * `pnpm start -- --learn`: the scripted conversation recorded as usage (to a JSON Lines file), then what was learned.
 * Asserts on the printed output, the selections before and after, the file, and that two runs print the same.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { learnFromFile } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { runLearningDemo } from "./learn.js";

async function run(usageFile: string) {
  const lines: string[] = [];
  const result = await runLearningDemo({ usageFile, log: (line) => lines.push(line) });
  return { ...result, text: lines.join("\n").replaceAll(usageFile, "<file>") };
}

describe("the gym demo's --learn", () => {
  it("records every turn's tool calls, prints words, pairs and catalog suggestions, and a learned tool ranks higher", {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "gym-learn-"));
    const file = join(dir, "usage.jsonl");
    const { text, before, after } = await run(file);
    expect(text).toContain("Recorded 35 turns (7 tools).");
    expect(text).toMatch(/\n {2}get_membership_stats: frozen, many, memberships\n/);
    expect(text).toMatch(/\n {2}freeze_membership \+ get_membership_stats {2}2\.5\n/);
    expect(text).toContain('memberships: add keywords "many", "first"');
    expect(text).toMatch(/defaults \(now [^)]*\): appointments \(14% of use\), salary \(14% of use\)/);

    // New wording: the learned words lift get_membership_stats above unfreeze_membership.
    expect(before[0]!.ranked!.map((tool) => tool.name).slice(0, 2)).toEqual(["unfreeze_membership", "get_membership_stats"]);
    expect(after[0]!.ranked![0]!.name).toBe("get_membership_stats");
    // Co-usage: nothing before learning; after, the tools used with freeze_membership follow it.
    expect(before[1]!.coUsed).toEqual([]);
    expect(after[1]!.coUsed!.map((tool) => [tool.name, tool.reason])).toEqual([
      ["get_membership_stats", "often used with freeze_membership"],
      ["get_clients_list", "often used with freeze_membership"],
    ]);
    expect(text).toContain("+  get_membership_stats (often used with freeze_membership, weight 2.5)");

    // The file holds the 35 observations; a model learned from it knows the same pairs.
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(35);
    const relearned = learnFromFile(createGymCatalog(), file);
    expect(
      relearned
        .oftenUsedWith("freeze_membership", 2)
        .map((item) => item.name)
        .sort(),
    ).toEqual(["get_clients_list", "get_membership_stats"]);

    // Deterministic: a second run (the file emptied first) prints the same.
    expect((await run(file)).text).toBe(text);
  });
});
