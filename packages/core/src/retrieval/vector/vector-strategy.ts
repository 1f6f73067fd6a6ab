/**
 * @module The vector retrieval strategy: tools embedded once (cached by text hash), queries embedded per turn,
 * ranked by cosine similarity. Works offline by default (the default embeddings, `OfflineEmbeddings` unless another is registered), or with any
 * LangChain embeddings.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { loadDefaultEmbeddings } from "./default-embeddings.js";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { runIdleWork } from "../../events/idle-work.js";
import { rewriteQuery } from "../hybrid/query-rewrite.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { bestK } from "../best-k.js";
import { EmbeddingCache, type StoredEmbedding, textHash } from "./embedding-cache.js";
import type { WordVectors } from "../lexical/vocabulary-expansion.js";
import { queryClauses } from "./query-clauses.js";
import { DOCUMENT_TEXT_VERSION, toolDocumentText } from "./tool-document-text.js";
import { ToolDocuments } from "./tool-documents.js";
import { defaultVectorIndex } from "./default-vector-index.js";
import { isFittable, isRestorable, isSync, isSyncDocuments, type SyncDocumentEmbeddings } from "./embedding-capabilities.js";
import { blendHistory, QueryVectorMemo } from "./query-vectors.js";
import { euclideanNorm, type VectorIndex, type VectorIndexFactory, type VectorMatch } from "./vector-index.js";
import { checkSaved, type SavedVectorIndex, VECTOR_INDEX_FORMAT_VERSION } from "./saved-vector-index.js";

export { type SavedVectorIndex, VECTOR_INDEX_FORMAT_VERSION } from "./saved-vector-index.js";

/** Options of {@link createVectorStrategy}. */
export interface VectorStrategyOptions {
  /**
   * Any LangChain embeddings (`OpenAIEmbeddings`, …). If it has a `fit(documents)` method it is called with the
   * catalog's document texts before they are embedded.
   * @defaultValue the registered default embeddings (`OfflineEmbeddings`; see `registerDefaultEmbeddings`), loaded on first `index()`
   */
  embeddings?: EmbeddingsInterface;
  /**
   * The nearest-neighbour index, or a factory given the vectors' dimensions (e.g. `hnswVectorIndex()` from
   * `@dynamic-tools/hnswlib`).
   * @defaultValue {@link defaultVectorIndex}: exact search below 5,000 tools, HNSW at or above when
   * `@dynamic-tools/hnswlib` is installed
   */
  index?: VectorIndex | VectorIndexFactory;
  /** The text each tool is embedded as. @defaultValue {@link toolDocumentText} */
  documentText?: (tool: ToolMetadata) => string;
  /**
   * Weight of the earlier human messages (their mean vector) added to the current message's vector.
   * @defaultValue 0.3
   */
  historyWeight?: number;
  /**
   * Also search each clause of a request that asks for several things ({@link queryClauses}); a tool scores its
   * best cosine over the request and its clauses. With an API embedder each clause costs one more `embedQuery`
   * call (query vectors are cached per text).
   * @defaultValue true
   */
  splitClauses?: boolean;
  /**
   * Applied to the request, each clause and each earlier message before they are embedded (after clause
   * splitting, which needs the punctuation and conjunctions a rewrite removes); `false` embeds them as written.
   * @defaultValue {@link rewriteQuery} (stop and filler words removed: "can you edit my photo?" → "edit photo")
   */
  queryRewrite?: ((text: string) => string) | false;
  /** What {@link VectorStrategy.save} returned: vectors of unchanged tools are reused instead of re-embedded. */
  saved?: SavedVectorIndex;
  /**
   * With embeddings that fit themselves to the catalog (a `fit` method, as the offline embeddings have), fit them
   * again after tools come or go, on the next rank, and re-embed every tool: the same catalog then ranks exactly the
   * same whether it was built at once or reached through live updates. The first rank after an update pays about
   * what `index()` costs (measured: 0.4 s at 1,000 tools, 3.9 s at 10,000 on a loaded 2-core machine); `false`
   * keeps the first fit (updates are cheap, rankings drift slightly from a fresh build's until the next `index()`).
   * @defaultValue true
   */
  refitOnUpdate?: boolean;
  /**
   * `"saved"`: the `index` given (or the one its factory returns) already holds every vector of `saved` under its
   * tool's name, e.g. an HNSW graph loaded from a snapshot. The first `index()` then adds to it only the tools whose
   * text differs from `saved`'s, instead of building the nearest-neighbour index again.
   */
  indexHolds?: "saved";
  /**
   * Keep a copy of every tool vector beside the index. Without it, embeddings that embed synchronously
   * (`embedDocumentsSync`, as the offline embeddings do: local and deterministic) keep each vector only in the index
   * (38 MB less heap at 100,000 tools and 100 dimensions); a vector needed again (by `save()`, or for another tool
   * with the same text) is embedded again, to the very same numbers. Other embeddings (an API's) always keep the copy,
   * so nothing is embedded twice. Keep it when `save()` is called often, or when `documentText` may give another text
   * for the same tool later (`save()` then cannot embed the old text again).
   * @defaultValue false
   */
  keepVectors?: boolean;
}

/** The vector strategy: a {@link RetrievalStrategy} that can also save its vectors. */
export interface VectorStrategy extends RetrievalStrategy {
  readonly name: "vector";
  /**
   * The embeddings' word vectors, when they have them (the default offline embeddings do: `wordVector(word)`) and
   * are loaded (after `index()`); else undefined. The hybrid strategy expands query words with them.
   */
  wordVectors(): WordVectors | undefined;
  add(tools: readonly ToolMetadata[]): Promise<void>;
  /**
   * Embeds indexed tools again because their text changed (e.g. learned words), keeping the embeddings' fit: unlike
   * `add`, no refit follows (see `refitOnUpdate`), so a tool that learns costs one embedding, not a catalog's. The fit
   * is refreshed when tools come or go, or on `index()`. Tools not indexed are ignored.
   */
  reembed(tools: readonly ToolMetadata[]): Promise<void>;
  remove(names: readonly string[]): void;
  /** The embedded tools as JSON, for `createVectorStrategy({ saved })`. Only after `index()`. */
  save(): SavedVectorIndex;
  /** The nearest-neighbour index once any background build finished (undefined before `index()`), e.g. to save it. */
  builtIndex(): Promise<VectorIndex | undefined>;
  /** Texts embedded and texts reused from the cache (or `saved`), since construction. */
  readonly stats: { readonly embedded: number; readonly reused: number };
}

/**
 * The name of an embeddings' model, used to tell whether saved or cached vectors still apply: its `model` or
 * `modelName` property, else its class name.
 */
export function embeddingModelName(embeddings: EmbeddingsInterface): string {
  const named = embeddings as { model?: unknown; modelName?: unknown };
  if (typeof named.model === "string" && named.model !== "") return named.model;
  if (typeof named.modelName === "string" && named.modelName !== "") return named.modelName;
  return embeddings.constructor.name;
}

/**
 * Ranks tools by the cosine similarity of their embedded document text ({@link toolDocumentText}) to the
 * current message (and to each of its clauses, see {@link queryClauses}), with earlier messages blended in at
 * `historyWeight`; each text is rewritten ({@link rewriteQuery}: stop and filler words out) before it is embedded,
 * so pass the request as the user wrote it. Signal: `vector` (the best cosine); only tools with a positive cosine
 * are returned.
 * Unchanged tools are never embedded twice: vectors are cached by the sha256 of their text, `add`/`remove` update
 * the index in place, and `save()`/`saved` carry the vectors across processes. `add` keeps the statistics the
 * embeddings were fitted with at `index()`; call `index()` again to refit.
 *
 * @param options.embeddings - any LangChain embeddings. @defaultValue `OfflineEmbeddings` (no API, no download)
 * @param options.index - a {@link VectorIndex} or a factory of one. @defaultValue {@link BruteForceVectorIndex}
 * @param options.documentText - the text each tool is embedded as. @defaultValue {@link toolDocumentText}
 * @param options.historyWeight - weight of earlier messages. @defaultValue 0.3
 * @param options.splitClauses - also search each clause of a multi-part request. @defaultValue true
 * @param options.queryRewrite - applied to each query text before embedding, or `false`. @defaultValue {@link rewriteQuery}
 * @param options.saved - vectors saved by {@link VectorStrategy.save}.
 * @throws DynamicToolsError `INVALID_OPTION` for a bad `historyWeight` or a `saved` of another format version; on
 *   `index()`, when the default embeddings' package is not installed.
 * @example
 * ```ts
 * import { ToolCatalog, createVectorStrategy } from "@dynamic-tools/core";
 *
 * const catalog = new ToolCatalog({ tools: [
 *   { name: "generate_image", description: "Create or edit an image" },
 *   { name: "get_pending_salaries", description: "Salaries not yet paid" },
 * ] });
 * const vector = createVectorStrategy();
 * await vector.index(catalog);
 * await vector.rank({ query: "edit my photo", limit: 1 }); // [{ name: "generate_image", score: 0.6…, signals: { vector: 0.6… } }]
 * ```
 */
export function createVectorStrategy(options: VectorStrategyOptions = {}): VectorStrategy {
  const vectors = new VectorToolIndex(options);
  // A plain object of functions rather than the instance, so callers may spread it or pass `rank` alone.
  return {
    name: "vector",
    get stats() {
      return vectors.stats;
    },
    index: (catalog) => vectors.index(catalog),
    rank: (request) => vectors.rank(request),
    add: (tools) => vectors.add(tools),
    reembed: (tools) => vectors.reembed(tools),
    remove: (names) => vectors.remove(names),
    builtIndex: () => vectors.builtIndex(),
    save: () => vectors.save(),
    wordVectors: () => vectors.wordVectors(),
  };
}

/**
 * One stored tool: its text hash, catalog position (ties go to the earlier tool), and its vector's row in the
 * embedding cache with the stamp of the write that stored it there; or {@link HELD}: only the index holds the vector
 * (see `keepVectors`), and `stamp` is the model epoch it was embedded in.
 */
interface StoredVector {
  hash: string;
  order: number;
  row: number;
  stamp: number;
  /**
   * The tool's metadata (the catalog's own object, not a copy): its document text is what a fittable embedding
   * (fitted to the catalog) is fitted to again, derived again only then. Set once `index()` or `add` stored the tool.
   */
  tool?: ToolMetadata;
}

/** The `row` of a tool whose vector only the index holds (the cache forgot it). */
const HELD = -1;

/** Most query texts whose vectors are remembered between ranks. */
const QUERY_MEMO_SIZE = 256;

/**
 * The state behind {@link createVectorStrategy}: the stored tool vectors, the nearest-neighbour index they are in,
 * and the work that may still run on it in the background (a bulk load, a refit after live updates).
 */
class VectorToolIndex {
  readonly #options: VectorStrategyOptions;
  readonly #documentText: (tool: ToolMetadata) => string;
  readonly #historyWeight: number;
  readonly #splitClauses: boolean;
  readonly #prepare: (text: string) => string;
  readonly #saved: SavedVectorIndex | undefined;
  readonly #refitOnUpdate: boolean;

  #embeddings: EmbeddingsInterface | undefined;
  #index: VectorIndex | undefined;
  #dimensions: number | undefined;
  readonly #cache = new EmbeddingCache();
  /** Per indexed tool: its text hash, catalog position, vector and metadata. */
  readonly #entries = new Map<string, StoredVector>();
  #nextOrder = 0;
  #indexed = false;
  /**
   * The catalog `index()` indexed and its tools, while no tool was added or removed since: `save()` then says which
   * catalog's documents the entries are (see `SavedVectorIndex.documents`).
   */
  #indexedFrom: { catalog: ToolCatalog; tools: readonly ToolMetadata[] } | undefined;
  /** How many tools the index is built for (the catalog's size at `index()`), for the default index choice. */
  #expectedSize = 0;
  readonly #queryVectors = new QueryVectorMemo(QUERY_MEMO_SIZE);
  /** Counts the embedding models the cache was set to: a {@link HELD} vector belongs to the epoch it was embedded in. */
  #epoch = 0;
  /** The epoch whose vectors were last left to the index alone (saved vectors are not reloaded into the cache then). */
  #releasedEpoch = -1;
  /** Tools whose vector the index already held when they were stored again (counted as reused). */
  #heldReused = 0;

  /**
   * Set when tools came or went since embeddings that fit themselves to the catalog (the offline embeddings: IDF
   * weights, common component) were fitted: the next rank fits them again and re-embeds, so a catalog ranks the same
   * whether it was built at once or reached through live updates.
   */
  #stale = false;
  #refitting: Promise<void> | undefined;
  /** A bulk load the index is still doing (e.g. an HNSW graph built on a worker thread); nothing else runs on it meanwhile. */
  #building: Promise<void> | undefined;
  /** Why the last background load failed, until the next `index()`. */
  #loadFailure: unknown;

  constructor(options: VectorStrategyOptions) {
    const { documentText = toolDocumentText, historyWeight = 0.3, splitClauses = true, queryRewrite = rewriteQuery } = options;
    if (!(historyWeight >= 0) || !Number.isFinite(historyWeight)) {
      throw new DynamicToolsError("INVALID_OPTION", `historyWeight must be a finite number ≥ 0, got ${String(historyWeight)}.`, {
        path: ["historyWeight"],
      });
    }
    if (options.saved !== undefined) checkSaved(options.saved, options);
    this.#options = options;
    this.#documentText = documentText;
    this.#historyWeight = historyWeight;
    this.#splitClauses = splitClauses;
    this.#prepare = queryRewrite === false ? (text: string) => text : queryRewrite;
    this.#saved = options.saved;
    this.#refitOnUpdate = options.refitOnUpdate ?? true;
    this.#embeddings = options.embeddings;
  }

  get stats(): { readonly embedded: number; readonly reused: number } {
    return { embedded: this.#cache.embedded, reused: this.#cache.reused + this.#heldReused };
  }

  async index(catalog: ToolCatalog): Promise<void> {
    await this.#building;
    this.#loadFailure = undefined;
    this.#embeddings ??= await loadDefaultEmbeddings();
    await this.#refitting?.catch(() => undefined);
    const tools = catalog.tools();
    this.#expectedSize = tools.length;
    this.#indexedFrom = undefined;
    await this.#build(this.#documentsOf(catalog, tools), true);
    this.#indexed = true;
    this.#indexedFrom = { catalog, tools };
  }

  wordVectors(): WordVectors | undefined {
    const embeddings = this.#embeddings as (EmbeddingsInterface & Partial<WordVectors>) | undefined;
    return typeof embeddings?.wordVector === "function" ? (embeddings as WordVectors) : undefined;
  }

  rank(request: RankRequest): RankedTool[] | Promise<RankedTool[]> {
    const pending = this.#workBeforeRank();
    if (pending !== undefined) {
      // The thread is about to wait (e.g. for the graph a worker builds): work offered for such a wait runs now.
      runIdleWork();
      return pending.then(() => this.rank(request));
    }
    if (this.#loadFailure !== undefined) {
      const cause = this.#loadFailure;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new DynamicToolsError("INDEX_FAILED", `The vector index failed to load (${reason}); call index(catalog) again.`, { cause });
    }
    if (!this.#indexed || this.#embeddings === undefined) {
      throw new DynamicToolsError("INVALID_OPTION", "The vector strategy was asked to rank before index(catalog) was called.");
    }
    return this.#rankNow(request, this.#embeddings);
  }

  async add(tools: readonly ToolMetadata[]): Promise<void> {
    if (!this.#indexed) {
      throw new DynamicToolsError("INVALID_OPTION", "The vector strategy was asked to add tools before index(catalog) was called.");
    }
    await this.#building;
    await this.#refitting?.catch(() => undefined);
    this.#indexedFrom = undefined;
    await this.#store(ToolDocuments.of(tools, this.#documentText));
    this.#release();
    this.#markStale();
  }

  async reembed(tools: readonly ToolMetadata[]): Promise<void> {
    await this.#building;
    await this.#refitting?.catch(() => undefined);
    const indexed = tools.filter((tool) => this.#entries.has(tool.name));
    if (indexed.length === 0) return;
    this.#indexedFrom = undefined;
    await this.#store(ToolDocuments.of(indexed, this.#documentText));
    this.#release();
  }

  remove(names: readonly string[]): void {
    this.#indexedFrom = undefined;
    this.#markStale();
    if (this.#building === undefined && this.#refitting === undefined) {
      this.#removeNow(names);
      return;
    }
    const gone = [...names];
    const before = this.#building ?? this.#refitting!.catch(() => undefined);
    this.#track(before.then(() => this.#removeNow(gone)));
  }

  async builtIndex(): Promise<VectorIndex | undefined> {
    await this.#building;
    return this.#index;
  }

  save(): SavedVectorIndex {
    if (this.#dimensions === undefined || this.#cache.model === undefined) {
      throw new DynamicToolsError("INVALID_OPTION", "Nothing to save: call index(catalog) first.");
    }
    const embeddings = this.#embeddings;
    const documents = this.#savedDocuments();
    const stored = this.#inCatalogOrder();
    const held = this.#heldVectors(stored);
    return {
      formatVersion: VECTOR_INDEX_FORMAT_VERSION,
      dimensions: this.#dimensions,
      model: this.#cache.model,
      entries: stored.map(([name, { hash, row }]) => ({
        name,
        textHash: hash,
        vector: Array.from(row === HELD ? held.get(hash)! : this.#cache.vector(row)),
      })),
      ...(documents === undefined ? {} : { documents }),
      ...(embeddings !== undefined && isRestorable(embeddings) ? { fit: embeddings.fitState() } : {}),
    };
  }

  /**
   * The vectors of the tools only the index holds, by text hash: their texts embedded again (in one call, each text
   * once), as 32-bit floats, as the cache kept them. Synchronous embeddings give the very same numbers for the same
   * text and model; a text that is no longer the one embedded (its hash differs) cannot be, and is refused.
   */
  #heldVectors(stored: ReadonlyArray<[string, StoredVector]>): Map<string, StoredEmbedding> {
    const texts = new Map<string, string>();
    for (const [name, entry] of stored) {
      if (entry.row !== HELD || texts.has(entry.hash)) continue;
      const text = this.#documentText(entry.tool!);
      if (textHash(text) !== entry.hash) {
        throw new DynamicToolsError(
          "INVALID_OPTION",
          `Cannot save the vector of "${name}": documentText now gives another text than the one embedded, and the ` +
            "strategy kept no copy of its vector. Create it with keepVectors: true to save vectors of changing texts.",
          { path: ["keepVectors"] },
        );
      }
      texts.set(entry.hash, text);
    }
    const vectors = new Map<string, StoredEmbedding>();
    if (texts.size === 0) return vectors;
    const embedded = (this.#embeddings as SyncDocumentEmbeddings).embedDocumentsSync([...texts.values()]);
    [...texts.keys()].forEach((hash, position) => vectors.set(hash, Float32Array.from(embedded[position]!)));
    return vectors;
  }

  /**
   * The documents `save()` vouches for: the default document texts of the catalog `index()` indexed, when its tools
   * are still exactly those indexed (the same metadata objects, in order) and no refit or update came between.
   */
  #savedDocuments(): SavedVectorIndex["documents"] {
    const from = this.#indexedFrom;
    if (from === undefined || this.#documentText !== toolDocumentText || this.#stale || this.#entries.size !== from.tools.length)
      return undefined;
    const now = from.catalog.tools();
    if (now.length !== from.tools.length || now.some((tool, position) => tool !== from.tools[position])) return undefined;
    return { catalog: from.catalog.fingerprint(), textVersion: DOCUMENT_TEXT_VERSION };
  }

  /**
   * The catalog's documents: with hashes taken from `saved` when it vouches for this very catalog's default document
   * texts (same catalog fingerprint, same text version, the same tools in the same order), else derived.
   */
  #documentsOf(catalog: ToolCatalog, tools: readonly ToolMetadata[]): ToolDocuments {
    const saved = this.#saved;
    const documents = saved?.documents;
    const vouched =
      saved !== undefined &&
      documents !== undefined &&
      this.#documentText === toolDocumentText &&
      documents.textVersion === DOCUMENT_TEXT_VERSION &&
      saved.entries.length === tools.length &&
      documents.catalog === catalog.fingerprint() &&
      saved.entries.every((entry, position) => entry.name === tools[position]!.name);
    if (!vouched) return ToolDocuments.of(tools, this.#documentText);
    return ToolDocuments.vouched(
      tools,
      this.#documentText,
      saved.entries.map((entry) => entry.textHash),
    );
  }

  /**
   * What a rank waits for first: a background load, a refit under way, or a refit it starts now because tools came
   * or went since the embeddings were fitted (see `refitOnUpdate`). Undefined when the index can be searched now.
   */
  #workBeforeRank(): Promise<void> | undefined {
    if (this.#building !== undefined) return this.#building;
    if (this.#refitting !== undefined) return this.#refitting;
    if (!this.#stale || !this.#indexed || this.#loadFailure !== undefined) return undefined;
    const pending: Promise<void> = this.#refit().finally(() => {
      if (this.#refitting === pending) this.#refitting = undefined;
    });
    this.#refitting = pending;
    return pending;
  }

  /** Embeds the request, its clauses and the history (reusing remembered vectors), then searches the index. */
  #rankNow(request: RankRequest, embeddings: EmbeddingsInterface): RankedTool[] | Promise<RankedTool[]> {
    const queries = [request.query, ...(this.#splitClauses ? queryClauses(request.query) : [])];
    const history = this.#historyWeight > 0 ? (request.history ?? []).filter((text) => text.trim() !== "") : [];
    const texts = [...queries, ...history].map(this.#prepare);
    const finish = (vectors: number[][]): RankedTool[] => {
      const historyVectors = vectors.slice(queries.length);
      const blended = vectors.slice(0, queries.length).map((vector) => blendHistory(vector, historyVectors, this.#historyWeight));
      return this.#searchAll(blended, request);
    };
    const known = texts.map((text) => this.#queryVectors.get(text));
    if (known.every((vector) => vector !== undefined)) return finish(known as number[][]);
    const memo = this.#queryVectors;
    if (isSync(embeddings)) {
      return finish(texts.map((text, position) => known[position] ?? memo.remember(text, embeddings.embedQuerySync(text))));
    }
    const embedded = texts.map(async (text, position) => known[position] ?? memo.remember(text, await embeddings.embedQuery(text)));
    return Promise.all(embedded).then(finish);
  }

  /** The best `limit` tools for any of the query vectors (the request and its clauses), each at its best cosine. */
  #searchAll(vectors: number[][], { limit, filter }: RankRequest): RankedTool[] {
    const index = this.#index;
    if (index === undefined || limit < 1) return [];
    const searched = vectors.filter((vector) => euclideanNorm(vector) > 0);
    const order = (name: string) => this.#entries.get(name)?.order ?? Infinity;
    const byScore = (a: { score: number; order: number }, b: { score: number; order: number }) => b.score - a.score || a.order - b.order;
    const found = (index.searchAny?.(searched, limit, filter) ?? mergedSearches(index, searched, limit, filter))
      .filter(({ score }) => score > 0)
      .map(({ id, score }) => ({ name: id, score, order: order(id) }));
    // Ties go to the catalog's order, which an index's own order of ids need not be.
    const best = index.searchAny === undefined ? bestK(found, limit, byScore) : found.sort(byScore);
    return best.map(({ name, score }) => ({ name, score, signals: { vector: score } }));
  }

  /** The nearest-neighbour index, created on the first vector stored (its length fixes the dimensions). */
  async #ensureIndex(vectorLength: number): Promise<VectorIndex> {
    if (this.#dimensions !== undefined && vectorLength !== this.#dimensions) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `The embeddings returned vectors of ${vectorLength} numbers, but the index holds ${this.#dimensions}.`,
      );
    }
    if (this.#index === undefined) {
      const size = this.#expectedSize;
      const chosen = this.#options.index ?? ((created: { dimensions: number }) => defaultVectorIndex({ ...created, size }));
      this.#index = typeof chosen === "function" ? await chosen({ dimensions: vectorLength }) : chosen;
      this.#dimensions = vectorLength;
    }
    return this.#index;
  }

  /** Makes `work` the pending load. It never rejects: a failure is kept for `rank` to report. */
  #track(work: Promise<void>): void {
    const pending: Promise<void> = work.then(
      () => {
        if (this.#building === pending) this.#building = undefined;
      },
      (cause: unknown) => {
        if (this.#building === pending) this.#building = undefined;
        this.#forgetIndex(cause);
      },
    );
    this.#building = pending;
  }

  /**
   * After a failed background load the index holds an unknown part of the catalog: forget it, so the next `index()`
   * starts over (the embedding cache is kept: nothing is embedded twice).
   */
  #forgetIndex(cause: unknown): void {
    this.#loadFailure = cause;
    this.#indexed = false;
    this.#entries.clear();
    this.#index = undefined;
    this.#dimensions = undefined;
  }

  /**
   * Embeds (or reuses) and stores the documents' tools; existing names are replaced in place. With `background`, an
   * index that loads in bulk (`addAll`) may still be working when this returns (see `#track`).
   */
  async #store(all: ToolDocuments, background = false): Promise<void> {
    const { tools, hashes } = this.#notHeld(all);
    const cache = this.#cache;
    const rows = await cache.embed(this.#embeddings!, { hashes, text: (position) => all.text(tools[position]!.position) });
    if (rows.length === 0) return;
    const target = await this.#ensureIndex(cache.vector(rows[0]!).length);
    const fresh: Array<{ id: string; vector: StoredEmbedding }> = [];
    tools.forEach(({ tool }, position) => {
      const hash = hashes[position]!;
      const row = rows[position]!;
      const stamp = cache.stamp(row);
      const existing = this.#entries.get(tool.name);
      if (existing?.hash === hash && existing.row === row && existing.stamp === stamp) {
        existing.tool = tool;
        return;
      }
      fresh.push({ id: tool.name, vector: cache.vector(row) });
      this.#entries.set(tool.name, { hash, order: existing?.order ?? this.#nextOrder++, row, stamp, tool });
    });
    if (target.addAll === undefined) {
      for (const { id, vector } of fresh) target.add(id, vector);
      return;
    }
    const loading = Promise.resolve(target.addAll(fresh));
    if (background) this.#track(loading);
    else await loading;
  }

  /**
   * The documents whose vector the index does not hold already: a tool stored again with the text it has in the
   * index, embedded in this model epoch, only takes its metadata (its vector was left to the index, see `keepVectors`).
   */
  #notHeld(documents: ToolDocuments): { tools: Array<{ tool: ToolMetadata; position: number }>; hashes: string[] } {
    const tools: Array<{ tool: ToolMetadata; position: number }> = [];
    const hashes: string[] = [];
    const all = documents.hashes;
    documents.tools.forEach((tool, position) => {
      const hash = all[position]!;
      const existing = this.#entries.get(tool.name);
      if (existing?.row === HELD && existing.hash === hash && existing.stamp === this.#epoch) {
        existing.tool = tool;
        this.#heldReused++;
        return;
      }
      tools.push({ tool, position });
      hashes.push(hash);
    });
    return { tools, hashes };
  }

  /**
   * Leaves every stored vector to the index alone and frees the cache's copies, when the embeddings can embed a text
   * again synchronously to the same numbers (see `keepVectors`). The index copied each vector on `add`/`addAll` (a
   * background load keeps the views it was given alive until it settles).
   */
  #release(): void {
    const embeddings = this.#embeddings;
    if (this.#options.keepVectors === true || embeddings === undefined || !isSyncDocuments(embeddings)) return;
    for (const entry of this.#entries.values()) {
      if (entry.row === HELD) continue;
      entry.row = HELD;
      entry.stamp = this.#epoch;
    }
    this.#cache.forgetAll();
    this.#releasedEpoch = this.#epoch;
  }

  #removeNow(names: readonly string[]): void {
    for (const name of names) {
      this.#index?.remove(name);
      this.#entries.delete(name);
    }
  }

  /** Fits the embeddings to the catalog's documents (in catalog order) and (re-)embeds their tools. */
  async #build(documents: ToolDocuments, background: boolean): Promise<void> {
    const { tools } = documents;
    await this.#fit(documents);
    this.#stale = false;
    const model = embeddingModelName(this.#embeddings!);
    if (model !== this.#cache.model) this.#epoch++;
    this.#cache.model = model;
    this.#queryVectors.clear();
    const holdsSaved = await this.#reuseSaved(background && documents.fromSaved);
    // The saved entries are these very documents (same tools, order and hashes) and the index holds them: there is
    // nothing to embed, add, reorder or forget; only each tool's metadata to note, for the texts of a later refit.
    if (holdsSaved && documents.fromSaved) {
      for (const tool of tools) this.#entries.get(tool.name)!.tool = tool;
      this.#release();
      return;
    }
    const names = new Set(tools.map((tool) => tool.name));
    for (const name of [...this.#entries.keys()]) if (!names.has(name)) this.#removeNow([name]);
    // A large index may finish loading in the background (the first rank waits for it), so a caller can index
    // other sources meanwhile, as the hybrid strategy does.
    await this.#store(documents, background);
    // Catalog order decides ties.
    tools.forEach((tool, position) => (this.#entries.get(tool.name)!.order = position));
    this.#nextOrder = tools.length;
    this.#cache.retain(new Set(documents.hashes));
    this.#release();
  }

  /**
   * Fits embeddings that fit themselves to the documents; a saved fit of these very documents is restored instead
   * (checked against their texts, or taken as it is when `saved` vouches for the documents).
   */
  async #fit(documents: ToolDocuments): Promise<void> {
    const embeddings = this.#embeddings!;
    if (!isFittable(embeddings)) return;
    // A saved fit of these very documents gives the same statistics as fitting them again, without the pass.
    const saved = this.#saved;
    const restored =
      saved?.fit !== undefined &&
      isRestorable(embeddings) &&
      embeddings.restoreFit(saved.fit as never, documents.fromSaved ? undefined : documents.texts());
    if (!restored) await embeddings.fit(documents.texts());
  }

  /**
   * Puts `saved`'s vectors in the (empty) embedding cache when they come from the current model; with
   * `indexHolds: "saved"`, also records them as already in the index, so only what differs is added. Returns whether
   * it did the latter: the index holds every saved entry, in the saved order. `background`: the saved entries are the
   * catalog's very documents, so nothing else will touch the index before a rank; it may go on loading (e.g. an HNSW
   * graph read from a file) while the caller indexes other sources, and the first rank waits for it.
   */
  async #reuseSaved(background: boolean): Promise<boolean> {
    const saved = this.#saved;
    if (saved === undefined || saved.model !== this.#cache.model || this.#cache.size !== 0 || this.#releasedEpoch === this.#epoch)
      return false;
    // Vectors only the index holds are left to it, as `#release` would leave them once copied to the cache.
    const inIndex = saved.vectorsInIndex === true;
    if (!inIndex) {
      this.#cache.reserve(saved.entries.length, saved.dimensions);
      for (const entry of saved.entries) this.#cache.set(entry.textHash, entry.vector);
    }
    if (this.#options.indexHolds !== "saved" || this.#index !== undefined || this.#entries.size > 0) return false;
    const loading = this.#ensureIndex(saved.dimensions);
    if (background) this.#track(loading.then(() => undefined));
    else await loading;
    saved.entries.forEach((entry, position) => {
      const row = inIndex ? HELD : this.#cache.row(entry.textHash)!;
      const stamp = inIndex ? this.#epoch : this.#cache.stamp(row);
      this.#entries.set(entry.name, { hash: entry.textHash, order: position, row, stamp });
    });
    this.#nextOrder = saved.entries.length;
    return true;
  }

  /** Fits again to the documents indexed now, in catalog order (the order their tools were added in). */
  async #refit(): Promise<void> {
    await this.#building;
    const tools = this.#inCatalogOrder().map(([, entry]) => entry.tool!);
    await this.#build(ToolDocuments.of(tools, this.#documentText), false);
  }

  #markStale(): void {
    if (this.#refitOnUpdate && this.#embeddings !== undefined && isFittable(this.#embeddings)) this.#stale = true;
  }

  #inCatalogOrder(): Array<[string, StoredVector]> {
    return [...this.#entries].sort(([, a], [, b]) => a.order - b.order);
  }
}

/** Each id of the `limit`-long `search` lists of every vector once, at its best score (in order of first appearance). */
function mergedSearches(
  index: VectorIndex,
  vectors: ReadonlyArray<readonly number[]>,
  limit: number,
  filter: ((id: string) => boolean) | undefined,
): VectorMatch[] {
  if (vectors.length === 1) return index.search(vectors[0]!, limit, filter);
  const found: VectorMatch[] = [];
  const at = new Map<string, number>();
  for (const vector of vectors) {
    for (const { id, score } of index.search(vector, limit, filter)) {
      const place = at.get(id);
      if (place === undefined) {
        at.set(id, found.length);
        found.push({ id, score });
      } else if (score > found[place]!.score) found[place]!.score = score;
    }
  }
  return found;
}
