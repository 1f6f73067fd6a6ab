import { defaultVectorIndex, DynamicToolsError } from "@dynamic-tools/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockMissingModules } from "../../../test/support/missing-module.js";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";
import { HnswVectorIndex } from "./hnsw-vector-index.js";
import { isHnswlibAvailable } from "./load-hnswlib.js";

// Needs the native build: CI's toolchain run sets DYNAMIC_TOOLS_REQUIRE_HNSW=1, which makes a missing build fail.
describe.skipIf(!HNSWLIB_AVAILABLE)("with hnswlib-node built", () => {
  it("reports it available, and the default index of a large catalog is HNSW", async () => {
    expect(isHnswlibAvailable()).toBe(true);
    const warn = vi.spyOn(process, "emitWarning");
    const index = await defaultVectorIndex({ dimensions: 3, size: 5_000 });
    expect(index).toBeInstanceOf(HnswVectorIndex);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

// Runs on every machine: hnswlib-node's native build is made to fail the way an install without a toolchain leaves
// it (the module is there, its compiled binding is not), so this case does not depend on what this machine has.
describe("without hnswlib-node's native build (an install without python3, make or g++)", () => {
  beforeEach(() => {
    vi.resetModules();
    mockMissingModules((id) => id === "hnswlib-node", () => "Could not locate the bindings file. Tried:\n → build/Release/addon.node");
  });
  afterEach(() => {
    vi.doUnmock("node:module");
    vi.resetModules();
  });

  it("HnswVectorIndex fails at construction with INDEX_FAILED, naming the module and the toolchain", async () => {
    const { isHnswlibAvailable: available } = await import("./load-hnswlib.js");
    const { HnswVectorIndex: Index } = await import("./hnsw-vector-index.js");
    expect(available()).toBe(false);
    let caught: unknown;
    try {
      new Index({ dimensions: 3 });
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught)).toBe(true);
    expect((caught as DynamicToolsError).code).toBe("INDEX_FAILED");
    expect((caught as Error).message).toMatch(/needs hnswlib-node, a native module.*Could not locate the bindings file.*python3, make and a C\+\+ compiler/);
  });
});
