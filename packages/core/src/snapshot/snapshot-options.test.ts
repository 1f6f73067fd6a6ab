import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { readSnapshot, writeSnapshot } from "./catalog-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "snapshot-options-"));

/** The error `run` throws or rejects with, checked to be a typed `INVALID_OPTION`. */
async function invalidOption(run: () => unknown): Promise<DynamicToolsError> {
  const caught: unknown = await Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(DynamicToolsError.isInstance(caught) && caught.code).toBe("INVALID_OPTION");
  return caught as DynamicToolsError;
}

describe("snapshots: a bad catalog or path is a typed error naming it and what is valid", () => {
  it.each([null, {}, 5])("load refuses %j as the catalog", async (catalog) => {
    const file = join(folder, "load.snapshot");
    await writeSnapshot(file, gymCatalog(), { vectors: false });
    const error = await invalidOption(() => readSnapshot(file).load(catalog as unknown as ToolCatalog));
    expect(error.message).toMatch(/^catalog must be a ToolCatalog \(new ToolCatalog\(\{ tools \}\) or loadCatalogFile\(file\)\), got /);
    expect(error.path).toEqual(["catalog"]);
  });

  it("writeSnapshot refuses a catalog that is not one, and a path that is not a string", async () => {
    const error = await invalidOption(() => writeSnapshot(join(folder, "n.snapshot"), null as unknown as ToolCatalog));
    expect(error.message).toMatch(/catalog must be a ToolCatalog .*, got null\.$/);
    const path = await invalidOption(() => writeSnapshot(5 as unknown as string, gymCatalog()));
    expect(path.message).toMatch(/^file must be a non-empty string, the path of the snapshot file .*got number 5\.$/);
  });

  it.each([
    ["a folder", () => folder, /it is a folder \(EISDIR\)/],
    ["a missing folder", () => join(folder, "missing", "x.snapshot"), /its folder does not exist \(ENOENT\)/],
  ])("writeSnapshot to %s names the path given (not its temporary file) and keeps the cause", async (_what, target, reason) => {
    const file = target();
    const error = await invalidOption(() => writeSnapshot(file, gymCatalog(), { vectors: false }));
    expect(error.message.startsWith(`Cannot write the snapshot ${file}: `)).toBe(true);
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(/The file must be a path to a file in an existing, writable folder\.$/);
    expect(error.message).not.toMatch(/\.tmp/);
    expect(error.path).toEqual(["file"]);
    expect((error.cause as NodeJS.ErrnoException).code).toMatch(/^E/);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
