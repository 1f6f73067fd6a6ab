/**
 * @module A learned reading of a message's form: how likely it is a remark or small talk rather than a request,
 * from a logistic model over its word vectors (the offline GloVe vectors of `@dynamic-tools/offline-embeddings`). The
 * rules of `message-form.ts` read English's closed word classes; this reads the open ones too ("survived another
 * 10 hour shift", "snow day!! kids are thrilled"), where a word's vector says what kind of word it is. Trained by
 * `packages/core/scripts/train-remark-model.mjs` on the `datasets/small-talk` lists (see its README).
 */
import type { WordVectors } from "../retrieval/lexical/vocabulary-expansion.js";
import { loadOfflineEmbeddings } from "../plugins/default-plugins.js";
import { REMARK_MODEL } from "./remark-model-weights.js";
import { asksAQuestion } from "../text/message-form.js";
import { splitWords } from "../text/tokenize.js";

/** A trained remark model: the weights of {@link remarkFeatures}, its bias, and the word vectors it was trained on. */
export interface RemarkModel {
  /** The word vectors' model (`OFFLINE_EMBEDDINGS_MODEL`); the weights mean nothing over other vectors. */
  readonly vectors: string;
  /**
   * The words whose presence is a feature of its own, after the vectors' and the form's (the training lists' most
   * common words: "my", "today", "lol", "find", "me"). @defaultValue none
   */
  readonly words?: readonly string[];
  readonly weights: readonly number[];
  readonly bias: number;
}

/** Words of a message's opening that its form feature reads ("my", "finally", "can"). */
const OPENING_WORDS = 2;
/** Messages longer than this many words count as this long. */
const LONGEST = 20;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/**
 * The features of `message` the remark model weighs, over its known words' vectors: their mean, the mean of its first
 * two words (each scaled to unit length), their element-wise maximum and minimum (zeros when no word is known), then
 * whether it has a question mark, an exclamation mark, an emoji, and its length in words (up to 20) over 20, then for
 * each of the `marked` words whether the message has it (1 or 0). The mean says what the message is about, the
 * opening how it starts ("my", "finally", "find"), the extremes which words stand out ("thrilled", "lol", "balance"),
 * and the marked words what a mean blurs: the common words of either kind wherever they stand ("today", "me", "lol").
 *
 * @example
 * ```ts
 * remarkFeatures("snow day!! kids are thrilled", embeddings, 100).features.length; // 404
 * remarkFeatures("snow day!! kids are thrilled", embeddings, 100, ["kids", "me"]).features.length; // 406
 * ```
 *
 * @param into - an array of the features' length to write them into (zeroed first), so that a reader of many messages
 * allocates none; omitted (or of another length), a new one.
 */
export function remarkFeatures(
  message: string,
  vectors: WordVectors,
  dimensions: number,
  marked: readonly string[] = [],
  into?: Float64Array,
): RemarkFeatures {
  const words = splitWords(message);
  const length = 4 * dimensions + 4 + marked.length;
  const features = into?.length === length ? into.fill(0) : new Float64Array(length);
  const [mean, opening, highest, lowest, form] = [0, dimensions, 2 * dimensions, 3 * dimensions, 4 * dimensions];
  let known = 0;
  for (let index = 0; index < words.length; index++) {
    const vector = vectors.wordVector(words[index]!);
    if (vector === undefined) continue;
    // The first known word sets the sum and the extremes, each later one adds to the sum and moves an extreme it passes
    // (one pass: a value above the highest is not under the lowest); the opening's words add to the opening too.
    if (known === 0)
      for (let d = 0; d < dimensions; d++) {
        const value = vector[d]!;
        features[mean + d] = features[highest + d] = features[lowest + d] = value;
      }
    else
      for (let d = 0; d < dimensions; d++) {
        const value = vector[d]!;
        if (value > features[highest + d]!) features[highest + d] = value;
        else if (value < features[lowest + d]!) features[lowest + d] = value;
        features[mean + d]! += value;
      }
    if (index < OPENING_WORDS) for (let d = 0; d < dimensions; d++) features[opening + d]! += vector[d]!;
    known++;
  }
  toUnitLength(features, mean, dimensions);
  toUnitLength(features, opening, dimensions);
  features[form] = message.includes("?") ? 1 : 0;
  features[form + 1] = message.includes("!") ? 1 : 0;
  features[form + 2] = PICTOGRAPH.test(message) ? 1 : 0;
  features[form + 3] = Math.min(words.length, LONGEST) / LONGEST;
  if (marked.length > 0) {
    const places = placesOf(marked);
    for (const word of words) {
      const place = places.get(word);
      if (place !== undefined) features[form + 4 + place] = 1;
    }
  }
  return { features, words: words.length, known };
}

/** Each marked word's place among them, per list of marked words (a model's, read once). */
const markedPlaces = new WeakMap<readonly string[], ReadonlyMap<string, number>>();

function placesOf(marked: readonly string[]): ReadonlyMap<string, number> {
  let places = markedPlaces.get(marked);
  if (places === undefined) {
    places = new Map(marked.map((word, place) => [word, place]));
    markedPlaces.set(marked, places);
  }
  return places;
}

/** A message's features, and how many of its words there are and have a vector. */
export interface RemarkFeatures {
  readonly features: Float64Array;
  readonly words: number;
  readonly known: number;
}

/**
 * Fewest words of a message the model reads: shorter ones are small talk by their words, or often requests ("sunny
 * weekend forecast").
 */
export const MIN_REMARK_WORDS = 4;

/**
 * Whether the model reads `message` (with its features' counts): at least {@link MIN_REMARK_WORDS} words, two thirds of
 * them with a vector (a message in another language, or of codes and names, tells it nothing), and not a question
 * ("how many are frozen": the rules read questions, see `asksAQuestion`).
 */
export function canReadRemark(message: string, read: Pick<RemarkFeatures, "words" | "known">): boolean {
  return hasReadableForm(message, read.words) && knowsEnoughWords(read);
}

/** The part of {@link canReadRemark} that needs no word vectors: enough words, and not a question. */
function hasReadableForm(message: string, words: number): boolean {
  return words >= MIN_REMARK_WORDS && !asksAQuestion(message);
}

/** The part of {@link canReadRemark} that does: two thirds of the words have a vector. */
function knowsEnoughWords({ words, known }: Pick<RemarkFeatures, "words" | "known">): boolean {
  return known * 3 >= words * 2;
}

/** Scales `length` values of `features` from `offset` to unit length (all zeros stay zeros). */
function toUnitLength(features: Float64Array, offset: number, length: number): void {
  let norm = 0;
  for (let d = 0; d < length; d++) norm += features[offset + d]! ** 2;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let d = 0; d < length; d++) features[offset + d]! /= norm;
}

/**
 * The model's probability that `features` (from {@link remarkFeatures}) are a remark's or small talk's.
 *
 * @example
 * ```ts
 * remarkProbability(remarkFeatures("survived another 10 hour shift", embeddings, 100, REMARK_MODEL.words).features, REMARK_MODEL); // 0.99
 * ```
 */
export function remarkProbability(features: ArrayLike<number>, model: RemarkModel): number {
  let sum = model.bias;
  const count = Math.min(features.length, model.weights.length);
  for (let i = 0; i < count; i++) sum += features[i]! * model.weights[i]!;
  return 1 / (1 + Math.exp(-sum));
}

/**
 * Most words whose vectors the reader keeps in each of its two generations (together about 3 MB): a message's common
 * words are looked up once. When the newer generation is full it becomes the older one and a new one starts; a word
 * found in the older one moves to the newer one. So common words stay, and names, numbers and other one-off words age
 * out without pushing them out (a cache cleared when full looked every common word up again each 2,000 or so messages
 * that carry a number).
 */
const CACHED_WORDS = 2048;
/** Longest word the reader keeps (a pasted hash or URL is not a word that recurs). */
const CACHED_WORD_LENGTH = 32;

/** `vectors` with each word's vector kept after its first lookup, in two generations of {@link CACHED_WORDS} words. */
export function cachedWordVectors(vectors: WordVectors): WordVectors {
  // null: a word without a vector (one lookup a word, known or not).
  let newer = new Map<string, ArrayLike<number> | null>();
  let older = new Map<string, ArrayLike<number> | null>();
  const keep = (word: string, vector: ArrayLike<number> | null) => {
    if (newer.size >= CACHED_WORDS) {
      older = newer;
      newer = new Map();
    }
    newer.set(word, vector);
  };
  return {
    wordVector(word) {
      const cached = newer.get(word);
      if (cached !== undefined) return cached ?? undefined;
      const aged = older.get(word);
      if (aged !== undefined) {
        keep(word, aged);
        return aged ?? undefined;
      }
      const vector = vectors.wordVector(word);
      if (word.length <= CACHED_WORD_LENGTH) keep(word, vector ?? null);
      return vector;
    },
  };
}

/** Reads how likely a message is a remark (0 to 1; 0 for a message the model cannot read, see {@link canReadRemark}). */
export type RemarkReader = (message: string) => number;

let shared: Promise<RemarkReader | undefined> | undefined;

/**
 * The remark reader over the offline word vectors, loaded once per process on first use; undefined when
 * `@dynamic-tools/offline-embeddings` is not installed, its table cannot be read, or its vectors are not the model's
 * (abstention then reads remarks by the rules alone, for the rest of the process).
 *
 * @param load - the embeddings to read with (tests); omitted, the offline embeddings, shared by the process.
 * @example
 * ```ts
 * const read = await loadRemarkReader();
 * read?.("quit my job today. terrifying but exciting"); // 0.98
 * ```
 */
export function loadRemarkReader(load?: () => Promise<unknown>): Promise<RemarkReader | undefined> {
  if (load !== undefined) return readerOver(load);
  shared ??= readerOver(loadOfflineEmbeddings);
  return shared;
}

/** The remark reader over the embeddings `load` gives (see {@link loadRemarkReader}). */
function readerOver(load: () => Promise<unknown>): Promise<RemarkReader | undefined> {
  return (
    load()
      .then((embeddings) => {
        const vectors = embeddings as unknown as Partial<WordVectors> & { model?: string; dimensions?: number };
        const marked = REMARK_MODEL.words ?? [];
        const dimensions = (REMARK_MODEL.weights.length - 4 - marked.length) / 4;
        // The model name before its options, and the table's dimensions (reading them loads the table: a missing or
        // corrupt one fails here, once, not in a selection).
        if (typeof vectors.wordVector !== "function" || String(vectors.model).split("(")[0] !== REMARK_MODEL.vectors) return undefined;
        if (vectors.dimensions !== dimensions) return undefined;
        const cached = cachedWordVectors(vectors as WordVectors);
        // Each read's features, written over the last one's (a read is synchronous).
        const features = new Float64Array(REMARK_MODEL.weights.length);
        return (message: string) => {
          try {
            // A message the model cannot read by its length or form is not looked up word by word.
            if (!hasReadableForm(message, splitWords(message).length)) return 0;
            const read = remarkFeatures(message, cached, dimensions, marked, features);
            return knowsEnoughWords(read) ? remarkProbability(read.features, REMARK_MODEL) : 0;
          } catch {
            // Vectors are read from the table on first use: one that cannot be read leaves the message to the rules.
            return 0;
          }
        };
      })
      // Not installed, or a table that cannot be read: remarks are read by the rules alone.
      .catch(() => undefined)
  );
}
