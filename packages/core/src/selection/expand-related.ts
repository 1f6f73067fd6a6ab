/**
 * @module The related-categories expansion of a retrieval selection: the categories of the tools a strategy ranked
 * pull in the categories they declare `related`, as the keyword strategy's current matches do.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { expandRelated } from "../retrieval/related-categories.js";
import type { SelectedCategory } from "./tool-selection.js";

/**
 * The categories related to the ranked tools' categories (up to `depth` hops), each explained as
 * `related to <category>`, in the order reached. A ranked tool's own category is added only when another ranked
 * tool's category declares it related (then its other tools are bound too, after the ranked ones).
 *
 * @example
 * ```ts
 * relatedToRanked({ catalog, ranked: ["get_pending_salaries"], depth: 1 });
 * // [{ name: "staff", reason: "related to salary", tier: "related", relatedTo: "salary" }]
 * ```
 */
export function relatedToRanked({
  catalog,
  ranked,
  depth,
}: {
  catalog: ToolCatalog;
  ranked: readonly string[];
  depth: number;
}): SelectedCategory[] {
  const start = [...new Set(ranked.flatMap((name) => catalog.get(name)?.category ?? []))];
  const relatedOf = (name: string) => catalog.category(name)?.related ?? [];
  return expandRelated({ start, relatedOf, depth, reachStart: true }).map(({ name, relatedTo }) => ({
    name,
    reason: `related to ${relatedTo}`,
    tier: "related" as const,
    relatedTo,
  }));
}
