/**
 * @module A retrieval strategy over any LangChain `VectorStore` (HNSWLib, a hosted vector database shared by many
 * replicas, …): one Document per tool, ranked with `similaritySearchWithScore`.
 */
import type { Document } from "@langchain/core/documents";
import type { VectorStoreInterface } from "@langchain/core/vectorstores";
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { textHash } from "./embedding-cache.js";
import { toolDocumentText } from "./tool-document-text.js";

/** Options of {@link createVectorStoreStrategy}. */
export interface VectorStoreStrategyOptions {
  /** The store; it embeds with its own `embeddings`. Documents are added with `metadata: { name, textHash }`. */
  vectorStore: VectorStoreInterface;
  /** The text each tool is stored as. @defaultValue {@link toolDocumentText} */
  documentText?: (tool: ToolMetadata) => string;
  /**
   * What the store's scores mean: `"similarity"` (higher is better, e.g. `MemoryVectorStore`) or
   * `"cosine-distance"` (1 − cosine, lower is better, e.g. `HNSWLib`), reported as the cosine.
   * @defaultValue "similarity"
   */
  scores?: "similarity" | "cosine-distance";
}

/** The vector-store strategy: a {@link RetrievalStrategy} with incremental `add`/`remove`. */
export interface VectorStoreStrategy extends RetrievalStrategy {
  add(tools: readonly ToolMetadata[]): Promise<void>;
  remove(names: readonly string[]): void;
  rank(request: RankRequest): Promise<RankedTool[]>;
}

/**
 * Ranks tools with a LangChain vector store: `index` adds one Document per tool (`pageContent` = its document text,
 * `metadata.name`), `rank` calls `similaritySearchWithScore`. Documents already in the store (same name and text)
 * are not added again; changed or removed tools' old documents stay in the store but are never returned (stores
 * differ in how, or whether, they delete). Signal: `vector` (the cosine); only tools with a positive one are returned.
 *
 * @param options.vectorStore - any LangChain `VectorStore`.
 * @param options.documentText - the text each tool is stored as. @defaultValue {@link toolDocumentText}
 * @param options.scores - `"similarity"` or `"cosine-distance"`. @defaultValue "similarity"
 * @example
 * ```ts
 * import { HNSWLib } from "@langchain/community/vectorstores/hnswlib";
 * import { OpenAIEmbeddings } from "@langchain/openai";
 * import { createVectorStoreStrategy, loadCatalogFile } from "@dynamic-tools/core";
 *
 * const vectorStore = new HNSWLib(new OpenAIEmbeddings({ model: "text-embedding-3-small" }), { space: "cosine" });
 * const strategy = createVectorStoreStrategy({ vectorStore, scores: "cosine-distance" });
 * await strategy.index(loadCatalogFile("catalog.yaml"));
 * await strategy.rank({ query: "edit my photo", limit: 5 });
 * ```
 */
export function createVectorStoreStrategy(options: VectorStoreStrategyOptions): VectorStoreStrategy {
  const { vectorStore, documentText = toolDocumentText, scores = "similarity" } = options;
  /** Per current tool: the hash of its text, and its catalog position (ties go to the earlier tool). */
  const current = new Map<string, { hash: string; order: number }>();
  /** "name\0hash" of every document added to the store. */
  const stored = new Set<string>();
  let nextOrder = 0;

  async function store(tools: readonly ToolMetadata[], orderOf: (name: string) => number): Promise<void> {
    // Imported here: the store's application has loaded @langchain/core already; a cold start without one need not.
    const { Document } = await import("@langchain/core/documents");
    const documents: Document[] = [];
    for (const tool of tools) {
      const text = documentText(tool);
      const hash = textHash(text);
      current.set(tool.name, { hash, order: orderOf(tool.name) });
      const key = `${tool.name}\u0000${hash}`;
      if (stored.has(key)) continue;
      stored.add(key);
      documents.push(new Document({ pageContent: text, metadata: { name: tool.name, textHash: hash } }));
    }
    if (documents.length > 0) await vectorStore.addDocuments(documents);
  }

  return {
    name: "vector",

    async index(catalog: ToolCatalog): Promise<void> {
      const tools = catalog.tools();
      const positions = new Map(tools.map((tool, position) => [tool.name, position]));
      current.clear();
      nextOrder = tools.length;
      await store(tools, (name) => positions.get(name)!);
    },

    async rank({ query, limit, filter }: RankRequest): Promise<RankedTool[]> {
      if (limit < 1 || current.size === 0) return [];
      // Stale documents (changed or removed tools) and filtered tools take room in the store's top k: ask for more
      // until `limit` usable ones are found or the store has no more.
      let fetch = Math.min(stored.size, filter === undefined && stored.size === current.size ? limit : limit * 4);
      for (;;) {
        const hits = await vectorStore.similaritySearchWithScore(query, fetch);
        const best = new Map<string, number>();
        let worst = Infinity;
        for (const [document, raw] of hits) {
          worst = Math.min(worst, scores === "cosine-distance" ? 1 - raw : raw);
          const name = document.metadata.name as string;
          const tool = current.get(name);
          if (tool === undefined || tool.hash !== document.metadata.textHash || (filter !== undefined && !filter(name))) continue;
          const score = scores === "cosine-distance" ? 1 - raw : raw;
          if (score > 0 && score > (best.get(name) ?? 0)) best.set(name, score);
        }
        // Enough, or nothing more to find: the store is exhausted or its hits are no longer similar at all.
        if (best.size >= limit || fetch >= stored.size || hits.length < fetch || worst <= 0) {
          return [...best]
            .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || current.get(a)!.order - current.get(b)!.order)
            .slice(0, limit)
            .map(([name, score]) => ({ name, score, signals: { vector: score } }));
        }
        fetch = Math.min(stored.size, fetch * 4);
      }
    },

    async add(tools: readonly ToolMetadata[]): Promise<void> {
      await store(tools, (name) => current.get(name)?.order ?? nextOrder++);
    },

    remove(names: readonly string[]): void {
      for (const name of names) current.delete(name);
    },
  };
}
