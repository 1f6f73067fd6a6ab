/**
 * @module The hybrid strategy: the query rewritten, then lexical (BM25), fuzzy-name and vector rankings fused, with
 * a bonus for an exact name. With usage, the fusion weights are fitted to held-out observations.
 */
import { checkHybridOptions } from "./check-hybrid-options.js";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { LearnedField } from "../learned-field.js";
import { createUsageVectorStrategy } from "../vector/learned-vector-strategy.js";
import { createVectorStrategy, type VectorStrategy } from "../vector/vector-strategy.js";
import { FusionFitter } from "./fusion-fitter.js";
import { DEFAULT_FUSION_WEIGHTS, parseFittedFusion, type FittedFusion, type FusionWeights } from "./fusion-weights.js";
import { createFuzzyStrategy, type FuzzyStrategyOptions, type SavedFuzzyIndex } from "../fuzzy/fuzzy-strategy.js";
import { createBm25Strategy, DEFAULT_FIELD_WEIGHTS, type Bm25StrategyOptions, type SavedBm25Index } from "../lexical/bm25-strategy.js";
import { VocabularyExpansion, type VocabularyExpansionOptions } from "../lexical/vocabulary-expansion.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { bestK } from "../best-k.js";
import { reciprocalRankScores, weightedScores, type RankedList } from "./fusion.js";

/** How ranked lists are combined. */
export type FusionMethod = "weighted" | "rrf";

/** Options of {@link createHybridStrategy}. */
export interface HybridStrategyOptions {
  /** @defaultValue "weighted" (min-max normalised scores; it measured better than RRF on both dev sets) */
  fusion?: FusionMethod;
  /**
   * Weight of each source in the fusion: fixed, or with `usage` the prior the fitted weights start from (and stay at
   * until 256 observations are learned). @defaultValue { bm25: 1, fuzzy: 0.3, vector: 0.6 }
   */
  weights?: Partial<Record<"bm25" | "fuzzy" | "vector", number>>;
  /** Added to the fused score of a tool the query names exactly. @defaultValue 1 */
  exactBonus?: number;
  /** RRF's k. @defaultValue 60 */
  rrfK?: number;
  /**
   * How deep each source's list goes before fusion, whatever the requested limit: min-max normalisation depends on
   * the list's depth, so a fixed depth keeps every ranking a prefix of a longer one (`rank({ limit: 5 })` is the
   * top 5 of `rank({ limit: 50 })`). A ranking holds at most the union of the sources' lists. @defaultValue 100
   */
  depth?: number;
  /**
   * The vector (semantic) source: your own (e.g. `createVectorStrategy({ embeddings: new OpenAIEmbeddings() })`), or
   * `false` for the lexical sources only.
   * @defaultValue the vector strategy over `embeddings`, learning from `usage`'s words when given (what
   * `createToolSelector(catalog, { strategy: "hybrid" })` builds)
   */
  vector?: RetrievalStrategy | false;
  /** The embeddings of the default vector source. @defaultValue the registered default embeddings (`OfflineEmbeddings`) */
  embeddings?: EmbeddingsInterface;
  /**
   * Learned evidence (a `UsageModel`): an extra field of the bm25 source, extra text for the default vector source,
   * and the held-out observations the fusion weights are fitted to (once 256 observations are learned, again each
   * time they double; in the background of a rank, awaited by `index()`). Omitted, rankings use the fixed weights.
   */
  usage?: LearnedField;
  /** Weights saved by {@link HybridStrategy.fittedFusion}: used until the usage has doubled since they were fitted. */
  fitted?: FittedFusion;
  /**
   * With `usage`: the fit also tries the learned field as a fused source of its own (BM25 over the tools' text and
   * BM25 over the learned field, each min-max normalised and weighted: `weights.learned`), kept when it ranks the
   * held-out observations better beyond chance. On metatool with its usage the fit keeps the field inside BM25 (R@5
   * 0.932 either way; docs/learning.md); it costs about 15% more ranking time and twice the refit time (a second BM25
   * search). @defaultValue false
   */
  separateLearnedField?: boolean;
  /**
   * Paraphrase reach: a word of the message no tool uses is also searched by the bm25 source, at a lower weight, as
   * the catalog words nearest to it in the vector source's word vectors (see {@link VocabularyExpansion}; the default
   * offline embeddings have them). `false` turns it off; without a vector source that has word vectors there is none.
   * @defaultValue on, with {@link EXPANSION_DEFAULTS}
   */
  expansion?: VocabularyExpansionOptions | false;
  bm25?: Bm25StrategyOptions;
  fuzzy?: FuzzyStrategyOptions;
}

/** The hybrid strategy, with its lexical index's serialisation. */
export interface HybridStrategy extends RetrievalStrategy {
  /**
   * The BM25 and fuzzy name indexes (pass them back as `createHybridStrategy({ bm25: { saved }, fuzzy: { saved } })`);
   * only after `index()`.
   */
  saveLexical(): { bm25: SavedBm25Index; fuzzy: SavedFuzzyIndex };
  /** The fusion weights fitted from usage (to save, and pass back as `fitted`); undefined before the first fit. */
  fittedFusion(): FittedFusion | undefined;
  /** Waits for a fit under way, or fits now when one is due; resolves to {@link HybridStrategy.fittedFusion}. */
  refitFusion(): Promise<FittedFusion | undefined>;
}

/** The default vector source: learning from `usage`'s words when it has them. */
function defaultVector(embeddings: EmbeddingsInterface | undefined, usage: LearnedField | undefined): RetrievalStrategy {
  if (usage?.words === undefined) return createVectorStrategy({ embeddings });
  // (`words` was just checked to exist.)
  return createUsageVectorStrategy({ embeddings, usage: usage as LearnedField & Required<Pick<LearnedField, "words">> });
}

/**
 * Creates the hybrid strategy. Each tool in the result carries the fused score and, in `signals`, every source's
 * own score (`bm25`, `fuzzy`, `vector`, `exact`) — the explanation of why it was found; with weights fitted from
 * usage, also `weights` (each source's weight).
 *
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown option or one of the wrong kind (`weights: { vectr: 1 }`,
 *   a negative weight, `usage` that is not a `UsageModel`), naming it and what is valid.
 * @example
 * ```ts
 * const hybrid = createHybridStrategy({ usage }); // bm25 + fuzzy + offline vectors, learning from usage
 * await hybrid.index(catalog);
 * const [best] = await hybrid.rank({ query: "can you edit my photo?", limit: 5 });
 * hybrid.fittedFusion(); // { weights: { bm25: 1, fuzzy: 0.3, vector: 0.45 }, observations: 19102, probes: 512, … }
 * ```
 */
export function createHybridStrategy(options: HybridStrategyOptions = {}): HybridStrategy {
  checkHybridOptions(options);
  const { fusion = "weighted", exactBonus = 1, rrfK = 60, depth = 100, usage, embeddings } = options;
  const prior: FusionWeights = { ...DEFAULT_FUSION_WEIGHTS, ...options.weights };
  const vector = options.vector === false ? undefined : (options.vector ?? defaultVector(embeddings, usage));
  const wordVectors = (vector as Partial<Pick<VectorStrategy, "wordVectors">> | undefined)?.wordVectors;
  const expansion =
    options.expansion === false || typeof wordVectors !== "function"
      ? undefined
      : new VocabularyExpansion(() => wordVectors(), options.expansion);
  const bm25Options = (field: LearnedField | undefined) => ({
    ...options.bm25,
    ...(field === undefined ? {} : { usage: field }),
    ...(expansion === undefined ? {} : { expansion }),
  });
  const bm25 = createBm25Strategy(bm25Options(usage ?? options.bm25?.usage));
  // The learned field as a source of its own (when fitted weights say so): BM25 over the tools' text alone (a saved
  // index holds exactly that), and BM25 over the learned field alone.
  const { usage: _learnedField, ...textOptions } = options.bm25 ?? {};
  const textBm25 = () => createBm25Strategy({ ...textOptions, ...(expansion === undefined ? {} : { expansion }) });
  const { saved: _textIndex, ...learnedOptions } = textOptions;
  const learnedOver = (field: LearnedField) => createBm25Strategy({ ...learnedOptions, usage: field, fieldWeights: NO_TEXT_FIELDS });
  const fuzzy = createFuzzyStrategy({ ...options.fuzzy, exactBonus: 0 });
  // The vector source first: a large vector index may go on loading in the background (an HNSW graph on a worker
  // thread) while the lexical ones are built.
  const sources: RetrievalStrategy[] = vector === undefined ? [bm25, fuzzy] : [vector, bm25, fuzzy];
  const positions = new CatalogPositions();
  const fitted = options.fitted === undefined ? undefined : parseFittedFusion(options.fitted);
  const learning = usage ?? options.bm25?.usage;
  // Shadow sources are rebuilt over the held-out field; a vector source of the caller's (or over embeddings that fit
  // themselves to a catalog, which a second index would refit) is scored as it is.
  const rebuildVector = options.vector === undefined && embeddings === undefined;
  const fitter =
    learning === undefined
      ? undefined
      : new FusionFitter({
          usage: learning,
          prior,
          fusion,
          rrfK,
          exactBonus,
          depth,
          fuzzy,
          bm25Over: (field) => createBm25Strategy(bm25Options(field)),
          ...(options.separateLearnedField === true ? { textBm25, learnedOver } : {}),
          vectorOver: rebuildVector ? (field) => defaultVector(undefined, field) : vector,
          position: (id) => positions.of(id),
          key: `${fusionKey({ fusion, prior, exactBonus, rrfK, depth, vector: options.vector, embeddings })}${
            options.separateLearnedField === true ? "; learned field apart" : ""
          }`,
          ...(fitted === undefined ? {} : { fitted }),
        });
  let indexed: ToolCatalog | undefined;
  /** The text and learned-field sources, built (over the catalog as it is then) once fitted weights first need them. */
  let apart: Promise<readonly [RetrievalStrategy, RetrievalStrategy]> | undefined;
  const apartSources = (catalog: ToolCatalog) =>
    (apart ??= (async () => {
      const built = [textBm25(), learnedOver(learning!)] as const;
      for (const source of built) await source.index(catalog);
      return built;
    })());

  return {
    name: "hybrid",
    async index(catalog: ToolCatalog) {
      positions.reset(catalog.names());
      for (const source of sources) await source.index(catalog);
      indexed = catalog;
      apart = undefined;
      await fitter?.settle(catalog);
    },
    async add(tools) {
      positions.append(tools.map((tool) => tool.name));
      for (const source of [...sources, ...((await apart) ?? [])]) await source.add?.(tools);
    },
    async remove(names) {
      positions.remove(names);
      for (const source of [...sources, ...((await apart) ?? [])]) await source.remove?.(names);
    },
    async rank(request: RankRequest): Promise<RankedTool[]> {
      fitter?.poke(indexed);
      const sourceRequest = { ...request, limit: depth };
      const weights = fitter?.fitted?.weights;
      // With the learned field as a source of its own, BM25 over the text alone stands for bm25.
      const separate = weights?.learned !== undefined && indexed !== undefined ? await apartSources(indexed) : undefined;
      const [lexical, names, semantic, learned] = await Promise.all([
        (separate?.[0] ?? bm25).rank(sourceRequest),
        fuzzy.rank(sourceRequest),
        // The vector source gets the query as written: it splits it into clauses and rewrites each itself.
        vector?.rank(sourceRequest) ?? [],
        separate?.[1].rank(sourceRequest),
      ]);
      // Explained only when the fit moved them: a fit that kept the fixed weights fitted nothing to explain.
      const fuse: FusionSettings = {
        fusion,
        exactBonus,
        rrfK,
        weights: weights ?? prior,
        explain: weights !== undefined && !sameWeights(weights, prior),
      };
      const rankings = { bm25: lexical, fuzzy: names, vector: semantic, ...(learned === undefined ? {} : { learned: asLearned(learned) }) };
      return fuseRankings(rankings, request.limit, (id) => positions.of(id), fuse);
    },
    saveLexical() {
      return { bm25: bm25.save(), fuzzy: fuzzy.save() };
    },
    fittedFusion() {
      return fitter?.fitted === undefined ? undefined : structuredClone(fitter.fitted);
    },
    async refitFusion() {
      if (fitter === undefined || indexed === undefined) return undefined;
      await fitter.settle(indexed);
      return this.fittedFusion();
    },
  };
}

/** Field weights of BM25 over the learned field alone: every field of the tools' text weighs nothing. */
const NO_TEXT_FIELDS = Object.fromEntries(Object.keys(DEFAULT_FIELD_WEIGHTS).map((field) => [field, 0]));

/** A ranking of BM25 over the learned field alone, its score said as the `learned` signal. */
function asLearned(ranked: readonly RankedTool[]): RankedTool[] {
  return ranked.map((tool) => ({ name: tool.name, score: tool.score, signals: { learned: tool.score } }));
}

/**
 * The configuration a fit is kept under in the usage: hybrids that fuse alike share their fits; one with other
 * weights, another fusion or another vector source fits its own.
 */
function fusionKey({
  fusion,
  prior,
  exactBonus,
  rrfK,
  depth,
  vector,
  embeddings,
}: {
  fusion: FusionMethod;
  prior: FusionWeights;
  exactBonus: number;
  rrfK: number;
  depth: number;
  vector: RetrievalStrategy | false | undefined;
  embeddings: EmbeddingsInterface | undefined;
}): string {
  const source =
    vector === false ? "none" : vector !== undefined ? `given ${vector.name}` : embeddings === undefined ? "default" : "embeddings";
  const settings = fusion === "rrf" ? `rrf k ${rrfK}` : "weighted";
  return `hybrid ${settings}; prior ${prior.bm25}/${prior.fuzzy}/${prior.vector}; exact ${exactBonus}; depth ${depth}; vector ${source}`;
}

/**
 * Catalog position of each tool: ties go to the earlier one. Kept as a fresh build would have it: a tool added
 * (or re-added after a change) goes to the end, as the catalog puts it; positions of removed tools are dropped.
 */
class CatalogPositions {
  #order = new Map<string, number>();
  #nextPosition = 0;

  reset(names: readonly string[]): void {
    this.#order = new Map(names.map((name, index) => [name, index]));
    this.#nextPosition = this.#order.size;
  }

  append(names: readonly string[]): void {
    for (const name of names) {
      this.#order.delete(name);
      this.#order.set(name, this.#nextPosition++);
    }
  }

  remove(names: readonly string[]): void {
    for (const name of names) this.#order.delete(name);
  }

  /** The tool's position; an unknown tool comes after every known one. */
  of(name: string): number {
    return this.#order.get(name) ?? Number.MAX_SAFE_INTEGER;
  }
}

/** How {@link fuseRankings} combines the sources' lists. */
interface FusionSettings {
  fusion: FusionMethod;
  exactBonus: number;
  rrfK: number;
  weights: FusionWeights;
  /** Whether each tool says the weights (fitted ones) in `weights`. */
  explain: boolean;
}

/**
 * The best `limit` tools of the fused lists, each with the fused score (plus the exact-name bonus) and every
 * source's own signals as its explanation. Ties go to the earlier catalog position.
 */
function fuseRankings(
  rankings: Record<"bm25" | "fuzzy" | "vector", readonly RankedTool[]> & { learned?: readonly RankedTool[] },
  limit: number,
  position: (id: string) => number,
  { fusion, exactBonus, rrfK, weights, explain }: FusionSettings,
): RankedTool[] {
  const names = rankings.learned === undefined ? (["bm25", "fuzzy", "vector"] as const) : (["bm25", "fuzzy", "vector", "learned"] as const);
  const sources = names.map((name) => rankings[name]!);
  const lists: RankedList[] = names.map((name, index) => ({
    name,
    weight: weights[name] ?? 0,
    items: sources[index]!.map((tool) => ({ id: tool.name, score: tool.score })),
  }));
  const fused = fusion === "rrf" ? reciprocalRankScores(lists, rrfK) : weightedScores(lists);
  const { ids, scores, firstAt } = fused;
  // Only fuzzy says whether the query names a tool exactly.
  const bonus = fusion === "rrf" ? exactBonus / rrfK : exactBonus;
  const fuzzyAt = firstAt[names.indexOf("fuzzy")]!;
  const slots: number[] = [];
  const ties: number[] = [];
  for (let slot = 0; slot < ids.length; slot++) {
    slots.push(slot);
    const at = fuzzyAt[slot]!;
    if (at !== -1 && rankings.fuzzy[at]!.signals.exact) scores[slot]! += bonus;
    ties.push(position(ids[slot]!));
  }
  const best = bestK(slots, limit, (a, b) => scores[b]! - scores[a]! || ties[a]! - ties[b]!);
  // Each kept tool's explanation: every source's own signals.
  return best.map((slot) => ({
    name: ids[slot]!,
    score: scores[slot]!,
    signals: Object.assign({}, ...sources.map((source, index) => source[firstAt[index]![slot]!]?.signals)),
    ...(explain ? { weights: { ...weights } } : {}),
  }));
}

/** Whether two sets of fusion weights weigh every source alike. */
function sameWeights(a: FusionWeights, b: FusionWeights): boolean {
  const sources = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof FusionWeights>);
  return [...sources].every((source) => a[source] === b[source]);
}
