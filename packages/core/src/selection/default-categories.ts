/**
 * @module The defaults stage: when a selection found nothing (no category, no tool), the catalog's default
 * categories are bound, whatever the strategy.
 */
import type { SelectedCategory } from "./tool-selection.js";

/**
 * The default categories to add: all of `defaults` when nothing was found, else none.
 *
 * @example
 * ```ts
 * defaultCategories({ found: 0, defaults: ["clients"] }); // [{ name: "clients", reason: "default", tier: "default" }]
 * ```
 */
export function defaultCategories({ found, defaults }: { found: number; defaults: readonly string[] }): SelectedCategory[] {
  return found > 0 ? [] : defaults.map((name) => ({ name, reason: "default", tier: "default" as const }));
}
