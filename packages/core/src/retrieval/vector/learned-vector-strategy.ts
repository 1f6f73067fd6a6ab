/**
 * @module The vector strategy with learned evidence: each tool is embedded as its own text plus the words users most
 * said when they needed it, re-embedded (that tool only, with the embeddings' fit kept) when its usage changes.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import type { LearnedField } from "../learned-field.js";
import type { RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { toolDocumentText } from "./tool-document-text.js";
import { createVectorStrategy, type VectorStrategyOptions } from "./vector-strategy.js";

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
export function createUsageVectorStrategy(options: UsageVectorStrategyOptions): RetrievalStrategy {
  const { usage, words = 20, documentText = toolDocumentText, ...vectorOptions } = options;
  const text = (tool: ToolMetadata) => {
    const learned = usage.words(tool.name, words);
    return learned.length === 0 ? documentText(tool) : `${documentText(tool)}. ${learned.join(" ")}`;
  };
  const vector = createVectorStrategy({ ...vectorOptions, documentText: text });
  let catalog: ToolCatalog | undefined;
  let pending: Promise<void> = Promise.resolve();
  usage.subscribe(({ tools: names }) => {
    const current = catalog;
    if (current === undefined) return;
    const tools = names.map((name) => current.get(name)).filter((tool): tool is ToolMetadata => tool !== undefined);
    // Re-embedded in the background, in order (keeping the fit: learning is not a catalog change); the next rank
    // waits for it.
    pending = pending.then(() => vector.reembed(tools)).catch(() => undefined);
  });
  return {
    name: vector.name,
    async index(current: ToolCatalog) {
      catalog = current;
      await pending;
      await vector.index(current);
    },
    async add(tools) {
      await pending;
      await vector.add(tools);
    },
    async remove(names) {
      await pending;
      vector.remove(names);
    },
    async rank(request: RankRequest) {
      await pending;
      return vector.rank(request);
    },
  };
}
