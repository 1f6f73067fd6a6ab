/**
 * @module The fusion weights a usage store saves beside its observations (`{ [configuration]: FittedFusion }`),
 * checked on load.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { parseFittedFusion, type FittedFusion } from "../retrieval/hybrid/fusion-weights.js";

/** Fusion weights by the configuration of the hybrid that fitted them (see `UsageModel.fittedFusions`). */
export type SavedFusionFits = Record<string, FittedFusion>;

/**
 * Checks saved fits (from JSON) and returns them typed.
 * @throws DynamicToolsError `INVALID_OPTION` naming where (`where`) and the first bad field.
 * @example
 * ```ts
 * const fits = parseSavedFusionFits(JSON.parse(readFileSync("usage.jsonl.fusion.json", "utf8")), "usage.jsonl.fusion.json");
 * ```
 */
export function parseSavedFusionFits(value: unknown, where: string): SavedFusionFits {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `${where} must hold an object of fitted fusion weights by configuration, got ${String(value)}.`,
    );
  }
  const fits: SavedFusionFits = {};
  for (const [key, fit] of Object.entries(value)) fits[key] = parseFittedFusion(fit, `${where}[${JSON.stringify(key)}]`);
  return fits;
}
