import { defaultVectorIndex, DynamicToolsError } from "@dynamic-tools/core";
import { describe, expect, it, vi } from "vitest";
import { HNSWLIB_AVAILABLE } from "./__fixtures__/hnswlib-available.js";
import { HnswVectorIndex } from "./hnsw-vector-index.js";
import { isHnswlibAvailable } from "./load-hnswlib.js";

// Which of these two suites runs depends on the machine: CI runs the first where the toolchain is installed
// (DYNAMIC_TOOLS_REQUIRE_HNSW=1 makes a missing build fail there) and the second in its install without one.
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

describe.skipIf(HNSWLIB_AVAILABLE)("without hnswlib-node's native build (an install without python3, make or g++)", () => {
  it("HnswVectorIndex fails at construction with INDEX_FAILED, naming the module and the toolchain", () => {
    expect(isHnswlibAvailable()).toBe(false);
    let caught: unknown;
    try {
      new HnswVectorIndex({ dimensions: 3 });
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught)).toBe(true);
    expect((caught as DynamicToolsError).code).toBe("INDEX_FAILED");
    expect((caught as Error).message).toMatch(/needs hnswlib-node, a native module.*python3, make and a C\+\+ compiler/);
  });

  it("the default index of a large catalog is exact search, and that is said once", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const first = await defaultVectorIndex({ dimensions: 3, size: 5_000 });
    const second = await defaultVectorIndex({ dimensions: 3, size: 20_000 });
    expect(first.constructor.name).toBe("BruteForceVectorIndex");
    expect(second.constructor.name).toBe("BruteForceVectorIndex");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/exact search.*@dynamic-tools\/hnswlib cannot be used \(HnswVectorIndex needs hnswlib-node/);
    warn.mockRestore();
  });
});
