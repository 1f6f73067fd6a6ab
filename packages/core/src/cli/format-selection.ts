/**
 * @module Renders a selection for people (a table) and for programs (the CLI's JSON contract).
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolSelection } from "../selection/tool-selection.js";

/** The `select --json` object: `count`, `tools`, `categories`, `trimmed`, `tokens`, plus extra detail. */
export function selectionJson(selection: ToolSelection) {
  return {
    count: selection.count,
    tools: selection.tools,
    categories: selection.categories.map(({ name, reason, source }) => ({ name, reason, source })),
    trimmed: selection.trimmed,
    tokens: selection.tokens ?? { selected: 0, all: 0 },
    totalTools: selection.totalTools,
    core: selection.core,
    matchedTools: selection.matchedTools.map(({ name, reason }) => ({ name, reason })),
    ...(selection.ranked === undefined ? {} : { ranked: selection.ranked }),
    ...(selection.trimmedBy === undefined ? {} : { trimmedBy: selection.trimmedBy }),
    budget: selection.budget,
    strategy: selection.strategy,
  };
}

function padTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ").trimEnd());
}

/** A readable summary: counts and tokens, categories with reasons, tools in bind order, what was trimmed. */
export function formatSelection(selection: ToolSelection, catalog: ToolCatalog): string {
  const lines: string[] = [];
  const tokens = selection.tokens;
  const share = tokens && tokens.all > 0 ? ` (${Math.round((100 * tokens.selected) / tokens.all)}%)` : "";
  lines.push(`Selected ${selection.count} of ${selection.totalTools} tools` + (tokens ? `: ${tokens.selected} of ${tokens.allEstimated ? "about " : ""}${tokens.all} definition tokens${share}` : ""));
  lines.push("");
  if (selection.ranked !== undefined && selection.ranked.length > 0) {
    lines.push(`Ranked by ${selection.strategy}`);
    lines.push(...padTable(selection.ranked.map((tool) => [`  ${tool.rank}.`, tool.name, tool.reason])));
  } else if (selection.categories.length > 0) {
    lines.push("Categories");
    const rows = selection.categories.map((category) => [
      `  ${category.name}`,
      `${catalog.category(category.name)?.tools.length ?? 0} tools`,
      category.reason,
    ]);
    lines.push(...padTable(rows));
  } else {
    lines.push("Categories: none matched");
  }
  for (const tool of selection.matchedTools) lines.push(`  tool ${tool.name}: ${tool.reason}`);
  lines.push("", "Tools (bind order)");
  const core = new Set(selection.core);
  const categoryOf = (name: string) => (core.has(name) ? "core" : (catalog.get(name)?.category ?? ""));
  lines.push(...padTable(selection.tools.map((name, index) => [`${String(index + 1).padStart(5)}`, name, categoryOf(name)])));
  lines.push("");
  lines.push(
    selection.trimmed.length === 0
      ? "Trimmed: none"
      : `Trimmed by ${selection.trimmedBy}: ${selection.trimmed.length} tools (${selection.trimmed.join(", ")})`,
  );
  return lines.join("\n");
}
