/**
 * The optional dependencies' absence, on every machine: each case makes one module fail to load the way an install
 * without it does, then imports the module under test afresh.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DynamicToolsError, ToolCatalog } from "@dynamic-tools/core";
import { GYM_TOOLS } from "../packages/core/src/__fixtures__/gym-catalog.js";
import { countDefinitionTokens, countTokens } from "../packages/core/src/catalog/tokens/token-counter.js";
import { mockMissingModules } from "./support/missing-module.js";

// Runs on every machine: hnswlib-node's native build is made to fail the way an install without a toolchain leaves
// it (the module is there, its compiled binding is not), so this case does not depend on what this machine has.
describe("without hnswlib-node's native build (an install without python3, make or g++)", () => {
  beforeEach(() => {
    vi.resetModules();
    mockMissingModules(
      (id) => id === "hnswlib-node",
      () => "Could not locate the bindings file. Tried:\n → build/Release/addon.node",
    );
  });
  afterEach(() => {
    vi.doUnmock("node:module");
    vi.resetModules();
  });

  it("HnswVectorIndex fails at construction with INDEX_FAILED, naming the module and the toolchain", async () => {
    const { isHnswlibAvailable: available } = await import("../packages/hnswlib/src/load-hnswlib.js");
    const { HnswVectorIndex: Index } = await import("../packages/hnswlib/src/hnsw-vector-index.js");
    expect(available()).toBe(false);
    let caught: unknown;
    try {
      new Index({ dimensions: 3 });
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught)).toBe(true);
    expect((caught as DynamicToolsError).code).toBe("INDEX_FAILED");
    expect((caught as Error).message).toMatch(
      /needs hnswlib-node, a native module.*Could not locate the bindings file.*python3, make and a C\+\+ compiler/,
    );
  });
});

describe("without gpt-tokenizer installed (it is an optional peer)", () => {
  it("counts with js-tiktoken, which @langchain/core brings, and gets the same counts", async () => {
    vi.resetModules();
    mockMissingModules((id) => id.startsWith("gpt-tokenizer"));
    try {
      const fallback = await import("../packages/core/src/catalog/tokens/token-counter.js");
      expect(fallback.tokenizerName()).toBe("js-tiktoken");
      for (const tool of new ToolCatalog({ tools: GYM_TOOLS }).tools())
        expect(fallback.countDefinitionTokens(tool), tool.name).toBe(countDefinitionTokens(tool));
      for (const text of ["before <|endoftext|> after", `A tool that ${"=".repeat(2_000)} then stops.`, "漢字とかな 😀 mixed text"]) {
        expect(fallback.countTokens(text)).toBe(countTokens(text));
      }
    } finally {
      vi.doUnmock("node:module");
      vi.resetModules();
    }
  });
});
