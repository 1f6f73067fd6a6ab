/**
 * @module The weights of the hybrid's fused sources: the fixed defaults, weights fitted from usage, and their saved
 * form (validated on load).
 */
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";

/** The sources the hybrid fuses. */
export const FUSED_SOURCES = ["bm25", "fuzzy", "vector"] as const;

/** A fused source: lexical (with the learned field when given usage), tool names, vectors (with learned words). */
export type FusedSource = (typeof FUSED_SOURCES)[number];

/**
 * The weight of each fused source. With `learned` (only ever fitted from usage), the learned field is a source of its
 * own: `bm25` then weighs BM25 over the tools' text alone, and `learned` BM25 over the learned field alone; without
 * it, the learned field is one more field of bm25's documents.
 */
export type FusionWeights = Record<FusedSource, number> & { learned?: number };

/** The fixed weights, used without usage and as the prior of a fit. */
export const DEFAULT_FUSION_WEIGHTS: Readonly<FusionWeights> = Object.freeze({ bm25: 1, fuzzy: 0.3, vector: 0.6 });

/** Weights fitted from usage: what {@link HybridStrategy.fittedFusion} returns and `fitted` accepts. */
export interface FittedFusion {
  /** The saved form's version. */
  formatVersion: 1;
  weights: FusionWeights;
  /** Observations the usage had learned when the weights were fitted. */
  observations: number;
  /** Held-out observations they were scored on. */
  probes: number;
  /** Mean reciprocal rank of the called tool on the probes: with the fixed weights, and with the fitted ones. */
  mrr: { fixed: number; fitted: number };
}

const isWeight = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;
const isShare = (value: unknown): value is number => typeof value === "number" && value >= 0 && value <= 1;

/**
 * Checks a saved {@link FittedFusion} (from JSON) and returns it typed.
 * @throws DynamicToolsError `INVALID_OPTION` naming the first bad field and what it must be.
 * @example
 * ```ts
 * const fitted = parseFittedFusion(JSON.parse(text));
 * createHybridStrategy({ usage, fitted });
 * ```
 */
export function parseFittedFusion(value: unknown, path = "fitted"): FittedFusion {
  const fail = (field: string, expected: string, got: unknown): never => {
    throw new DynamicToolsError("INVALID_OPTION", `${path}.${field} must be ${expected}, got ${JSON.stringify(got) ?? String(got)}.`, {
      path: [path, ...field.split(".")],
    });
  };
  if (typeof value !== "object" || value === null) {
    throw new DynamicToolsError("INVALID_OPTION", `${path} must be an object saved by fittedFusion(), got ${String(value)}.`, {
      path: [path],
    });
  }
  const saved = value as Record<string, unknown>;
  if (saved.formatVersion !== 1) fail("formatVersion", "1", saved.formatVersion);
  const weights = saved.weights as Record<string, unknown> | undefined;
  if (typeof weights !== "object" || weights === null) fail("weights", `an object with ${FUSED_SOURCES.join(", ")}`, weights);
  for (const source of FUSED_SOURCES) if (!isWeight(weights![source])) fail(`weights.${source}`, "a finite number ≥ 0", weights![source]);
  if (weights!.learned !== undefined && !isWeight(weights!.learned))
    fail("weights.learned", "a finite number ≥ 0 (or absent)", weights!.learned);
  if (!isCount(saved.observations)) fail("observations", "a whole number ≥ 0", saved.observations);
  if (!isCount(saved.probes)) fail("probes", "a whole number ≥ 0", saved.probes);
  const mrr = saved.mrr as Record<string, unknown> | undefined;
  if (typeof mrr !== "object" || mrr === null) fail("mrr", "an object { fixed, fitted }", mrr);
  for (const key of ["fixed", "fitted"]) if (!isShare(mrr![key])) fail(`mrr.${key}`, "a number from 0 to 1", mrr![key]);
  return {
    formatVersion: 1,
    weights: {
      bm25: weights!.bm25 as number,
      fuzzy: weights!.fuzzy as number,
      vector: weights!.vector as number,
      ...(weights!.learned === undefined ? {} : { learned: weights!.learned as number }),
    },
    observations: saved.observations as number,
    probes: saved.probes as number,
    mrr: { fixed: mrr!.fixed as number, fitted: mrr!.fitted as number },
  };
}
