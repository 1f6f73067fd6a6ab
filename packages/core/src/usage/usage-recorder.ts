/**
 * @module Records observations to a usage store and keeps a usage model in step with it (its own recordings and
 * every other replica's), and the fusion weights fitted over the model with the store when it can save them. By
 * default only analysed words reach the store, not raw messages.
 */
import { describeValue, isRecord } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { checkRequiredOptions, keysOf } from "../options/option-keys.js";
import { analyze } from "../text/analyzer.js";
import { STOP_WORDS } from "../text/stop-words.js";
import { toObservation, type Observation, type ObservationInput } from "./observation.js";
import type { UsageModel } from "./usage-model.js";
import type { SavedFusionFits } from "./saved-fusion-fits.js";
import type { SkippedRecord, UsageStore } from "./usage-store.js";

/** Options of {@link UsageRecorder}. */
export interface UsageRecorderOptions {
  /** The model that learns (and that strategies read). */
  model: UsageModel;
  /** Where observations are shared; omitted, they go to the model only. */
  store?: UsageStore;
  /**
   * Store raw messages. By default a stored message is reduced to its content words (lower-cased, stop words
   * dropped), which is all the model learns from. @defaultValue false
   */
  keepMessages?: boolean;
  /**
   * Told about each stored record a sync skipped because it is not an observation (a bad line of a JSONL store, with
   * its line number); the others are learned. @defaultValue prints the message with `console.warn`
   */
  onSkipped?: (record: SkippedRecord) => void;
}

const RECORDER_OPTION_KEYS = keysOf<UsageRecorderOptions>()(["model", "store", "keepMessages", "onSkipped"]);

/**
 * Checks the options of {@link UsageRecorder}: an object of known keys, a usage model, a store that implements
 * {@link UsageStore} (`append` and `read`, and `writeFusionFits`/`readFusionFits` only as functions).
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad option, its value and what is valid.
 */
function checkRecorderOptions(options: unknown): asserts options is UsageRecorderOptions {
  checkRequiredOptions(options, RECORDER_OPTION_KEYS, "UsageRecorder", "with a model (new UsageRecorder({ model }))");
  const { model, store, keepMessages, onSkipped } = options;
  if (!isRecord(model) || typeof model.observe !== "function" || typeof model.fittedFusion !== "function")
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `UsageRecorder: model must be a UsageModel (new UsageModel({ catalog })), got ${describeValue(model)}.`,
      { path: ["model"] },
    );
  if (store !== undefined) {
    const missing = isRecord(store)
      ? (["append", "read", "writeFusionFits", "readFusionFits"] as const).filter(
          (method) => typeof store[method] !== "function" && (store[method] !== undefined || method === "append" || method === "read"),
        )
      : [];
    if (!isRecord(store) || missing.length > 0)
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `UsageRecorder: store must be a UsageStore (an object with append(observations) and read(cursor) methods, such as new MemoryUsageStore() or new JsonlUsageStore(file)), got ${describeValue(store)}${missing.length > 0 ? ` without ${missing.join(", ")} as methods` : ""}.`,
        { path: ["store"] },
      );
  }
  if (keepMessages !== undefined && typeof keepMessages !== "boolean")
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `UsageRecorder: keepMessages must be true or false, got ${describeValue(keepMessages)}.`,
      {
        path: ["keepMessages"],
      },
    );
  if (onSkipped !== undefined && typeof onSkipped !== "function")
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `UsageRecorder: onSkipped must be a function told about each skipped record, got ${describeValue(onSkipped)}.`,
      { path: ["onSkipped"] },
    );
}

/** Observations one learning slice takes: a sync of more yields to the event loop between slices. */
export const LEARN_SLICE = 64;

function warnSkipped(record: SkippedRecord): void {
  console.warn(`dynamic-tools: skipped a stored usage record: ${record.message}`);
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function warnNotRecorded(error: Error): void {
  console.warn(`dynamic-tools: could not record usage: ${error.message}`);
}

/** A message reduced to the words the model learns from. */
export function redactMessage(message: string): string {
  return analyze(message, { stem: false, stopWords: STOP_WORDS }).join(" ");
}

/**
 * Records and learns.
 * @example
 * ```ts
 * const usage = new UsageModel({ catalog });
 * const recorder = new UsageRecorder({ model: usage, store: new JsonlUsageStore("usage.jsonl") });
 * await recorder.sync(); // learn what is already there
 * await recorder.record({ message: "weather in Oslo?", tools: ["get_weather"] });
 * ```
 */
/** Ends the scope key that prefixes each saved fusion fit's key. */
const FITS_TAG_END = "\u0001";

export class UsageRecorder {
  readonly model: UsageModel;
  readonly store: UsageStore | undefined;
  readonly #keepMessages: boolean;
  readonly #onSkipped: (record: SkippedRecord) => void;
  #cursor: string | undefined;
  #syncing: Promise<number> | undefined;
  /** The last recording `recordLater` queued (each waits for the one before, so they are stored in call order). */
  #later: Promise<void> = Promise.resolve();
  /** Whether the store's saved fusion weights were read into the model (once, before the first sync learns). */
  #fitsRead = false;
  /** The model's `fitsVersion` the store holds. */
  #fitsSaved = 0;

  constructor(options: UsageRecorderOptions) {
    checkRecorderOptions(options);
    const { model, store, keepMessages = false, onSkipped = warnSkipped } = options;
    this.model = model;
    this.store = store;
    this.#keepMessages = keepMessages;
    this.#onSkipped = onSkipped;
  }

  /**
   * Records an observation after the current task, without waiting for it: the select node and the middleware record
   * a step's tool results this way, so a step waits neither for the store nor for what learning updates. A failure
   * goes to `onError` (by default a console warning), never to the caller. {@link UsageRecorder.flush} waits for it.
   */
  recordLater(input: ObservationInput | Observation, onError: (error: Error) => void = warnNotRecorded): void {
    this.#later = this.#later
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
      .then(() => this.record(input))
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))))
      // A handler that throws must not stop the recordings queued after this one.
      .catch(warnNotRecorded);
  }

  /**
   * Resolves once every recording `recordLater` queued (before or during the wait) is done, and the fusion weights
   * fitted since the last save are saved to the store (when it saves them).
   */
  async flush(): Promise<void> {
    let last: Promise<void>;
    do {
      last = this.#later;
      await last;
    } while (last !== this.#later);
    await this.#saveFits();
  }

  /**
   * Before the first sync learns: the fusion weights the store saved are kept with the model (where it has none, or
   * older ones), so a hybrid over it uses them instead of fitting again. Saved weights that are not valid are
   * reported to `onSkipped` (and fitted again).
   */
  async #readFits(store: UsageStore): Promise<void> {
    if (this.#fitsRead || store.readFusionFits === undefined) return;
    this.#fitsRead = true;
    let fits: SavedFusionFits | undefined;
    try {
      fits = await store.readFusionFits();
    } catch (error) {
      this.#onSkipped({ message: `saved fusion weights not used: ${(error as Error).message}` });
      return;
    }
    // Only the weights fitted over the observations this model learns from (its scope key): the store holds every
    // scope's.
    const tag = this.#fitsTag();
    for (const [scopedKey, fit] of Object.entries(fits ?? {})) {
      if (!scopedKey.startsWith(tag)) continue;
      const key = scopedKey.slice(tag.length);
      const kept = this.model.fittedFusion(key);
      if (kept === undefined || kept.observations < fit.observations) this.model.keepFittedFusion(key, fit);
    }
    this.#fitsSaved = this.model.fitsVersion;
  }

  /** Saves the model's fits to the store when one was kept since the last save (and the store saves them). */
  async #saveFits(): Promise<void> {
    const store = this.store;
    const version = this.model.fitsVersion;
    if (store?.writeFusionFits === undefined || version === this.#fitsSaved) return;
    // Other scopes' weights are kept as the store has them; this scope's are replaced.
    const tag = this.#fitsTag();
    let saved: SavedFusionFits = {};
    try {
      saved = (await store.readFusionFits?.()) ?? {};
    } catch {
      // Unreadable saved weights are replaced (reading them reported the problem).
    }
    // Weights saved without a scope key (before there was one) are dropped: no model adopts them.
    const merged: SavedFusionFits = Object.fromEntries(
      Object.entries(saved).filter(([key]) => key.includes(FITS_TAG_END) && !key.startsWith(tag)),
    );
    for (const [key, fit] of Object.entries(this.model.fittedFusions())) merged[`${tag}${key}`] = fit;
    await store.writeFusionFits(merged);
    this.#fitsSaved = version;
  }

  /** The prefix of this model's saved fusion weights in the store: its scope key. */
  #fitsTag(): string {
    return `${this.model.scopeKey}${FITS_TAG_END}`;
  }

  /** Validates, stores (when there is a store) and learns an observation. */
  async record(input: ObservationInput | Observation): Promise<void> {
    const observation = toObservation(input);
    const stored = this.#keepMessages
      ? observation
      : {
          ...observation,
          message: redactMessage(observation.message),
          ...(observation.history === undefined ? {} : { history: observation.history.map(redactMessage) }),
        };
    if (this.store === undefined) {
      this.model.observe(stored);
      return;
    }
    await this.store.append([stored]);
    await this.sync();
    await this.#saveFits();
  }

  /**
   * Learns every observation appended to the store since the last sync (by any process); resolves to how many.
   * Records that are not observations are skipped and reported to `onSkipped`; the cursor moves past them, so one
   * bad record never stops learning. A large backlog is read in the store's batches and learned in slices of
   * {@link LEARN_SLICE} observations, yielding to the event loop between slices.
   */
  async sync(): Promise<number> {
    if (this.store === undefined) return 0;
    // One read at a time: two overlapping reads from one cursor would learn a batch twice.
    while (this.#syncing !== undefined) await this.#syncing;
    const store = this.store;
    this.#syncing = (async () => {
      await this.#readFits(store);
      let learned = 0;
      for (let more = true; more; ) {
        const batch = await store.read(this.#cursor);
        this.#cursor = batch.cursor;
        more = batch.more === true;
        for (const record of batch.skipped ?? []) this.#onSkipped(record);
        const { observations } = batch;
        for (let start = 0; start < observations.length; start += LEARN_SLICE) {
          if (start > 0) await yieldToEventLoop();
          this.model.observe(observations.slice(start, start + LEARN_SLICE));
        }
        learned += observations.length;
      }
      return learned;
    })();
    try {
      return await this.#syncing;
    } finally {
      this.#syncing = undefined;
    }
  }
}
