/**
 * @module Where observations live: one interface, so every replica of an agent can learn from all of them. Built
 * in: {@link MemoryUsageStore} and {@link JsonlUsageStore}; `@dynamic-tools/langgraph` adds LangGraph's `BaseStore`
 * (InMemoryStore, PostgresStore).
 */
import type { Observation } from "./observation.js";
import type { SavedFusionFits } from "./saved-fusion-fits.js";

/** A stored record that is not a valid observation: skipped, the rest of the batch is read. */
export interface SkippedRecord {
  /** Where it is and what is wrong, e.g. `usage.jsonl:12: not valid JSON: …`. */
  message: string;
  /** Its line (1-based), in a line-oriented store. */
  line?: number;
  /** Its key, in a keyed store. */
  key?: string;
}

/** A batch read from a store, and where to read on from. */
export interface UsageBatch {
  observations: Observation[];
  /** Pass to the next `read` to get only what was appended since; opaque. The cursor moves past skipped records. */
  cursor: string;
  /** Records read past that are not observations (one bad record never stops the others). @defaultValue none */
  skipped?: SkippedRecord[];
  /** More is stored after this batch now: read again from `cursor` (a store bounds what one read holds). @defaultValue false */
  more?: boolean;
}

/** An append-only log of observations. */
export interface UsageStore {
  /** Appends validated observations. */
  append(observations: readonly Observation[]): Promise<void>;
  /**
   * Observations appended after `cursor` (from the start without one), oldest first where the store knows the
   * order; a record that is not an observation is skipped and named in `skipped`.
   */
  read(cursor?: string): Promise<UsageBatch>;
  /**
   * Optional: saves the fusion weights hybrids fitted over the observations (replacing those saved), so a process
   * that learns the same observations later starts from them instead of fitting again. `UsageRecorder` calls it
   * when its model kept a new fit.
   */
  writeFusionFits?(fits: SavedFusionFits): Promise<void>;
  /** Optional: the fusion weights saved by {@link UsageStore.writeFusionFits}, undefined when none are. */
  readFusionFits?(): Promise<SavedFusionFits | undefined>;
}

/**
 * Observations in memory (one process).
 * @example
 * ```ts
 * const store = new MemoryUsageStore();
 * await store.append([toObservation({ message: "weather in Oslo", tools: ["get_weather"] })]);
 * ```
 */
export class MemoryUsageStore implements UsageStore {
  readonly #observations: Observation[] = [];
  #fits: SavedFusionFits | undefined;

  async append(observations: readonly Observation[]): Promise<void> {
    this.#observations.push(...observations);
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const from = cursor === undefined ? 0 : Number(cursor);
    return { observations: this.#observations.slice(from), cursor: String(this.#observations.length) };
  }

  async writeFusionFits(fits: SavedFusionFits): Promise<void> {
    this.#fits = structuredClone(fits);
  }

  async readFusionFits(): Promise<SavedFusionFits | undefined> {
    return structuredClone(this.#fits);
  }
}
