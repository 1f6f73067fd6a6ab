/**
 * Every named type that appears in a public signature can be imported: a forgotten export fails here, naming the type,
 * the file that declares it and the export whose signature reaches it. (Types may be exported from any published
 * entry point of their package: the root, or a subpath such as `@dynamic-tools/core/types`.)
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entryPointsOf } from "./support/entry-point-names.js";
import { unexportedTypes } from "./support/public-types.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PACKAGES = ["packages/core", "packages/langgraph", "packages/mcp", "packages/hnswlib", "packages/offline-embeddings"];

describe("public types", () => {
  it("every type a public signature uses is exported by an entry point of its package", () => {
    const sources = PACKAGES.flatMap((dir) => entryPointsOf(root, dir)).map((entry) => entry.source);
    expect(unexportedTypes(root, sources).map(({ type, via }) => `${type}  ← ${via}`)).toEqual([]);
  }, 120_000);
});
