import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assistantCatalog, ASSISTANT_MESSAGES } from "../retrieval/__fixtures__/assistant-catalog.js";
import { MIN_FIT_OBSERVATIONS } from "../retrieval/hybrid/fusion-fitter.js";
import { createHybridStrategy } from "../retrieval/hybrid/hybrid-strategy.js";
import { JsonlUsageStore } from "./jsonl-usage-store.js";
import { toObservation } from "./observation.js";
import { UsageModel } from "./usage-model.js";
import { UsageRecorder } from "./usage-recorder.js";
import { MemoryUsageStore, type SkippedRecord } from "./usage-store.js";

const MESSAGES = ASSISTANT_MESSAGES;
const observations = (count: number) =>
  Array.from({ length: count }, (_, index) => {
    const [message, tool] = MESSAGES[index % MESSAGES.length]!;
    return toObservation({ message: `${message} ${index % 7}`, tools: [tool], at: 0 });
  });
const QUERIES = ["will it rain", "files in folder", "mail my boss", "smaller picture", "photo"];

/** A process: a model and a recorder over the store, synced, and a hybrid over the model, indexed. */
async function start(store: JsonlUsageStore | MemoryUsageStore, onSkipped?: (record: SkippedRecord) => void, scope?: string) {
  const catalog = assistantCatalog();
  const model = new UsageModel({ catalog, clock: () => 0, ...(scope === undefined ? {} : { scope }) });
  const recorder = new UsageRecorder({ model, store, keepMessages: true, ...(onSkipped === undefined ? {} : { onSkipped }) });
  await recorder.sync();
  const hybrid = createHybridStrategy({ usage: model });
  await hybrid.index(catalog);
  return { model, recorder, hybrid };
}

describe("fitted fusion weights saved with the usage (UsageModel, UsageRecorder, usage stores)", () => {
  it("a restarted process over the same JSONL store starts from the saved fit and does not fit again", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "fusion-fits-")), "usage.jsonl");
    const store = new JsonlUsageStore(path);
    await store.append(observations(MIN_FIT_OBSERVATIONS));
    const first = await start(store);
    const fitted = first.hybrid.fittedFusion()!;
    expect(fitted.observations).toBe(MIN_FIT_OBSERVATIONS);
    expect(Object.values(first.model.fittedFusions())).toEqual([fitted]);
    await first.recorder.flush();
    expect(existsSync(store.fusionFile)).toBe(true);
    // Weights no fit over this usage gives: the next process can only have them from the saved file.
    const saved = JSON.parse(readFileSync(store.fusionFile, "utf8"));
    const [key] = Object.keys(saved);
    saved[key!].weights = { bm25: 1, fuzzy: 0, vector: 3 };
    writeFileSync(store.fusionFile, JSON.stringify(saved));
    const second = await start(new JsonlUsageStore(path));
    expect(second.hybrid.fittedFusion()).toEqual(saved[key!]);
    const same = createHybridStrategy({ usage: second.model, fitted: saved[key!] });
    await same.index(assistantCatalog());
    for (const query of QUERIES) expect(await second.hybrid.rank({ query, limit: 8 })).toEqual(await same.rank({ query, limit: 8 }));
  });

  it("fits again once the observations have doubled, and saves the new fit with the next recording", async () => {
    const store = new MemoryUsageStore();
    await store.append(observations(MIN_FIT_OBSERVATIONS));
    const first = await start(store);
    await first.recorder.flush();
    for (const item of observations(MIN_FIT_OBSERVATIONS)) await first.recorder.record(item);
    const refit = await first.hybrid.refitFusion();
    expect(refit!.observations).toBe(2 * MIN_FIT_OBSERVATIONS);
    await first.recorder.flush();
    expect(Object.values((await store.readFusionFits())!).map((fit) => fit.observations)).toEqual([2 * MIN_FIT_OBSERVATIONS]);
  });

  it("keeps each scope's fit apart in one store: another scope never adopts it, and saving its own keeps the first", async () => {
    const store = new MemoryUsageStore();
    await store.append(observations(MIN_FIT_OBSERVATIONS).map((observation) => ({ ...observation, scope: "tenant-a" })));
    const tenantA = await start(store, undefined, "tenant-a");
    expect(tenantA.hybrid.fittedFusion()?.observations).toBe(MIN_FIT_OBSERVATIONS);
    await tenantA.recorder.flush();
    for (const scope of ["tenant-b", undefined]) {
      const other = await start(store, undefined, scope);
      expect(other.model.size).toBe(0);
      expect(other.model.fittedFusions()).toEqual({});
      expect(other.hybrid.fittedFusion()).toBeUndefined();
    }
    const tenantB = await start(store, undefined, "tenant-b");
    for (const item of observations(MIN_FIT_OBSERVATIONS)) await tenantB.recorder.record({ ...item, scope: "tenant-b" });
    expect((await tenantB.hybrid.refitFusion())?.observations).toBe(MIN_FIT_OBSERVATIONS);
    await tenantB.recorder.flush();
    expect(Object.keys((await store.readFusionFits())!).map((key) => key.split("\u0001")[0])).toEqual(['["tenant-a"]', '["tenant-b"]']);
    expect((await start(store, undefined, "tenant-a")).model.fittedFusions()).toEqual(tenantA.model.fittedFusions());
  });

  it("a damaged saved file is reported and the hybrid fits again", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "fusion-fits-")), "usage.jsonl");
    const store = new JsonlUsageStore(path);
    await store.append(observations(MIN_FIT_OBSERVATIONS));
    writeFileSync(store.fusionFile, JSON.stringify({ "hybrid weighted": { formatVersion: 1, weights: { bm25: "x" } } }));
    await expect(store.readFusionFits()).rejects.toMatchObject({ code: "INVALID_OPTION", message: expect.stringMatching(/weights\.bm25/) });
    const skipped: SkippedRecord[] = [];
    const restarted = await start(store, (record) => skipped.push(record));
    expect(skipped.map(({ message }) => message)).toEqual([expect.stringMatching(/saved fusion weights not used: .*fusion\.json/)]);
    expect(restarted.hybrid.fittedFusion()?.observations).toBe(MIN_FIT_OBSERVATIONS);
  });
});
