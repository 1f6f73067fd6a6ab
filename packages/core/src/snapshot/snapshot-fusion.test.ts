import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { assistantCatalog, ASSISTANT_MESSAGES } from "../retrieval/__fixtures__/assistant-catalog.js";
import { MIN_FIT_OBSERVATIONS } from "../retrieval/hybrid/fusion-fitter.js";
import type { FittedFusion } from "../retrieval/hybrid/fusion-weights.js";
import { createHybridStrategy, type HybridStrategy } from "../retrieval/hybrid/hybrid-strategy.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { UsageModel } from "../usage/usage-model.js";
import { readSnapshot, writeSnapshot } from "./catalog-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "snapshot-fusion-test-"));

const MESSAGES = ASSISTANT_MESSAGES;
const QUERIES = ["will it rain", "files in folder", "mail my boss", "calendar meeting", "smaller picture", "photo", "resize", "weather"];

/** A usage model that learned `observations` (the same ones each call: a restarted process replaying its store). */
function learnedModel(observations = MIN_FIT_OBSERVATIONS): UsageModel {
  const usage = new UsageModel({ catalog: assistantCatalog(), clock: () => 0 });
  for (let index = 0; index < observations; index++) {
    const [message, tool] = MESSAGES[index % MESSAGES.length]!;
    usage.observe({ message: `${message} ${index % 7}`, tools: [tool], at: 0 });
  }
  return usage;
}

async function rankings(strategy: Pick<RetrievalStrategy, "rank">) {
  return Promise.all(QUERIES.map((query) => strategy.rank({ query, limit: 8 })));
}

/** Rewrites the file's checksums after a same-length change of a section's bytes (what a tool that re-signs would do). */
function resign(file: string, section: string, change: (text: string) => string): void {
  const bytes = readFileSync(file);
  const length = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString("utf8", 48, 48 + length));
  const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
  const { offset, length: size, sha256 } = header.sections[section];
  const changed = Buffer.from(change(bytes.toString("utf8", start + offset, start + offset + size)), "utf8");
  expect(changed.byteLength).toBe(size);
  changed.copy(bytes, start + offset);
  const digest = createHash("sha256").update(changed).digest("base64");
  const headerText = bytes.toString("utf8", 48, 48 + length).replace(sha256, digest);
  Buffer.from(headerText, "utf8").copy(bytes, 48);
  // The preamble's checksum covers the header and its padding (each section has its own, in the header).
  createHash("sha256").update(bytes.subarray(48, start)).digest().copy(bytes, 16);
  writeFileSync(file, bytes);
}

describe("snapshots: a hybrid's fitted fusion weights", () => {
  it("round trip: a restored hybrid over the same usage uses the stored weights and ranks exactly as the original", async () => {
    const original = createHybridStrategy({ usage: learnedModel() });
    await original.index(assistantCatalog());
    const fitted = original.fittedFusion()!;
    expect(fitted.observations).toBe(MIN_FIT_OBSERVATIONS);
    const file = join(folder, "round-trip.snapshot");
    await writeSnapshot(file, assistantCatalog(), { fitted });
    const catalog = assistantCatalog();
    const restored = readSnapshot(file).load(catalog).strategy("hybrid", { usage: learnedModel() }) as HybridStrategy;
    await restored.index(catalog);
    expect(restored.fittedFusion()).toEqual(fitted);
    expect(await rankings(restored)).toEqual(await rankings(original));
  });

  it("uses the stored weights without fitting again (weights no fit over this usage gives)", async () => {
    const original = createHybridStrategy({ usage: learnedModel() });
    await original.index(assistantCatalog());
    const stored: FittedFusion = { ...original.fittedFusion()!, weights: { bm25: 1, fuzzy: 0, vector: 3 } };
    const file = join(folder, "stored.snapshot");
    await writeSnapshot(file, assistantCatalog(), { fitted: stored });
    const catalog = assistantCatalog();
    const restored = readSnapshot(file).load(catalog).strategy("hybrid", { usage: learnedModel() }) as HybridStrategy;
    await restored.index(catalog);
    expect(restored.fittedFusion()).toEqual(stored);
    const same = createHybridStrategy({ usage: learnedModel(), fitted: stored });
    await same.index(assistantCatalog());
    const ranked = await rankings(restored);
    expect(ranked).toEqual(await rankings(same));
    expect(ranked[0]![0]!.weights).toEqual(stored.weights);
    // Once the usage has doubled since they were fitted, the restored hybrid fits again.
    const doubled = readSnapshot(file)
      .load(catalog)
      .strategy("hybrid", { usage: learnedModel(2 * MIN_FIT_OBSERVATIONS) }) as HybridStrategy;
    await doubled.index(catalog);
    expect(doubled.fittedFusion()!.observations).toBe(2 * MIN_FIT_OBSERVATIONS);
  });

  it("an old snapshot (no fusion section) still loads: with usage the hybrid fits, without it ranks as before", async () => {
    const file = join(folder, "old.snapshot");
    await writeSnapshot(file, assistantCatalog());
    const header = readSnapshot(file).snapshot;
    expect(header.sections?.fusion).toBeUndefined();
    const catalog = assistantCatalog();
    const learning = readSnapshot(file).load(catalog).strategy("hybrid", { usage: learnedModel() }) as HybridStrategy;
    await learning.index(catalog);
    expect(learning.fittedFusion()?.observations).toBe(MIN_FIT_OBSERVATIONS);
    const plain = readSnapshot(file).load(catalog).strategy("hybrid") as HybridStrategy;
    await plain.index(catalog);
    const fresh = createHybridStrategy();
    await fresh.index(assistantCatalog());
    expect(await rankings(plain)).toEqual(await rankings(fresh));
  });

  it("a damaged or altered fusion section is the snapshot's typed error", async () => {
    const original = createHybridStrategy({ usage: learnedModel() });
    await original.index(assistantCatalog());
    const file = join(folder, "damaged.snapshot");
    await writeSnapshot(file, assistantCatalog(), { fitted: original.fittedFusion()! });
    const expectMismatch = (run: () => unknown, pattern: RegExp) => {
      let caught: unknown;
      try {
        run();
      } catch (error) {
        caught = error;
      }
      expect(DynamicToolsError.isInstance(caught) && caught.code).toBe("SNAPSHOT_MISMATCH");
      expect((caught as Error).message).toMatch(pattern);
    };
    // Re-signed with weights that are not fitted fusion weights: refused when the hybrid is asked for.
    resign(file, "fusion", (text) => text.replace('"formatVersion":1', '"formatVersion":7'));
    const loaded = readSnapshot(file).load(assistantCatalog());
    expectMismatch(() => loaded.strategy("hybrid", { usage: learnedModel() }), /section "fusion".*formatVersion must be 1/);
    // A byte of the section changed without re-signing: its checksum no longer matches when the hybrid reads it.
    const bytes = readFileSync(file);
    const length = bytes.readUInt32LE(8);
    const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
    const { offset } = JSON.parse(bytes.toString("utf8", 48, 48 + length)).sections.fusion;
    bytes.writeUInt8(bytes.readUInt8(start + offset + 2) ^ 0xff, start + offset + 2);
    writeFileSync(file, bytes);
    const damaged = readSnapshot(file).load(assistantCatalog());
    expectMismatch(() => damaged.strategy("hybrid", { usage: learnedModel() }), /checksum of its section "fusion" does not match/);
  });

  it("refuses to write weights that are not fitted fusion weights", async () => {
    const bad = {
      formatVersion: 1,
      weights: { bm25: 1, fuzzy: -1, vector: 0.6 },
      observations: 1,
      probes: 1,
      mrr: { fixed: 0, fitted: 0 },
    };
    await expect(writeSnapshot(join(folder, "bad.snapshot"), assistantCatalog(), { fitted: bad as FittedFusion })).rejects.toMatchObject({
      code: "INVALID_OPTION",
      message: expect.stringMatching(/fitted\.weights\.fuzzy/),
    });
  });

  it("restores a fit with the learned field apart under the same configuration (separateLearnedField)", async () => {
    const usage = learnedModel();
    const original = createHybridStrategy({ usage, separateLearnedField: true });
    await original.index(assistantCatalog());
    const stored: FittedFusion = { ...original.fittedFusion()!, weights: { bm25: 1, fuzzy: 0.3, vector: 0.6, learned: 2 } };
    const file = join(folder, "apart.snapshot");
    await writeSnapshot(file, assistantCatalog(), { fitted: stored });
    const catalog = assistantCatalog();
    const restoredUsage = learnedModel();
    const restored = readSnapshot(file)
      .load(catalog)
      .strategy("hybrid", { usage: restoredUsage, separateLearnedField: true }) as HybridStrategy;
    await restored.index(catalog);
    expect(restored.fittedFusion()).toEqual(stored);
    expect(Object.keys(restoredUsage.fittedFusions())).toEqual([expect.stringMatching(/; learned field apart$/)]);
    const [best] = await restored.rank({ query: "mail my boss", limit: 1 });
    expect(best!.weights).toEqual(stored.weights);
    expect(best!.signals.learned).toBeGreaterThan(0);
  });
});
