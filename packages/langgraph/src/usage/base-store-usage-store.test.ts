import { InMemoryStore } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { BaseStoreUsageStore } from "./base-store-usage-store.js";

/** An InMemoryStore that counts the items its searches return and the gets it answers. */
class CountingStore extends InMemoryStore {
  returned = 0;
  gets = 0;
  override async search(...args: Parameters<InMemoryStore["search"]>): ReturnType<InMemoryStore["search"]> {
    const items = await super.search(...args);
    this.returned += items.length;
    return items;
  }
  override async get(...args: Parameters<InMemoryStore["get"]>): ReturnType<InMemoryStore["get"]> {
    this.gets++;
    return super.get(...args);
  }
}

const observation = (index: number) => ({ message: `m${index}`, tools: ["x"], ok: true, at: index });

describe("BaseStoreUsageStore: incremental reads", () => {
  it("after the first read gets by key only what was appended since: a sync does not grow with the store, and searches nothing", async () => {
    const touched: Array<{ returned: number; gets: number }> = [];
    for (const size of [100, 2_000]) {
      const store = new CountingStore();
      const writer = new BaseStoreUsageStore(store);
      await writer.append(Array.from({ length: size }, (_, index) => observation(index)));
      const usage = new BaseStoreUsageStore(store, { rediscoverMs: 3_600_000 });
      const first = await usage.read();
      expect(first.observations).toHaveLength(size);
      store.returned = 0;
      store.gets = 0;
      await writer.append([observation(size)]);
      store.gets = 0;
      const next = await usage.read(first.cursor);
      expect(next.observations.map((item) => item.message)).toEqual([`m${size}`]);
      touched.push({ returned: store.returned, gets: store.gets });
      expect((await usage.read(first.cursor)).observations).toEqual([]);
    }
    // The directory, the writer's head and the new item, at either size; no search.
    expect(touched).toEqual([
      { returned: 0, gets: 3 },
      { returned: 0, gets: 3 },
    ]);
  });

  it("reads every writer's items exactly once, interleaved, including a writer that registered after the first read", async () => {
    const store = new InMemoryStore();
    const a = new BaseStoreUsageStore(store);
    const b = new BaseStoreUsageStore(store);
    const reader = new BaseStoreUsageStore(store);
    await a.append([observation(1)]);
    const first = await reader.read();
    await b.append([observation(2)]);
    await a.append([observation(3), observation(4)]);
    expect((await reader.read(first.cursor)).observations.map((item) => item.message)).toEqual(["m2", "m3", "m4"]);
    await b.append([observation(5)]);
    expect((await reader.read(first.cursor)).observations.map((item) => item.message)).toEqual(["m5"]);
    expect((await reader.read(first.cursor)).observations).toEqual([]);
  });

  it("finds a writer whose directory entry was overwritten, through the heads, within rediscoverMs", async () => {
    const store = new InMemoryStore();
    const reader = new BaseStoreUsageStore(store, { rediscoverMs: 0 });
    const first = await reader.read();
    const writer = new BaseStoreUsageStore(store);
    await writer.append([observation(1)]);
    // A concurrent registration that overwrote the directory.
    await store.put(["dynamic-tools", "usage"], "writers", { writers: [] });
    expect((await reader.read(first.cursor)).observations.map((item) => item.message)).toEqual(["m1"]);
  });

  it("reports items that are not observations, by key, once; items of the flat layout are read on the first read", async () => {
    const store = new InMemoryStore();
    const namespace = ["dynamic-tools", "usage"];
    await store.put(namespace, "legacy", observation(1));
    await store.put(namespace, "junk", { hello: "world" });
    const usage = new BaseStoreUsageStore(store);
    const first = await usage.read();
    expect(first.observations.map((item) => item.message)).toEqual(["m1"]);
    expect(first.skipped).toEqual([{ key: "junk", message: expect.stringMatching(/dynamic-tools\/usage\/junk: unknown key "hello"/) }]);
    const again = await usage.read(first.cursor);
    expect(again).toEqual({ observations: [], cursor: first.cursor });
  });

  it("rejects bad options at construction", () => {
    expect(() => new BaseStoreUsageStore(new InMemoryStore(), { pageSize: 0 })).toThrow(/pageSize must be a positive whole number/);
    expect(() => new BaseStoreUsageStore(new InMemoryStore(), { rediscoverMs: -1 })).toThrow(/rediscoverMs must be/);
  });

  it("saves fitted fusion weights for every writer, not read as observations; a bad item is INVALID_OPTION naming it", async () => {
    const shared = new InMemoryStore();
    const writer = new BaseStoreUsageStore(shared);
    expect(await writer.readFusionFits()).toBeUndefined();
    await writer.append([observation(1)]);
    const fits = {
      "hybrid weighted": {
        formatVersion: 1 as const,
        weights: { bm25: 1, fuzzy: 0.3, vector: 0.45 },
        observations: 300,
        probes: 75,
        mrr: { fixed: 0.7, fitted: 0.8 },
      },
    };
    await writer.writeFusionFits(fits);
    const other = new BaseStoreUsageStore(shared);
    expect(await other.readFusionFits()).toEqual(fits);
    const batch = await other.read();
    expect(batch.observations).toHaveLength(1);
    expect(batch.skipped).toBeUndefined();
    await shared.put(["dynamic-tools", "usage", "fusion"], "fits", { fits: { x: { formatVersion: 2 } } });
    await expect(other.readFusionFits()).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message: expect.stringMatching(/dynamic-tools\/usage\/fusion\/fits\["x"\]\.formatVersion must be 1/),
    });
  });
});
