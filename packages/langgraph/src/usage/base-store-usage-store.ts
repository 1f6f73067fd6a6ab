/**
 * @module A usage store over LangGraph's `BaseStore` (`InMemoryStore`, `PostgresStore`, …): every replica of an
 * agent that shares the store learns from all of them. After the first read, a read asks the store only for items
 * stored since the newest one it has seen (less a window for late writers), so a sync costs what is new, not what is
 * stored.
 */
import { randomUUID } from "node:crypto";
import { DynamicToolsError, type Observation, type UsageStore } from "@dynamic-tools/core";
import { checkObservation, type SkippedRecord, type UsageBatch } from "@dynamic-tools/core/internal";
import type { BaseStore } from "@langchain/langgraph";

/** Options of {@link BaseStoreUsageStore}. */
export interface BaseStoreUsageStoreOptions {
  /** The namespace observations are put under. @defaultValue ["dynamic-tools", "usage"] */
  namespace?: string[];
  /** Items fetched per search page. @defaultValue 500 */
  pageSize?: number;
  /**
   * How late (by the writers' clocks) an item may become visible after a newer one and still be read: an incremental
   * read asks for items stored from `newest seen − lateWritesMs` on (those already returned are not returned again).
   * Cover the replicas' clock skew and the store's commit delay. @defaultValue 5 minutes
   */
  lateWritesMs?: number;
}

/** The value field holding when an item was stored (the writer's clock), which incremental reads filter on. */
const STORED_AT = "storedAt";

/**
 * Observations as items of a LangGraph store, one item per observation (keyed by time and a random id), each with the
 * time it was stored. `read(cursor)` returns the items this object has not returned yet, asking the store only for
 * those stored lately: the cursor is only valid for the object that returned it (each process keeps its own).
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
  readonly #lateWritesMs: number;
  /** Items returned (or skipped) that an incremental read may see again: key → when stored (−∞ when unknown). */
  readonly #seen = new Map<string, number>();
  /** The newest `storedAt` seen; undefined before the first read. */
  #newest: number | undefined;

  constructor(
    store: BaseStore,
    { namespace = ["dynamic-tools", "usage"], pageSize = 500, lateWritesMs = 5 * 60 * 1000 }: BaseStoreUsageStoreOptions = {},
  ) {
    if (!Number.isSafeInteger(pageSize) || pageSize < 1)
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `BaseStoreUsageStore: pageSize must be a positive whole number, got ${String(pageSize)}.`,
        {
          path: ["pageSize"],
        },
      );
    if (!(lateWritesMs >= 0) || !Number.isFinite(lateWritesMs))
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `BaseStoreUsageStore: lateWritesMs must be a finite number of milliseconds ≥ 0, got ${String(lateWritesMs)}.`,
        { path: ["lateWritesMs"] },
      );
    this.#store = store;
    this.#namespace = namespace;
    this.#pageSize = pageSize;
    this.#lateWritesMs = lateWritesMs;
  }

  async append(observations: readonly Observation[]): Promise<void> {
    for (const observation of observations) {
      const key = `${String(observation.at).padStart(15, "0")}-${randomUUID()}`;
      await this.#store.put(this.#namespace, key, { ...observation, [STORED_AT]: Date.now() });
    }
  }

  async read(cursor?: string): Promise<UsageBatch> {
    // Without a cursor, or before this object has read anything: every item (the first sync of a process).
    const newest = this.#newest;
    const since = cursor === undefined || newest === undefined || newest === -Infinity ? undefined : newest - this.#lateWritesMs;
    const filter = since === undefined ? undefined : { [STORED_AT]: { $gte: since } };
    const fresh = new Map<string, Observation>();
    const skipped: SkippedRecord[] = [];
    for (let offset = 0; ; offset += this.#pageSize) {
      const page = await this.#store.search(this.#namespace, {
        limit: this.#pageSize,
        offset,
        ...(filter === undefined ? {} : { filter }),
      });
      for (const item of page) {
        // The same item may show twice when items were added while paging.
        if (fresh.has(item.key) || (cursor !== undefined && this.#seen.has(item.key))) continue;
        const { [STORED_AT]: storedAt, ...value } = (item.value ?? {}) as Record<string, unknown>;
        const stored = typeof storedAt === "number" && Number.isFinite(storedAt) ? storedAt : -Infinity;
        this.#seen.set(item.key, stored);
        if (stored > (this.#newest ?? -Infinity)) this.#newest = stored;
        const observation = checkObservation(value);
        // An item that is not an observation (written by something else under this namespace) is skipped, and said.
        if (typeof observation === "string")
          skipped.push({ message: `${this.#namespace.join("/")}/${item.key}: ${observation}`, key: item.key });
        else fresh.set(item.key, observation);
      }
      if (page.length < this.#pageSize) break;
    }
    this.#newest ??= -Infinity;
    // Only items an incremental read can return again need remembering: memory follows the window, not the store.
    // (While no item says when it was stored, every read is a full one and must remember them all.)
    if (this.#newest !== -Infinity) {
      const horizon = this.#newest - this.#lateWritesMs;
      for (const [key, stored] of this.#seen) if (stored < horizon) this.#seen.delete(key);
    }
    const observations = [...fresh].sort(([a, x], [b, y]) => x.at - y.at || a.localeCompare(b)).map(([, observation]) => observation);
    return { observations, cursor: "seen", ...(skipped.length === 0 ? {} : { skipped }) };
  }
}
