/**
 * @module The learning engine: folds observations, one at a time, into what selection can use (terms per tool,
 * co-usage, per-category statistics). Incremental: one observation costs time proportional to its words and
 * tools, never a re-index. Pure state, no I/O. Indexes pull its changes from a versioned log
 * ({@link UsageModel.changesSince}); it pulls the catalog's (tools that leave it drop out): nothing subscribes.
 */
import { checkCatalogOption, type ToolCatalog } from "../catalog/tool-catalog.js";
import { describeValue } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { checkRequiredOptions, keysOf } from "../options/option-keys.js";
import type { FittedFusion } from "../retrieval/hybrid/fusion-weights.js";
import type { HeldOutEvidence, LearnedField, LearnedFieldChange, LearnedFieldChanges } from "../retrieval/learned-field.js";
import { bestK } from "../retrieval/best-k.js";
import { analyze } from "../text/analyzer.js";
import { STOP_WORDS } from "../text/stop-words.js";
import { frameWeight, MAX_FRAME_EXPONENT } from "./decay.js";
import { HeldOutObservations } from "./held-out-observations.js";
import { LearnedChangeLog } from "./learned-change-log.js";
import { toObservation, type Observation, type ObservationInput } from "./observation.js";

/** Options of {@link UsageModel}. */
export interface UsageModelOptions {
  /** The catalog: observations of tools it does not have are ignored, and tools that leave it drop out. */
  catalog: ToolCatalog;
  /** The scope this model learns for: only observations of this scope count. @defaultValue unscoped observations only */
  scope?: string;
  /** Other scopes whose observations also count here (`"*"`: every scope). @defaultValue none */
  shareFrom?: readonly string[] | "*";
  /** Evidence halves every this many milliseconds (`Infinity`: never). @defaultValue 30 days */
  halfLifeMs?: number;
  /**
   * Most (decayed) evidence one caller contributes to one tool, in observations: a single user cannot poison the
   * ranking for everyone. Observations without a caller are not capped. @defaultValue 20
   */
  maxPerCaller?: number;
  /** Two observations of the same caller and scope this close in time are consecutive turns (co-usage). @defaultValue 30 minutes */
  consecutiveWithinMs?: number;
  /** Keep the raw messages (by default only analysed terms are kept). @defaultValue false */
  keepMessages?: boolean;
  /**
   * The clock: an observation dated after `clock()` is learned as of `clock()`, so one wrong (or hostile) timestamp
   * in the future can neither decay everything learned to nothing nor outweigh every later observation.
   * @defaultValue `Date.now`
   */
  clock?: () => number;
}

interface ToolEvidence {
  /** Sum of the frame weights of the observations that called the tool. */
  mass: number;
  count: number;
  /** Sum of what its observations credited to its terms (see {@link UsageModel.fieldObservations}). */
  credited: number;
  terms: Map<string, number>;
  /** The words as said (unstemmed), for text-based uses (the vector strategy's usage text). */
  words: Map<string, number>;
  messages?: string[];
}

/** How much a category is used, and the words users say for it. */
export interface CategoryUsage {
  /** Tool calls of the category's tools learned. */
  count: number;
  /** Decayed weight of those observations (an observation of n tools counts 1/n per tool). */
  weight: number;
  /** Words said in messages that led to the category's tools, with their decayed weight, most first. */
  terms: Array<{ term: string; weight: number }>;
}

/** What {@link UsageModel.observe} did with one observation. */
export type ObserveOutcome = "learned" | "failed" | "other-scope" | "no-known-tool";

const DAY = 24 * 60 * 60 * 1000;

const USAGE_MODEL_OPTION_KEYS = keysOf<UsageModelOptions>()([
  "catalog",
  "scope",
  "shareFrom",
  "halfLifeMs",
  "maxPerCaller",
  "consecutiveWithinMs",
  "keepMessages",
  "clock",
]);

function invalidOption(key: string, message: string): DynamicToolsError {
  return new DynamicToolsError("INVALID_OPTION", message, { path: [key] });
}

/**
 * Checks the options of {@link UsageModel}: an object of known keys, a catalog, and each option of the type (and
 * range) its documentation gives.
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad option, its value and what is valid.
 */
function checkUsageModelOptions(options: unknown): asserts options is UsageModelOptions {
  checkRequiredOptions(options, USAGE_MODEL_OPTION_KEYS, "UsageModel", "with a catalog (new UsageModel({ catalog }))");
  checkCatalogOption(options.catalog);
  const { scope, shareFrom, halfLifeMs, maxPerCaller, consecutiveWithinMs, keepMessages, clock } = options;
  if (scope !== undefined && (typeof scope !== "string" || scope === ""))
    throw invalidOption("scope", `scope must be a non-empty string (omit it for unscoped observations), got ${describeValue(scope)}.`);
  if (
    shareFrom !== undefined &&
    shareFrom !== "*" &&
    !(Array.isArray(shareFrom) && shareFrom.every((shared) => typeof shared === "string" && shared !== ""))
  )
    throw invalidOption(
      "shareFrom",
      `shareFrom must be a list of scopes (non-empty strings) or "*" (every scope), got ${
        Array.isArray(shareFrom)
          ? `a list holding ${describeValue(shareFrom.find((shared) => typeof shared !== "string" || shared === ""))}`
          : describeValue(shareFrom)
      }.`,
    );
  if (halfLifeMs !== undefined && !(typeof halfLifeMs === "number" && halfLifeMs > 0))
    throw invalidOption(
      "halfLifeMs",
      `halfLifeMs must be a positive number of milliseconds (or Infinity), got ${describeValue(halfLifeMs)}.`,
    );
  if (maxPerCaller !== undefined && !(typeof maxPerCaller === "number" && maxPerCaller > 0))
    throw invalidOption("maxPerCaller", `maxPerCaller must be positive, got ${describeValue(maxPerCaller)}.`);
  if (consecutiveWithinMs !== undefined && !(typeof consecutiveWithinMs === "number" && consecutiveWithinMs >= 0))
    throw invalidOption(
      "consecutiveWithinMs",
      `consecutiveWithinMs must be a number of milliseconds, 0 or more (or Infinity), got ${describeValue(consecutiveWithinMs)}.`,
    );
  if (keepMessages !== undefined && typeof keepMessages !== "boolean")
    throw invalidOption("keepMessages", `keepMessages must be true or false, got ${describeValue(keepMessages)}.`);
  if (clock !== undefined && typeof clock !== "function")
    throw invalidOption(
      "clock",
      `clock must be a function returning the time in milliseconds (like Date.now), got ${describeValue(clock)}.`,
    );
}

/**
 * Learned usage for one scope. Feed it observations (`observe`); strategies read it through {@link LearnedField}
 * (`createBm25Strategy({ usage: model })`), and the report through `toolUsage`, `oftenUsedWith`, `categoryUsage`.
 *
 * @example
 * ```ts
 * const usage = new UsageModel({ catalog });
 * usage.observe({ message: "is it going to rain in Oslo?", tools: ["get_weather"] });
 * const bm25 = createBm25Strategy({ usage });
 * ```
 */
export class UsageModel implements LearnedField {
  readonly catalog: ToolCatalog;
  readonly #scopes: ReadonlySet<string | undefined> | "*";
  readonly #halfLifeMs: number;
  readonly #maxPerCaller: number;
  readonly #consecutiveWithinMs: number;
  readonly #keepMessages: boolean;
  readonly #tools = new Map<string, ToolEvidence>();
  readonly #pairs = new Map<string, Map<string, number>>();
  /**
   * Each row of `#pairs` sorted (heaviest first, then by name), until it changes: decay scales every weight alike, so
   * the order holds between observations and a selection's co-usage stage reads a prefix.
   */
  readonly #sortedPairs = new Map<string, ReadonlyArray<readonly [string, number]>>();
  readonly #categories = new Map<string, { mass: number; count: number; terms: Map<string, number> }>();
  readonly #callers = new Map<string, number>();
  /** What each caller gave each pair of tools (co-usage), in frame units: capped like {@link #callers}. */
  readonly #callerPairs = new Map<string, number>();
  readonly #last = new Map<string, { at: number; tools: readonly string[] }>();
  readonly #log = new LearnedChangeLog();
  /** A sample spread over all observations, for a held-out split (see {@link UsageModel.heldOut}). */
  readonly #recent = new HeldOutObservations();
  readonly #clock: () => number;
  /** Fusion weights hybrids fitted over this model, by their configuration (see {@link UsageModel.fittedFusion}). */
  readonly #fits = new Map<string, FittedFusion>();
  #fitsVersion = 0;
  /** The catalog version whose removals this model has applied. */
  #catalogVersion: number;
  #epoch: number | undefined;
  #now = -Infinity;
  /** Whether the frame moved during the current `observe` (every stored value changed: readers of the log read all again). */
  #rebased = false;
  #observations = 0;
  #mass = 0;

  constructor(options: UsageModelOptions) {
    checkUsageModelOptions(options);
    const {
      catalog,
      scope,
      shareFrom = [],
      halfLifeMs = 30 * DAY,
      maxPerCaller = 20,
      consecutiveWithinMs = 30 * 60 * 1000,
      keepMessages = false,
      clock = Date.now,
    } = options;
    this.catalog = catalog;
    this.#scopes = shareFrom === "*" ? "*" : new Set([scope, ...shareFrom]);
    this.#halfLifeMs = halfLifeMs;
    this.#maxPerCaller = maxPerCaller;
    this.#consecutiveWithinMs = consecutiveWithinMs;
    this.#keepMessages = keepMessages;
    this.#clock = clock;
    this.#catalogVersion = catalog.version;
  }

  /**
   * Forgets the tools that left the catalog since this model last looked (pulled from the catalog's change log, one
   * version comparison when nothing changed). A tool removed and added back in between keeps its evidence.
   */
  #followCatalog(): void {
    const catalog = this.catalog;
    if (catalog.version === this.#catalogVersion) return;
    const changes = catalog.changesSince(this.#catalogVersion);
    this.#catalogVersion = changes.version;
    this.forget(changes.rebuild ? [...this.#tools.keys(), ...this.#pairs.keys()].filter((name) => !catalog.has(name)) : changes.removed);
  }

  /** {@link LearnedField.version}: grows by one with every change of what is learned. */
  get version(): number {
    this.#followCatalog();
    return this.#log.version;
  }

  /**
   * {@link LearnedField.changesSince}: what changed after `version`, oldest first (or `rebuild` once the bounded log no
   * longer reaches back that far).
   * @example
   * ```ts
   * const seen = usage.version;
   * usage.observe({ message: "weather in Oslo", tools: ["get_weather"] });
   * usage.changesSince(seen); // { rebuild: false, version: seen + 1, changes: [{ tools: ["get_weather"], increases: [...] }] }
   * ```
   */
  changesSince(version: number): LearnedFieldChanges {
    this.#followCatalog();
    return this.#log.changesSince(version);
  }

  #record(change: LearnedFieldChange): void {
    this.#log.record(change, this.#tools.size);
  }

  /** Observations learned from. */
  get size(): number {
    return this.#observations;
  }

  /** Learns from observations (validated first); returns what happened to each. */
  observe(input: ObservationInput | Observation | ReadonlyArray<ObservationInput | Observation>): ObserveOutcome[] {
    const list = Array.isArray(input) ? input : [input];
    const outcomes: ObserveOutcome[] = [];
    const increases: Array<{ tool: string; terms: readonly string[]; count: number }> = [];
    this.#followCatalog();
    this.#rebased = false;
    for (const item of list) outcomes.push(this.#observeOne(toObservation(item), increases));
    if (this.#rebased) this.#record({ tools: [...this.#tools.keys()] });
    else if (increases.length > 0) this.#record({ tools: [...new Set(increases.map(({ tool }) => tool))], increases });
    return outcomes;
  }

  #accepts(scope: string | undefined): boolean {
    return this.#scopes === "*" || this.#scopes.has(scope);
  }

  /** Learns one observation; appends what each tool's terms gained to `increases`. */
  #observeOne(observation: Observation, increases: Array<{ tool: string; terms: readonly string[]; count: number }>): ObserveOutcome {
    if (!this.#accepts(observation.scope)) return "other-scope";
    if (!observation.ok) return "failed";
    const tools = observation.tools.filter((name) => this.catalog.has(name));
    if (tools.length === 0) return "no-known-tool";
    // Never later than now: a future date would move the frame's "now" ahead and decay all else to nothing.
    const at = Math.min(observation.at, this.#clock());
    const observationWeight = this.#weightAt(at);
    const scale = this.scale();
    const terms = [...new Set(analyze(observation.message, { stopWords: STOP_WORDS }))];
    // Categories keep the words as said (not stemmed): they become keyword suggestions a person reads.
    const words = new Set(analyze(observation.message, { stem: false, stopWords: STOP_WORDS }));
    const learned: string[] = [];
    const learnedWeights: Array<{ name: string; weight: number; credit: number }> = [];
    for (const name of tools) {
      let weight = observationWeight;
      if (observation.caller !== undefined) {
        // What this caller may still add to this tool (in frame units): the cap is exact, the last bit partial.
        const key = `${observation.caller}\u0000${name}`;
        const given = this.#callers.get(key) ?? 0;
        weight = Math.min(weight, this.#maxPerCaller / scale - given);
        if (!(weight > 0)) continue;
        this.#callers.set(key, given + weight);
      }
      let evidence = this.#tools.get(name);
      if (evidence === undefined)
        this.#tools.set(name, (evidence = { mass: 0, count: 0, credited: 0, terms: new Map(), words: new Map() }));
      evidence.mass += weight;
      evidence.count++;
      // A message that led to several tools says what it wants of them all: each gets an equal share of its terms.
      const credit = weight / tools.length;
      evidence.credited += credit;
      for (const term of terms) evidence.terms.set(term, (evidence.terms.get(term) ?? 0) + credit);
      for (const word of words) evidence.words.set(word, (evidence.words.get(word) ?? 0) + weight);
      if (this.#keepMessages) (evidence.messages ??= []).push(observation.message);
      const category = this.catalog.get(name)?.category;
      if (category !== undefined) {
        let stats = this.#categories.get(category);
        if (stats === undefined) this.#categories.set(category, (stats = { mass: 0, count: 0, terms: new Map() }));
        stats.mass += weight / tools.length;
        stats.count++;
        for (const word of words) stats.terms.set(word, (stats.terms.get(word) ?? 0) + weight / tools.length);
      }
      learned.push(name);
      learnedWeights.push({ name, weight, credit });
      increases.push({ tool: name, terms, count: credit });
    }
    if (learned.length === 0) return "no-known-tool";
    this.#recent.push({ words: [...words], terms, tools: learnedWeights });
    const weight = observationWeight;
    const { caller } = observation;
    for (let i = 0; i < learned.length; i++)
      for (let j = i + 1; j < learned.length; j++) this.#pair(learned[i]!, learned[j]!, weight, caller);
    if (caller !== undefined) {
      const key = `${observation.scope ?? ""}\u0000${caller}`;
      const previous = this.#last.get(key);
      if (previous !== undefined && at - previous.at <= this.#consecutiveWithinMs && at >= previous.at) {
        for (const before of previous.tools)
          for (const after of learned) if (before !== after) this.#pair(before, after, weight / 2, caller);
      }
      this.#last.set(key, { at, tools: learned });
    }
    this.#observations++;
    this.#mass += weight;
    return "learned";
  }

  /** Adds `weight` to the pair both ways; a caller's total for a pair is capped at `maxPerCaller` as for one tool. */
  #pair(a: string, b: string, weight: number, caller: string | undefined): void {
    if (caller !== undefined) {
      const key = a < b ? `${caller}\u0000${a}\u0000${b}` : `${caller}\u0000${b}\u0000${a}`;
      const given = this.#callerPairs.get(key) ?? 0;
      weight = Math.min(weight, this.#maxPerCaller / this.scale() - given);
      if (!(weight > 0)) return;
      this.#callerPairs.set(key, given + weight);
    }
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      let row = this.#pairs.get(x);
      if (row === undefined) this.#pairs.set(x, (row = new Map()));
      row.set(y, (row.get(y) ?? 0) + weight);
      this.#sortedPairs.delete(x);
    }
  }

  /** The frame weight of an observation at `at`, moving "now" and, if needed, the frame forward. */
  #weightAt(at: number): number {
    this.#epoch ??= at;
    if (at > this.#now) this.#now = at;
    if (this.#halfLifeMs !== Infinity && (this.#now - this.#epoch) / this.#halfLifeMs > MAX_FRAME_EXPONENT) this.#rebase(this.#now);
    return frameWeight(at, this.#epoch, this.#halfLifeMs);
  }

  /** Moves the frame's epoch to `epoch`, rescaling every stored value (rare: once per 200 half-lives). */
  #rebase(epoch: number): void {
    const factor = frameWeight(this.#epoch!, epoch, this.#halfLifeMs);
    const rescale = (map: Map<string, number>) => {
      for (const [key, value] of map) map.set(key, value * factor);
    };
    for (const evidence of this.#tools.values()) {
      evidence.mass *= factor;
      evidence.credited *= factor;
      rescale(evidence.terms);
      rescale(evidence.words);
    }
    for (const stats of this.#categories.values()) {
      stats.mass *= factor;
      rescale(stats.terms);
    }
    for (const row of this.#pairs.values()) rescale(row);
    this.#sortedPairs.clear();
    rescale(this.#callers);
    rescale(this.#callerPairs);
    this.#mass *= factor;
    this.#recent.rescale(factor);
    this.#epoch = epoch;
    this.#rebased = true;
  }

  /**
   * {@link LearnedField.scale}: the multiplier turning stored counts (frame weights) into decayed observation counts as
   * of the newest observation.
   */
  scale(): number {
    return this.#epoch === undefined ? 1 : 1 / frameWeight(this.#now, this.#epoch, this.#halfLifeMs);
  }

  /** Drops everything learned about these tools (done by itself for tools that leave the catalog). */
  forget(names: readonly string[]): void {
    const gone = names.filter((name) => this.#tools.delete(name) || this.#pairs.has(name));
    for (const name of names) {
      for (const other of this.#pairs.get(name)?.keys() ?? []) this.#pairs.get(other)?.delete(name);
      this.#pairs.delete(name);
    }
    this.#sortedPairs.clear();
    this.#recent.forget(names);
    if (gone.length > 0) this.#record({ tools: gone });
  }

  /** {@link LearnedField.fieldTerms}: the tool's learned terms in stored counts (times `scale()`: decayed counts). */
  fieldTerms(tool: string): ReadonlyMap<string, number> | undefined {
    return this.#tools.get(tool)?.terms;
  }

  /**
   * {@link LearnedField.fieldObservations}: the observations behind the tool's learned terms, in stored counts (an
   * observation of n tools credits each 1/n of its weight); 0 for a tool without evidence.
   */
  fieldObservations(tool: string): number {
    return this.#tools.get(tool)?.credited ?? 0;
  }

  /** The tool's learned terms as decayed observation counts (an observation of n tools counts 1/n for each). */
  terms(tool: string): ReadonlyMap<string, number> | undefined {
    this.#followCatalog();
    const evidence = this.#tools.get(tool);
    if (evidence === undefined) return undefined;
    const scale = this.scale();
    const terms = new Map<string, number>();
    for (const [term, value] of evidence.terms) terms.set(term, value * scale);
    return terms;
  }

  /**
   * {@link LearnedField.heldOut}: a sample spread over all observations (at most 512, at most a quarter of all) as probes, and this
   * model's field as if they had never been learned. Fusion weights are fitted on it (`createHybridStrategy({ usage })`).
   * Probes hold the messages' content words only.
   * @example
   * ```ts
   * usage.heldOut()?.probes; // [{ query: "rain oslo", tools: ["get_weather"] }, …]
   * ```
   */
  heldOut(): HeldOutEvidence | undefined {
    this.#followCatalog();
    return this.#recent.evidence(
      {
        fieldTerms: (tool) => this.fieldTerms(tool),
        fieldObservations: (tool) => this.fieldObservations(tool),
        wordCounts: (tool) => this.#tools.get(tool)?.words,
        scale: () => this.scale(),
      },
      this.#observations,
    );
  }

  /**
   * Which observations this model learns from (its scope and `shareFrom`), as a key: fusion weights a store saves are
   * kept per key, so weights fitted over one scope's usage never rank for another.
   *
   * @example
   * ```ts
   * new UsageModel({ catalog, scope: "tenant-a" }).scopeKey; // '["tenant-a"]'
   * ```
   */
  get scopeKey(): string {
    return this.#scopes === "*" ? "*" : JSON.stringify([...this.#scopes].map((scope) => scope ?? null).sort());
  }

  /**
   * {@link LearnedField.fittedFusion}: the fusion weights a hybrid of this configuration last fitted over this model
   * (or that were kept with it from the usage store, see `UsageRecorder`), so a hybrid built later over the same
   * evidence uses them and fits again only once the observations have doubled.
   * @example
   * ```ts
   * const hybrid = createHybridStrategy({ usage });
   * await hybrid.index(catalog); // fits (256 observations or more) and keeps the fit here
   * usage.fittedFusions(); // { "hybrid weighted; prior 1/0.3/0.6; …": { weights, observations: 19102, … } }
   * ```
   */
  fittedFusion(key: string): FittedFusion | undefined {
    return this.#fits.get(key);
  }

  /** {@link LearnedField.keepFittedFusion}: keeps a fit under its hybrid's configuration (replacing the one kept). */
  keepFittedFusion(key: string, fitted: FittedFusion): void {
    if (this.#fits.get(key) === fitted) return;
    this.#fits.set(key, fitted);
    this.#fitsVersion++;
  }

  /** Every fit kept, by configuration: what a usage store saves with the observations. */
  fittedFusions(): Record<string, FittedFusion> {
    return Object.fromEntries(this.#fits);
  }

  /** Grows by one each time a fit is kept: a store saves the fits when it moved. */
  get fitsVersion(): number {
    return this.#fitsVersion;
  }

  /** The words most said (unstemmed, stop words dropped) in messages that led to the tool, most first. */
  words(tool: string, limit = 20): string[] {
    const evidence = this.#tools.get(tool);
    if (evidence === undefined) return [];
    // The best `limit` without sorting them all: a tool's words grow with every observation of it.
    return bestK(evidence.words, limit, (a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  }

  /** How often the tool was used: observations, and the decayed weight of that evidence. */
  toolUsage(tool: string): { count: number; weight: number } {
    this.#followCatalog();
    const evidence = this.#tools.get(tool);
    return evidence === undefined ? { count: 0, weight: 0 } : { count: evidence.count, weight: evidence.mass * this.scale() };
  }

  /** The raw messages that led to the tool (only with `keepMessages`). */
  messages(tool: string): readonly string[] {
    this.#followCatalog();
    return this.#tools.get(tool)?.messages ?? [];
  }

  /** Tools used with this one (same turn, or consecutive turns at half weight), most first. */
  oftenUsedWith(tool: string, limit = 5): Array<{ name: string; weight: number }> {
    this.#followCatalog();
    let sorted = this.#sortedPairs.get(tool);
    if (sorted === undefined) {
      sorted = [...(this.#pairs.get(tool) ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      this.#sortedPairs.set(tool, sorted);
    }
    // Most tools of a catalog are never used with another: the co-usage stage asks about each chosen tool every turn.
    if (sorted.length === 0) return [];
    const scale = this.scale();
    return sorted.slice(0, limit).map(([name, weight]) => ({ name, weight: weight * scale }));
  }

  /** Every co-used pair once (a before b alphabetically), most first. */
  coUsedPairs(limit = 20): Array<{ a: string; b: string; weight: number }> {
    this.#followCatalog();
    const scale = this.scale();
    const pairs: Array<{ a: string; b: string; weight: number }> = [];
    for (const [a, row] of this.#pairs) for (const [b, weight] of row) if (a < b) pairs.push({ a, b, weight: weight * scale });
    return pairs.sort((x, y) => y.weight - x.weight || x.a.localeCompare(y.a) || x.b.localeCompare(y.b)).slice(0, limit);
  }

  /** A category's usage: observations, decayed weight, and the words users said (lower-cased, unstemmed), most frequent first. */
  categoryUsage(category: string): CategoryUsage {
    const stats = this.#categories.get(category);
    if (stats === undefined) return { count: 0, weight: 0, terms: [] };
    const scale = this.scale();
    const terms = [...stats.terms]
      .map(([term, weight]) => ({ term, weight: weight * scale }))
      .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
    return { count: stats.count, weight: stats.mass * scale, terms };
  }

  /** Decayed weight of all learned observations (each counts 1 however many tools it called). */
  totalWeight(): number {
    return this.#mass * this.scale();
  }

  /** Tools with any evidence. */
  learnedTools(): string[] {
    this.#followCatalog();
    return [...this.#tools.keys()];
  }
}
