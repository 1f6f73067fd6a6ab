/**
 * @module A usage store over LangGraph's `BaseStore` (`InMemoryStore`, `PostgresStore`, …): every replica of an
 * agent that shares the store learns from all of them. After the first read, a read gets by key only what the writers
 * appended since, so a sync costs what is new, not what is stored.
 */
import { randomUUID } from "node:crypto";
import { DynamicToolsError, type Observation, type UsageStore } from "@dynamic-tools/core";
import { checkObservation, parseSavedFusionFits, type SkippedRecord, type UsageBatch } from "@dynamic-tools/core/internal";
import type { SavedFusionFits } from "@dynamic-tools/core/types";
import type { BaseStore } from "@langchain/langgraph";

/** Options of {@link BaseStoreUsageStore}. */
export interface BaseStoreUsageStoreOptions {
  /** The namespace observations are put under. @defaultValue ["dynamic-tools", "usage"] */
  namespace?: string[];
  /** Items fetched per search page (the first read of a process) and per batch of reads. @defaultValue 500 */
  pageSize?: number;
  /**
   * How often an incremental read also searches the writers' heads, to find a writer whose entry in the directory a
   * concurrent registration overwrote (it is listed again on its next append anyway). @defaultValue 60 seconds
   */
  rediscoverMs?: number;
}

/** The value field holding when an item was stored (the writer's clock). */
const STORED_AT = "storedAt";
/** The directory item, under the namespace itself: every writer's id. */
const DIRECTORY = "writers";
/** Where the fitted fusion weights are saved: the item `fits` under `[...namespace, "fusion"]`. */
const FUSION = "fusion";

/**
 * Observations as items of a LangGraph store, so every replica of an agent that shares the store learns from all of
 * them. Each instance writes as its own writer: its observations under `[...namespace, "log", writer]` with
 * consecutive keys, then its head (`[...namespace, "heads"]`, the next key) and its entry in the directory item. A
 * process's first `read()` searches everything under the namespace (older items of a flat layout included); after it,
 * a read only gets the directory, each writer's head and the items past what it has read, by key: a sync costs what is
 * new, whatever the store holds (no search, whose filters a `PostgresStore` runs over the whole table). The cursor is
 * only valid for the object that returned it (each process keeps its own). Fusion weights fitted over the observations
 * are the item `fits` under `[...namespace, "fusion"]` (one for all writers: the last fit saved wins).
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
  readonly #rediscoverMs: number;
  readonly #writer = randomUUID();
  #nextKey = 0;
  /** Per writer, the first key this object has not read; undefined before its first read. */
  #readUpTo: Map<string, number> | undefined;
  #discoveredAt = 0;

  constructor(
    store: BaseStore,
    { namespace = ["dynamic-tools", "usage"], pageSize = 500, rediscoverMs = 60_000 }: BaseStoreUsageStoreOptions = {},
  ) {
    if (!Number.isSafeInteger(pageSize) || pageSize < 1)
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `BaseStoreUsageStore: pageSize must be a positive whole number, got ${String(pageSize)}.`,
        {
          path: ["pageSize"],
        },
      );
    if (!(rediscoverMs >= 0) || !Number.isFinite(rediscoverMs))
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `BaseStoreUsageStore: rediscoverMs must be a finite number of milliseconds ≥ 0, got ${String(rediscoverMs)}.`,
        { path: ["rediscoverMs"] },
      );
    this.#store = store;
    this.#namespace = namespace;
    this.#pageSize = pageSize;
    this.#rediscoverMs = rediscoverMs;
  }

  async append(observations: readonly Observation[]): Promise<void> {
    if (observations.length === 0) return;
    const log = [...this.#namespace, "log", this.#writer];
    for (const observation of observations) {
      await this.#store.put(log, logKey(this.#nextKey), { ...observation, [STORED_AT]: Date.now() });
      this.#nextKey++;
    }
    // The head after the items: a reader that sees it can get every item before it.
    await this.#store.put([...this.#namespace, "heads"], this.#writer, { next: this.#nextKey });
    // One directory item, written read-modify-write: a concurrent registration may overwrite this writer's entry, so
    // every append checks that it is still listed (and readers search the heads now and then).
    const writers = writersOf((await this.#store.get(this.#namespace, DIRECTORY))?.value);
    if (!writers.includes(this.#writer)) await this.#store.put(this.#namespace, DIRECTORY, { writers: [...writers, this.#writer] });
  }

  /** Saves the fits as the item `fits` under `[...namespace, "fusion"]` (replacing it). */
  async writeFusionFits(fits: SavedFusionFits): Promise<void> {
    await this.#store.put([...this.#namespace, FUSION], "fits", { fits });
  }

  /**
   * The fits saved by {@link BaseStoreUsageStore.writeFusionFits}, undefined when none are.
   * @throws DynamicToolsError `INVALID_OPTION` naming the item and the first bad field, when it is not saved fits.
   */
  async readFusionFits(): Promise<SavedFusionFits | undefined> {
    const item = await this.#store.get([...this.#namespace, FUSION], "fits");
    if (item === null || item === undefined) return undefined;
    return parseSavedFusionFits((item.value as { fits?: unknown }).fits, [...this.#namespace, FUSION, "fits"].join("/"));
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const fresh: Array<[key: string, observation: Observation]> = [];
    const skipped: SkippedRecord[] = [];
    const take = (label: string, key: string, value: unknown) => {
      const { [STORED_AT]: _stored, ...fields } = (value ?? {}) as Record<string, unknown>;
      const observation = checkObservation(fields);
      // An item that is not an observation (written by something else under this namespace) is skipped, and said.
      if (typeof observation === "string") skipped.push({ message: `${label}: ${observation}`, key });
      else fresh.push([label, observation]);
    };
    if (cursor === undefined || this.#readUpTo === undefined) await this.#readAll(take);
    else await this.#readNew(take);
    const observations = fresh.sort(([a, x], [b, y]) => x.at - y.at || a.localeCompare(b)).map(([, observation]) => observation);
    return { observations, cursor: "seen", ...(skipped.length === 0 ? {} : { skipped }) };
  }

  /** Every item under the namespace (the first read of a process), noting how far each writer's log was read. */
  async #readAll(take: (label: string, key: string, value: unknown) => void): Promise<void> {
    const readUpTo = new Map<string, number>();
    const depth = this.#namespace.length;
    const seen = new Set<string>();
    for (let offset = 0; ; offset += this.#pageSize) {
      const page = await this.#store.search(this.#namespace, { limit: this.#pageSize, offset });
      for (const item of page) {
        const path = item.namespace.slice(depth);
        const label = [...item.namespace, item.key].join("/");
        // The same item may show twice when items were added while paging.
        if (seen.has(label)) continue;
        seen.add(label);
        if ((path.length === 0 && item.key === DIRECTORY) || (path.length === 1 && (path[0] === "heads" || path[0] === FUSION))) continue;
        if (path.length === 2 && path[0] === "log") {
          const position = Number(item.key);
          readUpTo.set(path[1]!, Math.max(readUpTo.get(path[1]!) ?? 0, position + 1));
        }
        take(label, item.key, item.value);
      }
      if (page.length < this.#pageSize) break;
    }
    this.#readUpTo = readUpTo;
    this.#discoveredAt = Date.now();
  }

  /** What the writers appended since this object's last read, by key. */
  async #readNew(take: (label: string, key: string, value: unknown) => void): Promise<void> {
    const readUpTo = this.#readUpTo!;
    const writers = new Set([...readUpTo.keys(), ...writersOf((await this.#store.get(this.#namespace, DIRECTORY))?.value)]);
    if (Date.now() - this.#discoveredAt >= this.#rediscoverMs) {
      this.#discoveredAt = Date.now();
      for (let offset = 0; ; offset += this.#pageSize) {
        const page = await this.#store.search([...this.#namespace, "heads"], { limit: this.#pageSize, offset });
        for (const item of page) writers.add(item.key);
        if (page.length < this.#pageSize) break;
      }
    }
    for (const writer of writers) {
      const head = (await this.#store.get([...this.#namespace, "heads"], writer))?.value as { next?: unknown } | undefined;
      const next = typeof head?.next === "number" && Number.isSafeInteger(head.next) ? head.next : 0;
      const log = [...this.#namespace, "log", writer];
      for (let from = readUpTo.get(writer) ?? 0; from < next; from += this.#pageSize) {
        const keys = Array.from({ length: Math.min(this.#pageSize, next - from) }, (_, index) => logKey(from + index));
        const items = await Promise.all(keys.map((key) => this.#store.get(log, key)));
        items.forEach((item, index) => {
          // An item gone since (a TTL, a deletion) is simply not there any more.
          if (item !== null && item !== undefined) take([...log, keys[index]!].join("/"), keys[index]!, item.value);
        });
      }
      readUpTo.set(writer, Math.max(readUpTo.get(writer) ?? 0, next));
    }
  }
}

/** A log item's key: its position, zero-padded so keys sort as positions do. */
function logKey(position: number): string {
  return String(position).padStart(12, "0");
}

function writersOf(value: unknown): string[] {
  const writers = (value as { writers?: unknown } | undefined)?.writers;
  return Array.isArray(writers) ? writers.filter((writer): writer is string => typeof writer === "string") : [];
}
