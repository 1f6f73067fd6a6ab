/**
 * @module One line for `tool_search` results: the tools most often used with a found one. Pure.
 */
import type { UsageModel } from "./usage-model.js";

/**
 * "Often used with: a, b" for a tool, or undefined when nothing was used with it (or only below `minWeight`).
 * @example
 * ```ts
 * oftenUsedWithLine(usage, "create_client"); // "Often used with: mark_check_in, freeze_membership"
 * ```
 */
export function oftenUsedWithLine(model: UsageModel, tool: string, { limit = 3, minWeight = 1 }: { limit?: number; minWeight?: number } = {}): string | undefined {
  const names = model.oftenUsedWith(tool, limit).filter((item) => item.weight >= minWeight).map((item) => item.name);
  return names.length === 0 ? undefined : `Often used with: ${names.join(", ")}`;
}
