/**
 * @module A field-weighted BM25 inverted index (BM25F-style: weighted term frequencies and lengths) with
 * incremental add and remove, and an optional learned field scored as a field of its own: the lexical engine of the
 * bm25 and hybrid strategies.
 */
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { bestSlots } from "../best-k.js";
import { backgroundShare, DEFAULT_BM25, idf, learnedPrior, liftOf, liftScore, saturation, type Bm25Parameters } from "./bm25-score.js";
import { topSlots } from "./top-slots.js";

/** A document: terms per field, as a list (each occurrence counts 1) or as term → frequency (fractions allowed). */
export type FieldTerms<F extends string> = Partial<Record<F, readonly string[] | ReadonlyMap<string, number>>>;

/**
 * An index's state in typed arrays (see {@link Bm25Index.save}): live documents in slot order, each term's postings
 * in one run of `docs`/`tfs` (`counts[t]` postings for `terms[t]`, runs in `terms` order).
 */
export interface SavedBm25Postings {
  ids: string[];
  lengths: Float64Array;
  terms: string[];
  counts: Uint32Array;
  docs: Uint32Array;
  tfs: Float64Array;
  /** The sum of the documents' lengths as the index kept it (the same float, whatever order it was summed in). */
  totalLength: number;
}

/**
 * A search visiting at least one posting per this many slots accumulates densely (see {@link Bm25Index.search}):
 * marking and one pass over the slots then costs less than collecting documents one posting at a time.
 */
const DENSE_POSTINGS_PER_SLOT = 2;

/**
 * A dense search adds a term holding at least one posting per this many slots through a row of its impacts by slot
 * (see {@link PostingList.row}): one sequential pass over the slots costs less than scattering its postings (measured
 * on a learned index: 1.5 and 2 alike, 3 and 4 slower). A row takes 8 bytes a slot (with room for up to twice the slots,
 * as it grows by doubling) and exists only for lists a dense search has reached: in metatool's learned index, 43 of
 * 7,613 lists are that long, 67 KiB of rows at most.
 */
const ROW_POSTINGS_PER_SLOT = 2;

/** Options of {@link Bm25Index}. */
export interface Bm25IndexOptions<F extends string> {
  /**
   * Renumber the slots when removed documents reach a quarter of the live ones (see `COMPACT_MIN_EMPTY_SLOTS`); off
   * only to test the sparse search path. @defaultValue true
   */
  compact?: boolean;
  /**
   * Let dense searches add long posting lists through rows (see `ROW_POSTINGS_PER_SLOT`); off only to test rows
   * against the postings. @defaultValue true
   */
  rows?: boolean;
  /**
   * A field whose counts are multiplied by a scale set at any time ({@link Bm25Index.setScale}) and can grow in place
   * ({@link Bm25Index.increase}): learned evidence, stored in a frame where decay changes only the scale. It is scored
   * as a field of its own, added to the other fields' score: `weight ·` {@link learnedTermScore} per unit of the
   * term's idf — how much more often the document's observations carry the term than all observations do (see
   * {@link Bm25Index.add} for the observations). The other fields score exactly as in an index without it.
   * @defaultValue none
   */
  scaled?: F;
}

/** A scored document id. */
export interface ScoredDocument {
  id: string;
  score: number;
}

/**
 * A term's postings as parallel typed arrays (no object per posting): document slots, weighted term frequencies, and
 * each posting's BM25 saturation `tf·(k1+1) / (tf + norm(doc))` and the term's idf, cached for one state of the index.
 * The arrays grow by doubling; {@link PostingList.trim} drops the spare room once a bulk build is over.
 */
class PostingList {
  docs: Uint32Array;
  /**
   * In 32-bit floats while every frequency is one exactly (sums of the default field weights, multiples of 0.5, always
   * are): 4 bytes a posting instead of 8, about 10 MB at 100,000 tools. A frequency a 32-bit float would round (other
   * weights, fractional counts) turns the list's to 64-bit floats, so every frequency is kept exactly.
   */
  tfs: Float32Array | Float64Array;
  /** The scaled field's own counts per posting (see `Bm25IndexOptions.scaled`), in lists of an index that has one. */
  raw: Float64Array | undefined;
  /** Allocated on the first search that reaches the term (most terms of a large catalog are never searched). */
  impacts: Float64Array | undefined;
  length = 0;
  /** The index version the impacts and idf were computed for (-1: never). */
  impactsVersion = -1;
  idf = 0;
  /**
   * The impacts by document slot, 0 where the term is absent (for dense searches of a long list), and the index
   * version it was built for (-1: never).
   */
  row: Float64Array | undefined;
  rowVersion = -1;
  /**
   * While a document is added: the number of the last addition that touched the list (-1: none yet), and the list's
   * place among that document's distinct terms (see `Bm25Index.add`).
   */
  addingDoc = -1;
  addingAt = 0;

  constructor(scaled: boolean, docs = new Uint32Array(2), tfs: Float32Array | Float64Array = new Float32Array(2), length = 0) {
    this.docs = docs;
    this.tfs = tfs;
    this.length = length;
    this.raw = scaled ? new Float64Array(docs.length) : undefined;
  }

  push(doc: number, tf: number, raw = 0): void {
    if (this.length === this.docs.length) this.#resize(this.length * 2);
    if (this.tfs instanceof Float32Array && Math.fround(tf) !== tf) this.tfs = Float64Array.from(this.tfs);
    this.docs[this.length] = doc;
    this.tfs[this.length] = tf;
    if (this.raw !== undefined) this.raw[this.length] = raw;
    this.length++;
    this.impactsVersion = -1;
  }

  /** The position of a document's posting, or -1. */
  indexOf(doc: number): number {
    return this.docs.subarray(0, this.length).indexOf(doc);
  }

  /** Removes a document's posting (the last posting takes its place: scores do not depend on posting order). */
  delete(doc: number): void {
    const index = this.indexOf(doc);
    if (index === -1) return;
    const last = --this.length;
    this.docs[index] = this.docs[last]!;
    this.tfs[index] = this.tfs[last]!;
    if (this.raw !== undefined) this.raw[index] = this.raw[last]!;
    this.impactsVersion = -1;
  }

  /** Shrinks the arrays to the postings they hold. */
  trim(): void {
    if (this.docs.length > this.length) this.#resize(this.length);
  }

  #resize(capacity: number): void {
    const docs = new Uint32Array(Math.max(1, capacity));
    const tfs = this.tfs instanceof Float32Array ? new Float32Array(docs.length) : new Float64Array(docs.length);
    docs.set(this.docs.subarray(0, this.length));
    tfs.set(this.tfs.subarray(0, this.length));
    if (this.raw !== undefined) {
      const raw = new Float64Array(docs.length);
      raw.set(this.raw.subarray(0, this.length));
      this.raw = raw;
    }
    this.docs = docs;
    this.tfs = tfs;
    this.impacts = undefined;
  }

  /**
   * Allocates the impacts in one buffer with the slots (moved there): a search reads both, and one stretch of memory
   * comes from memory caches faster than two (measured: a learned dense search about 7 % faster where other work
   * runs between searches, as in a selection).
   */
  allocateImpacts(): Float64Array {
    const capacity = this.docs.length;
    const offset = capacity * Float64Array.BYTES_PER_ELEMENT;
    const buffer = new ArrayBuffer(offset + capacity * Uint32Array.BYTES_PER_ELEMENT);
    const docs = new Uint32Array(buffer, offset, capacity);
    docs.set(this.docs);
    this.docs = docs;
    return (this.impacts = new Float64Array(buffer, 0, capacity));
  }
}

/**
 * The index. Documents are weighted bags of terms: a term's frequency is the sum over fields of its count times the
 * field's weight, and so is the document's length. Search touches only the query terms' postings, whose BM25
 * saturation values are computed once per state of the index (any add or remove changes the average length).
 *
 * @example
 * ```ts
 * const index = new Bm25Index({ name: 3, description: 1 });
 * index.add("get_weather", { name: ["get", "weather"], description: ["current", "weather", "for", "a", "city"] });
 * index.search([{ term: "weather", weight: 1 }], 5); // [{ id: "get_weather", score: … }]
 * ```
 */
/**
 * Removed documents leave their slot empty (slots are never reused, so slot order stays insertion order). Once the
 * empty slots number at least this many and a quarter of the live documents (`COMPACT_LIVE_SHARE`), the live ones are
 * renumbered densely, in slot order: scores and ties are unchanged, and searches and length norms stop paying for the
 * dead slots (a learning index replaces a tool's document on every observation). A dense search passes over every
 * slot, so an index that learned live searched up to twice the slots (on average 1.5×) when it compacted only once
 * empty slots outnumbered live ones; now at most 1.25×. A compaction renumbers every posting once, after at least 64
 * removals: a few µs per observation at most.
 */
const COMPACT_MIN_EMPTY_SLOTS = 64;
const COMPACT_LIVE_SHARE = 4;

export class Bm25Index<F extends string> {
  readonly #fields: ReadonlyArray<readonly [F, number]>;
  readonly #parameters: Bm25Parameters;
  readonly #postings = new Map<string, PostingList>();
  readonly #ids: Array<string | undefined> = [];
  readonly #lengths: number[] = [];
  readonly #terms: Array<string[] | undefined> = [];
  /**
   * Whether documents lack their term lists: they are needed only to remove a document, so they are derived from
   * the postings on the first removal (until then an index holds no list per document), and kept from then on.
   */
  #termsPending = true;
  readonly #byId = new Map<string, number>();
  #totalLength = 0;
  /** Bumped by every add and remove: cached norms and impacts of an older version are stale. */
  #version = 0;
  #norms = new Float64Array(0);
  #normsVersion = -1;
  /** The version the last search ran at (-1: none): see {@link Bm25Index.search} on keeping impacts. */
  #searchedVersion = -1;
  /** Impacts computed for one search only (a changing index with a scaled field), reused list after list. */
  #scratch = new Float64Array(0);
  /** Scratch buffers reused by searches (all zero between searches). */
  #scores = new Float64Array(0);
  #seen = new Uint8Array(0);
  /** The documents a sparse search reached, in order (reused like `#scores`: a list grown per search cost ~0.9 MB at 100,000 tools). */
  #touched = new Uint32Array(0);
  #searching = false;
  /** Scratch of {@link Bm25Index.add}: the lists of the document's distinct terms and their sums (see `#touch`). */
  readonly #addingLists: PostingList[] = [];
  readonly #addingTerms: string[] = [];
  #addingTfs = new Float64Array(64);
  #addingRaws = new Float64Array(64);
  #addingLength = 0;
  /** Additions so far: each marks the lists it touched with its own number (slots are renumbered by compaction). */
  #additions = 0;
  /** Whether every posting's saturation value is above zero (k1 ≥ 0 and 0 ≤ b ≤ 1), which dense search relies on. */
  readonly #positiveImpacts: boolean;
  readonly #compact: boolean;
  readonly #rows: boolean;
  /** The scaled field, if any (see {@link Bm25IndexOptions.scaled}), with its weight and current scale. */
  readonly #scaled: F | undefined;
  readonly #scaledWeight: number;
  #scale = 1;
  /** Each slot's observations behind its scaled field (unscaled), and their sum over live documents. */
  readonly #scaledObservations: number[] = [];
  #totalScaledObservations = 0;

  constructor(weights: Readonly<Record<F, number>>, parameters: Bm25Parameters = DEFAULT_BM25, options: Bm25IndexOptions<F> = {}) {
    const { compact = true, rows = true, scaled } = options;
    this.#compact = compact;
    this.#rows = rows;
    this.#fields = (Object.entries(weights) as Array<[F, number]>).filter(([, weight]) => weight > 0);
    this.#parameters = parameters;
    this.#positiveImpacts = parameters.k1 >= 0 && parameters.b >= 0 && parameters.b <= 1;
    // A scaled field without a weight adds nothing: the index is then exactly one without it.
    this.#scaledWeight = scaled === undefined ? 0 : (this.#fields.find(([field]) => field === scaled)?.[1] ?? 0);
    this.#scaled = this.#scaledWeight > 0 ? scaled : undefined;
  }

  /** Documents indexed. */
  get size(): number {
    return this.#byId.size;
  }

  /**
   * Adds a document, replacing any with the same id. The scaled field's counts are taken unscaled, and `observations`
   * (unscaled too) is how many observations they sum (an observation adds its count once to each of its terms).
   * @param observations @defaultValue the largest count of the scaled field (at least that many observations), 0
   * without one
   */
  add(id: string, fields: FieldTerms<F>, observations?: number): void {
    this.remove(id);
    // Slots are never reused, so a document's slot order is its insertion order (the tie-break).
    const doc = this.#ids.length;
    // Each distinct term's list once, in order of first use, with its frequency summed in `#addingTfs` (in the order
    // the terms come, as a map per document summed them) and its scaled count in `#addingRaws`.
    this.#addingLength = 0;
    const addition = this.#additions++;
    let length = 0;
    let largest = 0;
    for (const [field, weight] of this.#fields) {
      const terms = fields[field];
      if (terms === undefined) continue;
      if (field === this.#scaled) {
        const counts =
          terms instanceof Map ? (terms as ReadonlyMap<string, number>) : (terms as readonly string[]).map((term) => [term, 1] as const);
        for (const [term, count] of counts) {
          if (!(count > 0)) continue;
          const at = this.#touch(term, addition);
          this.#addingRaws[at]! += count;
          largest = Math.max(largest, this.#addingRaws[at]!);
        }
        continue;
      }
      if (terms instanceof Map) {
        for (const [term, count] of terms as ReadonlyMap<string, number>) {
          if (!(count > 0)) continue;
          this.#addingTfs[this.#touch(term, addition)]! += weight * count;
          length += weight * count;
        }
        continue;
      }
      for (const term of terms as readonly string[]) this.#addingTfs[this.#touch(term, addition)]! += weight;
      length += weight * (terms as readonly string[]).length;
    }
    this.#ids[doc] = id;
    this.#lengths[doc] = length;
    if (!this.#termsPending) this.#terms[doc] = this.#addingTerms.slice(0, this.#addingLength);
    this.#byId.set(id, doc);
    this.#totalLength += length;
    if (this.#scaled !== undefined) {
      const behind = largest > 0 ? Math.max(observations ?? 0, largest) : 0;
      this.#scaledObservations[doc] = behind;
      this.#totalScaledObservations += behind;
    }
    this.#version++;
    for (let at = 0; at < this.#addingLength; at++) this.#addingLists[at]!.push(doc, this.#addingTfs[at]!, this.#addingRaws[at]!);
  }

  /** The place of `term`'s list among the distinct terms of the document being added (see {@link Bm25Index.add}). */
  #touch(term: string, addition: number): number {
    const list = this.#list(term);
    if (list.addingDoc === addition) return list.addingAt;
    const at = this.#addingLength++;
    if (at === this.#addingTfs.length) {
      const tfs = new Float64Array(at * 2);
      const raws = new Float64Array(at * 2);
      tfs.set(this.#addingTfs);
      raws.set(this.#addingRaws);
      this.#addingTfs = tfs;
      this.#addingRaws = raws;
    }
    list.addingDoc = addition;
    list.addingAt = at;
    this.#addingTfs[at] = 0;
    this.#addingRaws[at] = 0;
    this.#addingLists[at] = list;
    this.#addingTerms[at] = term;
    return at;
  }

  /** The term's posting list, created empty if the index has none. */
  #list(term: string): PostingList {
    let list = this.#postings.get(term);
    if (list === undefined) this.#postings.set(term, (list = new PostingList(this.#scaled !== undefined)));
    return list;
  }

  /**
   * Adds `count` (unscaled) to each term's count in a document's scaled field, in place: the cost of the terms'
   * posting lists, not of the document; and `observations` (unscaled) to the observations behind it.
   * Does nothing for an unknown id or an index without a scaled field. @param observations @defaultValue `count`
   * (one observation that added `count` to each of its terms)
   */
  increase(id: string, terms: Iterable<string>, count: number, observations = count): void {
    const doc = this.#byId.get(id);
    if (doc === undefined || this.#scaled === undefined || !(count > 0)) return;
    for (const term of terms) {
      const list = this.#list(term);
      const index = list.indexOf(doc);
      if (index === -1) {
        list.push(doc, 0, count);
        if (!this.#termsPending) this.#terms[doc]!.push(term);
      } else {
        list.raw![index]! += count;
        list.impactsVersion = -1;
      }
    }
    const behind = Math.max(observations, 0);
    this.#scaledObservations[doc]! += behind;
    this.#totalScaledObservations += behind;
    this.#version++;
  }

  /** Sets the multiplier of the scaled field's counts (see {@link Bm25IndexOptions.scaled}). */
  setScale(scale: number): void {
    if (!(scale > 0 && Number.isFinite(scale)))
      throw new DynamicToolsError("INVALID_OPTION", `A scaled field's scale must be a positive finite number, got ${scale}.`);
    if (scale === this.#scale) return;
    this.#scale = scale;
    this.#version++;
  }

  /** Removes a document; does nothing for an unknown id. */
  remove(id: string): void {
    const doc = this.#byId.get(id);
    if (doc === undefined) return;
    if (this.#termsPending) this.#deriveDocumentTerms();
    for (const term of this.#terms[doc]!) {
      const list = this.#postings.get(term)!;
      list.delete(doc);
      if (list.length === 0) this.#postings.delete(term);
    }
    this.#totalLength -= this.#lengths[doc]!;
    if (this.#scaled !== undefined) {
      this.#totalScaledObservations -= this.#scaledObservations[doc]!;
    }
    this.#ids[doc] = undefined;
    this.#terms[doc] = undefined;
    this.#byId.delete(id);
    this.#version++;
    const empty = this.#ids.length - this.#byId.size;
    if (this.#compact && empty >= COMPACT_MIN_EMPTY_SLOTS && empty * COMPACT_LIVE_SHARE > this.#byId.size) this.#compactSlots();
  }

  /** Renumbers the live documents densely, in slot order, and their postings with them. */
  #compactSlots(): void {
    const renumber = new Int32Array(this.#ids.length);
    let next = 0;
    for (let slot = 0; slot < this.#ids.length; slot++) {
      const id = this.#ids[slot];
      if (id === undefined) continue;
      renumber[slot] = next;
      // next ≤ slot: copying forward in place never overwrites a slot still to be read.
      this.#ids[next] = id;
      this.#lengths[next] = this.#lengths[slot]!;
      if (this.#scaled !== undefined) {
        this.#scaledObservations[next] = this.#scaledObservations[slot]!;
      }
      this.#terms[next] = this.#terms[slot];
      this.#byId.set(id, next);
      next++;
    }
    this.#ids.length = next;
    this.#lengths.length = next;
    if (this.#scaled !== undefined) {
      this.#scaledObservations.length = next;
    }
    this.#terms.length = next;
    for (const list of this.#postings.values()) {
      for (let index = 0; index < list.length; index++) list.docs[index] = renumber[list.docs[index]!]!;
    }
    this.#version++;
  }

  /** Gives the posting lists exactly the room they use: call it when a bulk build is over. */
  trim(): void {
    for (const list of this.#postings.values()) list.trim();
  }

  /** Gives every live document its term list, from the postings (see `#termsPending`). */
  #deriveDocumentTerms(): void {
    this.#termsPending = false;
    const missing = this.#ids.map((id) => id !== undefined);
    missing.forEach((lacks, doc) => lacks && (this.#terms[doc] = []));
    for (const [term, list] of this.#postings) {
      for (let index = 0; index < list.length; index++) {
        const doc = list.docs[index]!;
        if (missing[doc]) this.#terms[doc]!.push(term);
      }
    }
  }

  /**
   * The index's documents and postings in typed arrays, for {@link Bm25Index.restore}. A scaled field is not saved
   * (learned evidence lives where it is learned, and an index given it is built from it): the restored index scores
   * the other fields exactly as this one does.
   */
  save(): SavedBm25Postings {
    // Live slots renumbered densely, in slot order (the tie-break order is kept).
    const renumber = new Int32Array(this.#ids.length).fill(-1);
    const ids: string[] = [];
    const lengths: number[] = [];
    this.#ids.forEach((id, slot) => {
      if (id === undefined) return;
      renumber[slot] = ids.length;
      ids.push(id);
      lengths.push(this.#lengths[slot]!);
    });
    // Postings of the scaled field alone (a term frequency of 0 in the other fields) are left out.
    const textPostings = (list: PostingList) => {
      let count = 0;
      for (let index = 0; index < list.length; index++) if (list.tfs[index]! > 0) count++;
      return count;
    };
    const terms: string[] = [];
    const termCounts: number[] = [];
    let total = 0;
    for (const [term, list] of this.#postings) {
      const count = list.raw === undefined ? list.length : textPostings(list);
      if (count === 0) continue;
      terms.push(term);
      termCounts.push(count);
      total += count;
    }
    const docs = new Uint32Array(total);
    const tfs = new Float64Array(total);
    let at = 0;
    for (const term of terms) {
      const list = this.#postings.get(term)!;
      for (let index = 0; index < list.length; index++) {
        if (list.raw !== undefined && !(list.tfs[index]! > 0)) continue;
        docs[at] = renumber[list.docs[index]!]!;
        tfs[at++] = list.tfs[index]!;
      }
    }
    return {
      ids,
      lengths: Float64Array.from(lengths),
      terms,
      counts: Uint32Array.from(termCounts),
      docs,
      tfs,
      totalLength: this.#totalLength,
    };
  }

  /**
   * An index holding exactly what `saved` describes, without analysing any text: searches give the same scores
   * in the same order as the index that was saved.
   */
  static restore<F extends string>(
    weights: Readonly<Record<F, number>>,
    parameters: Bm25Parameters,
    saved: SavedBm25Postings,
  ): Bm25Index<F> {
    const index = new Bm25Index(weights, parameters);
    const { ids, lengths, terms, counts } = saved;
    // One copy of all postings (not of the saved buffer, which may be a whole snapshot file); each list views its
    // own run of it and moves to arrays of its own when it grows.
    const docs = saved.docs.slice();
    // In 32-bit floats when each frequency is one exactly (see `PostingList.tfs`).
    const tfs = saved.tfs.every((tf) => Math.fround(tf) === tf) ? Float32Array.from(saved.tfs) : saved.tfs.slice();
    let at = 0;
    terms.forEach((term, position) => {
      const end = at + counts[position]!;
      index.#postings.set(term, new PostingList(false, docs.subarray(at, end), tfs.subarray(at, end), end - at));
      at = end;
    });
    ids.forEach((id, doc) => {
      index.#ids[doc] = id;
      index.#lengths[doc] = lengths[doc]!;
      index.#byId.set(id, doc);
    });
    index.#totalLength = saved.totalLength;
    index.#version++;
    return index;
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
    // A filter that searches this index again gets buffers of its own.
    const reuse = !this.#searching;
    const slots = this.#ids.length;
    if (reuse && this.#scores.length < slots) {
      this.#scores = new Float64Array(Math.max(slots, this.#scores.length * 2));
      this.#seen = new Uint8Array(this.#scores.length);
      this.#touched = new Uint32Array(this.#scores.length);
    }
    const scores = reuse ? this.#scores : new Float64Array(slots);
    const seen = reuse ? this.#seen : new Uint8Array(slots);
    const touched = reuse ? this.#touched : new Uint32Array(slots);
    let reached = 0;
    const lists: PostingList[] = [];
    const weights: number[] = [];
    let postings = 0;
    let positive = this.#positiveImpacts;
    for (const { term, weight } of query) {
      const list = this.#postings.get(term);
      if (list === undefined || weight === 0) continue;
      lists.push(list);
      weights.push(weight);
      postings += list.length;
      positive &&= weight > 0;
    }
    // Dense, when the postings reach a large share of the slots (e.g. tools with many learned terms) and every
    // contribution is positive: accumulate only, then rank by one pass over the slots (a document was reached iff
    // its score is above zero). Sparse otherwise: collect each document the first time a posting reaches it.
    // Either way the same documents get the same sums, added in the same order, and rank the same.
    const dense = positive && postings * DENSE_POSTINGS_PER_SLOT >= slots;
    // A learning index (one with a scaled field) changes between most searches when it learns while it serves: each
    // change makes every kept impact stale, so keeping them (and rows) would cost writes that no search reads. Its
    // impacts are kept only once a search finds the index unchanged since the previous one; until then each search
    // computes its lists' impacts into a scratch buffer (the same values).
    const keep = this.#scaled === undefined || this.#searchedVersion === this.#version;
    this.#searchedVersion = this.#version;
    for (let position = 0; position < lists.length; position++) {
      const list = lists[position]!;
      const kept = keep || list.impactsVersion === this.#version;
      const impacts = kept ? this.#impacts(list) : this.#scratchImpacts(list);
      const inverse = (kept ? list.idf : idf(count, list.length)) * weights[position]!;
      const docs = list.docs;
      const length = list.length;
      if (dense) {
        // Through the row, a slot the term is absent from gets `inverse · 0 = +0`, which leaves its (non-negative)
        // score bit-identical; an infinite `inverse` would turn that into NaN, so it takes the postings instead.
        if (kept && this.#rows && length * ROW_POSTINGS_PER_SLOT >= slots && Number.isFinite(inverse)) {
          const row = this.#row(list, slots);
          // Four slots per step, here and for the postings below (each addition as before, in the same order): the
          // loop's own work per posting is a large share of a dense search (measured: learned search 15 % faster).
          let slot = 0;
          for (; slot + 4 <= slots; slot += 4) {
            scores[slot]! += inverse * row[slot]!;
            scores[slot + 1]! += inverse * row[slot + 1]!;
            scores[slot + 2]! += inverse * row[slot + 2]!;
            scores[slot + 3]! += inverse * row[slot + 3]!;
          }
          for (; slot < slots; slot++) scores[slot]! += inverse * row[slot]!;
          continue;
        }
        let index = 0;
        for (; index + 4 <= length; index += 4) {
          scores[docs[index]!]! += inverse * impacts[index]!;
          scores[docs[index + 1]!]! += inverse * impacts[index + 1]!;
          scores[docs[index + 2]!]! += inverse * impacts[index + 2]!;
          scores[docs[index + 3]!]! += inverse * impacts[index + 3]!;
        }
        for (; index < length; index++) scores[docs[index]!]! += inverse * impacts[index]!;
        continue;
      }
      for (let index = 0; index < length; index++) {
        const doc = docs[index]!;
        // A posting worth nothing (a learned term its tool's users say no more than anyone) reaches no document,
        // as in a dense search.
        if (seen[doc] === 0 && impacts[index] !== 0) {
          seen[doc] = 1;
          touched[reached++] = doc;
        }
        scores[doc]! += inverse * impacts[index]!;
      }
    }
    this.#searching = true;
    try {
      const keep = filter === undefined ? undefined : (doc: number) => filter(this.#ids[doc]!);
      const best = dense ? topSlots(scores, slots, limit, keep) : bestSlots(scores, touched, reached, limit, keep);
      return best.map((doc) => ({ id: this.#ids[doc]!, score: scores[doc]! }));
    } finally {
      if (reuse) {
        this.#searching = false;
        if (dense) scores.fill(0, 0, slots);
        for (let index = 0; index < reached; index++) {
          const doc = touched[index]!;
          scores[doc] = 0;
          seen[doc] = 0;
        }
      }
    }
  }

  /** A posting list's BM25 saturation values and idf for the current version (recomputed after any add or remove). */
  #impacts(list: PostingList): Float64Array {
    if (list.impactsVersion === this.#version && list.impacts !== undefined) return list.impacts;
    const impacts = list.impacts !== undefined && list.impacts.length >= list.docs.length ? list.impacts : list.allocateImpacts();
    this.#computeImpacts(list, impacts);
    list.idf = idf(this.#byId.size, list.length);
    list.impactsVersion = this.#version;
    return impacts;
  }

  /** A posting list's impacts for the current version in the scratch buffer, not kept (see `search`). */
  #scratchImpacts(list: PostingList): Float64Array {
    if (this.#scratch.length < list.length) this.#scratch = new Float64Array(Math.max(list.length, this.#scratch.length * 2));
    this.#computeImpacts(list, this.#scratch);
    return this.#scratch;
  }

  /**
   * termScore without the idf, per posting, into `impacts`: the hot loop of search then only multiplies and adds.
   * With a scaled field, the saturation of the other fields' frequency plus `weight ·` {@link learnedTermScore} over
   * the term's idf (the search multiplies it back): the learned part is not weighted by the text's idf, the lift
   * already says how telling the term is among observations.
   */
  #computeImpacts(list: PostingList, impacts: Float64Array): void {
    const norms = this.#currentNorms();
    const k1 = this.#parameters.k1;
    const { tfs, docs, raw } = list;
    if (raw === undefined) {
      for (let index = 0; index < list.length; index++) impacts[index] = (tfs[index]! * (k1 + 1)) / (tfs[index]! + norms[docs[index]!]!);
      return;
    }
    // Counts and observations as they count now (times the scale); the texts count one observation each.
    const scale = this.#scale;
    let said = 0;
    let inTexts = 0;
    for (let index = 0; index < list.length; index++) {
      said += raw[index]!;
      if (tfs[index]! > 0) inTexts++;
    }
    const observations = this.#totalScaledObservations * scale;
    const background = backgroundShare({ said: said * scale, observations, inTexts, texts: this.#byId.size });
    const prior = learnedPrior(observations);
    const perIdf = this.#scaledWeight / idf(this.#byId.size, list.length);
    for (let index = 0; index < list.length; index++) {
      const doc = docs[index]!;
      const count = raw[index]! * scale;
      // learnedTermScore, without an object per posting.
      const learned = count > 0 ? perIdf * liftScore(liftOf(count, this.#scaledObservations[doc]! * scale, background, prior)) : 0;
      impacts[index] = saturation(tfs[index]!, norms[doc]!, k1) + learned;
    }
  }

  /** A posting list's row (its impacts by slot, at least `slots` long) for the current version. */
  #row(list: PostingList, slots: number): Float64Array {
    const impacts = this.#impacts(list);
    let row = list.row;
    if (list.rowVersion === this.#version && row !== undefined && row.length >= slots) return row;
    // Grown by doubling: a learning index adds a slot with every observation.
    if (row === undefined || row.length < slots) list.row = row = new Float64Array(Math.max(slots, (row?.length ?? 0) * 2));
    else row.fill(0);
    for (let index = 0; index < list.length; index++) row[list.docs[index]!] = impacts[index]!;
    list.rowVersion = this.#version;
    return row;
  }

  /**
   * Every slot's length normalisation `k1·(1 − b + b·length / averageLength)` for the current version (lengths of the
   * fields other than the scaled one).
   */
  #currentNorms(): Float64Array {
    if (this.#normsVersion === this.#version) return this.#norms;
    const { k1, b } = this.#parameters;
    const averageLength = this.#totalLength / (this.#byId.size || 1) || 1;
    const slots = this.#lengths.length;
    if (this.#norms.length < slots) this.#norms = new Float64Array(Math.max(slots, this.#norms.length * 2));
    for (let doc = 0; doc < slots; doc++) this.#norms[doc] = k1 * (1 - b + (b * this.#lengths[doc]!) / averageLength);
    this.#normsVersion = this.#version;
    return this.#norms;
  }
}
