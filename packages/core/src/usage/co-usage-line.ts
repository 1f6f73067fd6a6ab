/**
 * @module The tools most often used with a found one, for `tool_search` results. Pure.
 */
import type { CoUsageReader } from "./co-usage-reader.js";

/** Options of {@link oftenUsedWithNames} and {@link oftenUsedWithLine}. */
export interface OftenUsedWithOptions {
  /** Most names. @defaultValue 3 */
  limit?: number;
  /** Least co-usage weight (decayed observations). @defaultValue 1 */
  minWeight?: number;
  /** Only names this accepts (e.g. tools the caller may see). @defaultValue every name */
  visible?: (name: string) => boolean;
}

/**
 * The tools most often used with `tool`, heaviest first, at least `minWeight`, only those `visible` accepts.
 * @example
 * ```ts
 * oftenUsedWithNames(usage, "create_client", { visible: (name) => catalog.has(name) }); // ["mark_check_in"]
 * ```
 */
export function oftenUsedWithNames(
  model: CoUsageReader,
  tool: string,
  { limit = 3, minWeight = 1, visible = () => true }: OftenUsedWithOptions = {},
): string[] {
  const names: string[] = [];
  // Heaviest first: past the first one under minWeight, none is heavy enough.
  for (const { name, weight } of model.oftenUsedWith(tool, Number.POSITIVE_INFINITY)) {
    if (names.length >= limit || weight < minWeight) break;
    if (visible(name)) names.push(name);
  }
  return names;
}

/**
 * "Often used with: a, b" for a tool, or undefined when nothing qualifies (see {@link oftenUsedWithNames}).
 * @example
 * ```ts
 * oftenUsedWithLine(usage, "create_client"); // "Often used with: mark_check_in, freeze_membership"
 * ```
 */
export function oftenUsedWithLine(model: CoUsageReader, tool: string, options: OftenUsedWithOptions = {}): string | undefined {
  const names = oftenUsedWithNames(model, tool, options);
  return names.length === 0 ? undefined : `Often used with: ${names.join(", ")}`;
}
