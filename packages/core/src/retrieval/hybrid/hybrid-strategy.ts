/**
 * @module The hybrid strategy: the query rewritten, then lexical (BM25), fuzzy-name and vector rankings fused, with
 * a bonus for an exact name. Works on the lexical sources alone when no vector strategy is given.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import { createFuzzyStrategy, type FuzzyStrategyOptions, type SavedFuzzyIndex } from "../fuzzy/fuzzy-strategy.js";
import { createBm25Strategy, type Bm25StrategyOptions, type SavedBm25Index } from "../lexical/bm25-strategy.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { bestK } from "../best-k.js";
import { reciprocalRankFusion, weightedScoreFusion, type RankedList } from "./fusion.js";

/** How ranked lists are combined. */
export type FusionMethod = "weighted" | "rrf";

/** Options of {@link createHybridStrategy}. */
export interface HybridStrategyOptions {
  /** @defaultValue "weighted" (min-max normalised scores; it measured better than RRF on both dev sets) */
  fusion?: FusionMethod;
  /** Weight of each source in the fusion. @defaultValue { bm25: 1, fuzzy: 0.3, vector: 0.6 } */
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
   * A vector (semantic) source, e.g. `createVectorStrategy()` (offline word vectors by default) or one over
   * `OpenAIEmbeddings`; omitted, the fusion uses the lexical sources only. The registry's `"hybrid"` includes
   * `createVectorStrategy()`.
   */
  vector?: RetrievalStrategy;
  bm25?: Bm25StrategyOptions;
  fuzzy?: FuzzyStrategyOptions;
}

const DEFAULT_WEIGHTS = { bm25: 1, fuzzy: 0.3, vector: 0.6 };

/** The hybrid strategy, with its lexical index's serialisation. */
export interface HybridStrategy extends RetrievalStrategy {
  /**
   * The BM25 and fuzzy name indexes (pass them back as `createHybridStrategy({ bm25: { saved }, fuzzy: { saved } })`);
   * only after `index()`.
   */
  saveLexical(): { bm25: SavedBm25Index; fuzzy: SavedFuzzyIndex };
}

/**
 * Creates the hybrid strategy. Each tool in the result carries the fused score and, in `signals`, every source's
 * own score (`bm25`, `fuzzy`, `vector`, `exact`) — the explanation of why it was found.
 *
 * @example
 * ```ts
 * const hybrid = createHybridStrategy({ vector: createVectorStrategy() });
 * await hybrid.index(catalog);
 * const [best] = await hybrid.rank({ query: "can you edit my photo?", limit: 5 });
 * ```
 */
export function createHybridStrategy(options: HybridStrategyOptions = {}): HybridStrategy {
  const { fusion = "weighted", exactBonus = 1, rrfK = 60, depth = 100, vector } = options;
  const fuse: FusionSettings = { fusion, exactBonus, rrfK, weights: { ...DEFAULT_WEIGHTS, ...options.weights } };
  const bm25 = createBm25Strategy(options.bm25);
  const fuzzy = createFuzzyStrategy({ ...options.fuzzy, exactBonus: 0 });
  // The vector source first: a large vector index may go on loading in the background (an HNSW graph on a worker
  // thread) while the lexical ones are built.
  const sources: RetrievalStrategy[] = vector === undefined ? [bm25, fuzzy] : [vector, bm25, fuzzy];
  const positions = new CatalogPositions();

  return {
    name: "hybrid",
    async index(catalog: ToolCatalog) {
      positions.reset(catalog.names());
      for (const source of sources) await source.index(catalog);
    },
    async add(tools) {
      positions.append(tools.map((tool) => tool.name));
      for (const source of sources) await source.add?.(tools);
    },
    async remove(names) {
      positions.remove(names);
      for (const source of sources) await source.remove?.(names);
    },
    async rank(request: RankRequest): Promise<RankedTool[]> {
      const sourceRequest = { ...request, limit: depth };
      const [lexical, names, semantic] = await Promise.all([
        bm25.rank(sourceRequest),
        fuzzy.rank(sourceRequest),
        // The vector source gets the query as written: it splits it into clauses and rewrites each itself.
        vector?.rank(sourceRequest) ?? [],
      ]);
      return fuseRankings({ bm25: lexical, fuzzy: names, vector: semantic }, request.limit, (id) => positions.of(id), fuse);
    },
    saveLexical() {
      return { bm25: bm25.save(), fuzzy: fuzzy.save() };
    },
  };
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
  weights: Record<"bm25" | "fuzzy" | "vector", number>;
}

/**
 * The best `limit` tools of the fused lists, each with the fused score (plus the exact-name bonus) and every
 * source's own signals as its explanation. Ties go to the earlier catalog position.
 */
function fuseRankings(
  rankings: Record<"bm25" | "fuzzy" | "vector", readonly RankedTool[]>,
  limit: number,
  position: (id: string) => number,
  { fusion, exactBonus, rrfK, weights }: FusionSettings,
): RankedTool[] {
  const lists: RankedList[] = (["bm25", "fuzzy", "vector"] as const).map((name) => ({
    name,
    weight: weights[name],
    items: rankings[name].map((tool) => ({ id: tool.name, score: tool.score })),
  }));
  const fused =
    fusion === "rrf" ? reciprocalRankFusion(lists, { k: rrfK, order: position }) : weightedScoreFusion(lists, { order: position });
  // Only fuzzy says whether the query names a tool exactly.
  const exact = new Set(rankings.fuzzy.filter((tool) => tool.signals.exact).map((tool) => tool.name));
  const bonus = fusion === "rrf" ? exactBonus / rrfK : exactBonus;
  const scored = fused.map((item) => ({ id: item.id, score: item.score + (exact.has(item.id) ? bonus : 0) }));
  const best = bestK(scored, limit, (a, b) => b.score - a.score || position(a.id) - position(b.id));
  // Each kept tool's explanation: every source's own signals.
  const bySource = [rankings.bm25, rankings.fuzzy, rankings.vector].map((list) => new Map(list.map((tool) => [tool.name, tool.signals])));
  return best.map(({ id, score }) => ({ name: id, score, signals: Object.assign({}, ...bySource.map((signals) => signals.get(id))) }));
}
