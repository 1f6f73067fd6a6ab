/**
 * @module The bm25 strategy: field-weighted BM25 over each tool's name, description, parameters, tags, keywords
 * and category, with stemming, CJK bigrams, query rewriting and multi-turn context.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { STOP_WORDS } from "../../text/stop-words.js";
import { queryVariants } from "../hybrid/query-rewrite.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { toolText, type ToolField } from "../tool-text.js";
import { analyze } from "./analyzer.js";
import { Bm25Index } from "./bm25-index.js";
import { DEFAULT_BM25 } from "./bm25-score.js";

/** Default field weights: a word in the name counts three times one in the description. */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<ToolField, number>> = {
  name: 3,
  keywords: 2,
  tags: 1.5,
  category: 1,
  description: 1,
  parameterNames: 1,
  parameterDescriptions: 0.5,
};

/** Options of {@link createBm25Strategy}. */
export interface Bm25StrategyOptions {
  /** Weight of each field. @defaultValue {@link DEFAULT_FIELD_WEIGHTS} */
  fieldWeights?: Partial<Record<ToolField, number>>;
  /** Porter-stem words. @defaultValue true */
  stem?: boolean;
  /** BM25 k1. @defaultValue 1.2 */
  k1?: number;
  /** BM25 b. @defaultValue 0.75 */
  b?: number;
  /** Strip question and filler words from the query (the original query still counts at half weight). @defaultValue true */
  rewrite?: boolean;
  /** Weight of earlier human messages' terms relative to the current message's. @defaultValue 0.3 */
  historyWeight?: number;
}

/** Weighted query terms from the current message (its variants) and the history; each term keeps its best weight. */
export function weightedTerms(
  { query, history = [] }: Pick<RankRequest, "query" | "history">,
  { rewrite = true, historyWeight = 0.3, stem = true }: Pick<Bm25StrategyOptions, "rewrite" | "historyWeight" | "stem"> = {},
): Array<{ term: string; weight: number }> {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of analyze(text, { stem, stopWords: STOP_WORDS })) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  };
  for (const variant of rewrite ? queryVariants(query) : [{ text: query, weight: 1 }]) add(variant.text, variant.weight);
  if (historyWeight > 0) for (const message of history) add(message, historyWeight);
  return [...weights].map(([term, weight]) => ({ term, weight }));
}

/**
 * Creates the bm25 strategy.
 *
 * @example
 * ```ts
 * const bm25 = createBm25Strategy();
 * bm25.index(catalog);
 * bm25.rank({ query: "what is pending salary?", limit: 5 }); // [{ name: "get_pending_salaries", score: …, signals: { bm25: … } }, …]
 * ```
 */
export function createBm25Strategy(options: Bm25StrategyOptions = {}): RetrievalStrategy {
  const { stem = true, k1 = DEFAULT_BM25.k1, b = DEFAULT_BM25.b } = options;
  const weights = { ...DEFAULT_FIELD_WEIGHTS, ...options.fieldWeights };
  const index = new Bm25Index<ToolField>(weights, { k1, b });
  const fieldTerms = (tool: ToolMetadata) => {
    const text = toolText(tool);
    return Object.fromEntries(
      (Object.keys(weights) as ToolField[]).map((field) => [field, analyze(text[field], { stem })]),
    ) as Record<ToolField, string[]>;
  };
  return {
    name: "bm25",
    index(catalog: ToolCatalog) {
      for (const tool of catalog.tools()) index.add(tool.name, fieldTerms(tool));
    },
    add(tools) {
      for (const tool of tools) index.add(tool.name, fieldTerms(tool));
    },
    remove(names) {
      for (const name of names) index.remove(name);
    },
    rank(request: RankRequest): RankedTool[] {
      return index
        .search(weightedTerms(request, options), request.limit, request.filter)
        .map(({ id, score }) => ({ name: id, score, signals: { bm25: score } }));
    },
  };
}
