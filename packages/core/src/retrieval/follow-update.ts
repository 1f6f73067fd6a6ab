/**
 * @module Keeps a retrieval strategy's index in step with a live catalog: `remove` then `add` when the strategy
 * supports them (incremental), else a full `index` as the fallback.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";

/**
 * Applies one catalog update to a strategy's index. Changed tools are removed and added again.
 *
 * @example
 * ```ts
 * catalog.on("toolsUpdated", ({ added, changed, removed }) => followUpdate(strategy, catalog, [...added, ...changed], removed));
 * ```
 */
export async function followUpdate(strategy: RetrievalStrategy, catalog: ToolCatalog, upserted: readonly ToolMetadata[], removed: readonly string[]): Promise<void> {
  if (strategy.add === undefined || strategy.remove === undefined) {
    await strategy.index(catalog);
    return;
  }
  const gone = [...removed, ...upserted.map((tool) => tool.name)];
  if (gone.length > 0) await strategy.remove(gone);
  if (upserted.length > 0) await strategy.add(upserted);
}
