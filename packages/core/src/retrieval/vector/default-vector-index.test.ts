import { afterEach, describe, expect, it, vi } from "vitest";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";

// Each test loads fresh copies of the modules, so the "warned once" flag starts unset and the default plug-in (a
// loader of @dynamic-tools/hnswlib) is the registered one.
let BruteForceVectorIndex: typeof import("./vector-index.js").BruteForceVectorIndex;
async function freshDefaultVectorIndex({ defaults = true }: { defaults?: boolean } = {}) {
  vi.resetModules();
  ({ BruteForceVectorIndex } = await import("./vector-index.js"));
  // Without a registration the default loader is in place; `defaults: false` starts with none.
  if (!defaults) (await import("./vector-index-plugin.js")).registerVectorIndexPlugin(undefined);
  return (await import("./default-vector-index.js")).defaultVectorIndex;
}

afterEach(() => {
  vi.doUnmock("@dynamic-tools/hnswlib");
  vi.restoreAllMocks();
});

describe("defaultVectorIndex without a usable HNSW index", () => {
  it("uses exact search when hnswlib-node did not build, and says so once", async () => {
    vi.doMock("@dynamic-tools/hnswlib", () => ({
      hnswPlugin: {
        name: "@dynamic-tools/hnswlib",
        create() {
          throw new DynamicToolsError(
            "INDEX_FAILED",
            "HnswVectorIndex needs hnswlib-node, a native module that is not installed or was not built (Could not locate the bindings file).",
          );
        },
      },
    }));
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const defaultVectorIndex = await freshDefaultVectorIndex();

    const first = await defaultVectorIndex({ dimensions: 3, size: 6_000 });
    const second = await defaultVectorIndex({ dimensions: 3, size: 9_000 });

    expect(first).toBeInstanceOf(BruteForceVectorIndex);
    expect(second).toBeInstanceOf(BruteForceVectorIndex);
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, options] = warn.mock.calls[0]!;
    expect(message).toMatch(/^The vector index of 6000 tools uses exact search/);
    expect(message).toContain("@dynamic-tools/hnswlib cannot be used (HnswVectorIndex needs hnswlib-node");
    expect(message).toContain("python3, make and a C++ compiler");
    expect(options).toEqual({ code: "DYNAMIC_TOOLS_EXACT_VECTOR_SEARCH" });
    // Exact search answers: the nearest vector comes first.
    first.add("a", [1, 0, 0]);
    first.add("b", [0, 1, 0]);
    expect(first.search([0.9, 0.2, 0], 1)[0]!.id).toBe("a");
  });

  it("says the package is not installed when it cannot be imported", async () => {
    vi.doMock("@dynamic-tools/hnswlib", () => {
      throw Object.assign(new Error("Cannot find package '@dynamic-tools/hnswlib'"), { code: "ERR_MODULE_NOT_FOUND" });
    });
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const defaultVectorIndex = await freshDefaultVectorIndex();

    expect(await defaultVectorIndex({ dimensions: 3, size: 5_000 })).toBeInstanceOf(BruteForceVectorIndex);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain("@dynamic-tools/hnswlib is not installed");
  });

  it("uses a registered plug-in at the threshold, and exact search with none registered, silently", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const defaultVectorIndex = await freshDefaultVectorIndex({ defaults: false });
    const { registerVectorIndexPlugin } = await import("./vector-index-plugin.js");
    expect(await defaultVectorIndex({ dimensions: 3, size: 5_000 })).toBeInstanceOf(BruteForceVectorIndex);
    const made: Array<{ dimensions: number; capacity: number }> = [];
    const own = new BruteForceVectorIndex(3);
    registerVectorIndexPlugin({
      name: "my-index",
      create(options) {
        made.push(options);
        return own;
      },
    });
    expect(await defaultVectorIndex({ dimensions: 3, size: 4_999 })).not.toBe(own);
    expect(await defaultVectorIndex({ dimensions: 3, size: 5_000 })).toBe(own);
    expect(made).toEqual([{ dimensions: 3, capacity: 5_000 }]);
    expect(await defaultVectorIndex({ dimensions: 3, size: 6_000 })).toBe(own);
    registerVectorIndexPlugin(undefined);
    expect(await defaultVectorIndex({ dimensions: 3, size: 9_000 })).not.toBe(own);
    expect(warn).not.toHaveBeenCalled();
  });

  it("stays silent below the HNSW threshold, where exact search is the choice", async () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const defaultVectorIndex = await freshDefaultVectorIndex();
    expect(await defaultVectorIndex({ dimensions: 3, size: 4_999 })).toBeInstanceOf(BruteForceVectorIndex);
    expect(warn).not.toHaveBeenCalled();
  });
});
