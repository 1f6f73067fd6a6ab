import { describe, expect, it } from "vitest";
import { fitFusionWeights } from "./fit-fusion-weights.js";
import type { FusionProbe } from "./fusion-probe.js";
import { DEFAULT_FUSION_WEIGHTS } from "./fusion-weights.js";

const candidate = (bm25: number, vector: number, relevant: boolean) => ({ features: { bm25, fuzzy: 0, vector }, exact: false, relevant });

/** bm25 finds the called tool second-best by a little; the vector prefers a wrong one by a lot. */
const misleadingVector: FusionProbe = [candidate(0.5, 1, false), candidate(1, 0, true)];
const helpfulVector: FusionProbe = [candidate(1, 0, false), candidate(0.95, 1, true)];

describe("fitFusionWeights", () => {
  it("lowers the vector weight when the held-out probes show the vector misleading", () => {
    const { weights, mrr } = fitFusionWeights({ probes: Array(200).fill(misleadingVector), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 });
    expect(weights.vector).toBeLessThan(DEFAULT_FUSION_WEIGHTS.vector);
    expect(weights.bm25).toBe(1);
    expect(mrr.fitted).toBeGreaterThan(mrr.fixed);
  });

  it("keeps the prior exactly when the gain is not beyond chance", () => {
    const probes = [misleadingVector, helpfulVector, misleadingVector, helpfulVector];
    expect(fitFusionWeights({ probes, prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 }).weights).toEqual(DEFAULT_FUSION_WEIGHTS);
  });

  it("moves only part of the way with few probes, and is deterministic", () => {
    const few = fitFusionWeights({ probes: Array(16).fill(misleadingVector), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 });
    const many = fitFusionWeights({ probes: Array(640).fill(misleadingVector), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 });
    expect(few.weights.vector).toBeGreaterThan(many.weights.vector);
    expect(fitFusionWeights({ probes: Array(16).fill(misleadingVector), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 })).toEqual(few);
  });

  it("ignores probes where no candidate was called", () => {
    const none: FusionProbe = [candidate(1, 1, false)];
    expect(fitFusionWeights({ probes: Array(100).fill(none), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 }).weights).toEqual(
      DEFAULT_FUSION_WEIGHTS,
    );
  });

  it("fits the learned field as a source of its own when that ranks the probes better, keeping the fitted learned weight", () => {
    // Folded into bm25, the learned field leaves the called tool second; BM25 over it alone finds it first.
    const apart = (folded: number, text: number, learned: number, relevant: boolean) => ({
      features: { bm25: folded, fuzzy: 0, vector: 0, text, learned },
      exact: false,
      relevant,
    });
    const probe: FusionProbe = [apart(1, 1, 0, false), apart(0.9, 0.2, 1, true)];
    const { weights, mrr } = fitFusionWeights({ probes: Array(200).fill(probe), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 });
    expect(weights.learned).toBe(1);
    expect(mrr).toEqual({ fixed: 0.5, fitted: 1 });
    // Probes where folding ranks as well keep it (ties go to the folded field): no learned weight.
    const even: FusionProbe = [apart(1, 1, 0, true), apart(0.9, 0.2, 1, false)];
    expect(fitFusionWeights({ probes: Array(200).fill(even), prior: DEFAULT_FUSION_WEIGHTS, exactBonus: 1 }).weights).toEqual(
      DEFAULT_FUSION_WEIGHTS,
    );
  });
});
