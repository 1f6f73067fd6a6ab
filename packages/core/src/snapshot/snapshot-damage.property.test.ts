import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { GYM_OPTIONS, gymCatalog } from "../__fixtures__/gym-catalog.js";
import { definitionText } from "../catalog/tokens/definition-tokens.js";
import { tokenBounds } from "../catalog/tokens/token-bounds.js";
import { countDefinitionTokens } from "../catalog/tokens/token-counter.js";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { loadSnapshot, readSnapshot, writeSnapshot } from "./catalog-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "snapshot-damage-"));
const CONVERSATIONS = ["who owes money to the coaches?", "freeze my membership", "book a yoga class", "who checked in today"].map(
  (content) => [{ role: "user", content }],
);
const STRATEGIES = ["bm25", "hybrid", "fuzzy"] as const;

let intact: Buffer;
const expected = new Map<string, string[][]>();

async function selections(file: string, strategy: string): Promise<string[][]> {
  const opened = readSnapshot(file);
  const catalog = new ToolCatalog({ ...GYM_OPTIONS, derived: opened.derived });
  const select = createToolSelector(catalog, { strategy: opened.load(catalog).strategy(strategy), maxTokens: 400 });
  const out: string[][] = [];
  for (const conversation of CONVERSATIONS) out.push((await select(conversation)).tools);
  return out;
}

/** A header as a crafted file edits it (any field, unchecked: a test helper that writes damage on purpose). */
// biome-ignore lint/suspicious/noExplicitAny: the tests edit arbitrary header fields to craft bad files.
type Header = Record<string, any>;

/** Rewrites a snapshot with its checksums made right again (what a crafted file does). */
function reseal(bytes: Buffer, edit: (header: Header, sections: Buffer) => void): Buffer {
  const length = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString("utf8", 48, 48 + length)) as Header;
  const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
  const sections = Buffer.from(bytes.subarray(start));
  edit(header, sections);
  for (const section of Object.values(header.sections) as Array<{ offset: number; length: number; sha256: string }>) {
    section.sha256 = createHash("sha256")
      .update(sections.subarray(section.offset, section.offset + section.length))
      .digest("base64");
  }
  let json = Buffer.from(JSON.stringify(header), "utf8");
  // Keep the sections where they were: pad the header to the same aligned length.
  if (json.byteLength > length) throw new Error("header grew past its room");
  json = Buffer.concat([json, Buffer.alloc(length - json.byteLength, 0x20), Buffer.alloc(start - 48 - length)]);
  const preamble = Buffer.from(bytes.subarray(0, 48));
  preamble.writeUInt32LE(length, 8);
  createHash("sha256").update(json).digest().copy(preamble, 16);
  return Buffer.concat([preamble, json, sections]);
}

function expectTyped(error: unknown): void {
  expect(DynamicToolsError.isInstance(error), String(error)).toBe(true);
}

describe("snapshots under damage", () => {
  beforeAll(async () => {
    const file = join(folder, "intact.snapshot");
    await writeSnapshot(file, gymCatalog());
    intact = readFileSync(file);
    for (const strategy of STRATEGIES) expected.set(strategy, await selections(file, strategy));
  });

  it("property: random byte flips, truncations and appended bytes give a typed error or the very same selections, never others", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            kind: fc.constant("flip" as const),
            flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
          }),
          fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
          fc.record({ kind: fc.constant("append" as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
        ),
        fc.constantFrom(...STRATEGIES),
        async (damage, strategy) => {
          const bytes = Buffer.from(intact);
          let damaged: Buffer = bytes;
          if (damage.kind === "flip") for (const [at, mask] of damage.flips) bytes[at % bytes.length]! ^= mask;
          else if (damage.kind === "truncate") damaged = bytes.subarray(0, damage.at % bytes.length);
          else damaged = Buffer.concat([bytes, Buffer.from(damage.bytes)]);
          const file = join(folder, `damaged-${run++}.snapshot`);
          writeFileSync(file, damaged);
          try {
            expect(await selections(file, strategy)).toEqual(expected.get(strategy));
          } catch (error) {
            if ((error as Error).name === "AssertionError") throw error;
            expectTyped(error);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a crafted file (checksums made right) with postings that point past the documents, or counts that do not add up, is refused", async () => {
    const crafted = [
      reseal(intact, (header, sections) => {
        const docs = header.sections["bm25.docs"];
        sections.writeUInt32LE(4_000_000_000, docs.offset);
      }),
      reseal(intact, (header, sections) => {
        const counts = header.sections["bm25.counts"];
        sections.writeUInt32LE(sections.readUInt32LE(counts.offset) + 7, counts.offset);
      }),
      reseal(intact, (header, sections) => {
        const wordIds = header.sections["fuzzy.wordIds"];
        sections.writeUInt32LE(999_999, wordIds.offset);
      }),
      reseal(intact, (header) => {
        header.sections["bm25.tfs"].offset = header.sections["bm25.docs"].offset;
      }),
      reseal(intact, (header) => {
        header.catalog.tokens[0][1] = -1;
      }),
      reseal(intact, (header) => {
        header.vectors.dimensions = 3;
      }),
    ];
    for (const [index, bytes] of crafted.entries()) {
      const file = join(folder, `crafted-${index}.snapshot`);
      writeFileSync(file, bytes);
      let failure: unknown;
      try {
        for (const strategy of ["bm25", "fuzzy", "hybrid"]) await selections(file, strategy);
      } catch (error) {
        failure = error;
      }
      expect(failure, `crafted ${index}`).toBeDefined();
      expectTyped(failure);
      expect((failure as DynamicToolsError).code).toBe("SNAPSHOT_MISMATCH");
      expect((failure as Error).message).toContain(file);
      expect((failure as Error).message).not.toMatch(/not JSON|checksum/);
    }
  });

  it("crafted token counts cannot slip a definition under its real size: a count below what the text must take is counted again", async () => {
    const file = join(folder, "tokens.snapshot");
    writeFileSync(
      file,
      reseal(intact, (header) => {
        for (const pair of header.catalog.tokens) pair[1] = 1;
      }),
    );
    const opened = readSnapshot(file);
    const catalog = new ToolCatalog({ ...GYM_OPTIONS, derived: opened.derived });
    const fresh = gymCatalog();
    for (const name of fresh.names()) expect(catalog.tokensOf(name)).toBe(fresh.tokensOf(name));
    const select = createToolSelector(catalog, { strategy: opened.load(catalog).strategy("bm25"), maxTokens: 200 });
    for (const conversation of CONVERSATIONS) {
      const { tools } = await select(conversation);
      expect(tools.reduce((sum, name) => sum + fresh.tokensOf(name), 0)).toBeLessThanOrEqual(200);
    }
  });

  it("counts crafted inside the bounds (each definition's fewest possible tokens) never let maxTokens bind more than it allows by the real count, and select as a fresh catalog does", async () => {
    const fresh = gymCatalog();
    for (const maxTokens of [200, 400]) {
      const freshSelect = createToolSelector(fresh, { strategy: "bm25", maxTokens, maxTools: 40 });
      const want: string[][] = [];
      for (const conversation of CONVERSATIONS) want.push((await freshSelect(conversation)).tools);
      for (const craft of ["lowest", "one"] as const) {
        const file = join(folder, `tokens-${craft}-${maxTokens}.snapshot`);
        writeFileSync(
          file,
          reseal(intact, (header) => {
            for (const pair of header.catalog.tokens) {
              pair[1] = craft === "one" ? 1 : tokenBounds(definitionText(fresh.get(pair[0])!)).min;
            }
          }),
        );
        const opened = readSnapshot(file);
        const catalog = new ToolCatalog({ ...GYM_OPTIONS, derived: opened.derived });
        const select = createToolSelector(catalog, { strategy: opened.load(catalog).strategy("bm25"), maxTokens, maxTools: 40 });
        for (const [index, conversation] of CONVERSATIONS.entries()) {
          const { tools } = await select(conversation);
          const real = tools.reduce((sum, name) => sum + countDefinitionTokens(fresh.get(name)!), 0);
          expect(real, `${craft} ${maxTokens}: ${tools.join(", ")}`).toBeLessThanOrEqual(maxTokens);
          expect(tools).toEqual(want[index]);
        }
      }
    }
  });

  it("with onFallback, a damaged snapshot is reported and the indexes are built: the same selections as without one", async () => {
    const file = join(folder, "fallback.snapshot");
    // A byte of a section the bm25 strategy reads (padding between sections is never read: damage there is harmless).
    const bytes = Buffer.from(intact);
    const length = bytes.readUInt32LE(8);
    const start = 48 + length + ((8 - ((48 + length) % 8)) % 8);
    const docs = (JSON.parse(bytes.toString("utf8", 48, 48 + length)) as Header).sections["bm25.docs"];
    bytes[start + docs.offset + docs.length - 3]! ^= 0xff;
    writeFileSync(file, bytes);
    const reported: DynamicToolsError[] = [];
    const catalog = gymCatalog();
    const loaded = loadSnapshot(file, catalog, { onFallback: (error) => reported.push(error) });
    const select = createToolSelector(catalog, { strategy: loaded.strategy("bm25"), maxTokens: 400 });
    const out: string[][] = [];
    for (const conversation of CONVERSATIONS) out.push((await select(conversation)).tools);
    expect(out).toEqual(expected.get("bm25"));
    expect(reported.map((error) => error.code)).toEqual(["SNAPSHOT_MISMATCH"]);
    // Without onFallback the damage is an error where the section is first used: restoring the strategy.
    const plain = loadSnapshot(file, gymCatalog());
    expect(() => plain.strategy("bm25")).toThrow(/damaged or was altered: the checksum of its section "bm25.docs" does not match/);
  });
});
