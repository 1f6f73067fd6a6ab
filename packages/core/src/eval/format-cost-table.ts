/**
 * @module The human-readable table of a cost replay (`dynamic-tools cost` without `--json`). Pure.
 */
import type { CostReport } from "./cost-replay.js";
import { ALL_COST_POLICIES } from "./replay-policies.js";

/**
 * One row per policy: billed tokens, cache reads, tools-array changes, share of turns with every needed tool bound,
 * and the ratio to `static`; a note when `static` was capped at the provider's tool limit.
 *
 * @example
 * ```ts
 * console.log(formatCostTable(await replayCost({ catalog, conversations })));
 * ```
 */
export function formatCostTable(report: CostReport): string {
  const header = ["policy", "billed tokens", "cache reads", "array changes", "needed bound", "× static"];
  const rows = ALL_COST_POLICIES.flatMap((name) => {
    const cost = report.policies[name];
    if (cost === undefined) return [];
    return [
      [
        name,
        cost.billedTokens.toLocaleString("en"),
        cost.cacheReadTokens.toLocaleString("en"),
        String(cost.toolsArrayChanges),
        `${(cost.allNeededBound * 100).toFixed(1)}%`,
        cost.ratioToStatic.toFixed(2),
      ],
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const capped = report.policies.static?.cappedAt;
  return [
    `${report.provider}: ${report.conversations} conversation${report.conversations === 1 ? "" : "s"}, ${report.turns} user turn${report.turns === 1 ? "" : "s"}`,
    line(header),
    ...rows.map(line),
    ...(capped === undefined ? [] : [`static binds only the first ${capped} tools (catalog order): the provider's limit.`]),
  ].join("\n");
}
