/**
 * @module A usage model learned from a usage file (JSON Lines), for the CLI and scripts.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { loadObservationsFile } from "./observations-file.js";
import { UsageModel, type UsageModelOptions } from "./usage-model.js";

/**
 * A {@link UsageModel} over `catalog` that has learned every observation of `file`.
 * @example
 * ```ts
 * const usage = learnFromFile(catalog, "usage.jsonl");
 * const hybrid = createStrategy("hybrid", { usage });
 * ```
 */
export function learnFromFile(catalog: ToolCatalog, file: string, options: Omit<UsageModelOptions, "catalog"> = {}): UsageModel {
  const model = new UsageModel({ catalog, ...options });
  model.observe(loadObservationsFile(file));
  return model;
}
