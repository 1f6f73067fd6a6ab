/**
 * The lifecycle of retrieval selectors over a live catalog: close(), `using` and a signal stop the index from
 * following the catalog; use after close fails with CLOSED; a selector nobody references is collected, not kept
 * alive (and updated) by the catalog.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { assistantCatalog } from "../retrieval/__fixtures__/assistant-catalog.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createToolSelector } from "./tool-selector.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the garbage collector until `done()`, at most 30 rounds. Each round starts in a fresh task: `WeakRef.deref()`
 * keeps its target alive until the current job ends, so collecting right after a check would never collect it.
 */
async function collectUntil(done: () => boolean): Promise<boolean> {
  for (let round = 0; round < 30; round++) {
    await tick(0);
    gc();
    await tick(10); // lets the FinalizationRegistry callbacks run
    if (done()) return true;
  }
  return false;
}

/** A strategy that counts what is asked of it. Plain counters, not vi.fn: a mock would record (and keep) `this`. */
function countingStrategy({ incremental = true }: { incremental?: boolean } = {}) {
  const counts = { index: 0, add: 0, remove: 0, rank: 0 };
  const strategy: RetrievalStrategy = {
    name: "counting",
    index() {
      counts.index++;
    },
    rank() {
      counts.rank++;
      return [{ name: "read_file", score: 1, signals: { counting: 1 } }];
    },
    ...(incremental
      ? {
          add() {
            counts.add++;
          },
          remove() {
            counts.remove++;
          },
        }
      : {}),
  };
  return { strategy, counts };
}

/** Counts the catalog's listeners added and removed (through the function `on` returns). */
function countListeners(catalog: ToolCatalog) {
  const listeners = { added: 0, removed: 0 };
  const on = catalog.on.bind(catalog);
  catalog.on = (event, listener) => {
    listeners.added++;
    const stop = on(event, listener);
    return () => {
      listeners.removed++;
      stop();
    };
  };
  return listeners;
}

let added = 0;
/** Adds a new tool and removes another one: two catalog updates. */
function updateCatalog(catalog: ToolCatalog): void {
  added++;
  catalog.add([{ name: `get_moon_phase_${added}`, description: "Phase of the moon tonight", category: "weather" }]);
  catalog.remove([`get_moon_phase_${added}`]);
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 5));

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("createToolSelector: close", () => {
  it.each([
    ["incrementally (add/remove)", true],
    ["by rebuilding (index)", false],
  ])("stops following the catalog when closed: a strategy updated %s is no longer touched", async (_, incremental) => {
    const catalog = assistantCatalog();
    const { strategy, counts } = countingStrategy({ incremental });
    const select = createToolSelector(catalog, { strategy, countTokens: false });
    await select("read a file");
    updateCatalog(catalog);
    await select("read a file");
    const followed = incremental ? { index: 1, add: 1, remove: 2 } : { index: 3, add: 0, remove: 0 };
    expect(counts).toEqual({ ...followed, rank: 2 });

    expect(select.closed).toBe(false);
    select.close();
    expect(select.closed).toBe(true);
    updateCatalog(catalog);
    await settled();
    expect(counts).toEqual({ ...followed, rank: 2 });
  });

  it("is harmless to close twice, or to close and then dispose", async () => {
    const catalog = assistantCatalog();
    const listeners = countListeners(catalog);
    const select = createToolSelector(catalog, { strategy: countingStrategy().strategy });
    select.close();
    select.close();
    select[Symbol.dispose]();
    expect(select.closed).toBe(true);
    expect(listeners).toEqual({ added: 1, removed: 1 });
  });

  it("rejects a selection after close with DynamicToolsError CLOSED, saying how to get a working selector", async () => {
    const { strategy, counts } = countingStrategy();
    const select = createToolSelector(assistantCatalog(), { strategy });
    select.close();
    const error = await Promise.resolve(select("read a file")).catch((reason: unknown) => reason);
    expect(DynamicToolsError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLOSED",
      message: "This tool selector was closed (by close(), `using` or its signal); create another with createToolSelector(catalog, options).",
    });
    expect(counts.rank).toBe(0);
  });

  it("lets a selection already running when it is closed finish on the index it had", async () => {
    let finishIndex!: () => void;
    const strategy: RetrievalStrategy = {
      name: "slow",
      index: () => new Promise<void>((resolve) => (finishIndex = resolve)),
      rank: () => [{ name: "read_file", score: 1, signals: {} }],
    };
    const select = createToolSelector(assistantCatalog(), { strategy, countTokens: false, autoCut: false });
    const running = select("read a file");
    await settled();
    select.close();
    finishIndex();
    expect((await running).tools).toEqual(["read_file"]);
    await expect(select("read a file")).rejects.toMatchObject({ code: "CLOSED" });
  });

  it("closes at the end of a `using` block", async () => {
    const catalog = assistantCatalog();
    const { strategy, counts } = countingStrategy();
    let outside: ReturnType<typeof createToolSelector> | undefined;
    {
      using select = createToolSelector(catalog, { strategy, countTokens: false });
      await select("read a file");
      outside = select;
    }
    expect(outside.closed).toBe(true);
    updateCatalog(catalog);
    await settled();
    expect(counts).toMatchObject({ add: 0, remove: 0, index: 1 });
  });

  it("closes when its signal aborts, starts closed with an aborted one, and stops listening to it when closed", async () => {
    const catalog = assistantCatalog();
    const { strategy, counts } = countingStrategy();
    const request = new AbortController();
    const select = createToolSelector(catalog, { strategy, countTokens: false, signal: request.signal });
    await select("read a file");
    request.abort();
    expect(select.closed).toBe(true);
    updateCatalog(catalog);
    await settled();
    expect(counts).toMatchObject({ add: 0, remove: 0 });
    await expect(select("read a file")).rejects.toMatchObject({ code: "CLOSED" });

    expect(createToolSelector(catalog, { strategy, signal: AbortSignal.abort() }).closed).toBe(true);

    const application = new AbortController();
    const removed: string[] = [];
    const removeEventListener = application.signal.removeEventListener.bind(application.signal);
    application.signal.removeEventListener = (...args: Parameters<typeof removeEventListener>) => {
      removed.push(args[0]);
      removeEventListener(...args);
    };
    for (const choice of [strategy, "keyword"]) createToolSelector(catalog, { strategy: choice, signal: application.signal }).close();
    expect(removed).toEqual(["abort", "abort"]);
  });

  it("closes keyword selectors too: a selection after close throws CLOSED synchronously", () => {
    const catalog = assistantCatalog();
    const select = createToolSelector(catalog, { countTokens: false });
    expect(select("what's the weather in Paris?")).toMatchObject({ strategy: "keyword" });
    select.close();
    select.close();
    expect(select.closed).toBe(true);
    expect(caught(() => select("what's the weather in Paris?"))).toMatchObject({ code: "CLOSED" });
    const aborted = createToolSelector(catalog, { signal: AbortSignal.abort() });
    expect(aborted.closed).toBe(true);
  });
});

describe("createToolSelector: garbage collection", () => {
  /** Makes a selector, selects once, and keeps only weak references. */
  async function selectOnce(catalog: ToolCatalog, options: { signal?: AbortSignal } = {}) {
    const { strategy, counts } = countingStrategy();
    const select = createToolSelector(catalog, { strategy, countTokens: false, ...options });
    await select("read a file");
    return { selector: new WeakRef(select), strategy: new WeakRef(strategy), counts };
  }

  it("collects a selector nobody references (never closed) with its strategy, and removes its catalog listener", async () => {
    const catalog = assistantCatalog();
    const listeners = countListeners(catalog);
    const { selector, strategy, counts } = await selectOnce(catalog);
    expect(listeners).toEqual({ added: 1, removed: 0 });

    expect(await collectUntil(() => selector.deref() === undefined && strategy.deref() === undefined)).toBe(true);
    expect(await collectUntil(() => listeners.removed === 1)).toBe(true);
    updateCatalog(catalog);
    await settled();
    expect(counts).toMatchObject({ index: 1, add: 0, remove: 0 });
  });

  it("is not kept alive by a long-lived signal", async () => {
    const application = new AbortController();
    const { selector, strategy } = await selectOnce(assistantCatalog(), { signal: application.signal });
    expect(await collectUntil(() => selector.deref() === undefined && strategy.deref() === undefined)).toBe(true);
    application.abort(); // nothing left to close; no error
  });

  it("lets its strategy go once closed, even while the closed selector is still referenced", async () => {
    const catalog = assistantCatalog();
    const made = await (async () => {
      const { strategy } = countingStrategy();
      const select = createToolSelector(catalog, { strategy, countTokens: false });
      await select("read a file");
      return { select, strategy: new WeakRef(strategy) };
    })();
    made.select.close();
    expect(await collectUntil(() => made.strategy.deref() === undefined)).toBe(true);
    expect(made.select.closed).toBe(true);
  });
});
