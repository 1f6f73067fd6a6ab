import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli as run } from "./__fixtures__/run-cli.js";

const CATALOG = fileURLToPath(new URL("../eval/__fixtures__/catalog.json", import.meta.url));
const QUERIES = fileURLToPath(new URL("../eval/__fixtures__/queries.jsonl", import.meta.url));
const USAGE = fileURLToPath(new URL("../usage/__fixtures__/usage.jsonl", import.meta.url));

describe("dynamic-tools eval --usage", () => {
  it("learns from the usage file before scoring: same JSON fields, better ranking for what users asked", async () => {
    const plain = JSON.parse((await run("eval", "--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--json")).out);
    const learned = await run("eval", "--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--usage", USAGE, "--json");
    expect(learned.code).toBe(0);
    const result = JSON.parse(learned.out);
    expect(Object.keys(result)).toEqual(Object.keys(plain));
    // "say it in French" (translate_text) is found first only after learning what users said for it.
    expect(result.mrr).toBeGreaterThan(plain.mrr);
  });

  it("scores hybrid when --strategy is left out", async () => {
    const { code, out } = await run("eval", "--catalog", CATALOG, "--queries", QUERIES, "--usage", USAGE, "--json");
    expect(code).toBe(0);
    expect(JSON.parse(out).strategy).toBe("hybrid");
  });

  it("fails with exit code 1 naming an unreadable or malformed usage file", async () => {
    const missing = await run("eval", "--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--usage", "/nope/usage.jsonl");
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/INVALID_OPTION: Cannot read usage file \/nope\/usage\.jsonl/);
    const bad = join(mkdtempSync(join(tmpdir(), "usage-")), "bad.jsonl");
    await import("node:fs").then(({ writeFileSync }) => writeFileSync(bad, '{"message": "x", "tools": "get_weather"}\n'));
    const malformed = await run("eval", "--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--usage", bad);
    expect(malformed.code).toBe(1);
    expect(malformed.err).toMatch(/INVALID_OBSERVATION: .*bad\.jsonl:1: "tools" must be an array of tool names/);
  });
});

describe("dynamic-tools usage report", () => {
  it("--json reports usage per tool, tools never called and co-used pairs", async () => {
    const { code, out } = await run("usage", "report", "--catalog", CATALOG, "--usage", USAGE, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.observations).toBe(5);
    expect(report.toolUsage).toEqual([
      { name: "translate_text", calls: 3 },
      { name: "book_flight", calls: 1 },
      { name: "convert_currency", calls: 1 },
      { name: "send_email", calls: 1 },
    ]);
    expect(report.neverCalled).toEqual(["get_weather", "search_web"]);
    expect(report.coUsedPairs).toEqual([{ a: "book_flight", b: "send_email", weight: expect.closeTo(1, 3) }]);
  });

  it("prints text, and writes a self-contained HTML page with inline SVG charts", async () => {
    const html = join(mkdtempSync(join(tmpdir(), "usage-")), "report.html");
    const { code, out } = await run("usage", "report", "--catalog", CATALOG, "--usage", USAGE, "--html", html);
    expect(code).toBe(0);
    expect(out).toMatch(/5 observations, 6 tools, 4 used, 2 never called/);
    expect(out).toMatch(/Suggestions only: nothing is changed in the catalog file/);
    const page = readFileSync(html, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page.match(/<svg /g)!.length).toBeGreaterThanOrEqual(3);
    expect(page).not.toMatch(/(src|href)="?https?:/);
    expect(page).toContain("translate_text");
  });

  it("is a usage error (2) without a subcommand or a required option", async () => {
    expect((await run("usage")).code).toBe(2);
    expect((await run("usage", "report", "--catalog", CATALOG)).err).toMatch(/usage report needs --usage <file\.jsonl>/);
    expect((await run("usage", "--help")).out).toMatch(
      /dynamic-tools usage report --catalog <file> --usage <file\.jsonl> \[--json\] \[--html <out\.html>\]/,
    );
  });
});
