/**
 * @module The built-in retrieval strategies by name, for the CLI (`eval --strategy <name>`) and configuration.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { LearnedField } from "./learned-field.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";
import { createFuzzyStrategy } from "./fuzzy/fuzzy-strategy.js";
import { createHybridStrategy } from "./hybrid/hybrid-strategy.js";
import { createKeywordStrategy } from "./keyword/keyword-strategy.js";
import { createBm25Strategy } from "./lexical/bm25-strategy.js";
import { createSequenceMatcherStrategy } from "./sequence-matcher/sequence-matcher-strategy.js";
import { createUsageVectorStrategy } from "./vector/learned-vector-strategy.js";
import { createVectorStrategy } from "./vector/vector-strategy.js";

/** Options of {@link createStrategy}. */
export interface CreateStrategyOptions {
  /** The embeddings of `vector` and `hybrid` (others ignore it). @defaultValue `OfflineEmbeddings` */
  embeddings?: EmbeddingsInterface;
  /**
   * Learned evidence (e.g. a `UsageModel`): an extra field for `bm25` (and `hybrid`'s bm25 source), and, when it
   * offers `words`, extra text for `vector` (and `hybrid`'s vector source). Other strategies ignore it.
   */
  usage?: LearnedField;
}

/** The vector strategy, learning from `usage` when it offers words. */
function vectorStrategy(embeddings: EmbeddingsInterface | undefined, usage: LearnedField | undefined): RetrievalStrategy {
  if (usage?.words === undefined) return createVectorStrategy({ embeddings });
  // (`words` was just checked to exist.)
  return createUsageVectorStrategy({ embeddings, usage: usage as LearnedField & Required<Pick<LearnedField, "words">> });
}

const FACTORIES: Record<string, (options: CreateStrategyOptions) => RetrievalStrategy> = {
  keyword: () => createKeywordStrategy(),
  bm25: ({ usage }) => createBm25Strategy(usage === undefined ? {} : { usage }),
  fuzzy: () => createFuzzyStrategy(),
  vector: ({ embeddings, usage }) => vectorStrategy(embeddings, usage),
  hybrid: ({ embeddings, usage }) =>
    createHybridStrategy({ ...(embeddings === undefined ? {} : { embeddings }), ...(usage === undefined ? {} : { usage }) }),
  "sequence-matcher": () => createSequenceMatcherStrategy(),
};

/** The names {@link createStrategy} accepts, in registration order. */
export const BUILTIN_STRATEGY_NAMES: readonly string[] = Object.freeze(Object.keys(FACTORIES));

/**
 * A new instance of the built-in strategy of that name, with its default options.
 * @throws DynamicToolsError `INVALID_OPTION` listing the valid names, for an unknown name.
 * @example
 * ```ts
 * const strategy = createStrategy("sequence-matcher");
 * strategy.index(catalog);
 * ```
 */
export function createStrategy(name: string, options: CreateStrategyOptions = {}): RetrievalStrategy {
  const factory = Object.hasOwn(FACTORIES, name) ? FACTORIES[name] : undefined;
  if (factory === undefined) {
    throw new DynamicToolsError("INVALID_OPTION", `Unknown strategy "${name}". Strategies: ${BUILTIN_STRATEGY_NAMES.join(", ")}.`);
  }
  return factory(options);
}
