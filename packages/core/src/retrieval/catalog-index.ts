/**
 * @module A retrieval strategy's index over a live catalog that catches up when it is used: {@link CatalogIndex.current}
 * applies the catalog's changes since the version it has seen (`remove` then `add` when the strategy supports them,
 * a full `index` otherwise), so nothing subscribes to the catalog and nothing needs closing.
 */
import type { CatalogChanges } from "../catalog/change-log.js";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { RetrievalStrategy } from "./retrieval-strategy.js";

/** Options of {@link createCatalogIndex}. */
export interface CatalogIndexOptions {
  /**
   * Build the index on the first `current()` rather than now. An eager build that fails is not reported until
   * `current()` is called, which then builds again. @defaultValue false
   */
  lazy?: boolean;
}

/** A strategy's index over a live catalog; see {@link createCatalogIndex}. */
export interface CatalogIndex {
  /**
   * The strategy, once its index holds the catalog as it is now: builds it the first time, else applies the changes
   * since the version it has seen (or rebuilds when the catalog's log no longer reaches back that far). Concurrent
   * calls share one catch-up. In the steady state (no update since the last call) it costs one version comparison.
   * @throws the strategy's own error when building or rebuilding failed; the next call tries again.
   */
  current(): Promise<RetrievalStrategy>;
  /** The catalog version the index holds, or undefined before the first build (and after a failed catch-up). */
  readonly version: number | undefined;
}

function ignore(): void {}

/** Applies a net change: changed tools are removed and added again. */
async function applyChanges(
  strategy: Required<Pick<RetrievalStrategy, "add" | "remove">>,
  changes: Extract<CatalogChanges, { rebuild: false }>,
): Promise<void> {
  const { upserted } = changes;
  const gone = [...changes.removed, ...upserted.map((tool) => tool.name)];
  if (gone.length > 0) await strategy.remove(gone);
  if (upserted.length > 0) await strategy.add(upserted);
}

class StrategyIndex implements CatalogIndex {
  readonly #catalog: ToolCatalog;
  readonly #strategy: RetrievalStrategy;
  #version: number | undefined;
  /** The catch-up running now, shared by every `current()` that arrives meanwhile. */
  #running: Promise<void> | undefined;

  constructor(catalog: ToolCatalog, strategy: RetrievalStrategy, { lazy = false }: CatalogIndexOptions) {
    this.#catalog = catalog;
    this.#strategy = strategy;
    // The failure is reported to the next current() (which builds again); don't also raise it as unhandled.
    if (!lazy) this.current().catch(ignore);
  }

  get version(): number | undefined {
    return this.#version;
  }

  async current(): Promise<RetrievalStrategy> {
    const target = this.#catalog.version;
    // One comparison in the steady state; otherwise wait for a catch-up (joining the one running, if any) until the
    // index holds at least the version this call saw.
    while (this.#version === undefined || this.#version < target) {
      this.#running ??= this.#catchUp().finally(() => {
        this.#running = undefined;
      });
      await this.#running;
    }
    return this.#strategy;
  }

  async #catchUp(): Promise<void> {
    const strategy = this.#strategy;
    const seen = this.#version;
    if (seen === undefined) return this.#rebuild();
    const changes = this.#catalog.changesSince(seen);
    if (changes.rebuild || strategy.add === undefined || strategy.remove === undefined) return this.#rebuild();
    // Unknown until applied in full: a failure half-way leaves the index between two versions.
    this.#version = undefined;
    try {
      await applyChanges(strategy as Required<RetrievalStrategy>, changes);
    } catch {
      // An update that failed (say, an embeddings API down for a moment): rebuild from the catalog rather than stay
      // broken. If the rebuild fails too, its error is reported and the next call builds again.
      return this.#rebuild();
    }
    this.#version = changes.version;
  }

  /** Builds the index from the catalog as it is now. */
  async #rebuild(): Promise<void> {
    this.#version = undefined;
    // Read before building: an update during an asynchronous build is applied again on the next catch-up, which is
    // harmless (a tool is removed, then added with its current metadata).
    const version = this.#catalog.version;
    await this.#strategy.index(this.#catalog);
    this.#version = version;
  }
}

/**
 * A strategy's index over a live catalog, kept current by pulling: each `current()` first applies what changed in
 * the catalog since the index last looked ({@link ToolCatalog.changesSince}). The catalog holds no reference to
 * it, so an index (and the selector or tool that owns it) nobody references is garbage-collected like any object,
 * with nothing to close.
 *
 * @param catalog - the live catalog.
 * @param strategy - the strategy whose index follows it.
 * @param options.lazy - build on the first `current()`. @defaultValue false
 * @example
 * ```ts
 * const index = createCatalogIndex(catalog, createStrategy("bm25"));
 * catalog.add([weatherTool]);
 * const strategy = await index.current(); // built, with weatherTool added
 * await strategy.rank({ query: "weather in Paris", limit: 5 });
 * ```
 */
export function createCatalogIndex(catalog: ToolCatalog, strategy: RetrievalStrategy, options: CatalogIndexOptions = {}): CatalogIndex {
  return new StrategyIndex(catalog, strategy, options);
}
