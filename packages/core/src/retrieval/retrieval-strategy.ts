/**
 * @module The one interface every retrieval strategy implements: index a catalog, then rank its tools for a query.
 * Built-in strategies (bm25, fuzzy, vector, hybrid, keyword, sequence-matcher) and users' own plug in alike.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";

/** The signals a tool can be found by; custom strategies may add their own names. */
export type SignalName = "bm25" | "fuzzy" | "exact" | "vector" | "keyword" | "sequence" | (string & {});

/** One tool ranked for a query. */
export interface RankedTool {
  name: string;
  /** The strategy's score: higher is better; comparable only within one ranking. */
  score: number;
  /** Which signals found the tool, with each one's own score. */
  signals: Partial<Record<SignalName, number>>;
  /** The weight each signal had in `score`, when the strategy fitted them (the hybrid, from usage). */
  weights?: Readonly<Partial<Record<SignalName, number>>>;
}

/** What to rank for. */
export interface RankRequest {
  /** The current user message, as written. */
  query: string;
  /** Earlier human messages, oldest first (multi-turn context); strategies weight them below the query. */
  history?: readonly string[];
  /** Most tools to return. */
  limit: number;
  /**
   * Only tools for which this returns true may be returned (permissions, platform, already bound…). A strategy may ask
   * about the same tool more than once, and about its best tools first: it must answer the same each time.
   */
  filter?: (name: string) => boolean;
}

/**
 * A retrieval strategy. `index` is called once with the catalog before any `rank`; `add`/`remove`, where present,
 * update the index incrementally when the catalog changes.
 *
 * @example
 * ```ts
 * const byNameLength: RetrievalStrategy = {
 *   name: "shortest-name",
 *   index(catalog) { this.names = catalog.names(); },
 *   rank({ limit }) {
 *     const shortest = [...this.names].sort((a, b) => a.length - b.length).slice(0, limit);
 *     return shortest.map((name, i) => ({ name, score: -i, signals: {} }));
 *   },
 * } as RetrievalStrategy & { names: string[] };
 * ```
 */
export interface RetrievalStrategy {
  /** A short name shown in explanations, eval and bench tables. */
  readonly name: string;
  /** Builds the index over the catalog's tools. */
  index(catalog: ToolCatalog): void | Promise<void>;
  /** The best tools for the request, best first, at most `limit`; ties broken by catalog order. */
  rank(request: RankRequest): RankedTool[] | Promise<RankedTool[]>;
  /** Adds (or replaces) tools in the index without a rebuild. */
  add?(tools: readonly ToolMetadata[]): void | Promise<void>;
  /** Removes tools from the index without a rebuild. */
  remove?(names: readonly string[]): void | Promise<void>;
}
