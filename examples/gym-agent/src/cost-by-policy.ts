/**
 * @module What the demo conversation bills with prompt caching under each binding policy (static, per-turn,
 * cache-aware, native, and native by the `call_tool` proxy), for Anthropic and OpenAI: the replay behind `dynamic-tools cost`, printed compactly after
 * the conversation.
 */
import type { ToolCatalog } from "@dynamic-tools/core";
import { COST_POLICIES, replayCost, type CostPolicyName, type CostReport, type ReplayConversation } from "@dynamic-tools/core/eval";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";

/** The policies the demo compares: `--policy all`, and native deferral by proxy (any tool-calling model). */
const DEMO_POLICIES: readonly CostPolicyName[] = [...COST_POLICIES, "native-proxy"];

/** The demo conversation as the replay reads it: each user message and the tool the offline model calls for it. */
export function demoConversation(): ReplayConversation {
  return {
    id: "gym",
    turns: DEMO_CONVERSATION.map((query) => {
      const step = OFFLINE_SCRIPT.find((candidate) => candidate.when.test(query));
      return { query, tools: step === undefined ? [] : [step.tool] };
    }),
  };
}

/** The demo conversation as lines of a conversations file (`dynamic-tools cost --conversations`). */
export function demoConversationLines(): string[] {
  const conversation = demoConversation();
  return conversation.turns.map((turn, index) =>
    JSON.stringify({
      id: `${conversation.id}-turn-${index + 1}`,
      query: turn.query,
      relevant: turn.tools,
      ...(index === 0 ? {} : { history: conversation.turns.slice(0, index).map((earlier) => earlier.query) }),
    }),
  );
}

/** Replays the demo conversation for both providers (120-token tool results, a 600-token system prompt). */
export async function measureCostByPolicy(catalog: ToolCatalog): Promise<CostReport[]> {
  const conversations = [demoConversation()];
  return [
    await replayCost({ catalog, conversations, provider: "anthropic", policies: DEMO_POLICIES }),
    await replayCost({ catalog, conversations, provider: "openai", policies: DEMO_POLICIES }),
  ];
}

/** One line per provider: billed input tokens per policy and the ratio to static. */
export function formatCostByPolicy(reports: readonly CostReport[]): string {
  const cell = (report: CostReport, policy: CostPolicyName) => {
    const cost = report.policies[policy];
    if (cost === undefined) return "";
    const ratio = policy === "static" ? "" : ` (${cost.ratioToStatic.toFixed(2)}×)`;
    return `${cost.billedTokens.toLocaleString("en")}${ratio}`;
  };
  const rows = reports.map((report) => [report.provider, ...DEMO_POLICIES.map((policy) => cell(report, policy))]);
  const header = ["", ...DEMO_POLICIES];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join("  ");
  const turns = reports[0]?.turns ?? 0;
  const capped = reports.some((report) => report.policies.static?.cappedAt !== undefined);
  return [
    `Billed input tokens with prompt caching over these ${turns} turns, per binding policy (dynamic-tools cost's replay over the agent's tools, parameter schemas included):`,
    line(header),
    ...rows.map(line),
    ...(capped ? ["(OpenAI's static binds the first 128 tools: its limit.)"] : []),
  ].join("\n");
}
