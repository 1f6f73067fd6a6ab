/**
 * @module The vector retrieval strategy: tools embedded once (cached by text hash), queries embedded per turn,
 * ranked by cosine similarity. Works offline by default (`@dynamic-tools/offline-embeddings`), or with any
 * LangChain embeddings.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { rewriteQuery } from "../hybrid/query-rewrite.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { EmbeddingCache, textHash } from "./embedding-cache.js";
import { queryClauses } from "./query-clauses.js";
import { toolDocumentText } from "./tool-document-text.js";
import { defaultVectorIndex } from "./default-vector-index.js";
import { euclideanNorm, type VectorIndex, type VectorIndexFactory } from "./vector-index.js";

/** The format {@link VectorStrategy.save} writes and `saved` accepts. */
export const VECTOR_INDEX_FORMAT_VERSION = 1;

/** A vector strategy's embedded tools as plain JSON: what {@link VectorStrategy.save} returns. */
export interface SavedVectorIndex {
  formatVersion: number;
  dimensions: number;
  /** The embedding model the vectors came from (see {@link embeddingModelName}). */
  model: string;
  entries: Array<{ name: string; textHash: string; vector: number[] }>;
  /**
   * What the embeddings learnt at `fit` (embeddings with `fitState()`/`restoreFit()`, e.g. `OfflineEmbeddings`):
   * restored instead of fitting again when the catalog's documents are the same.
   */
  fit?: unknown;
}

/** Embeddings that can learn statistics from the searched documents first (e.g. `OfflineEmbeddings`). */
interface FittableEmbeddings extends EmbeddingsInterface {
  fit(documents: string[]): void | Promise<void>;
}

/** Fittable embeddings whose fit can be saved and restored (e.g. `OfflineEmbeddings`). */
interface RestorableFit extends FittableEmbeddings {
  fitState(): unknown;
  restoreFit(saved: never, documents: readonly string[]): boolean;
}

/** Embeddings that can also embed synchronously (e.g. `OfflineEmbeddings`), which lets `rank` skip a promise. */
interface SyncEmbeddings extends EmbeddingsInterface {
  embedQuerySync(text: string): number[];
}

/** Options of {@link createVectorStrategy}. */
export interface VectorStrategyOptions {
  /**
   * Any LangChain embeddings (`OpenAIEmbeddings`, …). If it has a `fit(documents)` method it is called with the
   * catalog's document texts before they are embedded.
   * @defaultValue `new OfflineEmbeddings()` from `@dynamic-tools/offline-embeddings`, loaded on first `index()`
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
}

/** The vector strategy: a {@link RetrievalStrategy} that can also save its vectors. */
export interface VectorStrategy extends RetrievalStrategy {
  readonly name: "vector";
  add(tools: readonly ToolMetadata[]): Promise<void>;
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
  const { documentText = toolDocumentText, historyWeight = 0.3, splitClauses = true, queryRewrite = rewriteQuery, saved, refitOnUpdate = true } = options;
  const prepare = queryRewrite === false ? (text: string) => text : queryRewrite;
  if (!(historyWeight >= 0) || !Number.isFinite(historyWeight)) {
    throw new DynamicToolsError("INVALID_OPTION", `historyWeight must be a finite number ≥ 0, got ${String(historyWeight)}.`, { path: ["historyWeight"] });
  }
  if (saved !== undefined) checkSaved(saved);

  let embeddings = options.embeddings;
  let index: VectorIndex | undefined;
  let dimensions: number | undefined;
  const cache = new EmbeddingCache();
  /** Per indexed tool: its text hash and catalog position (ties go to the earlier tool). */
  const entries = new Map<string, { hash: string; order: number; vector: number[] }>();
  /** Per indexed tool, its document text: what a fittable embedding (fitted to the catalog) is fitted to again. */
  const documents = new Map<string, string>();
  /**
   * Set when tools came or went since embeddings that fit themselves to the catalog (the offline embeddings: IDF
   * weights, common component) were fitted: the next rank fits them again and re-embeds, so a catalog ranks the same
   * whether it was built at once or reached through live updates.
   */
  let stale = false;
  let refitting: Promise<void> | undefined;
  let nextOrder = 0;
  let indexed = false;
  /** How many tools the index is built for (the catalog's size at `index()`), for the default index choice. */
  let expectedSize = 0;
  const queryVectors = new Map<string, number[]>();

  async function ensureIndex(vectorLength: number): Promise<VectorIndex> {
    if (dimensions !== undefined && vectorLength !== dimensions) {
      throw new DynamicToolsError("INVALID_OPTION", `The embeddings returned vectors of ${vectorLength} numbers, but the index holds ${dimensions}.`);
    }
    if (index === undefined) {
      const chosen = options.index ?? ((created: { dimensions: number }) => defaultVectorIndex({ ...created, size: expectedSize }));
      index = typeof chosen === "function" ? await chosen({ dimensions: vectorLength }) : chosen;
      dimensions = vectorLength;
    }
    return index;
  }

  /** A bulk load the index is still doing (e.g. an HNSW graph built on a worker thread); nothing else runs on it meanwhile. */
  let building: Promise<void> | undefined;
  /** Why the last background load failed, until the next `index()`. */
  let loadFailure: unknown;
  /** Makes `work` the pending load. It never rejects: a failure is kept for `rank` to report. */
  function track(work: Promise<void>): void {
    const pending: Promise<void> = work.then(
      () => {
        if (building === pending) building = undefined;
      },
      (cause: unknown) => {
        if (building === pending) building = undefined;
        // The index holds an unknown part of the catalog: forget it, so the next index() starts over (the embedding
        // cache is kept: nothing is embedded twice).
        loadFailure = cause;
        indexed = false;
        entries.clear();
        index = undefined;
        dimensions = undefined;
      },
    );
    building = pending;
  }

  /**
   * Embeds (or reuses) and stores the given tools; existing names are replaced in place. With `background`, an
   * index that loads in bulk (`addAll`) may still be working when this returns: see {@link track}.
   */
  async function store(
    tools: ReadonlyArray<Pick<ToolMetadata, "name">>,
    texts = tools.map((tool) => documentText(tool as ToolMetadata)),
    hashes = texts.map(textHash),
    background = false,
  ): Promise<void> {
    const vectors = await cache.embed(embeddings!, texts, hashes);
    if (vectors.length === 0) return;
    const target = await ensureIndex(vectors[0]!.length);
    const fresh: Array<{ id: string; vector: number[] }> = [];
    tools.forEach((tool, position) => {
      const hash = hashes[position]!;
      const vector = vectors[position]!;
      const existing = entries.get(tool.name);
      if (existing?.hash === hash && existing.vector === vector) return;
      fresh.push({ id: tool.name, vector });
      entries.set(tool.name, { hash, order: existing?.order ?? nextOrder++, vector });
      documents.set(tool.name, texts[position]!);
    });
    if (target.addAll === undefined) {
      for (const { id, vector } of fresh) target.add(id, vector);
      return;
    }
    const loading = Promise.resolve(target.addAll(fresh));
    if (background) track(loading);
    else await loading;
  }

  function removeNow(names: readonly string[]): void {
    for (const name of names) {
      index?.remove(name);
      entries.delete(name);
      documents.delete(name);
    }
  }

  /** Fits the embeddings to `texts` (the catalog's documents, in catalog order) and (re-)embeds `tools`. */
  async function build(tools: ReadonlyArray<Pick<ToolMetadata, "name">>, texts: string[], background: boolean): Promise<void> {
    if (isFittable(embeddings!)) {
      // A saved fit of these very documents gives the same statistics as fitting them again, without the pass.
      const restored = saved?.fit !== undefined && isRestorable(embeddings) && embeddings.restoreFit(saved.fit as never, texts);
      if (!restored) await embeddings.fit(texts);
    }
    stale = false;
    cache.model = embeddingModelName(embeddings!);
    queryVectors.clear();
    if (saved !== undefined && saved.model === cache.model && cache.size === 0) {
      for (const entry of saved.entries) cache.set(entry.textHash, entry.vector);
      if (options.indexHolds === "saved" && index === undefined && entries.size === 0) {
        // The index already holds these vectors: known as stored, so only what differs is added below.
        await ensureIndex(saved.dimensions);
        saved.entries.forEach((entry, position) => entries.set(entry.name, { hash: entry.textHash, order: position, vector: cache.get(entry.textHash)! }));
        nextOrder = saved.entries.length;
      }
    }
    const names = new Set(tools.map((tool) => tool.name));
    for (const name of [...entries.keys()]) if (!names.has(name)) removeNow([name]);
    const hashes = texts.map(textHash);
    // A large index may finish loading in the background (the first rank waits for it), so a caller can index
    // other sources meanwhile, as the hybrid strategy does.
    await store(tools, texts, hashes, background);
    // Catalog order decides ties.
    tools.forEach((tool, position) => (entries.get(tool.name)!.order = position));
    nextOrder = tools.length;
    cache.retain(new Set(hashes));
  }

  /** Fits again to the documents indexed now, in catalog order (the order their tools were added in). */
  async function refit(): Promise<void> {
    await building;
    const names = [...entries].sort(([, a], [, b]) => a.order - b.order).map(([name]) => ({ name }));
    await build(names, names.map(({ name }) => documents.get(name)!), false);
  }

  function markStale(): void {
    if (refitOnUpdate && embeddings !== undefined && isFittable(embeddings)) stale = true;
  }

  function blend(query: number[], history: number[][]): number[] {
    const unit = scaled(query, 1 / (euclideanNorm(query) || 1));
    if (history.length === 0 || historyWeight === 0) return unit;
    const mean = new Array<number>(unit.length).fill(0);
    for (const vector of history) {
      const norm = euclideanNorm(vector) || 1;
      vector.forEach((value, d) => (mean[d]! += value / norm / history.length));
    }
    return unit.map((value, d) => value + historyWeight * mean[d]!);
  }

  /** The best `limit` tools for any of the query vectors (the request and its clauses), each at its best cosine. */
  function searchAll(vectors: number[][], { limit, filter }: RankRequest): RankedTool[] {
    if (index === undefined || limit < 1) return [];
    const best = new Map<string, number>();
    for (const vector of vectors) {
      if (euclideanNorm(vector) === 0) continue;
      for (const { id, score } of index.search(vector, limit, filter)) {
        if (score > 0 && score > (best.get(id) ?? 0)) best.set(id, score);
      }
    }
    return [...best]
      .map(([name, score]) => ({ name, score, order: entries.get(name)?.order ?? Infinity }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, limit)
      .map(({ name, score }) => ({ name, score, signals: { vector: score } }));
  }

  function rememberQuery(text: string, vector: number[]): number[] {
    if (queryVectors.size >= 256) queryVectors.delete(queryVectors.keys().next().value!);
    queryVectors.set(text, vector);
    return vector;
  }

  function rank(request: RankRequest): RankedTool[] | Promise<RankedTool[]> {
    if (building !== undefined) return building.then(() => rank(request));
    if (refitting !== undefined) return refitting.then(() => rank(request));
    if (stale && indexed && loadFailure === undefined) {
      const pending: Promise<void> = refit().finally(() => {
        if (refitting === pending) refitting = undefined;
      });
      refitting = pending;
      return pending.then(() => rank(request));
    }
    if (loadFailure !== undefined) {
      const reason = loadFailure instanceof Error ? loadFailure.message : String(loadFailure);
      throw new DynamicToolsError("INDEX_FAILED", `The vector index failed to load (${reason}); call index(catalog) again.`, { cause: loadFailure });
    }
    if (!indexed || embeddings === undefined) {
      throw new DynamicToolsError("INVALID_OPTION", "The vector strategy was asked to rank before index(catalog) was called.");
    }
    const queries = [request.query, ...(splitClauses ? queryClauses(request.query) : [])];
    const history = historyWeight > 0 ? (request.history ?? []).filter((text) => text.trim() !== "") : [];
    const texts = [...queries, ...history].map(prepare);
    const finish = (vectors: number[][]): RankedTool[] =>
      searchAll(
        vectors.slice(0, queries.length).map((vector) => blend(vector, vectors.slice(queries.length))),
        request,
      );
    const known = texts.map((text) => queryVectors.get(text));
    if (known.every((vector) => vector !== undefined)) return finish(known as number[][]);
    const source = embeddings;
    if (isSync(source)) return finish(texts.map((text, position) => known[position] ?? rememberQuery(text, source.embedQuerySync(text))));
    return Promise.all(texts.map(async (text, position) => known[position] ?? rememberQuery(text, await source.embedQuery(text)))).then(finish);
  }

  return {
    name: "vector",

    get stats() {
      return { embedded: cache.embedded, reused: cache.reused };
    },

    async index(catalog: ToolCatalog): Promise<void> {
      await building;
      loadFailure = undefined;
      embeddings ??= await loadDefaultEmbeddings();
      await refitting?.catch(() => undefined);
      const tools = catalog.tools();
      expectedSize = tools.length;
      await build(tools, tools.map(documentText), true);
      indexed = true;
    },

    rank,

    async add(tools: readonly ToolMetadata[]): Promise<void> {
      if (!indexed) {
        throw new DynamicToolsError("INVALID_OPTION", "The vector strategy was asked to add tools before index(catalog) was called.");
      }
      await building;
      await refitting?.catch(() => undefined);
      await store(tools);
      markStale();
    },

    remove(names: readonly string[]): void {
      markStale();
      if (building === undefined && refitting === undefined) removeNow(names);
      else {
        const gone = [...names];
        const before = building ?? refitting!.catch(() => undefined);
        track(before.then(() => removeNow(gone)));
      }
    },

    async builtIndex(): Promise<VectorIndex | undefined> {
      await building;
      return index;
    },

    save(): SavedVectorIndex {
      if (dimensions === undefined || cache.model === undefined) {
        throw new DynamicToolsError("INVALID_OPTION", "Nothing to save: call index(catalog) first.");
      }
      const ordered = [...entries].sort(([, a], [, b]) => a.order - b.order);
      return {
        formatVersion: VECTOR_INDEX_FORMAT_VERSION,
        dimensions,
        model: cache.model,
        entries: ordered.map(([name, { hash, vector }]) => ({ name, textHash: hash, vector: [...vector] })),
        ...(embeddings !== undefined && isRestorable(embeddings) ? { fit: embeddings.fitState() } : {}),
      };
    },
  };
}

function scaled(vector: readonly number[], factor: number): number[] {
  return vector.map((value) => value * factor);
}

function isFittable(embeddings: EmbeddingsInterface): embeddings is FittableEmbeddings {
  return typeof (embeddings as Partial<FittableEmbeddings>).fit === "function";
}

function isRestorable(embeddings: EmbeddingsInterface): embeddings is RestorableFit {
  const candidate = embeddings as Partial<RestorableFit>;
  return isFittable(embeddings) && typeof candidate.fitState === "function" && typeof candidate.restoreFit === "function";
}

function isSync(embeddings: EmbeddingsInterface): embeddings is SyncEmbeddings {
  return typeof (embeddings as Partial<SyncEmbeddings>).embedQuerySync === "function";
}

function checkSaved(saved: SavedVectorIndex): void {
  if (saved.formatVersion !== VECTOR_INDEX_FORMAT_VERSION) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `saved.formatVersion is ${String(saved.formatVersion)}, but this version of @dynamic-tools/core reads only format ` +
        `${VECTOR_INDEX_FORMAT_VERSION}. Index without \`saved\` to re-embed, then save again.`,
      { path: ["saved", "formatVersion"] },
    );
  }
  const wrong = saved.entries.findIndex((entry) => entry.vector.length !== saved.dimensions);
  if (wrong !== -1) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `saved.entries[${wrong}] ("${saved.entries[wrong]!.name}") has ${saved.entries[wrong]!.vector.length} numbers, not saved.dimensions (${saved.dimensions}).`,
      { path: ["saved", "entries", wrong, "vector"] },
    );
  }
}

type OfflineEmbeddingsModule = typeof import("@dynamic-tools/offline-embeddings");

/**
 * `new OfflineEmbeddings()`, imported on first use; a missing package becomes an error that names it.
 * @internal `importModule` is replaceable for tests.
 */
export async function loadDefaultEmbeddings(
  importModule: () => Promise<OfflineEmbeddingsModule> = () => import("@dynamic-tools/offline-embeddings"),
): Promise<EmbeddingsInterface> {
  let module: OfflineEmbeddingsModule;
  try {
    module = await importModule();
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw cause;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      'The vector strategy embeds with "@dynamic-tools/offline-embeddings" by default, and it is not installed: ' +
        "npm install @dynamic-tools/offline-embeddings, or pass `embeddings` (any LangChain embeddings, e.g. new OpenAIEmbeddings()).",
      { cause, path: ["embeddings"] },
    );
  }
  return new module.OfflineEmbeddings();
}
