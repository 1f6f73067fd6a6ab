/**
 * @module A usage model learned from a usage file (JSON Lines), for the CLI and scripts.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { Observation, ObservationInput } from "./observation.js";
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
  return learnFrom(catalog, loadObservationsFile(file), options);
}

/** A {@link UsageModel} over `catalog` that has learned these observations (read once, e.g. for several catalogs). */
export function learnFrom(
  catalog: ToolCatalog,
  observations: ReadonlyArray<ObservationInput | Observation>,
  options: Omit<UsageModelOptions, "catalog"> = {},
): UsageModel {
  const model = new UsageModel({ catalog, ...options });
  model.observe(observations);
  return model;
}
