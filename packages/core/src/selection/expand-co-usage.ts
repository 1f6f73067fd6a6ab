/**
 * @module Co-usage expansion: after the tools a selection chose, the tools most often used with them (learned from
 * successful turns). A pure stage: chosen tools in, tools to add after them out.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { CoUsageReader } from "../usage/co-usage-reader.js";

/** Options of the co-usage expansion. */
export interface CoUsageOptions {
  /**
   * Least co-usage weight for a tool to be added: how many successful turns (decayed; consecutive turns count half)
   * used it with the chosen tool. @defaultValue 2
   */
  minWeight?: number;
  /** Most tools the expansion adds to one selection. @defaultValue 3 */
  maxTools?: number;
}

/** Default {@link CoUsageOptions}. */
export const CO_USAGE_DEFAULTS: Required<CoUsageOptions> = { minWeight: 2, maxTools: 3 };

/** A tool added because it is often used with a chosen one. */
export interface CoUsedTool {
  name: string;
  /** `often used with get_staff_list`. */
  reason: string;
  tier: "co-usage";
  /** The chosen tool it is used with. */
  usedWith: string;
  /** Co-usage weight (decayed observations). */
  weight: number;
}

/**
 * Validates co-usage options and fills in the defaults.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad value.
 */
export function resolveCoUsageOptions(options: CoUsageOptions = {}): Required<CoUsageOptions> {
  const { minWeight = CO_USAGE_DEFAULTS.minWeight, maxTools = CO_USAGE_DEFAULTS.maxTools } = options;
  if (!(typeof minWeight === "number" && minWeight > 0 && Number.isFinite(minWeight))) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `coUsage.minWeight must be a positive number of observations, got ${String(minWeight)}.`,
      { path: ["coUsage", "minWeight"] },
    );
  }
  if (!Number.isInteger(maxTools) || maxTools < 0) {
    throw new DynamicToolsError("INVALID_OPTION", `coUsage.maxTools must be a whole number ≥ 0, got ${String(maxTools)}.`, {
      path: ["coUsage", "maxTools"],
    });
  }
  return { minWeight, maxTools };
}

/**
 * The tools to add after `chosen`: for each chosen tool in order, the tools most used with it (weight at least
 * `minWeight`, heaviest first) that `allowed` accepts and that are not already `present`, up to `maxTools` in all.
 * `present` may be given as a function making the set: it is called only once a chosen tool has co-usage heavy enough
 * (until then each chosen tool's heaviest pair alone is read), which in most selections is never.
 *
 * @example
 * ```ts
 * expandCoUsage({ chosen: ["pay_salary"], usage, allowed: (n) => selectable.has(n), present: new Set(ordered) });
 * // [{ name: "get_staff_list", reason: "often used with pay_salary", tier: "co-usage", usedWith: "pay_salary", weight: 4 }]
 * ```
 */
export function expandCoUsage({
  chosen,
  usage,
  allowed,
  present,
  minWeight = CO_USAGE_DEFAULTS.minWeight,
  maxTools = CO_USAGE_DEFAULTS.maxTools,
}: {
  chosen: readonly string[];
  usage: CoUsageReader;
  allowed: (name: string) => boolean;
  present: ReadonlySet<string> | (() => ReadonlySet<string>);
} & CoUsageOptions): CoUsedTool[] {
  const added: CoUsedTool[] = [];
  let seen = typeof present === "function" ? undefined : present;
  for (const from of chosen) {
    if (added.length >= maxTools) break;
    if (seen === undefined) {
      // Heaviest first: a tool whose heaviest pair is too light adds nothing, whatever is present.
      const heaviest = usage.oftenUsedWith(from, 1)[0];
      if (heaviest === undefined || !(heaviest.weight >= minWeight)) continue;
      seen = (present as () => ReadonlySet<string>)();
    }
    // Enough to find `maxTools` new tools past every present or added one. (No copy of `present` joins the added
    // tools: a selection runs this stage every turn, and at most `maxTools` are added.)
    for (const { name, weight } of usage.oftenUsedWith(from, maxTools + seen.size + added.length)) {
      if (added.length >= maxTools) break;
      if (!(weight >= minWeight)) break; // heaviest first: the rest are lighter
      if (seen.has(name) || added.some((tool) => tool.name === name) || !allowed(name)) continue;
      added.push({ name, reason: `often used with ${from}`, tier: "co-usage", usedWith: from, weight });
    }
  }
  return added;
}
