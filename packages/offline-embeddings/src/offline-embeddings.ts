/**
 * @module OfflineEmbeddings: LangChain embeddings (`EmbeddingsInterface`) that need no model download and no API.
 * Sentence vector = SIF-weighted mean of 100-d GloVe word vectors, optionally fitted to a catalog (IDF weights, first
 * PC removed). It does not extend LangChain's `Embeddings` class: that class only adds an `AsyncCaller` (retries and
 * concurrency for remote calls, which a local table needs none of), and importing it took this package's import from
 * 7 to 25 ms (measured in a bare process; an application that imports LangChain's models has loaded it anyway).
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface, EmbeddingsParams } from "@langchain/core/embeddings";
import { firstPrincipalComponent, inverseDocumentFrequency, removeComponent, sifWeight, zipfProbability } from "./sif.js";
import { letterDigitRuns, splitWords, suffixVariants } from "./split-words.js";
import { DEFAULT_TABLE_PATH, loadWordVectorTable, type WordVectorTable } from "./word-vector-table.js";

/**
 * Options of {@link OfflineEmbeddings}. LangChain's `EmbeddingsParams` (`maxConcurrency`, `maxRetries`…) are accepted
 * for compatibility and have no effect: nothing is called remotely.
 */
export interface OfflineEmbeddingsOptions extends EmbeddingsParams {
  /**
   * SIF's smoothing constant `a` in the word weight `a / (a + p(w))`: smaller values discount frequent words more.
   * @defaultValue 1e-3 (the paper's usual value; its recommended range is 1e-4 – 1e-3)
   */
  sifA?: number;
  /** After {@link OfflineEmbeddings.fit}: multiply each word's weight by its IDF over the fitted documents. @defaultValue true */
  idf?: boolean;
  /** After {@link OfflineEmbeddings.fit}: remove the fitted documents' first principal component. @defaultValue true */
  removeCommonComponent?: boolean;
  /** A word-vector table file in this package's format. @defaultValue the table shipped in `data/` */
  tablePath?: string;
}

/**
 * Most documents the common component is estimated from: an even, deterministic sample of a larger catalog. The
 * first principal component of 100-d vectors is stable well below this, and the covariance costs O(n · d²).
 */
const PCA_SAMPLE = 2_000;

/** Every ⌈n / limit⌉-th item, so at most `limit` items spread evenly over the list (deterministic). */
function evenSample<T>(items: readonly T[], limit: number): readonly T[] {
  if (items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, index) => items[Math.floor(index * step)]!);
}

/** What {@link OfflineEmbeddings.fit} learnt from the documents. */
interface FittedStatistics {
  documentCount: number;
  /** Documents containing each table entry. */
  documentFrequency: Map<number, number>;
  /** Unit vector removed from every embedding, if any. */
  commonComponent: Float64Array | undefined;
  fingerprint: string;
}

/** What {@link OfflineEmbeddings.fitState} returns: a fit as JSON, to restore in another process. */
export interface SavedFit {
  documentCount: number;
  /** [table entry, documents containing it] pairs. */
  documentFrequency: Array<[number, number]>;
  commonComponent: number[] | undefined;
  fingerprint: string;
}

/** The fingerprint a fit to these documents carries (part of {@link OfflineEmbeddings.model}). */
function documentsFingerprint(documents: readonly string[]): string {
  // The documents joined by NUL, hashed piece by piece (no joined copy: 40 MB at 100,000 tools).
  const hash = createHash("sha256");
  documents.forEach((document, index) => {
    if (index > 0) hash.update("\u0000");
    hash.update(document);
  });
  return hash.digest("hex").slice(0, 16);
}

/** The model name reported before any fit; `fit` appends the fitted documents' fingerprint. */
export const OFFLINE_EMBEDDINGS_MODEL = "dynamic-tools/offline-glove-100d-int8";

/**
 * Offline sentence embeddings: 100-d, unit length, deterministic, about 10 µs per short text once the table is
 * loaded (lazily, on first use, once per process). Best fitted to the texts being searched (a tool catalog) with
 * {@link OfflineEmbeddings.fit}, after which both documents and queries use the fitted statistics.
 *
 * @example
 * ```ts
 * import { OfflineEmbeddings } from "@dynamic-tools/offline-embeddings";
 *
 * const embeddings = new OfflineEmbeddings();
 * embeddings.fit(["generate image: create or edit an image", "get salaries: salaries not yet paid"]);
 * const [image, salary] = await embeddings.embedDocuments(["create or edit an image", "salaries not yet paid"]);
 * const query = await embeddings.embedQuery("edit photo");
 * ```
 */
export class OfflineEmbeddings implements EmbeddingsInterface {
  readonly #sifA: number;
  readonly #useIdf: boolean;
  readonly #removeCommonComponent: boolean;
  readonly #tablePath: string;
  #table: WordVectorTable | undefined;
  #fitted: FittedStatistics | undefined;
  #weights: Float32Array | undefined;
  /** Pre-removal vectors of the last fitted documents, each handed out (and dropped) on its first embedding. */
  #fittedVectors = new Map<string, Float64Array>();
  /** A word's entries: one (the common case, kept unboxed), or several (letter and digit runs), or none. */
  readonly #entryCache = new Map<string, number | readonly number[]>();
  /** Scratch space for collecting a text's entries. */
  #entryBuffer = new Int32Array(256);

  constructor(options: OfflineEmbeddingsOptions = {}) {
    const { sifA = 1e-3, idf = true, removeCommonComponent = true, tablePath = DEFAULT_TABLE_PATH } = options;
    if (!(sifA > 0)) throw new RangeError(`sifA must be a positive number, got ${String(sifA)}.`);
    this.#sifA = sifA;
    this.#useIdf = idf;
    this.#removeCommonComponent = removeCommonComponent;
    this.#tablePath = tablePath;
  }

  /** Identifies the embedding function: the table, the options and, after `fit`, the fitted documents. */
  get model(): string {
    const options = `a=${this.#sifA}${this.#useIdf ? ",idf" : ""}${this.#removeCommonComponent ? ",pc1" : ""}`;
    return `${OFFLINE_EMBEDDINGS_MODEL}(${options})${this.#fitted ? `+fit:${this.#fitted.fingerprint}` : ""}`;
  }

  /** Vector length. */
  get dimensions(): number {
    return this.#loadTable().dimensions;
  }

  /**
   * Fits the embedding to the documents that will be searched: IDF weights over them and their first principal
   * component (SIF's "common component", removed from every later embedding). Deterministic; the statistics come
   * from `documents` only. Calling it again replaces the previous fit; an empty list removes it.
   */
  fit(documents: readonly string[]): void {
    this.#weights = undefined;
    this.#fittedVectors = new Map();
    if (documents.length === 0) {
      this.#fitted = undefined;
      return;
    }
    const table = this.#loadTable();
    const fingerprint = documentsFingerprint(documents);
    const documentFrequency = new Map<number, number>();
    // Each document's entries sorted once: runs of equal entries give its distinct words (document frequency here)
    // and their counts (the weighted mean below).
    const entriesOf = documents.map((document) => this.#sortedEntries(document));
    for (const entries of entriesOf) {
      for (let index = 0; index < entries.length; index++) {
        const entry = entries[index]!;
        if (entries[index + 1] !== entry) documentFrequency.set(entry, (documentFrequency.get(entry) ?? 0) + 1);
      }
    }
    this.#fitted = { documentCount: documents.length, documentFrequency, commonComponent: undefined, fingerprint };
    this.#weights = undefined;
    const vectors = entriesOf.map((entries) => this.#sortedWeightedMean(entries));
    if (this.#removeCommonComponent)
      this.#fitted.commonComponent = firstPrincipalComponent(evenSample(vectors, PCA_SAMPLE), table.dimensions);
    // The documents are usually embedded next, with exactly these statistics: keep their vectors for that once.
    this.#fittedVectors = new Map(documents.map((document, index) => [document, vectors[index]!]));
  }

  /**
   * The current fit as JSON (undefined before any fit), for {@link OfflineEmbeddings.restoreFit} in another process:
   * a snapshot carries it so a replica skips the fit pass.
   */
  fitState(): SavedFit | undefined {
    const fitted = this.#fitted;
    if (fitted === undefined) return undefined;
    return {
      documentCount: fitted.documentCount,
      documentFrequency: [...fitted.documentFrequency],
      commonComponent: fitted.commonComponent === undefined ? undefined : [...fitted.commonComponent],
      fingerprint: fitted.fingerprint,
    };
  }

  /**
   * Takes a fit saved by {@link OfflineEmbeddings.fitState} instead of fitting `documents` again, when it was made
   * from exactly these documents (same fingerprint); returns whether it did. Embeddings afterwards are identical to
   * those after `fit(documents)`. Without `documents` the caller vouches that they are the ones the fit was made
   * from (e.g. a snapshot of the very same catalog), and the fit is taken without deriving their fingerprint.
   */
  restoreFit(saved: SavedFit, documents?: readonly string[]): boolean {
    if (
      documents !== undefined &&
      (documents.length === 0 || saved.fingerprint !== documentsFingerprint(documents) || saved.documentCount !== documents.length)
    )
      return false;
    if (saved.documentCount === 0) return false;
    this.#loadTable();
    this.#weights = undefined;
    this.#fittedVectors = new Map();
    this.#fitted = {
      documentCount: saved.documentCount,
      documentFrequency: new Map(saved.documentFrequency),
      commonComponent: saved.commonComponent === undefined ? undefined : Float64Array.from(saved.commonComponent),
      fingerprint: saved.fingerprint,
    };
    return true;
  }

  /** {@link OfflineEmbeddings.embedQuery}, synchronously. */
  embedQuerySync(text: string): number[] {
    const fitted = this.#fittedVectors.get(text);
    if (fitted !== undefined) this.#fittedVectors.delete(text);
    const vector = fitted ?? this.#sortedWeightedMean(this.#sortedEntries(text));
    const component = this.#fitted?.commonComponent;
    if (component !== undefined) removeComponent(vector, component);
    let norm = 0;
    for (let d = 0; d < vector.length; d++) norm += vector[d]! * vector[d]!;
    // Unit length (all zeros stay zeros), as a plain array: what LangChain's embeddings interface returns.
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const result = new Array<number>(vector.length);
    for (let d = 0; d < vector.length; d++) result[d] = vector[d]! * scale;
    return result;
  }

  /**
   * The vector of one word (lower case), as the table holds it, or of the form the table knows without its suffix
   * ("reminders" → "reminder"); undefined for a word the table does not know (or knows only as several pieces). Not
   * fitted, not unit length: for comparing words with one another (cosine).
   *
   * @example
   * ```ts
   * embeddings.wordVector("remember")?.length; // 100
   * ```
   */
  wordVector(word: string): Float64Array | undefined {
    const resolved = this.#resolve(word);
    const entry = typeof resolved === "number" ? resolved : resolved.length === 1 ? resolved[0] : undefined;
    if (entry === undefined) return undefined;
    const vector = new Float64Array(this.#loadTable().dimensions);
    this.#table!.addTo(vector, entry, 1);
    return vector;
  }

  /** {@link OfflineEmbeddings.embedDocuments}, synchronously. */
  embedDocumentsSync(texts: readonly string[]): number[][] {
    return texts.map((text) => this.embedQuerySync(text));
  }

  /** Embeds a query: a unit vector of {@link OfflineEmbeddings.dimensions} numbers (all 0 when no word is known). */
  async embedQuery(text: string): Promise<number[]> {
    return this.embedQuerySync(text);
  }

  /** Embeds documents, exactly as queries are embedded. */
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return this.embedDocumentsSync(texts);
  }

  #loadTable(): WordVectorTable {
    this.#table ??= loadWordVectorTable(this.#tablePath);
    return this.#table;
  }

  /** The table entries of a text's words, sorted (equal entries adjacent); unknown words are dropped. */
  #sortedEntries(text: string): Int32Array {
    let buffer = this.#entryBuffer;
    let length = 0;
    const push = (entry: number) => {
      if (length === buffer.length) {
        const larger = new Int32Array(buffer.length * 2);
        larger.set(buffer);
        buffer = larger;
      }
      buffer[length++] = entry;
    };
    for (const word of splitWords(text)) {
      const resolved = this.#resolve(word);
      if (typeof resolved === "number") push(resolved);
      else for (const entry of resolved) push(entry);
    }
    this.#entryBuffer = buffer;
    return buffer.slice(0, length).sort();
  }

  /** A word's entries: itself, else itself without a suffix, else its letter and digit runs; or none. */
  #resolve(word: string): number | readonly number[] {
    let entries = this.#entryCache.get(word);
    if (entries !== undefined) return entries;
    const table = this.#loadTable();
    const direct = table.lookup(word);
    if (direct !== undefined) entries = direct;
    else {
      const variant = suffixVariants(word)
        .map((candidate) => table.lookup(candidate))
        .find((entry) => entry !== undefined);
      if (variant !== undefined) entries = variant;
      else entries = letterDigitRuns(word).flatMap((run) => this.#resolve(run));
    }
    if (this.#entryCache.size >= 100_000) this.#entryCache.clear();
    this.#entryCache.set(word, entries);
    return entries;
  }

  /**
   * An entry's weight: SIF's `a / (a + p(w))`, times the IDF over the fitted documents when fitted. Computed on an
   * entry's first use and kept (as float32) until the fit changes: a query needs a handful of the 100,000.
   */
  #weightOf(entry: number): number {
    let weights = this.#weights;
    if (weights === undefined) {
      weights = this.#weights = new Float32Array(this.#loadTable().size).fill(Number.NaN);
    }
    const known = weights[entry]!;
    if (!Number.isNaN(known)) return known;
    const table = this.#table!;
    const fitted = this.#fitted;
    let weight = sifWeight(zipfProbability(table.rank(entry), table.sourceVocabularySize), this.#sifA);
    if (fitted !== undefined && this.#useIdf) {
      // A word the fitted documents never use is no evidence for any of them: the lowest IDF (that of a word in
      // every document), not the highest, so a query's filler ("could", "looking") does not dominate its vector.
      const documentFrequency = fitted.documentFrequency.get(entry) ?? fitted.documentCount;
      weight *= inverseDocumentFrequency(documentFrequency, fitted.documentCount);
    }
    weights[entry] = weight;
    return weights[entry]!;
  }

  /** SIF's sentence vector before component removal, Σ weight·vector / number of words, from sorted entries. */
  #sortedWeightedMean(sorted: Int32Array): Float64Array {
    const table = this.#loadTable();
    const sum = new Float64Array(table.dimensions);
    if (sorted.length === 0) return sum;
    // Each distinct word's vector once, times how often it occurs: the same sum with fewer vector additions (tool
    // descriptions repeat about 40% of their words).
    for (let start = 0; start < sorted.length; ) {
      const entry = sorted[start]!;
      let end = start + 1;
      while (end < sorted.length && sorted[end] === entry) end++;
      table.addTo(sum, entry, this.#weightOf(entry) * (end - start));
      start = end;
    }
    for (let d = 0; d < sum.length; d++) sum[d]! /= sorted.length;
    return sum;
  }
}
