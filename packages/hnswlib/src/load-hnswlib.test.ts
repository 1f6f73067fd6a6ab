import { defaultVectorIndex } from "@dynamic-tools/core/internal";
import { describe, expect, it, vi } from "vitest";
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
