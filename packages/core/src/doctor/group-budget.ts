/**
 * @module Categories and namespaces that alone exceed the selection budget: selecting (or loading) one of them
 * fills `maxTools` or `maxTokens` by itself, so the budget trims it and nothing else fits. Pure.
 */
import type { DoctorFinding } from "./doctor-finding.js";

/** A group of tools bound as a unit: a category (selected whole) or a namespace (loaded whole, up to its size). */
export interface ToolGroup {
  readonly kind: "category" | "namespace";
  readonly name: string;
  /** The member tools bound as a unit (a namespace: its first `maxSize`). */
  readonly tools: readonly string[];
}

/**
 * Groups whose tools alone exceed `maxTools` or whose definitions alone exceed `maxTokens`.
 * @example
 * ```ts
 * groupBudgetFindings([{ kind: "category", name: "misc", tools: names }], () => 150, { maxTools: 128 });
 * ```
 */
export function groupBudgetFindings(
  groups: readonly ToolGroup[],
  tokensOf: (name: string) => number,
  budget: { maxTools: number; maxTokens?: number | undefined },
): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const group of groups) {
    const tokens = group.tools.reduce((sum, name) => sum + tokensOf(name), 0);
    const overTools = group.tools.length > budget.maxTools;
    const overTokens = budget.maxTokens !== undefined && tokens > budget.maxTokens;
    if (!overTools && !overTokens) continue;
    const what = [
      overTools ? `${group.tools.length} tools (maxTools ${budget.maxTools})` : "",
      overTokens ? `${tokens.toLocaleString("en-US")} definition tokens (maxTokens ${budget.maxTokens!.toLocaleString("en-US")})` : "",
    ]
      .filter((part) => part !== "")
      .join(" and ");
    const fix =
      group.kind === "category"
        ? `split categories: ${group.name} into smaller categories (each tool's category:), joined by related: where they go together; or raise maxTools / maxTokens.`
        : `set namespaces: ${group.name}: maxSize: to fewer tools, or split the namespace (each tool's namespace:).`;
    findings.push({
      check: "group-budget",
      severity: "warning",
      tools: [],
      group: `${group.kind}:${group.name}`,
      message: `${group.kind} ${group.name} alone is ${what}: selecting it fills the budget, and the budget cuts it.`,
      fix,
    });
  }
  return findings;
}
