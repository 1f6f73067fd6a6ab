/**
 * @module Keeps a hybrid's fusion weights fitted to its usage: a refit once the learned observations have doubled
 * since the last one (from 256 on), run in the background of a rank (awaited by `index()`), scored on held-out
 * observations only (see {@link LearnedField.heldOut}). Each fit is kept with the usage
 * ({@link LearnedField.keepFittedFusion}) under the hybrid's configuration, and a fit kept there is adopted: a hybrid
 * built over the same usage (or over usage whose store saved it) starts from it instead of fitting again.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { HeldOutEvidence, LearnedField } from "../learned-field.js";
import type { RetrievalStrategy } from "../retrieval-strategy.js";
import { fitFusionWeights } from "./fit-fusion-weights.js";
import { fusionProbe } from "./fusion-probe.js";
import type { FittedFusion, FusionWeights } from "./fusion-weights.js";

/** Observations learned before the first fit (a quarter of them, 64, are held out). */
export const MIN_FIT_OBSERVATIONS = 256;

/** What a {@link FusionFitter} fits with. */
export interface FusionFitterOptions {
  usage: LearnedField;
  prior: FusionWeights;
  fusion: "weighted" | "rrf";
  rrfK: number;
  exactBonus: number;
  depth: number;
  /** The live fuzzy source (it learns nothing, so it is scored as it is). */
  fuzzy: RetrievalStrategy;
  /** A fresh bm25 source over a field. */
  bm25Over: (field: LearnedField) => RetrievalStrategy;
  /**
   * A fresh bm25 source over the tools' text alone, and one over a field alone: given, the fit also tries the learned
   * field as a source of its own.
   */
  textBm25?: () => RetrievalStrategy;
  learnedOver?: (field: LearnedField) => RetrievalStrategy;
  /** A fresh vector source over a field, or the live one when it cannot be rebuilt (its learned words are then not held out). */
  vectorOver: ((field: LearnedField) => RetrievalStrategy) | RetrievalStrategy | undefined;
  position: (name: string) => number;
  /** Weights saved from an earlier fit. */
  fitted?: FittedFusion;
  /** The configuration the fit is kept under in the usage (see {@link LearnedField.fittedFusion}). */
  key: string;
}

/** The fitting state of one hybrid strategy. */
export class FusionFitter {
  readonly #options: FusionFitterOptions;
  #fitted: FittedFusion | undefined;
  #running: Promise<FittedFusion | undefined> | undefined;
  #checkedVersion = -1;

  constructor(options: FusionFitterOptions) {
    this.#options = options;
    const { usage, key, fitted } = options;
    this.#fitted = fitted;
    const kept = usage.fittedFusion?.(key);
    if (fitted !== undefined && (kept === undefined || kept.observations < fitted.observations)) usage.keepFittedFusion?.(key, fitted);
  }

  /** The weights in force: the fitted ones, else the prior. */
  get weights(): FusionWeights {
    return this.#fitted?.weights ?? this.#options.prior;
  }

  /** The last fit: this fitter's, or a later one kept with the usage (by another hybrid, or loaded from its store). */
  get fitted(): FittedFusion | undefined {
    const kept = this.#options.usage.fittedFusion?.(this.#options.key);
    if (kept !== undefined && kept !== this.#fitted && (this.#fitted === undefined || kept.observations > this.#fitted.observations))
      this.#fitted = kept;
    return this.#fitted;
  }

  /** Starts a refit in the background when one is due (cheap when the usage has not moved). */
  poke(catalog: ToolCatalog | undefined): void {
    if (catalog === undefined || this.#running !== undefined || this.#options.usage.version === this.#checkedVersion) return;
    this.#checkedVersion = this.#options.usage.version;
    const evidence = this.#due();
    if (evidence !== undefined) this.#start(catalog, evidence);
  }

  /** Waits for a refit under way, or runs one now if due; resolves to the weights fitted last. */
  async settle(catalog: ToolCatalog): Promise<FittedFusion | undefined> {
    if (this.#running === undefined) {
      const evidence = this.#due();
      if (evidence !== undefined) this.#start(catalog, evidence);
    }
    await this.#running;
    return this.#fitted;
  }

  #due(): HeldOutEvidence | undefined {
    const evidence = this.#options.usage.heldOut?.();
    if (evidence === undefined || evidence.observations < MIN_FIT_OBSERVATIONS) return undefined;
    const last = this.fitted?.observations;
    return last === undefined || evidence.observations >= 2 * last ? evidence : undefined;
  }

  #start(catalog: ToolCatalog, evidence: HeldOutEvidence): void {
    this.#running = this.#refit(catalog, evidence).finally(() => {
      this.#running = undefined;
    });
  }

  async #refit(catalog: ToolCatalog, { observations, probes, field }: HeldOutEvidence): Promise<FittedFusion | undefined> {
    const { fusion, rrfK, exactBonus, depth, fuzzy, bm25Over, textBm25, learnedOver, vectorOver, position, prior } = this.#options;
    const bm25 = bm25Over(field);
    const text = textBm25?.();
    const learned = learnedOver?.(field);
    for (const source of [bm25, text, learned]) await source?.index(catalog);
    const vector = typeof vectorOver === "function" ? vectorOver(field) : vectorOver;
    if (typeof vectorOver === "function") await vector!.index(catalog);
    const samples = [];
    for (const { query, tools } of probes) {
      const request = { query, limit: depth };
      const [lexical, names, semantic, words, said] = await Promise.all([
        bm25.rank(request),
        fuzzy.rank(request),
        vector?.rank(request) ?? [],
        text?.rank(request),
        learned?.rank(request),
      ]);
      const apart = words === undefined || said === undefined ? {} : { text: words, learned: said };
      const rankings = { bm25: lexical, fuzzy: names, vector: semantic, ...apart };
      samples.push(fusionProbe(rankings, new Set(tools), { fusion, rrfK, position }));
    }
    const bonus = fusion === "rrf" ? exactBonus / rrfK : exactBonus;
    const { weights, mrr } = fitFusionWeights({ probes: samples, prior, exactBonus: bonus });
    this.#fitted = { formatVersion: 1, weights, observations, probes: probes.length, mrr };
    this.#options.usage.keepFittedFusion?.(this.#options.key, this.#fitted);
    return this.#fitted;
  }
}
