/**
 * @module The vector strategy with learned evidence: each tool is embedded as its own text plus the words users most
 * said when they needed it, re-embedded (that tool only, with the embeddings' fit kept) before the next query once its usage changed.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import type { LearnedField } from "../learned-field.js";
import type { RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { toolDocumentText } from "./tool-document-text.js";
import { createVectorStrategy, type VectorStrategy, type VectorStrategyOptions } from "./vector-strategy.js";

/** Options of {@link createUsageVectorStrategy}: the vector strategy's, plus the usage. */
export interface UsageVectorStrategyOptions extends Omit<VectorStrategyOptions, "saved"> {
  /** Learned evidence with words (e.g. a `UsageModel`). */
  usage: LearnedField & Required<Pick<LearnedField, "words">>;
  /** Most learned words added to a tool's text. @defaultValue 20 */
  words?: number;
}

/**
 * A vector strategy whose tool vectors move toward how users ask for each tool.
 * @example
 * ```ts
 * const vector = createUsageVectorStrategy({ usage });
 * await vector.index(catalog);
 * ```
 */
export function createUsageVectorStrategy(options: UsageVectorStrategyOptions): RetrievalStrategy & Pick<VectorStrategy, "wordVectors"> {
  const { usage, words = 20, documentText = toolDocumentText, ...vectorOptions } = options;
  const text = (tool: ToolMetadata) => {
    const learned = usage.words(tool.name, words);
    return learned.length === 0 ? documentText(tool) : `${documentText(tool)}. ${learned.join(" ")}`;
  };
  const vector = createVectorStrategy({ ...vectorOptions, documentText: text });
  let catalog: ToolCatalog | undefined;
  /** The usage version the vectors hold; undefined before the first build. */
  let usageVersion: number | undefined;
  let pending: Promise<void> = Promise.resolve();
  // Learned evidence is pulled before the index is used: the tools whose usage changed since are re-embedded (that
  // tool only, keeping the fit: learning is not a catalog change), in order, one catch-up at a time.
  const catchUpUsage = (): Promise<void> => {
    pending = pending
      .then(async () => {
        const current = catalog;
        if (current === undefined || usageVersion === undefined || usage.version === usageVersion) return;
        const changes = usage.changesSince(usageVersion);
        const names = changes.rebuild ? current.names() : [...new Set(changes.changes.flatMap((change) => change.tools))];
        const tools = names.map((name) => current.get(name)).filter((tool): tool is ToolMetadata => tool !== undefined);
        await vector.reembed(tools);
        usageVersion = changes.version;
      })
      // A failed re-embedding is tried again by the next catch-up (the version did not move).
      .catch(() => undefined);
    return pending;
  };
  return {
    name: vector.name,
    async index(current: ToolCatalog) {
      catalog = current;
      await pending;
      // Every tool embedded below reads its learned words as they are now.
      const version = usage.version;
      await vector.index(current);
      usageVersion = version;
    },
    async add(tools) {
      await catchUpUsage();
      await vector.add(tools);
    },
    async remove(names) {
      await pending;
      vector.remove(names);
    },
    async rank(request: RankRequest) {
      await catchUpUsage();
      return vector.rank(request);
    },
    wordVectors: () => vector.wordVectors(),
  };
}
