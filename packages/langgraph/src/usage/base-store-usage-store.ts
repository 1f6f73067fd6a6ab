/**
 * @module A usage store over LangGraph's `BaseStore` (`InMemoryStore`, `PostgresStore`, …): every replica of an
 * agent that shares the store learns from all of them.
 */
import { randomUUID } from "node:crypto";
import type { Observation, UsageStore } from "@dynamic-tools/core";
import { checkObservation, type UsageBatch } from "@dynamic-tools/core/internal";
import type { BaseStore } from "@langchain/langgraph";

/** Options of {@link BaseStoreUsageStore}. */
export interface BaseStoreUsageStoreOptions {
  /** The namespace observations are put under. @defaultValue ["dynamic-tools", "usage"] */
  namespace?: string[];
  /** Items fetched per search page. @defaultValue 500 */
  pageSize?: number;
}

/**
 * Observations as items of a LangGraph store, one item per observation (keyed by time and a random id).
 * `read(cursor)` returns the items this object has not returned yet: the cursor is only valid for the object that
 * returned it (each process keeps its own).
 *
 * @example
 * ```ts
 * import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
 * const store = PostgresStore.fromConnString(process.env.DATABASE_URL!);
 * await store.setup();
 * const recorder = new UsageRecorder({ model: new UsageModel({ catalog }), store: new BaseStoreUsageStore(store) });
 * await recorder.sync();
 * ```
 */
export class BaseStoreUsageStore implements UsageStore {
  readonly #store: BaseStore;
  readonly #namespace: string[];
  readonly #pageSize: number;
  readonly #seen = new Set<string>();

  constructor(store: BaseStore, { namespace = ["dynamic-tools", "usage"], pageSize = 500 }: BaseStoreUsageStoreOptions = {}) {
    this.#store = store;
    this.#namespace = namespace;
    this.#pageSize = pageSize;
  }

  async append(observations: readonly Observation[]): Promise<void> {
    for (const observation of observations) {
      await this.#store.put(this.#namespace, `${String(observation.at).padStart(15, "0")}-${randomUUID()}`, { ...observation });
    }
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const fresh: Array<{ key: string; observation: Observation }> = [];
    for (let offset = 0; ; offset += this.#pageSize) {
      const page = await this.#store.search(this.#namespace, { limit: this.#pageSize, offset });
      for (const item of page) {
        if (cursor !== undefined && this.#seen.has(item.key)) continue;
        const observation = checkObservation(item.value);
        // An item that is not an observation (written by something else under this namespace) is skipped.
        if (typeof observation !== "string") fresh.push({ key: item.key, observation });
      }
      if (page.length < this.#pageSize) break;
    }
    // The same item may show twice when items were added while paging.
    const unique = new Map(fresh.map((entry) => [entry.key, entry]));
    for (const key of unique.keys()) this.#seen.add(key);
    const observations = [...unique.values()]
      .sort((a, b) => a.observation.at - b.observation.at || a.key.localeCompare(b.key))
      .map((entry) => entry.observation);
    return { observations, cursor: "seen" };
  }
}
