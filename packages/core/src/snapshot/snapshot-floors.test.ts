import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { calibrateRelevanceFloor, rememberedRelevanceFloor } from "../selection/abstention.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { loadSnapshot, readSnapshot, writeSnapshot } from "./catalog-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "snapshot-floors-"));

describe("snapshots: relevance floors", () => {
  it("restore each strategy's floor: exactly what calibrating the restored indexes gives", async () => {
    const file = join(folder, "floors.snapshot");
    await writeSnapshot(file, gymCatalog());
    for (const name of ["bm25", "fuzzy", "vector", "hybrid"]) {
      const catalog = gymCatalog();
      const loaded = loadSnapshot(file, catalog);
      const restored = loaded.strategy(name) as RetrievalStrategy;
      const remembered = rememberedRelevanceFloor(restored);
      expect(remembered, name).toBeDefined();
      // A second restored strategy calibrated now, as a selector without the snapshot's floor would.
      const fresh = loadSnapshot(file, catalog).strategy(name, {}) as RetrievalStrategy;
      await fresh.index(catalog);
      expect(remembered, name).toEqual(await calibrateRelevanceFloor({ strategy: fresh, catalog }));
      // Other settings were not calibrated ahead of time.
      expect(rememberedRelevanceFloor(restored, { quantile: 0.5 })).toBeUndefined();
    }
  });

  it("a selector over a restored strategy ranks no calibration probe at its first selection", async () => {
    const file = join(folder, "probes.snapshot");
    await writeSnapshot(file, gymCatalog());
    const catalog = gymCatalog();
    const strategy = loadSnapshot(file, catalog).strategy("bm25") as RetrievalStrategy;
    const rank = vi.spyOn(strategy, "rank");
    const select = createToolSelector(catalog, { strategy });
    const selection = await select([{ role: "user", content: "thanks, that's all for now" }]);
    expect(rank).toHaveBeenCalledTimes(1);
    expect(selection.abstained?.floor).toEqual(readSnapshot(file).snapshot.floors?.bm25?.signals);
    // With other settings than those the snapshot calibrated, the selector calibrates: 32 probes, then the request.
    const other = loadSnapshot(file, catalog).strategy("bm25") as RetrievalStrategy;
    const counted = vi.spyOn(other, "rank");
    await createToolSelector(catalog, { strategy: other, abstain: { probes: 32 } })([{ role: "user", content: "thanks" }]);
    expect(counted).toHaveBeenCalledTimes(33);
  });

  it("refuses a floor that is not one: the snapshot's typed error naming the field", async () => {
    const damaged = async (name: string, field: RegExp, replacement: (found: string) => string) => {
      const file = join(folder, `${name}.snapshot`);
      await writeSnapshot(file, gymCatalog());
      const bytes = readFileSync(file);
      const length = bytes.readUInt32LE(8);
      const header = bytes.toString("utf8", 48, 48 + length);
      const found = field.exec(header);
      expect(found).not.toBeNull();
      const replaced = replacement(found![0]);
      // Same length, so the sections stay where they are; the header's checksum is then wrong too, so re-sign it.
      expect(replaced.length).toBe(found![0].length);
      const changed = `${header.slice(0, found!.index)}${replaced}${header.slice(found!.index + found![0].length)}`;
      Buffer.from(changed, "utf8").copy(bytes, 48);
      const { createHash } = await import("node:crypto");
      const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
      createHash("sha256").update(bytes.subarray(48, start)).digest().copy(bytes, 16);
      writeFileSync(file, bytes);
      return file;
    };
    const probes = await damaged("bad-probes", /"probes":64/, () => '"probes":-4');
    expect(() => readSnapshot(probes)).toThrow(/floors\.bm25\.probes/);
    // A remark floor below 0: "remarks":{"bm25":5.1…} becomes "remarks":{"bm25":-5.1…}, one digit fewer.
    const remarks = await damaged("bad-remarks", /"remarks":\{"bm25":\d\.\d/, (found) => found.replace(/(\d)\.(\d)$/, "-$1."));
    expect(() => readSnapshot(remarks)).toThrow(/floors\.bm25\.remarks\.bm25/);
  });
});
