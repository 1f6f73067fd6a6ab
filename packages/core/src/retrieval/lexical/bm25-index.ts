/**
 * @module A field-weighted BM25 inverted index (BM25F-style: weighted term frequencies and lengths) with
 * incremental add and remove: the lexical engine of the bm25 and hybrid strategies.
 */
import { DEFAULT_BM25, idf, type Bm25Parameters } from "./bm25-score.js";

/** A document: terms per field. */
export type FieldTerms<F extends string> = Partial<Record<F, readonly string[]>>;

/** A scored document id. */
export interface ScoredDocument {
  id: string;
  score: number;
}

interface Posting {
  doc: number;
  tf: number;
}

/**
 * The index. Documents are weighted bags of terms: a term's frequency is the sum over fields of its count times the
 * field's weight, and so is the document's length.
 *
 * @example
 * ```ts
 * const index = new Bm25Index({ name: 3, description: 1 });
 * index.add("get_weather", { name: ["get", "weather"], description: ["current", "weather", "for", "a", "city"] });
 * index.search([{ term: "weather", weight: 1 }], 5); // [{ id: "get_weather", score: … }]
 * ```
 */
export class Bm25Index<F extends string> {
  readonly #weights: Readonly<Record<F, number>>;
  readonly #parameters: Bm25Parameters;
  readonly #postings = new Map<string, Posting[]>();
  readonly #ids: Array<string | undefined> = [];
  readonly #lengths: number[] = [];
  readonly #terms: Array<string[] | undefined> = [];
  readonly #byId = new Map<string, number>();
  #totalLength = 0;

  constructor(weights: Readonly<Record<F, number>>, parameters: Bm25Parameters = DEFAULT_BM25) {
    this.#weights = weights;
    this.#parameters = parameters;
  }

  /** Documents indexed. */
  get size(): number {
    return this.#byId.size;
  }

  /** Adds a document, replacing any with the same id. */
  add(id: string, fields: FieldTerms<F>): void {
    this.remove(id);
    const frequencies = new Map<string, number>();
    let length = 0;
    for (const field of Object.keys(this.#weights) as F[]) {
      const weight = this.#weights[field];
      if (weight <= 0) continue;
      for (const term of fields[field] ?? []) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        length += weight;
      }
    }
    // Slots are never reused, so a document's slot order is its insertion order (the tie-break).
    const doc = this.#ids.length;
    this.#ids[doc] = id;
    this.#lengths[doc] = length;
    this.#terms[doc] = [...frequencies.keys()];
    this.#byId.set(id, doc);
    this.#totalLength += length;
    for (const [term, tf] of frequencies) {
      const list = this.#postings.get(term);
      if (list === undefined) this.#postings.set(term, [{ doc, tf }]);
      else list.push({ doc, tf });
    }
  }

  /** Removes a document; does nothing for an unknown id. */
  remove(id: string): void {
    const doc = this.#byId.get(id);
    if (doc === undefined) return;
    for (const term of this.#terms[doc]!) {
      const list = this.#postings.get(term)!;
      const kept = list.filter((posting) => posting.doc !== doc);
      if (kept.length === 0) this.#postings.delete(term);
      else this.#postings.set(term, kept);
    }
    this.#totalLength -= this.#lengths[doc]!;
    this.#ids[doc] = undefined;
    this.#terms[doc] = undefined;
    this.#byId.delete(id);
  }

  /** How many documents contain the term. */
  documentFrequency(term: string): number {
    return this.#postings.get(term)?.length ?? 0;
  }

  /**
   * Scores every document that contains at least one query term; each query term's contribution is multiplied by
   * its weight. Returns the best `limit`, best first, ties by insertion order.
   */
  search(query: ReadonlyArray<{ term: string; weight: number }>, limit: number, filter?: (id: string) => boolean): ScoredDocument[] {
    const count = this.#byId.size;
    if (count === 0 || limit <= 0) return [];
    const averageLength = this.#totalLength / count;
    const scores = new Float64Array(this.#ids.length);
    const seen = new Uint8Array(this.#ids.length);
    const touched: number[] = [];
    for (const { term, weight } of query) {
      const postings = this.#postings.get(term);
      if (postings === undefined || weight === 0) continue;
      const inverse = idf(count, postings.length) * weight;
      const { k1, b } = this.#parameters;
      const lengths = this.#lengths;
      // termScore inlined: this loop runs once per posting of every query term, the hot path of lexical search.
      for (const { doc, tf } of postings) {
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched.push(doc);
        }
        const norm = k1 * (1 - b + (b * lengths[doc]!) / (averageLength || 1));
        scores[doc]! += (inverse * tf * (k1 + 1)) / (tf + norm);
      }
    }
    const results = topK(touched, scores, limit, filter === undefined ? undefined : (doc) => filter(this.#ids[doc]!));
    return results.map(({ doc, score }) => ({ id: this.#ids[doc]!, score }));
  }
}

/**
 * The best `limit` of the touched documents by score (ties: lower slot first), best first. Sorts everything only
 * when the limit is a large share of the candidates; otherwise keeps a small sorted buffer.
 */
function topK(touched: readonly number[], scores: Float64Array, limit: number, keep?: (doc: number) => boolean): Array<{ doc: number; score: number }> {
  const better = (a: { doc: number; score: number }, b: { doc: number; score: number }) => b.score - a.score || a.doc - b.doc;
  if (limit * 4 >= touched.length) {
    const all = touched.filter((doc) => keep === undefined || keep(doc)).map((doc) => ({ doc, score: scores[doc]! }));
    return all.sort(better).slice(0, limit);
  }
  const best: Array<{ doc: number; score: number }> = [];
  for (const doc of touched) {
    const score = scores[doc]!;
    if (best.length === limit && better(best[limit - 1]!, { doc, score }) <= 0) continue;
    if (keep !== undefined && !keep(doc)) continue;
    const item = { doc, score };
    let position = best.length;
    while (position > 0 && better(best[position - 1]!, item) > 0) position--;
    best.splice(position, 0, item);
    if (best.length > limit) best.pop();
  }
  return best;
}
