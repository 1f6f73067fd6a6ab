/**
 * @module Keeps a retrieval strategy's index in step with a live catalog: `remove` then `add` when the strategy
 * supports them (incremental), else a full `index` as the fallback. {@link followCatalogIndex} applies every update
 * until closed; the catalog holds it weakly, so an index whose owner nobody references is collected, not kept.
 */
import type { CatalogChange } from "../catalog/catalog-events.js";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import type { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { closedError, DISPOSE, type Closable } from "../selection/closable.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";

/**
 * Applies one catalog update to a strategy's index. Changed tools are removed and added again.
 *
 * @example
 * ```ts
 * catalog.on("toolsUpdated", ({ added, changed, removed }) => followUpdate(strategy, catalog, [...added, ...changed], removed));
 * ```
 */
export async function followUpdate(strategy: RetrievalStrategy, catalog: ToolCatalog, upserted: readonly ToolMetadata[], removed: readonly string[]): Promise<void> {
  if (strategy.add === undefined || strategy.remove === undefined) {
    await strategy.index(catalog);
    return;
  }
  const gone = [...removed, ...upserted.map((tool) => tool.name)];
  if (gone.length > 0) await strategy.remove(gone);
  if (upserted.length > 0) await strategy.add(upserted);
}

/** Options of {@link followCatalogIndex}. */
export interface FollowCatalogIndexOptions {
  /**
   * Build the index on the first `ready()` rather than now; updates before that are not applied one by one (the
   * build reads the catalog as it is then). @defaultValue false
   */
  lazy?: boolean;
  /** Closes the index when it aborts (e.g. the end of a request or of the application). */
  signal?: AbortSignal;
  /** The error `ready()` throws once closed. @defaultValue a `CLOSED` error about "This index" */
  closedError?: () => DynamicToolsError;
}

/** A strategy's index that follows a live catalog until closed; see {@link followCatalogIndex}. */
export interface FollowedIndex extends Closable {
  /**
   * The strategy, once its index holds the catalog and every update so far (building it first when lazy).
   * @throws DynamicToolsError `CLOSED` once closed; the build's own error when `index()` failed (for every call).
   */
  ready(): Promise<RetrievalStrategy>;
}

function ignore(): void {}

/** Lets a catalog listener go when the index it fed was collected without being closed. */
const collected = new FinalizationRegistry<() => void>(function releaseCollected(release) {
  release();
});

/**
 * Subscribes to the catalog (and the signal) through a WeakRef. Kept out of {@link StrategyIndex} on purpose: a
 * closure created where the index is in scope could capture it and make the catalog hold it strongly.
 */
function subscribeWeakly(catalog: ToolCatalog, ref: WeakRef<StrategyIndex>, signal: AbortSignal | undefined): () => void {
  let released = false;
  const stop = catalog.on("toolsUpdated", function followCatalogUpdate(event) {
    const index = ref.deref();
    if (index === undefined) release();
    else index.follow(event);
  });
  const closeOnAbort = function closeOnAbort() {
    ref.deref()?.close();
  };
  signal?.addEventListener("abort", closeOnAbort, { once: true });
  function release(): void {
    if (released) return;
    released = true;
    stop();
    signal?.removeEventListener("abort", closeOnAbort);
  }
  return release;
}

class StrategyIndex implements FollowedIndex {
  readonly #catalog: ToolCatalog;
  readonly #closedError: () => DynamicToolsError;
  /** Undefined once closed: a closed index lets go of the strategy (and so of its index). */
  #strategy: RetrievalStrategy | undefined;
  /** The build followed by every update since, in order; undefined until built (lazy) and once closed. */
  #built: Promise<void> | undefined;
  #release: (() => void) | undefined;

  constructor(catalog: ToolCatalog, strategy: RetrievalStrategy, { lazy = false, signal, closedError: toError }: FollowCatalogIndexOptions) {
    this.#catalog = catalog;
    this.#closedError = toError ?? (() => closedError("This index", "follow the catalog with a new one"));
    if (signal?.aborted) return; // closed from the start
    this.#strategy = strategy;
    this.#release = subscribeWeakly(catalog, new WeakRef(this), signal);
    collected.register(this, this.#release, this);
    if (!lazy) this.#built = build(strategy, catalog);
  }

  get closed(): boolean {
    return this.#strategy === undefined;
  }

  async ready(): Promise<RetrievalStrategy> {
    const strategy = this.#strategy;
    if (strategy === undefined) throw this.#closedError();
    const built = (this.#built ??= build(strategy, this.#catalog));
    try {
      await built;
    } catch (cause) {
      // Reported once: the next ready() builds the index again, from the catalog as it is then.
      if (this.#built === built) this.#built = undefined;
      throw cause;
    }
    return strategy;
  }

  /** Internal (not on {@link FollowedIndex}): queues one catalog update after the build and the earlier updates. */
  follow({ added, changed, removed }: CatalogChange): void {
    const strategy = this.#strategy;
    if (strategy === undefined || this.#built === undefined) return;
    const catalog = this.#catalog;
    this.#built = this.#built
      .then(function applyUpdate() {
        return followUpdate(strategy, catalog, [...added, ...changed], removed);
      })
      // An update that failed (say, an embeddings API down for a moment) or a failed build before it: rebuild the
      // index from the catalog, which includes this update, rather than stay broken.
      .catch(function rebuild() {
        return strategy.index(catalog);
      });
    // A failure is reported to the next ready(); don't also raise it as unhandled.
    this.#built.catch(ignore);
  }

  close(): void {
    this.#strategy = undefined;
    this.#built = undefined;
    const release = this.#release;
    this.#release = undefined;
    if (release === undefined) return;
    collected.unregister(this);
    release();
  }

  [DISPOSE](): void {
    this.close();
  }
}

function build(strategy: RetrievalStrategy, catalog: ToolCatalog): Promise<void> {
  const built = Promise.resolve().then(function buildIndex() {
    return strategy.index(catalog);
  });
  // The failure is reported to the first ready() that awaits it; don't also raise it as unhandled.
  built.catch(ignore);
  return built;
}

/**
 * Builds a strategy's index over the catalog (now, or on first use when `lazy`) and applies every `toolsUpdated`
 * to it, in order, until closed. The catalog reaches the index only through a `WeakRef`: an index its owner no
 * longer references is garbage-collected and its listener removed, so an owner created per request leaks nothing
 * even when nobody closes it. Close it to stop at a known point (and to fail later use with a clear error).
 *
 * @param catalog - the live catalog.
 * @param strategy - the strategy whose index follows it.
 * @param options.lazy - build on the first `ready()`. @defaultValue false
 * @param options.signal - closes the index when it aborts.
 * @param options.closedError - what `ready()` throws once closed.
 * @example
 * ```ts
 * const index = followCatalogIndex(catalog, createStrategy("bm25"));
 * const strategy = await index.ready(); // built, with every update so far
 * await strategy.rank({ query: "resize my photo", limit: 5 });
 * index.close(); // catalog updates no longer reach it; ready() now throws CLOSED
 * ```
 */
export function followCatalogIndex(catalog: ToolCatalog, strategy: RetrievalStrategy, options: FollowCatalogIndexOptions = {}): FollowedIndex {
  return new StrategyIndex(catalog, strategy, options);
}
