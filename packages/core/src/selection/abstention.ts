/**
 * @module Abstention: when no ranked tool is a credible match (small talk, thanks, off-topic), a retrieval
 * selection binds the core tools only. Credible means that some signal of a top tool (BM25, vector, …) reaches the
 * relevance floor, and the floor is calibrated on the catalog itself: the scores its strategy gives to probes made
 * of the catalog's own words drawn at random, i.e. what a message that merely shares a word or two with some tool
 * scores there. A remark (a statement, or a question about the assistant: see `isRemark` and the remark model,
 * `remark-model.ts`) is held to a higher floor from the same probes, and must share two of its topic words with one of
 * the top tools. With usage, the floors are also checked against real past requests (messages that did call a tool):
 * they are never set above what all but the lowest few of them score.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { LearnedField } from "../retrieval/learned-field.js";
import { STEP_SIGNAL } from "../retrieval/lexical/request-steps.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { toolPurpose } from "../retrieval/tool-text.js";
import { topicalWords, withoutGenericWords, wordsBeyondSmallTalk } from "../text/conversational-words.js";
import { hasRequestPhrasing, isRemark, usesRequestPhrase } from "../text/message-form.js";
import type { RemarkReader } from "./remark-model.js";
import { analyze } from "../text/analyzer.js";
import { STOP_WORDS } from "../text/stop-words.js";
import { splitWords, stem } from "../text/tokenize.js";
import { seededRandom } from "../retrieval/seeded-random.js";
import { roundedScore } from "./rounded-score.js";

/** Settings of abstention (`abstain` of `createToolSelector`). */
export interface AbstentionOptions {
  /**
   * Where each signal's floor sits in the calibration probes' distribution of best scores: 0.25 means a credible
   * tool scores at least what a quarter of random one-word probes of the catalog's vocabulary reach. @defaultValue 0.25
   */
  quantile?: number;
  /** Probes ranked to calibrate the floor. @defaultValue 64 */
  probes?: number;
  /**
   * Words per probe. One word: a message that shares one distinctive word with a tool is credible (two-word probes
   * set the floor above a single rare word's score, and a 13-tool catalog abstained on "what is on the team calendar
   * this week?"). @defaultValue 1
   */
  probeWords?: number;
  /**
   * Where the floor sits for a remark (a statement, "my coffee is cold again", or a question about the assistant,
   * "do you dream?"; see `isRemark`): a remark that mentions what a tool is about is not a request for it, so a
   * credible tool must score at least what this share of the probes reach (never less than `quantile`).
   * @defaultValue 0.5
   */
  remarkQuantile?: number;
  /**
   * How many of its topic words a remark must share with one of the first `depth` tools (what they are for: their
   * name, description, tags, keywords and category, not their parameters; with usage, also the words said in more
   * than a tenth of their observations, `LEARNED_WORD_SHARE`), on top of the remark floor: "my team lost again"
   * mentions a sports tool's topic, "my website gets no organic traffic" describes what an SEO tool is for. 0 turns
   * this off. @defaultValue 2
   */
  remarkWords?: number;
  /**
   * The probability from which the remark model (a logistic model over the message's word vectors, see
   * `remark-model.ts`) reads a message that the rules do not as a remark too ("survived another 10 hour shift"),
   * unless it is phrased as a request ("can you…", "I need…"). 1 turns the model off: remarks are then read by the
   * rules alone (`isRemark`). @defaultValue 0.9
   */
  remarkThreshold?: number;
  /**
   * The remark model's threshold for a message that shares none of its topic words with the first `depth` tools, so
   * that it reaches them only through word vectors or spelling ("the best conversations happen at 2am"): less evidence
   * that it asks for them, so a lower reading makes it a remark. Never above `remarkThreshold`; with `remarkThreshold`
   * 1 the model is off whatever this is; without the catalog or with `remarkWords` 0 (no words compared), unused.
   * @defaultValue 0.85
   */
  unmatchedRemarkThreshold?: number;
  /**
   * A message that only the remark model reads as a remark still binds its tools when one of them scores at least
   * this multiple of the remark floor (of the relevance floor, for a floor without one) and shares a topic word with
   * it, or scores that on two signals (without the catalog or with `remarkWords` 0, one signal is enough): the model errs on terse requests ("wait times at disneyland right now"), and a
   * match that strong is asked for. A single strong signal without a word in common is often one incidental word
   * ("handed in my notice" and a card game's hand). Unless the model is all but certain (`certainRemark`).
   * @defaultValue 1.5
   */
  strongMatch?: number;
  /**
   * The remark model's reading from which a message is a remark even when a top tool matches strongly (see
   * `strongMatch`): a reading that sure is rarely a request ("just finished my shift at the docks, sunrise over the
   * cranes, not a bad office", 0.997, and a tool for crane manuals). 1 turns this off: a strong match always binds.
   * @defaultValue 0.99
   */
  certainRemark?: number;
  /** How many of the best ranked tools are looked at. @defaultValue 5 */
  depth?: number;
  /**
   * With usage: each signal's floor is at most this quantile of the best scores real past requests (observations
   * that called a tool, the newest up to 256) reach, so requests like those users really make stay credible where the
   * catalog's probes would put the floor above them. @defaultValue 0.05
   */
  requestQuantile?: number;
}

/**
 * The relevance floor of a catalog: for each signal, the score a credible tool reaches. A selection's `abstained`
 * names the floor in force.
 *
 * @example
 * ```ts
 * const floor: RelevanceFloor = { signals: { bm25: 5.3, vector: 0.49 }, remarks: { bm25: 7.1, vector: 0.55 }, probes: 64, tools: 220 };
 * ```
 */
export interface RelevanceFloor {
  /** Floor per signal name (`bm25`, `vector`, …); a signal absent here never makes a tool credible. */
  readonly signals: Readonly<Record<string, number>>;
  /** The floor per signal for a remark (see `AbstentionOptions.remarkQuantile`); absent: {@link signals}. */
  readonly remarks?: Readonly<Record<string, number>>;
  /** Probes ranked to calibrate it. */
  readonly probes: number;
  /** Tools in the catalog when it was calibrated. */
  readonly tools: number;
  /** Real past requests it was checked against (with usage; 0 or absent: none). */
  readonly requests?: number;
}

/** Why a selection bound no ranked tool (`ToolSelection.abstained`). */
export interface Abstention {
  /**
   * `no tool reaches the relevance floor (bm25 ≥ 5.3 or vector ≥ 0.49); best: get_weather (bm25 2.1, vector 0.31)`;
   * for a remark, `a remark, not a request: no tool reaches the remark floor (…)` or `a remark, not a request: none
   * of the first 5 tools shares 2 of its words; best: …`.
   */
  reason: string;
  /** The floor in force (the remark floor for a remark under it), per signal. */
  floor: Record<string, number>;
  /** The best ranked tool, which was not bound. */
  best?: { name: string; signals: Record<string, number> };
}

/** The defaults of {@link AbstentionOptions}. */
export const ABSTENTION_DEFAULTS: Readonly<Required<AbstentionOptions>> = Object.freeze({
  quantile: 0.25,
  remarkQuantile: 0.5,
  remarkWords: 2,
  remarkThreshold: 0.9,
  unmatchedRemarkThreshold: 0.85,
  strongMatch: 1.5,
  certainRemark: 0.99,
  probes: 64,
  probeWords: 1,
  depth: 5,
  requestQuantile: 0.05,
});
/** Fewest past requests the floor is checked against (fewer say too little about what real requests score). */
export const MIN_FLOOR_REQUESTS = 16;
/** Signals that are not evidence of relevance on their own scale. */
const NOT_CALIBRATED = new Set(["exact", STEP_SIGNAL]);

/**
 * Validated settings, with defaults.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad setting and what is valid.
 */
export function resolveAbstentionOptions(options: AbstentionOptions = {}): Required<AbstentionOptions> {
  if (typeof options !== "object" || options === null) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `abstain must be true, false or { ${Object.keys(ABSTENTION_DEFAULTS).join(", ")} }, got ${String(options)}.`,
      {
        path: ["abstain"],
      },
    );
  }
  const resolved = { ...ABSTENTION_DEFAULTS, ...options };
  const wholeNumber = (key: "probes" | "probeWords" | "depth" | "remarkWords", least = 1) =>
    Number.isInteger(resolved[key]) && resolved[key] >= least;
  const bad: Array<[keyof AbstentionOptions, string]> = [];
  for (const key of [
    "quantile",
    "remarkQuantile",
    "requestQuantile",
    "remarkThreshold",
    "unmatchedRemarkThreshold",
    "certainRemark",
  ] as const)
    if (!(typeof resolved[key] === "number" && resolved[key] >= 0 && resolved[key] <= 1)) bad.push([key, "a number from 0 to 1"]);
  for (const key of ["probes", "probeWords", "depth"] as const) if (!wholeNumber(key)) bad.push([key, "a whole number ≥ 1"]);
  if (!wholeNumber("remarkWords", 0)) bad.push(["remarkWords", "a whole number ≥ 0"]);
  if (!(typeof resolved.strongMatch === "number" && resolved.strongMatch >= 1)) bad.push(["strongMatch", "a number ≥ 1"]);
  const [first] = bad;
  if (first !== undefined) {
    const [key, valid] = first;
    throw new DynamicToolsError("INVALID_OPTION", `abstain.${key} must be ${valid}, got ${String(resolved[key])}.`, {
      path: ["abstain", key],
    });
  }
  return resolved;
}

export { seededRandom };

/**
 * The calibration probes of a catalog: `count` messages of `words` words each, drawn (deterministically) from the
 * words of its tools' descriptions as they occur, so a common word is drawn as often as the catalog uses it. A tool
 * without a description lends the words of what it is for instead (its name, tags, keywords and category;
 * `toolPurpose`): a catalog declared by names alone still has a floor, where it had none and never abstained. (A
 * description in Chinese or Japanese lends nothing: its characters are not words of three letters, and probes of its
 * character pairs set a floor that real requests, sharing one pair or two, fall under.)
 *
 * @example
 * ```ts
 * calibrationProbes(catalog, { count: 2, words: 2 }); // ["weather city", "file text"]
 * ```
 */
export function calibrationProbes(catalog: ToolCatalog, { count, words }: { count: number; words: number }): string[] {
  const pool: string[] = [];
  for (const tool of catalog.tools()) pool.push(...probeWords(tool.description.trim() === "" ? toolPurpose(tool) : tool.description));
  if (pool.length === 0) return [];
  const random = seededRandom(pool.length * 31 + catalog.size);
  return Array.from({ length: count }, () => Array.from({ length: words }, () => pool[Math.floor(random() * pool.length)]!).join(" "));
}

/** The words of `text` a probe may draw: three letters or more, no stop word, no digit. */
function probeWords(text: string): string[] {
  return splitWords(text).filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/\d/.test(word));
}

/** The value at `quantile` of `values` (nearest rank, values sorted ascending). */
function quantileOf(sorted: readonly number[], quantile: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1))]!;
}

/**
 * Calibrates the relevance floor of `strategy` (already indexed) on `catalog`: ranks the calibration probes and
 * takes, for each signal, the `quantile` of the probes' best score of that signal (a probe that a signal does not
 * find counts 0 for it). Given at least {@link MIN_FLOOR_REQUESTS} real past `requests` (with usage: messages that did
 * call a tool), each floor is then lowered to their `requestQuantile` of that signal where it sits above it.
 *
 * @example
 * ```ts
 * const floor = await calibrateRelevanceFloor({ strategy, catalog });
 * floor.signals; // { bm25: 5.3, fuzzy: 0.35, vector: 0.49 }
 * await calibrateRelevanceFloor({ strategy, catalog, requests: usage.heldOut()?.probes.map((probe) => probe.query) });
 * ```
 */
export async function calibrateRelevanceFloor({
  strategy,
  catalog,
  options = {},
  requests,
}: {
  strategy: RetrievalStrategy;
  catalog: ToolCatalog;
  options?: AbstentionOptions;
  /** Real past requests that called a tool (their words). @defaultValue none */
  requests?: readonly string[];
}): Promise<RelevanceFloor> {
  const { quantile, remarkQuantile, probes, probeWords, depth, requestQuantile } = resolveAbstentionOptions(options);
  const texts = calibrationProbes(catalog, { count: probes, words: probeWords });
  const signals: Record<string, number> = {};
  const remarks: Record<string, number> = {};
  for (const [signal, all] of await bestScores(strategy, texts, depth)) {
    const floor = quantileOf(all, quantile);
    // A floor of 0 would make any match credible: such a signal says nothing here, for requests or remarks.
    if (floor > 0) {
      signals[signal] = floor;
      remarks[signal] = Math.max(floor, quantileOf(all, remarkQuantile));
    }
  }
  const real = requests !== undefined && requests.length >= MIN_FLOOR_REQUESTS ? requests : [];
  if (real.length > 0) {
    const reached = await bestScores(strategy, real, depth);
    for (const signal of Object.keys(signals)) {
      const scores = reached.get(signal);
      const ceiling = scores === undefined ? 0 : quantileOf(scores, requestQuantile);
      if (ceiling > 0) {
        signals[signal] = Math.min(signals[signal]!, ceiling);
        remarks[signal] = Math.max(signals[signal]!, Math.min(remarks[signal]!, ceiling));
      }
    }
  }
  return { signals, remarks, probes: texts.length, tools: catalog.size, ...(real.length > 0 ? { requests: real.length } : {}) };
}

/**
 * For each signal, the best score among the first `depth` tools of each text's ranking, sorted ascending (a text
 * that the signal does not find counts 0).
 */
async function bestScores(strategy: RetrievalStrategy, texts: readonly string[], depth: number): Promise<Map<string, number[]>> {
  const best = new Map<string, number[]>();
  for (const [index, query] of texts.entries()) {
    const ranking = strategy.rank({ query, limit: depth });
    const ranked = ranking instanceof Promise ? await ranking : ranking;
    for (const [signal, value] of bestSignals(ranked.slice(0, depth))) {
      if (NOT_CALIBRATED.has(signal)) continue;
      const values = best.get(signal) ?? [];
      values[index] = value;
      best.set(signal, values);
    }
  }
  const sorted = new Map<string, number[]>();
  for (const [signal, values] of best)
    sorted.set(
      signal,
      Array.from({ length: texts.length }, (_, index) => values[index] ?? 0).sort((a, b) => a - b),
    );
  return sorted;
}

/** Each signal's best value among `ranked`. */
function bestSignals(ranked: readonly RankedTool[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const tool of ranked) {
    for (const [signal, value] of Object.entries(tool.signals)) {
      if (typeof value === "number" && value > (best.get(signal) ?? -Infinity)) best.set(signal, value);
    }
  }
  return best;
}

/**
 * A floor as its messages write it: each signal's value to three decimals, or'd ("" for a floor without signals).
 *
 * @example
 * ```ts
 * describeFloor({ bm25: 5.31234, vector: 0.49 }); // "bm25 ≥ 5.312 or vector ≥ 0.49"
 * ```
 */
export function describeFloor(floor: Readonly<Record<string, number>>): string {
  return Object.entries(floor)
    .map(([signal, value]) => `${signal} ≥ ${roundedScore(value)}`)
    .join(" or ");
}

/**
 * Whether a message asks for anything at all: it has a word that is neither a stop word nor small talk (greetings,
 * thanks, acknowledgements, farewells, reactions and their stock phrases; see `wordsBeyondSmallTalk`).
 *
 * @example
 * ```ts
 * asksForSomething("thanks, that's all for now"); // false
 * asksForSomething("thanks, now book a yoga class"); // true
 * ```
 */
export function asksForSomething(message: string): boolean {
  return wordsBeyondSmallTalk(splitWords(message)).length > 0;
}

/** The keys of {@link AbstentionOptions} that judge a ranking ({@link JudgeSettings}). */
const JUDGE_KEYS = ["depth", "remarkWords", "remarkThreshold", "unmatchedRemarkThreshold", "strongMatch", "certainRemark"] as const;

/** The settings of {@link AbstentionOptions} that judge a ranking. */
export type JudgeSettings = Pick<AbstentionOptions, (typeof JUDGE_KEYS)[number]>;

/** The settings of resolved abstention options that {@link judgeRanking} takes, read once by each of its callers. */
export function judgeSettingsOf(options: Required<AbstentionOptions>): Required<JudgeSettings> {
  return Object.fromEntries(JUDGE_KEYS.map((key) => [key, options[key]])) as Required<JudgeSettings>;
}

/**
 * Whether the ranking is credible: with `message`, that message must ask for something (see
 * {@link asksForSomething}); then some signal of one of its first `depth` tools reaches that signal's floor. A remark
 * (see `isRemark`, and with `readRemark` the remark model at `remarkThreshold`, or at `certainRemark` when a tool
 * reaches `strongMatch` times the remark floor) must also reach the floor's `remarks` and, given the `catalog`, share
 * `remarkWords` of its topic words with one of those tools (their text, and the `learned` words). A ranking is judged
 * credible when the floor has no signal at all (nothing to judge by). Returns the abstention (with its explanation)
 * when it is not.
 *
 * @example
 * ```ts
 * judgeRanking({ ranked, floor: { signals: { bm25: 5.3 }, probes: 64, tools: 199 } });
 * // undefined (credible), or { reason: "no tool reaches the relevance floor (bm25 ≥ 5.3); best: …", floor, best }
 * ```
 */
export function judgeRanking({
  ranked,
  floor,
  depth = ABSTENTION_DEFAULTS.depth,
  remarkWords = ABSTENTION_DEFAULTS.remarkWords,
  remarkThreshold = ABSTENTION_DEFAULTS.remarkThreshold,
  unmatchedRemarkThreshold = ABSTENTION_DEFAULTS.unmatchedRemarkThreshold,
  strongMatch = ABSTENTION_DEFAULTS.strongMatch,
  certainRemark = ABSTENTION_DEFAULTS.certainRemark,
  readRemark,
  message,
  catalog,
  learned,
}: JudgeSettings & {
  ranked: readonly RankedTool[];
  floor: RelevanceFloor;
  /** The remark model (see `loadRemarkReader`); omitted, remarks are read by the rules alone. */
  readRemark?: RemarkReader;
  /** The current message; omitted, only the scores are judged. */
  message?: string;
  /**
   * The catalog ranked; given, a remark must also share `remarkWords` of its words with one of the top tools (see
   * `sharesWords`). @defaultValue none: remarks are judged by the remark floor alone
   */
  catalog?: ToolCatalog;
  /**
   * With `catalog`: what the strategy learned from usage; the words users say when they call a tool count as its words
   * ({@link LEARNED_WORD_SHARE}).
   */
  learned?: LearnedField;
}): Abstention | undefined {
  // The message's words beyond small talk: whether it asks for anything, and (without generic tool words) its topic.
  const asked = message === undefined ? undefined : wordsBeyondSmallTalk(splitWords(message));
  if (asked?.length === 0) {
    return { reason: "the message asks for nothing a tool could do (only conversational words)", floor: { ...floor.signals } };
  }
  const signalFloors = entriesOf(floor.signals);
  if (signalFloors.length === 0) return undefined;
  const top = ranked.slice(0, depth);
  const reaches = (floors: ReadonlyArray<readonly [string, number]>) =>
    top.some((tool) => floors.some(([signal, value]) => (tool.signals[signal] ?? 0) >= value));
  const credible = reaches(signalFloors);
  const belowRemarkFloor = credible && floor.remarks !== undefined && !reaches(entriesOf(floor.remarks));
  const wordsMatter = catalog !== undefined && remarkWords > 0;
  // A remark needs more: the remark floor, and `remarkWords` of its words in one top tool. The message's form is read
  // only when these could fail: by the rules, then by the remark model (the costliest), whose remarks a strong match
  // still binds.
  let words: string[] | undefined;
  const shares = (least: number, tools = top) =>
    sharesWords((words ??= withoutActionWords(stemmedTopic(withoutGenericWords(asked!)), catalog!)), tools, {
      catalog: catalog!,
      learned,
      least,
    });
  const heldBack = () => belowRemarkFloor || !shares(remarkWords);
  // A strong match: `strongMatch` times the remark floor on a signal, by a tool that shares a topic word with the
  // message; one that shares none (it matched through vectors, spelling or an action word) must be that strong on two.
  const strongly = (tool: RankedTool) => {
    const strong = scaledEntriesOf(floor.remarks ?? floor.signals, strongMatch);
    const signals = strong.filter(([signal, value]) => (tool.signals[signal] ?? 0) >= value).length;
    return signals >= 2 || (signals === 1 && (!wordsMatter || shares(1, [tool])));
  };
  // The model's threshold: lower for a message that reaches its tools without a word in common with them, higher
  // (`certainRemark`) when a top tool matches strongly.
  const modelThreshold = () => {
    if (remarkThreshold >= 1) return 1;
    if (top.some(strongly)) return Math.max(remarkThreshold, certainRemark);
    return !wordsMatter || shares(1) ? remarkThreshold : Math.min(remarkThreshold, unmatchedRemarkThreshold);
  };
  // A message phrased as a request is no remark, by the rules or the model; a request shares its words with its
  // tools (most messages): the form is read only when they are held back.
  const remark =
    credible &&
    message !== undefined &&
    (belowRemarkFloor || wordsMatter) &&
    !usesRequestPhrase(message) &&
    heldBack() &&
    (isRemark(message) || readsAsRemarkByModel(message, readRemark, modelThreshold));
  if (credible && !remark) return undefined;
  const inForce = remark && belowRemarkFloor ? floor.remarks! : floor.signals;
  const best = top[0];
  const bestSignalsOf = best === undefined ? {} : (best.signals as Record<string, number>);
  const floorText = describeFloor(inForce);
  const why = !remark
    ? `no tool reaches the relevance floor (${floorText})`
    : belowRemarkFloor
      ? `a remark, not a request: no tool reaches the remark floor (${floorText})`
      : `a remark, not a request: ${top.length === 1 ? "the best tool does not share" : `none of the first ${top.length} tools shares`} ${remarkWords} of its words`;
  return {
    reason: `${why}${
      best === undefined
        ? ""
        : `; best: ${best.name}${
            Object.keys(bestSignalsOf).length > 0
              ? ` (${Object.entries(bestSignalsOf)
                  .map(([signal, value]) => `${signal} ${roundedScore(value)}`)
                  .join(", ")})`
              : ""
          }`
    }`,
    floor: { ...inForce },
    ...(best === undefined ? {} : { best: { name: best.name, signals: { ...bestSignalsOf } } }),
  };
}

/** A floor's signals and values, listed once per floor object (a selector judges every message by the same floor). */
const floorEntries = new WeakMap<object, ReadonlyArray<readonly [string, number]>>();

function entriesOf(floors: Readonly<Record<string, number>>): ReadonlyArray<readonly [string, number]> {
  let entries = floorEntries.get(floors);
  if (entries === undefined) {
    entries = Object.entries(floors);
    floorEntries.set(floors, entries);
  }
  return entries;
}

/** Each signal's floor times a factor, listed once per floor object and factor. */
const scaledFloorEntries = new WeakMap<object, { factor: number; entries: ReadonlyArray<readonly [string, number]> }>();

function scaledEntriesOf(floors: Readonly<Record<string, number>>, factor: number): ReadonlyArray<readonly [string, number]> {
  let scaled = scaledFloorEntries.get(floors);
  if (scaled?.factor !== factor) {
    scaled = { factor, entries: entriesOf(floors).map(([signal, value]) => [signal, value * factor] as const) };
    scaledFloorEntries.set(floors, scaled);
  }
  return scaled.entries;
}

/** Whether the remark model (when given) reads `message` as a remark, at least `threshold`, unless phrased as a request. */
function readsAsRemarkByModel(message: string, readRemark: RemarkReader | undefined, threshold: () => number): boolean {
  if (readRemark === undefined || hasRequestPhrasing(message)) return false;
  const least = threshold();
  if (least >= 1) return false;
  // 0: a message the model does not read (a question, a short one), whatever the threshold.
  const probability = readRemark(message);
  return probability > 0 && probability >= least;
}

/**
 * The distinct words of `message` that say what it is about (not stop words, small talk or the generic words of tool
 * names), as stems.
 *
 * @example
 * ```ts
 * topicWords("ugh, my team lost again"); // Set { "team", "lost" }
 * ```
 */
export function topicWords(message: string): Set<string> {
  return stemmedTopic(topicalWords(message));
}

const stemmedTopic = (words: readonly string[]) => new Set(words.map((word) => stem(word)));

/** What each tool is for (`toolPurpose`) as analysed terms, kept while its metadata object lives (an update replaces it). */
const toolTerms = new WeakMap<object, ReadonlySet<string>>();

/** A message's topic words but the catalog's action words (see {@link actionWords}). */
function withoutActionWords(words: ReadonlySet<string>, catalog: ToolCatalog): string[] {
  const actions = actionWords(catalog);
  return [...words].filter((word) => !actions.has(word));
}

/**
 * Whether one of the `ranked` tools has at least `least` of the `words` (a message's topic words, see
 * {@link withoutActionWords}) in what it is for (`toolPurpose`) or among the words users say when they call it
 * ({@link LEARNED_WORD_SHARE}). A remark that shares one word with a tool ("my team lost again" and a sports tool)
 * mentions its topic; one that shares two ("my website gets no organic traffic" and an SEO tool) describes a problem
 * the tool is for.
 */
function sharesWords(
  words: readonly string[],
  ranked: readonly RankedTool[],
  { catalog, learned, least }: { catalog: ToolCatalog; learned: LearnedField | undefined; least: number },
): boolean {
  if (words.length < least) return false;
  return ranked.some(({ name }) => {
    const tool = catalog.get(name);
    if (tool === undefined) return false;
    let terms = toolTerms.get(tool);
    if (terms === undefined) {
      terms = new Set(analyze(toolPurpose(tool)));
      toolTerms.set(tool, terms);
    }
    const learnedTerms = learned?.fieldTerms(name);
    const said = learnedTerms === undefined ? 0 : LEARNED_WORD_SHARE * observationsOf(learned!, name, learnedTerms);
    let shared = 0;
    for (const word of words) if (terms.has(word) || (learnedTerms?.get(word) ?? 0) > said) shared++;
    return shared >= least;
  });
}

/**
 * A word learned for a tool from usage counts as one of its words when it was said in more than this share of the
 * tool's observations: what users say when they call it ("forecast", "rain"), not every word a request for it ever
 * held ("cat", "paid", "today"), which let remarks share two words with a well-used tool. Measured with metatool's
 * usage (`eval --usage … --off-topic`): small talk abstained on 0.63 → 0.89 of `unseen-8`, 0.49 → 0.71 of `unseen-9`,
 * metatool's own R@5 unchanged.
 */
export const LEARNED_WORD_SHARE = 0.1;

/** The observations a tool's learned terms come from (without the field's count, its largest term count: a lower bound). */
function observationsOf(learned: LearnedField, name: string, terms: ReadonlyMap<string, number>): number {
  const counted = learned.fieldObservations?.(name);
  if (counted !== undefined) return counted;
  let largest = 0;
  for (const count of terms.values()) largest = Math.max(largest, count);
  return largest;
}

/** Fewest tool names a word must open to be one of a catalog's action words. */
const ACTION_WORD_NAMES = 5;
/** Per catalog: how many of its tool names each word opens, and its action words, at the catalog version read. */
const catalogOpenings = new WeakMap<ToolCatalog, { version: number; counts: Map<string, number>; words: ReadonlySet<string> }>();

/**
 * A catalog's own action words, as stems: the words that open at least five of its tool names of two words or more
 * ("stop" in `stopJob`, `stopRobot`, `stopCloudInstance`…). They say what its tools do, not what they are about, so
 * a remark that uses one ("the snow finally stopped", "missed my train, great start") does not share it with them. (A
 * service prefix that opens five names, `maps_*` without a declared namespace, counts too.) Kept up to date from the
 * catalog's changes, so an update costs what it changed.
 */
function actionWords(catalog: ToolCatalog): ReadonlySet<string> {
  const known = catalogOpenings.get(catalog);
  if (known !== undefined && known.version === catalog.version) return known.words;
  const changes = known === undefined ? undefined : catalog.changesSince(known.version);
  const counts = changes === undefined || changes.rebuild ? new Map<string, number>() : known!.counts;
  if (changes === undefined || changes.rebuild) for (const name of catalog.names()) countOpening(counts, name, 1);
  else {
    for (const name of changes.removed) countOpening(counts, name, -1);
    for (const tool of changes.added) countOpening(counts, tool.name, 1);
  }
  const words = new Set([...counts].filter(([, count]) => count >= ACTION_WORD_NAMES).map(([word]) => stem(word)));
  catalogOpenings.set(catalog, { version: catalog.version, counts, words });
  return words;
}

/** Counts (`by` 1) or uncounts (-1) the word that opens `name`, when it has two words or more. */
function countOpening(counts: Map<string, number>, name: string, by: 1 | -1): void {
  const [first, second] = splitWords(name);
  if (first === undefined || second === undefined) return;
  const count = (counts.get(first) ?? 0) + by;
  if (count > 0) counts.set(first, count);
  else counts.delete(first);
}

/** Floors calibrated ahead of time (a snapshot's), per strategy object, with the settings they were calibrated with. */
const rememberedFloors = new WeakMap<RetrievalStrategy, { floor: RelevanceFloor; settings: string }>();

/** The calibration settings that decide a floor without usage (`requestQuantile` only acts on real requests). */
function calibrationSettings(options: AbstentionOptions): string {
  const { quantile, remarkQuantile, probes, probeWords, depth } = resolveAbstentionOptions(options);
  return JSON.stringify([quantile, remarkQuantile, probes, probeWords, depth]);
}

/**
 * Remembers `floor` as what {@link calibrateRelevanceFloor} gives for `strategy` with `options` (a snapshot restores
 * the floor it calibrated on the same indexes when it was written, so a start does not rank the probes again).
 */
export function rememberRelevanceFloor(strategy: RetrievalStrategy, floor: RelevanceFloor, options: AbstentionOptions = {}): void {
  rememberedFloors.set(strategy, { floor, settings: calibrationSettings(options) });
}

/** The floor remembered for `strategy` with these settings, if any (see {@link rememberRelevanceFloor}). */
export function rememberedRelevanceFloor(strategy: RetrievalStrategy, options: AbstentionOptions = {}): RelevanceFloor | undefined {
  const remembered = rememberedFloors.get(strategy);
  return remembered !== undefined && remembered.settings === calibrationSettings(options) ? remembered.floor : undefined;
}
