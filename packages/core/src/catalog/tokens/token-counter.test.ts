import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../tool-catalog.js";
import { GYM_TOOLS } from "../../__fixtures__/gym-catalog.js";
import { countDefinitionTokens, countTokens, LONG_RUN_CHUNK, LONG_RUN_ERROR_PER_CHUNK } from "./token-counter.js";
import { definitionText } from "./definition-tokens.js";
import { selectByKeywords } from "../../__fixtures__/select-by-keywords.js";

/** The tokenizer itself, unchunked: the exact count to compare with (slow on long runs, so only on short ones). */
const exact = (
  createRequire(import.meta.url)("gpt-tokenizer/cjs/encoding/o200k_base") as { countTokens(text: string, options: object): number }
).countTokens;
const exactCount = (text: string) => exact(text, { disallowedSpecial: new Set() });

/** Seconds a call took. */
function seconds(run: () => unknown): number {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
}

describe("countTokens", () => {
  it("counts ordinary definitions exactly (no run long enough to be chunked)", () => {
    for (const tool of new ToolCatalog({ tools: GYM_TOOLS }).tools())
      expect(countDefinitionTokens(tool)).toBe(exactCount(definitionText(tool)));
    expect(countTokens("Send an email to a member of staff, with a subject and a body.")).toBe(
      exactCount("Send an email to a member of staff, with a subject and a body."),
    );
    expect(countTokens("")).toBe(0);
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    expect(countTokens("before <|endoftext|> after")).toBe(exactCount("before <|endoftext|> after"));
  });

  it(`stays within ${LONG_RUN_ERROR_PER_CHUNK} tokens per ${LONG_RUN_CHUNK}-character chunk of a long run`, () => {
    const units = ["=", "a", "q", " ", "\n", "\t ", "漢", "😀", "ab", "Hello", "-=", ",?", "é\u0301", "=-+*&^%$#@!"];
    for (const unit of units) {
      for (const length of [LONG_RUN_CHUNK + 1, 3 * LONG_RUN_CHUNK + 7, 2_000]) {
        const text = `A tool that ${unit.repeat(Math.ceil(length / unit.length))} then stops.`;
        const chunks = Math.ceil(text.length / LONG_RUN_CHUNK);
        expect(Math.abs(countTokens(text) - exactCount(text)), JSON.stringify(unit)).toBeLessThanOrEqual(LONG_RUN_ERROR_PER_CHUNK * chunks);
      }
    }
  });

  it("takes linear time on long unbroken runs (10,000 × '=' took over 20 s before)", () => {
    // Generous bounds: a 2-core machine shared with other jobs; the quadratic counts took 20 s to minutes.
    expect(seconds(() => countTokens("=".repeat(10_000)))).toBeLessThan(2);
    expect(seconds(() => countTokens("=".repeat(200_000)))).toBeLessThan(5);
    expect(seconds(() => countTokens("漢".repeat(100_000)))).toBeLessThan(5);
    expect(seconds(() => countTokens(" ".repeat(100_000)))).toBeLessThan(5);
  });

  it("keeps a catalog with hostile descriptions selectable in bounded time (1 MB YAML with aliases, random letters)", () => {
    const yaml = Array.from({ length: 20_000 }, (_, index) => `k${index}: &a${index} [*a${index}, *a${index}, ${"=".repeat(20)}]`).join(
      "\n",
    );
    let seed = 7;
    const letters = Array.from({ length: 300_000 }, () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26))).join("");
    const catalog = new ToolCatalog({
      tools: [
        { name: "load_config", description: yaml, category: "config" },
        { name: "equals", description: "=".repeat(100_000), category: "config" },
        { name: "letters", description: letters, category: "config" },
        { name: "read_file", description: "Read a file", category: "files" },
      ],
      categories: { config: { keywords: ["config"] }, files: { keywords: ["file"] } },
      maxTokens: 10_000_000,
    });
    const started = performance.now();
    const selection = selectByKeywords(catalog, "load the config");
    expect((performance.now() - started) / 1000).toBeLessThan(20);
    expect(selection.tools).toEqual(["load_config", "equals", "letters"]);
    expect(selection.tokens!.selected).toBe(catalog.tokensOf("load_config") + catalog.tokensOf("equals") + catalog.tokensOf("letters"));
  });
});
