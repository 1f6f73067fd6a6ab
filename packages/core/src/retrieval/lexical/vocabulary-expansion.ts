/**
 * @module Paraphrase reach for lexical retrieval: a query word the catalog never uses ("remember") is expanded into
 * the catalog words nearest to it in a word-vector space ("memory", "note"), searched at a lower weight, so a request
 * in the user's words reaches a tool described in the author's. Only the catalog's own vocabulary is a candidate.
 */
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { runNow } from "../../events/background-steps.js";
import { STOP_WORDS } from "../../text/stop-words.js";
import { splitWords, stem } from "../../text/tokenize.js";
import { VectorRows } from "../vector/vector-rows.js";

/** Word vectors (e.g. `OfflineEmbeddings`): a vector per known word, undefined for an unknown one. */
export interface WordVectors {
  wordVector(word: string): ArrayLike<number> | undefined;
}

/** Settings of {@link VocabularyExpansion}. */
export interface VocabularyExpansionOptions {
  /** Least cosine between a query word and a catalog word for the catalog word to be searched. @defaultValue 0.5 */
  minSimilarity?: number;
  /** Most catalog words a query word expands into. @defaultValue 3 */
  perWord?: number;
  /** Weight of an expansion term, relative to a term of the message itself. @defaultValue 0.4 */
  weight?: number;
}

/** The defaults of {@link VocabularyExpansionOptions}. */
export const EXPANSION_DEFAULTS: Readonly<Required<VocabularyExpansionOptions>> = { minSimilarity: 0.5, perWord: 3, weight: 0.4 };

/** Shortest word that is expanded or is a candidate (shorter ones are mostly function words and abbreviations). */
const MIN_WORD_LENGTH = 3;
/** Words that are no candidates remembered as such (cleared when full). */
const REJECTED_MEMO_SIZE = 50_000;
/** Query words whose expansions are remembered (the vocabulary changing forgets them all). */
const MEMO_SIZE = 4_096;
/**
 * Most words of one message that are expanded (the first ones the catalog does not use): each new word costs a pass
 * over the vocabulary's vectors, so a long or hostile message must not cost one per word.
 */
export const MAX_EXPANDED_WORDS = 6;

/** Words of the vocabulary whose vectors {@link VocabularyExpansion.matrixSteps} looks up in one step. */
const MATRIX_STEP_WORDS = 64;

/** The vocabulary's vectors: one unit vector a term, in term order (no rows when no term has a vector). */
interface VectorMatrix {
  terms: string[];
  rows: VectorRows | undefined;
}

/**
 * The catalog's vocabulary as word vectors, and the expansion of query words into it. Words are noted as tools are
 * indexed and forgotten as they are removed ({@link VocabularyExpansion.note}, `forget`); the vector matrix is built
 * again on the first expansion after the words in use changed (or ahead of it, a step at a time, by
 * {@link VocabularyExpansion.matrixSteps}), so an updated catalog expands as a fresh one does.
 *
 * @example
 * ```ts
 * const expansion = new VocabularyExpansion(() => new OfflineEmbeddings());
 * expansion.note("create_entities", "Create entities in the memory graph");
 * expansion.expand("remember that Acme's CFO is Jane Doe", (term) => index.documentFrequency(term) > 0);
 * // [{ term: "memori", weight: 0.4 }, …]
 * ```
 */
export class VocabularyExpansion {
  readonly #vectors: () => WordVectors | undefined;
  readonly #settings: Required<VocabularyExpansionOptions>;
  /** Every word noted, by id, with how many noted tools use it. */
  readonly #ids = new Map<string, number>();
  readonly #words: string[] = [];
  #uses = new Int32Array(64);
  /**
   * The distinct word ids of each noted tool (what removing it takes back): a run of `#pool` per tool, its length
   * first, then the ids. One array for every tool (at 100,000 tools a typed array each held 25 MB, the pool 7 MB).
   */
  readonly #byTool = new Map<string, number>();
  #pool = new Uint32Array(1024);
  /** The pool's used length, and how much of it belongs to forgotten tools (reclaimed by `#compact`). */
  #poolLength = 0;
  #poolDead = 0;
  /** Counts the times a word came into use or went out of it: a matrix built at another count is built again. */
  #version = 0;
  #matrix: VectorMatrix | undefined;
  #matrixVersion = -1;
  /** The matrix build under way (see {@link VocabularyExpansion.matrixSteps}), for the words in use at `version`. */
  #building: { version: number; steps: Generator<void, VectorMatrix> } | undefined;
  readonly #memo = new Map<string, Array<{ term: string; similarity: number }>>();
  /** Words seen that are no candidates (see {@link isCandidate}), so each is tested once (bounded). */
  readonly #rejected = new Set<string>();
  /** Per word id, the number of the last note that used it (see {@link VocabularyExpansion.note}), and the note count. */
  #marks = new Uint32Array(64);
  #notes = 0;
  /** Scratch of {@link VocabularyExpansion.note}: the ids of the tool being noted. */
  #noted = new Uint32Array(64);

  /** @throws DynamicToolsError `INVALID_OPTION` for a similarity outside [-1, 1], a `perWord` not a whole number ≥ 1, or a negative weight. */
  constructor(vectors: () => WordVectors | undefined, options: VocabularyExpansionOptions = {}) {
    const settings = { ...EXPANSION_DEFAULTS, ...options };
    const bad = (name: string, valid: string, value: unknown) =>
      new DynamicToolsError("INVALID_OPTION", `expansion.${name} must be ${valid}, got ${String(value)}.`, { path: ["expansion", name] });
    if (!(settings.minSimilarity >= -1 && settings.minSimilarity <= 1))
      throw bad("minSimilarity", "a cosine in [-1, 1]", settings.minSimilarity);
    if (!Number.isInteger(settings.perWord) || settings.perWord < 1) throw bad("perWord", "a whole number ≥ 1", settings.perWord);
    if (!(settings.weight >= 0) || !Number.isFinite(settings.weight)) throw bad("weight", "a finite number ≥ 0", settings.weight);
    this.#vectors = vectors;
    this.#settings = settings;
  }

  /** Notes the words of a tool's text (replacing what was noted for the tool before). */
  note(tool: string, text: string): void {
    this.forget(tool);
    // The tool's distinct word ids in order of first use: a word is new to this tool when its mark is not this note's.
    if (this.#notes === 0xffffffff) {
      this.#marks.fill(0);
      this.#notes = 0;
    }
    const mark = ++this.#notes;
    let count = 0;
    for (const word of splitWords(text)) {
      const id = this.#candidateId(word);
      if (id === -1 || this.#marks[id] === mark) continue;
      this.#marks[id] = mark;
      if (count === this.#noted.length) {
        const larger = new Uint32Array(count * 2);
        larger.set(this.#noted);
        this.#noted = larger;
      }
      this.#noted[count++] = id;
    }
    const start = this.#append(count + 1);
    this.#pool[start] = count;
    for (let at = 0; at < count; at++) {
      const id = this.#noted[at]!;
      if (this.#uses[id]!++ === 0) this.#version++;
      this.#pool[start + 1 + at] = id;
    }
    this.#byTool.set(tool, start);
  }

  /** Takes back the words noted for a tool. */
  forget(tool: string): void {
    const start = this.#byTool.get(tool);
    if (start === undefined) return;
    this.#byTool.delete(tool);
    const count = this.#pool[start]!;
    for (let at = start + 1; at <= start + count; at++) if (--this.#uses[this.#pool[at]!]! === 0) this.#version++;
    this.#poolDead += count + 1;
    if (this.#poolDead > 1024 && this.#poolDead * 2 > this.#poolLength) this.#compact();
  }

  /** The start of `length` more numbers at the end of the pool (grown by half when full). */
  #append(length: number): number {
    const start = this.#poolLength;
    if (start + length > this.#pool.length) {
      const larger = new Uint32Array(Math.max(start + length, Math.ceil(this.#pool.length * 1.5)));
      larger.set(this.#pool.subarray(0, start));
      this.#pool = larger;
    }
    this.#poolLength += length;
    return start;
  }

  /** Moves the live tools' runs together, in the order they were noted. */
  #compact(): void {
    const pool = new Uint32Array(Math.max(1024, this.#poolLength - this.#poolDead));
    let at = 0;
    for (const [tool, start] of this.#byTool) {
      const length = this.#pool[start]! + 1;
      pool.set(this.#pool.subarray(start, start + length), at);
      this.#byTool.set(tool, at);
      at += length;
    }
    this.#pool = pool;
    this.#poolLength = at;
    this.#poolDead = 0;
  }

  /** Whether no tool is noted. */
  get empty(): boolean {
    return this.#byTool.size === 0;
  }

  /** Whether the vectors of the words noted now are ready: an expansion then looks up only the message's words. */
  get ready(): boolean {
    return this.#matrixCurrent();
  }

  /** Whether `tool`'s words are noted. */
  has(tool: string): boolean {
    return this.#byTool.has(tool);
  }

  /**
   * The expansion terms of a message: for each of its words whose term `known` rejects (the catalog does not use
   * it), the nearest catalog terms `known` accepts, at `weight` (each term once). At most
   * {@link MAX_EXPANDED_WORDS} words of a message are expanded; words with digits are not.
   *
   * @param noteAll - notes every tool not noted yet, called before the first word of the message that needs
   *   expanding (an index restored from a snapshot noted no words: a message whose words the catalog all uses never
   *   needs the vocabulary); it returns at once when nothing is left to note.
   */
  expand(message: string, known: (term: string) => boolean, noteAll?: () => void): Array<{ term: string; weight: number }> {
    const vectors = this.#vectors();
    if (vectors === undefined) return [];
    const found = new Map<string, number>();
    let expanded = 0;
    for (const word of new Set(splitWords(message))) {
      if (expanded === MAX_EXPANDED_WORDS) break;
      if (!isCandidate(word) || known(stem(word))) continue;
      if (expanded === 0) noteAll?.();
      if (this.#byTool.size === 0) return [];
      expanded++;
      for (const { term } of this.#neighbours(word, vectors)) if (known(term)) found.set(term, this.#settings.weight);
    }
    return [...found].map(([term, weight]) => ({ term, weight }));
  }

  /** The id of a candidate word (given one on first sight), or -1 for a word that is no candidate. */
  #candidateId(word: string): number {
    const id = this.#ids.get(word);
    if (id !== undefined) return id;
    if (this.#rejected.has(word)) return -1;
    if (!isCandidate(word)) {
      // Words with digits can be many (codes, ids): the memo of rejected words is bounded.
      if (this.#rejected.size >= REJECTED_MEMO_SIZE) this.#rejected.clear();
      this.#rejected.add(word);
      return -1;
    }
    return this.#idOf(word);
  }

  #idOf(word: string): number {
    let id = this.#ids.get(word);
    if (id === undefined) {
      id = this.#words.length;
      this.#ids.set(word, id);
      this.#words.push(word);
      if (id === this.#uses.length) {
        const larger = new Int32Array(this.#uses.length * 2);
        larger.set(this.#uses);
        this.#uses = larger;
        const marks = new Uint32Array(larger.length);
        marks.set(this.#marks);
        this.#marks = marks;
      }
    }
    return id;
  }

  /** The catalog terms nearest to `word`, best first (remembered per word until the vocabulary changes). */
  #neighbours(word: string, vectors: WordVectors): Array<{ term: string; similarity: number }> {
    const matrix = this.#ensureMatrix(vectors);
    const remembered = this.#memo.get(word);
    if (remembered !== undefined) return remembered;
    const query = vectors.wordVector(word);
    const best: Array<{ term: string; similarity: number }> = [];
    const { terms, rows } = matrix;
    if (query !== undefined && rows !== undefined && query.length === rows.dimensions) {
      const { minSimilarity, perWord } = this.#settings;
      const similarities = rows.dots(unitVector(query), terms.length);
      for (let row = 0; row < terms.length; row++) {
        const similarity = similarities[row]!;
        if (similarity < minSimilarity || (best.length === perWord && similarity <= best[best.length - 1]!.similarity)) continue;
        best.push({ term: terms[row]!, similarity });
        best.sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1));
        if (best.length > perWord) best.pop();
      }
    }
    if (this.#memo.size >= MEMO_SIZE) this.#memo.clear();
    this.#memo.set(word, best);
    return best;
  }

  /**
   * Builds the vector matrix of the words noted now, a step at a time (each step looks up the vectors of
   * {@link MATRIX_STEP_WORDS} words): warm-up work for the background (see `runInBackground` in
   * `events/background-steps.ts`), so that the first message needing an expansion does not wait for it. Words noted
   * or forgotten between steps start the build again; an expansion meanwhile finishes it. The matrix is the one an
   * expansion would build.
   */
  *matrixSteps(): Generator<void, void> {
    const vectors = this.#vectors();
    if (vectors === undefined) return;
    while (!this.#matrixCurrent()) if (this.#advance(vectors, false) === undefined) yield;
  }

  #matrixCurrent(): boolean {
    return this.#matrix !== undefined && this.#matrixVersion === this.#version;
  }

  /** The matrix of the words in use now, built (or its build finished) when they changed since it was. */
  #ensureMatrix(vectors: WordVectors): VectorMatrix {
    return this.#matrixCurrent() ? this.#matrix! : this.#advance(vectors, true)!;
  }

  /**
   * Takes the build of the matrix of the words in use now (the one under way, or a new one) one step further, or to
   * its end, and installs the matrix when it ends. A build that throws (a word vector that could not be read) is
   * dropped, so the next one starts over.
   */
  #advance(vectors: WordVectors, toEnd: boolean): VectorMatrix | undefined {
    if (this.#building?.version !== this.#version) this.#building = { version: this.#version, steps: this.#buildMatrix(vectors) };
    const { version, steps } = this.#building;
    let step: IteratorResult<void, VectorMatrix>;
    try {
      step = toEnd ? { done: true, value: runNow(steps) } : steps.next();
    } catch (error) {
      this.#building = undefined;
      throw error;
    }
    if (!step.done) return undefined;
    this.#building = undefined;
    this.#memo.clear();
    this.#matrix = step.value;
    this.#matrixVersion = version;
    return step.value;
  }

  /**
   * One unit vector a term, in term order: the vector of the term's alphabetically first word in use, so the matrix
   * depends on which words the catalog uses now, never on the order tools came and went. Yields between batches of
   * words (the words in use must not change until it returns).
   */
  *#buildMatrix(vectors: WordVectors): Generator<void, VectorMatrix> {
    const first = new Map<string, string>();
    for (let id = 0; id < this.#words.length; id++) {
      if (id % (MATRIX_STEP_WORDS * 4) === MATRIX_STEP_WORDS * 4 - 1) yield;
      if (this.#uses[id]! === 0) continue;
      const word = this.#words[id]!;
      const term = stem(word);
      const current = first.get(term);
      if (current === undefined || word < current) first.set(term, word);
    }
    const terms: string[] = [];
    const units: Float64Array[] = [];
    let looked = 0;
    for (const term of [...first.keys()].sort()) {
      const vector = vectors.wordVector(first.get(term)!);
      if (++looked % MATRIX_STEP_WORDS === 0) yield;
      if (vector === undefined) continue;
      terms.push(term);
      units.push(unitVector(vector));
    }
    if (units.length === 0) return { terms, rows: undefined };
    const dimensions = units[0]!.length;
    const rows = new VectorRows(dimensions, units.length);
    units.forEach((unit, index) => rows.values.set(unit, index * dimensions));
    return { terms, rows };
  }
}

/** Whether a word may be expanded or be a candidate: 3 letters or more, no digits (codes, ids), not a stop word. */
function isCandidate(word: string): boolean {
  return word.length >= MIN_WORD_LENGTH && !/\d/.test(word) && !STOP_WORDS.has(word);
}

function unitVector(vector: ArrayLike<number>): Float64Array {
  let norm = 0;
  for (let d = 0; d < vector.length; d++) norm += vector[d]! * vector[d]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const unit = new Float64Array(vector.length);
  for (let d = 0; d < vector.length; d++) unit[d] = vector[d]! * scale;
  return unit;
}
