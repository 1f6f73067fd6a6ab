/**
 * @module Renders a selection for people (a table) and for programs (the CLI's JSON contract).
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolSelection } from "../selection/tool-selection.js";

/**
 * The `select --json` object: `count`, `tools`, `categories`, `trimmed`, `tokens`, plus extra detail (`reason` when
 * no tool is selected).
 */
export function selectionJson(selection: ToolSelection, catalog?: ToolCatalog) {
  return {
    count: selection.count,
    tools: selection.tools,
    categories: selection.categories.map(({ name, reason, tier }) => ({ name, reason, tier })),
    trimmed: selection.trimmed,
    tokens: selection.tokens ?? { selected: 0, all: 0 },
    totalTools: selection.totalTools,
    core: selection.core,
    matchedTools: selection.matchedTools.map(({ name, reason }) => ({ name, reason })),
    ...(selection.ranked === undefined ? {} : { ranked: selection.ranked }),
    ...(selection.coUsed === undefined ? {} : { coUsed: selection.coUsed }),
    ...(selection.pinned === undefined ? {} : { pinned: selection.pinned }),
    ...(selection.abstained === undefined ? {} : { abstained: selection.abstained }),
    ...(selection.trimmedBy === undefined ? {} : { trimmedBy: selection.trimmedBy }),
    budget: selection.budget,
    strategy: selection.strategy,
    ...(selection.count === 0 && catalog !== undefined ? { reason: explainEmptySelection(selection, catalog) } : {}),
  };
}

function padTable(rows: string[][]): string[] {
  if (rows.length === 0) return [];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd(),
  );
}

/**
 * Why a selection is empty, in one sentence, and what would change it: nothing matched (keyword or ranked), the
 * catalog has no core tools or defaults to fall back on (or they were all filtered out), or the budget cut
 * everything.
 */
export function explainEmptySelection(selection: ToolSelection, catalog: ToolCatalog): string {
  if (selection.totalTools === 0) return "0 tools selected: the catalog has no tools.";
  if (selection.trimmed.length > 0) {
    return `0 tools selected: the budget (${selection.trimmedBy ?? "maxTools"}) cut ${selection.trimmed.length === 1 ? "its only candidate" : `all ${selection.trimmed.length} candidates`}. Raise --max-tools or --max-tokens.`;
  }
  if (selection.abstained !== undefined) {
    return `0 tools selected: nothing credible to bind (${selection.abstained.reason}), and the catalog binds no core tools here. A selector given abstain: false binds the best ranked tools anyway.`;
  }
  const matched = [...selection.categories.map((category) => category.name), ...selection.matchedTools.map((tool) => tool.name)];
  if (matched.length > 0) {
    return `0 tools selected: ${matched.join(", ")} matched, but none of their tools can be bound here (disabled, another platform, or not searchable).`;
  }
  const nothingMatched =
    selection.ranked !== undefined
      ? `no tool ranked for this message with the ${selection.strategy} strategy (nothing in it matches a tool's name, description or keywords)`
      : "no category or tool keyword matched this message";
  const { core, defaults } = catalog.settings;
  const fallback =
    core.length === 0 && defaults.length === 0
      ? "and the catalog declares no core tools (bound every turn) and no defaults (bound when nothing matches)"
      : "and the catalog's core and default tools are all filtered out here (disabled, another platform, or not searchable)";
  const hint =
    selection.ranked !== undefined
      ? "Declare `core` or `defaults` in the catalog to always bind something, or rephrase the message."
      : "Declare `core` or `defaults` in the catalog, add keywords to its categories, or try --strategy hybrid (ranks by words and meaning).";
  return `0 tools selected: ${nothingMatched}, ${fallback}.\n${hint}`;
}

/** A readable summary: counts and tokens, categories with reasons, tools in bind order, what was trimmed. */
export function formatSelection(selection: ToolSelection, catalog: ToolCatalog): string {
  if (selection.count === 0) return `Selected 0 of ${selection.totalTools} tools\n\n${explainEmptySelection(selection, catalog)}`;
  const lines: string[] = [];
  const tokens = selection.tokens;
  const share = tokens && tokens.all > 0 ? ` (${Math.round((100 * tokens.selected) / tokens.all)}%)` : "";
  lines.push(
    `Selected ${selection.count} of ${selection.totalTools} tools` +
      (tokens ? `: ${tokens.selected} of ${tokens.allEstimated ? "about " : ""}${tokens.all} definition tokens${share}` : ""),
  );
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
  if (selection.abstained !== undefined) lines.push(`Abstained: ${selection.abstained.reason}`);
  for (const tool of selection.pinned ?? []) lines.push(`  pinned ${tool.name}: ${tool.reason}`);
  for (const tool of selection.matchedTools) lines.push(`  tool ${tool.name}: ${tool.reason}`);
  if (selection.coUsed !== undefined && selection.coUsed.length > 0) {
    lines.push("Co-usage (learned)");
    lines.push(...padTable(selection.coUsed.map((tool) => [`  ${tool.name}`, tool.reason])));
  }
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
