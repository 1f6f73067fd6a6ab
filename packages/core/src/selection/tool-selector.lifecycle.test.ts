/**
 * Retrieval selectors over a live catalog: the index catches up at the start of a selection (never in between, and
 * once for concurrent selections), the catalog holds no reference to a selector, and a selector nobody references is
 * collected with its strategy, with nothing to close.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
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
    await tick(10);
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

/** Counts the catalog listeners added. */
function countListeners(catalog: ToolCatalog) {
  const listeners = { added: 0 };
  const on = catalog.on.bind(catalog);
  catalog.on = (event, listener) => {
    listeners.added++;
    return on(event, listener);
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

describe("createToolSelector over a live catalog", () => {
  it.each([
    ["incrementally (add/remove)", true],
    ["by rebuilding (index)", false],
  ])("applies updates %s at the start of the next selection, not when they happen", async (_, incremental) => {
    const catalog = assistantCatalog();
    const { strategy, counts } = countingStrategy({ incremental });
    const select = createToolSelector(catalog, { strategy, countTokens: false });
    await select("read a file");
    expect(counts).toEqual({ index: 1, add: 0, remove: 0, rank: 1 });
    updateCatalog(catalog);
    catalog.add([{ name: "get_tide_times", description: "High and low tide times", category: "weather" }]);
    await settled();
    expect(counts).toEqual({ index: 1, add: 0, remove: 0, rank: 1 });
    await select("read a file");
    // Three updates folded into one net change: the moon tool came and went, so only the tide tool is applied (its
    // name removed, then the tool added). A strategy without add/remove is rebuilt once.
    expect(counts).toEqual(incremental ? { index: 1, add: 1, remove: 1, rank: 2 } : { index: 2, add: 0, remove: 0, rank: 2 });
    await select("read a file");
    expect(counts).toMatchObject({ index: incremental ? 1 : 2, rank: 3 });
  });

  it("applies a change once for selections that start together", async () => {
    const catalog = assistantCatalog();
    const { strategy, counts } = countingStrategy();
    const select = createToolSelector(catalog, { strategy, countTokens: false });
    await select("read a file");
    catalog.add([{ name: "get_tide_times", description: "High and low tide times", category: "weather" }]);
    await Promise.all([select("read a file"), select("tides"), select("weather")]);
    expect(counts).toEqual({ index: 1, add: 1, remove: 1, rank: 4 });
  });

  it("adds no listener to the catalog", async () => {
    const catalog = assistantCatalog();
    const listeners = countListeners(catalog);
    const select = createToolSelector(catalog, { strategy: countingStrategy().strategy, countTokens: false });
    await select("read a file");
    expect(listeners).toEqual({ added: 0 });
  });
});

describe("createToolSelector: garbage collection", () => {
  /** Makes a selector, selects once, and keeps only weak references. */
  async function selectOnce(catalog: ToolCatalog) {
    const { strategy, counts } = countingStrategy();
    const select = createToolSelector(catalog, { strategy, countTokens: false });
    await select("read a file");
    return { selector: new WeakRef(select), strategy: new WeakRef(strategy), counts };
  }

  it("collects a selector nobody references with its strategy; later updates cost it nothing", async () => {
    const catalog = assistantCatalog();
    const { selector, strategy, counts } = await selectOnce(catalog);
    expect(await collectUntil(() => selector.deref() === undefined && strategy.deref() === undefined)).toBe(true);
    updateCatalog(catalog);
    await settled();
    expect(counts).toMatchObject({ index: 1, add: 0, remove: 0 });
  });
});
