/**
 * @module Where observations live: one interface, so every replica of an agent can learn from all of them. Built
 * in: {@link MemoryUsageStore} and {@link JsonlUsageStore}; `@dynamic-tools/langgraph` adds LangGraph's `BaseStore`
 * (InMemoryStore, PostgresStore).
 */
import type { Observation } from "./observation.js";

/** A batch read from a store, and where to read on from. */
export interface UsageBatch {
  observations: Observation[];
  /** Pass to the next `read` to get only what was appended since; opaque. */
  cursor: string;
}

/** An append-only log of observations. */
export interface UsageStore {
  /** Appends validated observations. */
  append(observations: readonly Observation[]): Promise<void>;
  /** Observations appended after `cursor` (all of them without one), oldest first where the store knows the order. */
  read(cursor?: string): Promise<UsageBatch>;
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

  async append(observations: readonly Observation[]): Promise<void> {
    this.#observations.push(...observations);
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const from = cursor === undefined ? 0 : Number(cursor);
    return { observations: this.#observations.slice(from), cursor: String(this.#observations.length) };
  }
}
