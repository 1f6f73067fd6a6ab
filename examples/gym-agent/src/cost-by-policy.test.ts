/** The demo's cost table: the conversation it replays is the demo's, and the checked-in conversations file matches it. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createGymCatalog } from "./catalog.js";
import { demoConversation, demoConversationLines, formatCostByPolicy, measureCostByPolicy } from "./cost-by-policy.js";

describe("the demo's cost by policy", () => {
  it("replays the demo conversation with the tools the offline model calls", () => {
    expect(demoConversation().turns.map((turn) => turn.tools)).toEqual([
      ["get_clients_list"],
      ["freeze_membership"],
      ["get_membership_stats"],
      ["get_pending_salaries"],
      ["get_revenue_stats"],
      ["get_services"],
      ["change_theme"],
      [],
    ]);
  });

  it("is the conversation of conversation.jsonl (the gym part of the cost dev set)", () => {
    const file = readFileSync(fileURLToPath(new URL("../conversation.jsonl", import.meta.url)), "utf8");
    expect(file.trimEnd().split("\n")).toEqual(demoConversationLines());
  });

  it("prints one row per provider with every policy", async () => {
    const reports = await measureCostByPolicy(createGymCatalog());
    expect(reports.map((report) => report.provider)).toEqual(["anthropic", "openai"]);
    const text = formatCostByPolicy(reports);
    expect(text).toMatch(/^Billed input tokens with prompt caching over these 8 turns/);
    expect(text).toMatch(/static\s+per-turn\s+cache-aware\s+native\s+native-proxy/);
    expect(text).toMatch(/^anthropic\s+[\d,]+\s+[\d,]+ \(\d\.\d\d×\)/m);
    expect(text).toMatch(/^openai\s+[\d,]+\s+[\d,]+ \(\d\.\d\d×\)/m);
  });
});
