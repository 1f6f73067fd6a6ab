import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syntheticCatalog, syntheticConversation } from "../bench/synthetic-catalog.js";
import { ToolCatalog, type SavedCatalogDerivation } from "../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { GYM_OPTIONS, gymCatalog } from "../__fixtures__/gym-catalog.js";
import { CatalogKeywords } from "../retrieval/keyword/catalog-keywords.js";
import { BUILTIN_STRATEGY_NAMES } from "../retrieval/strategy-registry.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { createCatalogSnapshot, loadSnapshot, readSnapshot, SNAPSHOT_FORMAT_VERSION, writeSnapshot } from "./catalog-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "snapshot-test-"));

type Build = (derived?: SavedCatalogDerivation) => ToolCatalog;

function synthetic(): { catalog: Build; conversations: Array<Array<{ role: string; content: string }>> } {
  const { vocabulary, ...config } = syntheticCatalog({ tools: 1_500, categories: 45 });
  const conversations = Array.from({ length: 12 }, (_, seed) =>
    syntheticConversation(vocabulary, 3, seed).filter((message) => message.role === "user"),
  );
  return { catalog: (derived) => new ToolCatalog({ ...config, ...(derived === undefined ? {} : { derived }) }), conversations };
}

/** The keyword strategy's keywords in effect: every category's, and every loose tool's derived ones. */
const derivedKeywordsOf = (catalog: ToolCatalog) => {
  const keywords = CatalogKeywords.of(catalog);
  return [
    ...catalog.categories().map((category) => keywords.keywordsOf(category.name)),
    ...catalog.names().map((name) => keywords.derivedToolKeywords(name)),
  ];
};
const isUser = (message: { role: string }) => message.role === "user";

/** A catalog without categories: every tool is loose and derives keywords of its own (the bench's kind). */
function loose(): { catalog: Build; conversations: Array<Array<{ role: string; content: string }>> } {
  const { vocabulary, tools } = syntheticCatalog({ tools: 600, categories: 20 });
  const plain = (tools as ToolDeclaration[]).map(({ category: _category, keywords: _keywords, ...tool }) => tool);
  const conversations = Array.from({ length: 12 }, (_, seed) => syntheticConversation(vocabulary, 3, seed).filter(isUser));
  return { catalog: (derived) => new ToolCatalog({ tools: plain, ...(derived === undefined ? {} : { derived }) }), conversations };
}

function expectSameError(run: () => unknown, pattern: RegExp): void {
  try {
    run();
  } catch (error) {
    expect(DynamicToolsError.isInstance(error) && error.code).toBe("SNAPSHOT_MISMATCH");
    expect((error as Error).message).toMatch(pattern);
    return;
  }
  throw new Error("expected SNAPSHOT_MISMATCH");
}

describe("snapshots", () => {
  it("gives selections identical to a fresh build's, with every built-in strategy", async () => {
    const { catalog, conversations } = synthetic();
    const file = join(folder, "synthetic.json");
    await writeSnapshot(file, catalog());
    for (const strategy of BUILTIN_STRATEGY_NAMES) {
      const fresh = createToolSelector(catalog(), { strategy });
      const restoredCatalog = catalog();
      const snapshot = loadSnapshot(file, restoredCatalog);
      const restored = createToolSelector(restoredCatalog, { strategy: snapshot.strategy(strategy) });
      for (const conversation of conversations) {
        const [expected, actual] = [await fresh(conversation), await restored(conversation)];
        expect(actual.tools, strategy).toEqual(expected.tools);
        expect(actual.ranked, strategy).toEqual(expected.ranked);
        expect(actual.tokens!.selected, strategy).toBe(expected.tokens!.selected);
      }
    }
  });

  it("builds a catalog from the snapshot's derivation (token counts) that selects as a fresh build, every strategy", async () => {
    for (const { catalog, conversations } of [synthetic(), loose()]) {
      const file = join(folder, "derived.snapshot");
      await writeSnapshot(file, catalog());
      for (const strategy of BUILTIN_STRATEGY_NAMES) {
        const fresh = catalog();
        const opened = readSnapshot(file);
        const restoredCatalog = catalog(opened.derived);
        // Nothing counted: the total is known from the snapshot at construction.
        expect(restoredCatalog.estimatedTotalTokens()).toEqual({ tokens: fresh.totalTokens(), exact: true });
        expect(restoredCatalog.categories()).toEqual(fresh.categories());
        expect(derivedKeywordsOf(restoredCatalog)).toEqual(derivedKeywordsOf(fresh));
        const select = createToolSelector(restoredCatalog, { strategy: opened.load(restoredCatalog).strategy(strategy) });
        const expected = createToolSelector(fresh, { strategy });
        for (const conversation of conversations) {
          const [want, got] = [await expected(conversation), await select(conversation)];
          expect(got.tools, strategy).toEqual(want.tools);
          expect(got.ranked, strategy).toEqual(want.ranked);
        }
      }
    }
  });

  it("keeps restored indexes in step with fresh ones through live updates (removals, additions, replacements)", async () => {
    const { catalog, conversations } = synthetic();
    const file = join(folder, "updates.snapshot");
    await writeSnapshot(file, catalog());
    for (const strategy of ["bm25", "fuzzy", "hybrid"]) {
      const fresh = catalog();
      const restoredCatalog = catalog();
      const select = createToolSelector(restoredCatalog, { strategy: loadSnapshot(file, restoredCatalog).strategy(strategy) });
      const expected = createToolSelector(fresh, { strategy });
      await select(conversations[0]!);
      await expected(conversations[0]!);
      const names = fresh.names();
      for (const target of [fresh, restoredCatalog]) {
        target.remove([names[0]!, names[7]!]);
        target.add([{ name: "book_room_now", description: "Books a meeting room for a team" }]);
        target.add([{ name: names[3]!, description: "Prints a receipt for a payment" }]);
      }
      for (const conversation of [...conversations, [{ role: "user", content: "print the receipt, then book a room" }]]) {
        const [want, got] = [await expected(conversation), await select(conversation)];
        expect(got.tools, strategy).toEqual(want.tools);
        expect(got.ranked, strategy).toEqual(want.ranked);
      }
    }
  });

  it("keeps a catalog built from a derivation in step with a fresh one through live updates", () => {
    const { catalog } = loose();
    const fresh = catalog();
    const restored = catalog(fresh.saveDerived());
    const [first, second] = fresh.names();
    for (const target of [fresh, restored]) {
      target.remove([first!]);
      target.add([{ name: "book_room_now", description: "Books a meeting room for a team", category: "rooms" }]);
      target.add([{ name: second!, description: "Prints a receipt for a payment" }]);
    }
    expect(restored.categories()).toEqual(fresh.categories());
    expect(derivedKeywordsOf(restored)).toEqual(derivedKeywordsOf(fresh));
    expect(restored.saveDerived()).toEqual(fresh.saveDerived());
  });

  it("ignores a derivation saved from another catalog (different fingerprint) and derives its own", () => {
    const { catalog } = loose();
    const other = new ToolCatalog({ tools: [{ name: "lonely_tool", description: "Does one thing alone" }] });
    const built = catalog(other.saveDerived());
    expect(built.saveDerived()).toEqual(catalog().saveDerived());
    expect(built.categories()).toEqual(catalog().categories());
  });

  it("hands over exact token counts: the restored catalog knows its total without counting", async () => {
    const { catalog } = synthetic();
    const file = join(folder, "tokens.json");
    const written = await writeSnapshot(file, catalog(), { vectors: false });
    const restored = catalog();
    loadSnapshot(file, restored);
    expect(restored.estimatedTotalTokens()).toEqual({ tokens: written.totalTokens, exact: true });
    expect(written.totalTokens).toBe(catalog().totalTokens());
    expect(createCatalogSnapshot(restored)).toEqual(written);
  });

  it("refuses a snapshot of another catalog, naming the file and what differs", async () => {
    const file = join(folder, "gym.json");
    await writeSnapshot(file, gymCatalog(), { vectors: false });
    const tools = (GYM_OPTIONS.tools as Array<{ name: string }>).map((tool) =>
      tool.name === "create_client" ? { ...tool, description: "Sign up a new member" } : tool,
    );
    expectSameError(() => loadSnapshot(file, gymCatalog({ tools })), /gym\.json.*another catalog: tool "create_client" differs/);
    expectSameError(
      () => loadSnapshot(file, gymCatalog({ tools: tools.filter((tool) => tool.name !== "create_client") })),
      /gym\.json.*has 24 tools, the catalog 23/,
    );
    expectSameError(() => loadSnapshot(file, gymCatalog({ maxTools: 7 })), /gym\.json.*categories or selection settings differ/);
  });

  it("refuses another format version, a snapshot of an earlier version and a file that is not a snapshot, naming the file", async () => {
    const file = join(folder, "old.snapshot");
    await writeSnapshot(file, gymCatalog(), { vectors: false });
    const bytes = readFileSync(file);
    const at = bytes.indexOf(`"formatVersion":${SNAPSHOT_FORMAT_VERSION}`);
    expect(at).toBeGreaterThan(0);
    bytes.write(`"formatVersion":0`, at, "latin1");
    writeFileSync(file, bytes);
    expectSameError(
      () => loadSnapshot(file, gymCatalog()),
      new RegExp(`old\\.snapshot has format version 0; .* reads version ${SNAPSHOT_FORMAT_VERSION}`),
    );
    const earlier = join(folder, "earlier.json");
    writeFileSync(earlier, JSON.stringify({ format: "dynamic-tools/snapshot", formatVersion: 1, tools: [] }));
    expectSameError(
      () => loadSnapshot(earlier, gymCatalog()),
      new RegExp(`earlier\\.json has format version 1; .* reads version ${SNAPSHOT_FORMAT_VERSION}`),
    );
    const other = join(folder, "other.json");
    writeFileSync(other, JSON.stringify({ tools: [] }));
    expectSameError(() => loadSnapshot(other, gymCatalog()), /other\.json is not a dynamic-tools snapshot/);
    const truncated = join(folder, "truncated.snapshot");
    await writeSnapshot(truncated, gymCatalog());
    writeFileSync(truncated, readFileSync(truncated).subarray(0, 200));
    expectSameError(
      () => loadSnapshot(truncated, gymCatalog()),
      /truncated\.snapshot is damaged or was altered: its header runs past the end/,
    );
  });
});
