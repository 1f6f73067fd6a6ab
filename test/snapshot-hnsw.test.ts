/**
 * A snapshot of a 6,000-tool catalog gives a hybrid selector (real hnswlib-node, the offline embeddings) whose
 * selections are identical to a freshly built one's.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createHybridStrategy,
  createToolSelector,
  createVectorStrategy,
  loadSnapshot,
  ToolCatalog,
  writeSnapshot,
} from "@dynamic-tools/core";
import { HnswVectorIndex, hnswVectorIndex } from "@dynamic-tools/hnswlib";
import { describe, expect, it, vi } from "vitest";
import { HNSWLIB_AVAILABLE } from "../packages/hnswlib/src/__fixtures__/hnswlib-available.js";

const VERBS = ["get", "create", "update", "delete", "list", "search", "export", "sync", "book", "cancel"];
const THINGS = ["invoice", "client", "membership", "class", "salary", "photo", "email", "report", "ticket", "order", "payment", "booking"];

function catalog(): ToolCatalog {
  const tools = Array.from({ length: 6_000 }, (_, index) => {
    const verb = VERBS[index % VERBS.length]!;
    const thing = THINGS[Math.floor(index / VERBS.length) % THINGS.length]!;
    return {
      name: `${verb}_${thing}_${index}`,
      description: `${verb} a ${thing} record (${index % 7 === 0 ? "with its history" : "for one account"})`,
    };
  });
  return new ToolCatalog({ tools });
}

const QUESTIONS = [
  "cancel my booking for tomorrow",
  "email the salary report",
  "search for an unpaid invoice",
  "update the client's membership",
  "export all orders",
];

/** Flips one byte in the middle of a snapshot section (its checksum no longer matches). */
function damageSection(file: string, section: string): void {
  const bytes = readFileSync(file);
  const length = bytes.readUInt32LE(8);
  const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
  const { offset, length: size } = JSON.parse(bytes.toString("utf8", 48, 48 + length)).sections[section];
  bytes[start + offset + Math.floor(size / 2)]! ^= 0xff;
  writeFileSync(file, bytes);
}

/**
 * Rewrites a snapshot with `change` applied to its header and sections, every checksum recomputed: a file crafted by
 * someone who knows the format, which no checksum catches.
 */
interface SnapshotHeader {
  hnsw: { sidecar: Record<string, unknown> };
  sections: Record<string, { offset: number; length: number; sha256?: string }>;
}

function rewriteSnapshot(file: string, change: (header: SnapshotHeader, sections: Record<string, Buffer>) => void): void {
  const bytes = readFileSync(file);
  const length = bytes.readUInt32LE(8);
  const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
  const header = JSON.parse(bytes.toString("utf8", 48, 48 + length)) as SnapshotHeader;
  const sections: Record<string, Buffer> = {};
  for (const [name, { offset, length: size }] of Object.entries(header.sections))
    sections[name] = Buffer.from(bytes.subarray(start + offset, start + offset + size));
  change(header, sections);
  const sha = (data: Buffer) => createHash("sha256").update(data).digest("base64");
  const parts: Buffer[] = [];
  let offset = 0;
  header.sections = {};
  for (const [name, data] of Object.entries(sections)) {
    header.sections[name] = { offset, length: data.byteLength, sha256: sha(data) };
    const pad = Buffer.alloc((8 - (data.byteLength % 8)) % 8);
    parts.push(data, pad);
    offset += data.byteLength + pad.byteLength;
  }
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const jsonPad = Buffer.alloc((8 - ((48 + json.byteLength) % 8)) % 8);
  const prefix = Buffer.from(bytes.subarray(0, 48));
  prefix.writeUInt32LE(json.byteLength, 8);
  Buffer.from(sha(Buffer.concat([json, jsonPad])), "base64").copy(prefix, 16);
  writeFileSync(file, Buffer.concat([prefix, json, jsonPad, ...parts]));
}

// Needs hnswlib-node's native build: CI runs it again with DYNAMIC_TOOLS_REQUIRE_HNSW=1, which makes a missing build fail.
describe.skipIf(!HNSWLIB_AVAILABLE)("snapshot with hybrid over HNSW", () => {
  it("selects exactly as a fresh build", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "snapshot.json");
    await writeSnapshot(file, catalog());
    const fresh = createToolSelector(catalog(), {
      strategy: createHybridStrategy({ vector: createVectorStrategy({ index: hnswVectorIndex() }) }),
    });
    const restoredCatalog = catalog();
    const restored = createToolSelector(restoredCatalog, {
      strategy: loadSnapshot(file, restoredCatalog).strategy("hybrid", { index: hnswVectorIndex() }),
    });
    for (const question of QUESTIONS) {
      const conversation = [{ role: "user", content: question }];
      const [expected, actual] = [await fresh(conversation), await restored(conversation)];
      expect(actual.tools.length).toBeGreaterThan(0);
      expect(actual.tools).toEqual(expected.tools);
      expect(actual.ranked).toEqual(expected.ranked);
    }
    fresh.close?.();
    restored.close?.();
  }, 120_000);

  it("loads the stored HNSW graph instead of building one, and selects exactly as a fresh build", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "graph.snapshot");
    const written = await writeSnapshot(file, catalog());
    // 6,000 tools: the default vector index is HNSW, and the snapshot holds its graph.
    expect(written.hnsw).toBeDefined();
    const fresh = createToolSelector(catalog(), { strategy: "hybrid" });
    const freshVector = createToolSelector(catalog(), { strategy: "vector" });
    const expected = [];
    for (const question of QUESTIONS) {
      const conversation = [{ role: "user", content: question }];
      expected.push({ hybrid: await fresh(conversation), vector: await freshVector(conversation) });
    }
    const addAll = vi.spyOn(HnswVectorIndex.prototype, "addAll");
    const add = vi.spyOn(HnswVectorIndex.prototype, "add");
    const restoredCatalog = catalog();
    const snapshot = loadSnapshot(file, restoredCatalog);
    const restored = createToolSelector(restoredCatalog, { strategy: snapshot.strategy("hybrid") });
    const vectorOnly = createToolSelector(restoredCatalog, { strategy: snapshot.strategy("vector") });
    for (const [position, question] of QUESTIONS.entries()) {
      const conversation = [{ role: "user", content: question }];
      const actual = await restored(conversation);
      expect(actual.tools.length).toBeGreaterThan(0);
      expect(actual.tools).toEqual(expected[position]!.hybrid.tools);
      expect(actual.ranked).toEqual(expected[position]!.hybrid.ranked);
      expect((await vectorOnly(conversation)).ranked).toEqual(expected[position]!.vector.ranked);
    }
    // The floor the snapshot keeps is the one the fresh selector calibrates: an off-topic message is judged alike.
    const offTopic = [{ role: "user", content: "thanks, that's all for now" }];
    const [freshJudged, restoredJudged] = [await fresh(offTopic), await restored(offTopic)];
    expect(restoredJudged.abstained).toEqual(freshJudged.abstained);
    expect(restoredJudged.abstained?.floor).toEqual(written.floors?.hybrid?.signals);
    // The restored strategies added nothing to the graphs they loaded (nothing at all, or an empty bulk load).
    expect(add).not.toHaveBeenCalled();
    for (const [entries] of addAll.mock.calls) expect(entries).toHaveLength(0);
    addAll.mockRestore();
    add.mockRestore();
    for (const selector of [fresh, restored, vectorOnly, freshVector]) selector.close?.();
  }, 180_000);

  it("a damaged graph is the snapshot's typed error when the strategy is restored; with onFallback, a rebuild", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "damaged.snapshot");
    await writeSnapshot(file, catalog());
    damageSection(file, "hnsw");
    expect(() => loadSnapshot(file, catalog()).strategy("hybrid")).toThrow(/the checksum of its section "hnsw" does not match/);
    const reported: string[] = [];
    const rebuiltCatalog = catalog();
    const rebuilt = createToolSelector(rebuiltCatalog, {
      strategy: loadSnapshot(file, rebuiltCatalog, { onFallback: (error) => reported.push(error.code) }).strategy("hybrid"),
    });
    expect(reported).toEqual(["SNAPSHOT_MISMATCH"]);
    expect((await rebuilt([{ role: "user", content: QUESTIONS[0]! }])).tools.length).toBeGreaterThan(0);
    rebuilt.close?.();
  }, 180_000);

  it("a crafted graph whose checksums match is refused at load, where hnswlib would abort the process; with onFallback, a rebuild", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "crafted.snapshot");
    await writeSnapshot(file, catalog());
    rewriteSnapshot(file, (header) => {
      header.hnsw.sidecar.dimensions = 2_000_000_000;
    });
    expect(() => loadSnapshot(file, catalog()).strategy("hybrid")).toThrow(
      /its section "hnsw": its sidecar's dimensions is not a whole number/,
    );
    rewriteSnapshot(file, (header, sections) => {
      header.hnsw.sidecar.dimensions = 100;
      sections.hnsw!.writeUInt32LE(1 << 30, 96 + 4);
    });
    const reported: string[] = [];
    const rebuiltCatalog = catalog();
    const rebuilt = createToolSelector(rebuiltCatalog, {
      strategy: loadSnapshot(file, rebuiltCatalog, { onFallback: (error) => reported.push(error.message) }).strategy("hybrid"),
    });
    expect(reported).toEqual([expect.stringMatching(/its section "hnsw": its graph's node 0 links to nodes it does not hold/)]);
    expect((await rebuilt([{ role: "user", content: QUESTIONS[0]! }])).tools.length).toBeGreaterThan(0);
    rebuilt.close?.();
  }, 180_000);

  it("leaves the stored vectors to the graph: their section is not read when the graph holds them, and is checked when another index needs them", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "vectors.snapshot");
    await writeSnapshot(file, catalog());
    const fresh = createToolSelector(catalog(), { strategy: "hybrid" });
    damageSection(file, "vectors");
    const restoredCatalog = catalog();
    const restored = createToolSelector(restoredCatalog, { strategy: loadSnapshot(file, restoredCatalog).strategy("hybrid") });
    for (const question of QUESTIONS) {
      const conversation = [{ role: "user", content: question }];
      expect((await restored(conversation)).ranked).toEqual((await fresh(conversation)).ranked);
    }
    // The restored catalog can still be snapshotted: the vectors the graph holds are embedded again for it.
    expect(
      (await writeSnapshot(join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "again.snapshot"), restoredCatalog)).hnsw,
    ).toBeDefined();
    expect(() => loadSnapshot(file, catalog()).strategy("hybrid", { index: hnswVectorIndex() })).toThrow(
      /the checksum of its section "vectors" does not match/,
    );
    fresh.close?.();
    restored.close?.();
  }, 180_000);

  it("stays in step with a fresh build through live updates after loading the graph (the refit re-derives every text)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "snapshot-hnsw-")), "updates.snapshot");
    await writeSnapshot(file, catalog());
    const freshCatalog = catalog();
    const fresh = createToolSelector(freshCatalog, { strategy: "hybrid" });
    const restoredCatalog = catalog();
    const restored = createToolSelector(restoredCatalog, { strategy: loadSnapshot(file, restoredCatalog).strategy("hybrid") });
    const first = [{ role: "user", content: QUESTIONS[0]! }];
    expect((await restored(first)).ranked).toEqual((await fresh(first)).ranked);
    const names = freshCatalog.names();
    for (const target of [freshCatalog, restoredCatalog]) {
      target.remove([names[0]!, names[11]!]);
      target.add([{ name: "reserve_meeting_room", description: "Reserve a meeting room for a team booking" }]);
      target.add([{ name: names[5]!, description: "Print a receipt for a payment" }]);
    }
    for (const question of [...QUESTIONS, "print the receipt for my payment", "reserve a room for the team"]) {
      const conversation = [{ role: "user", content: question }];
      const [expected, actual] = [await fresh(conversation), await restored(conversation)];
      expect(actual.tools.length).toBeGreaterThan(0);
      expect(actual.ranked).toEqual(expected.ranked);
    }
    fresh.close?.();
    restored.close?.();
  }, 180_000);
});
