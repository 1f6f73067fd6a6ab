import { InMemoryStore } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { BaseStoreUsageStore } from "./base-store-usage-store.js";

/** An InMemoryStore that counts the items its searches return. */
class CountingStore extends InMemoryStore {
  returned = 0;
  override async search(...args: Parameters<InMemoryStore["search"]>): ReturnType<InMemoryStore["search"]> {
    const items = await super.search(...args);
    this.returned += items.length;
    return items;
  }
}

const observation = (index: number) => ({ message: `m${index}`, tools: ["x"], ok: true, at: index });

describe("BaseStoreUsageStore: incremental reads", () => {
  it("after the first read asks the store only for what was stored lately: the items a sync touches do not grow with the store", async () => {
    const touched: number[] = [];
    for (const size of [100, 2_000]) {
      const store = new CountingStore();
      const usage = new BaseStoreUsageStore(store, { lateWritesMs: 0 });
      // Stored one millisecond apart (as a slow trickle of steps would be).
      for (let index = 0; index < size; index++)
        await store.put(["dynamic-tools", "usage"], `k${index}`, { ...observation(index), storedAt: index });
      const first = await usage.read();
      expect(first.observations).toHaveLength(size);
      store.returned = 0;
      await usage.append([observation(size)]);
      const next = await usage.read(first.cursor);
      expect(next.observations.map((item) => item.message)).toEqual([`m${size}`]);
      touched.push(store.returned);
      expect((await usage.read(first.cursor)).observations).toEqual([]);
    }
    // The newest item seen (the window's edge) and the new one, at either size.
    expect(touched).toEqual([2, 2]);
  });

  it("reads an item stored late (within the window) exactly once, and one from before the window never", async () => {
    const store = new InMemoryStore();
    const usage = new BaseStoreUsageStore(store, { lateWritesMs: 60_000 });
    const namespace = ["dynamic-tools", "usage"];
    await store.put(namespace, "a", { ...observation(1), storedAt: 1_000_000 });
    const first = await usage.read();
    expect(first.observations).toHaveLength(1);
    await store.put(namespace, "late", { ...observation(2), storedAt: 1_000_000 - 30_000 });
    await store.put(namespace, "too-late", { ...observation(3), storedAt: 1_000_000 - 120_000 });
    expect((await usage.read(first.cursor)).observations.map((item) => item.message)).toEqual(["m2"]);
    expect((await usage.read(first.cursor)).observations).toEqual([]);
  });

  it("reports items that are not observations, by key, once; legacy items without a stored time are read", async () => {
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
    expect(() => new BaseStoreUsageStore(new InMemoryStore(), { lateWritesMs: -1 })).toThrow(/lateWritesMs must be/);
  });
});
