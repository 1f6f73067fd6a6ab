import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "./main.js";

const fixture = (name: string) => fileURLToPath(new URL(`../eval/__fixtures__/${name}`, import.meta.url));
const CATALOG = fixture("catalog.json");
const QUERIES = fixture("queries.jsonl");

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    ["eval", ...argv],
    (text) => out.push(text),
    (text) => err.push(text),
  );
  return { code, out, err };
}

// The fixture's rankings under sequence-matcher (scores from CPython difflib + 0.12 × word hits):
//   weather   → get_weather first                       relevant at rank 1
//   trip      → book_flight, send_email, …              relevant at ranks 1, 2
//   money     → convert_currency first                  relevant at rank 1
//   translate → search_web, get_weather, send_email, book_flight, translate_text, …   relevant at rank 5
//   nothing   → "qqq zzz" shares no letter with any tool: every score is 0, below the 0.05 floor: empty ranking
// recall@1  = (1 + 1/2 + 1 + 0 + 0) / 5 = 0.5
// recall@3  = (1 + 1 + 1 + 0 + 0) / 5 = 0.6
// recall@5  = recall@10 = recall@20 = (1 + 1 + 1 + 1 + 0) / 5 = 0.8
// nDCG@5    = nDCG@10 = (1 + 1 + 1 + 1/log2(6) + 0) / 5 = (3 + 0.386853) / 5 = 0.677371
// MRR       = (1 + 1 + 1 + 1/5 + 0) / 5 = 0.64
// complete@5/10/20 = (1 + 1 + 1 + 1 + 0) / 5 = 0.8
const EXPECTED = {
  strategy: "sequence-matcher",
  tools: 6,
  queries: 5,
  recall: { "1": 0.5, "3": 0.6, "5": 0.8, "10": 0.8, "20": 0.8 },
  ndcg: { "5": 0.6773705614469083, "10": 0.6773705614469083 },
  mrr: 0.64,
  complete: { "5": 0.8, "10": 0.8, "20": 0.8 },
};

describe("dynamic-tools eval: abstention", () => {
  it("scores as a selector abstains by default, reporting the count, the floor and the off-topic share", async () => {
    const talk = join(mkdtempSync(join(tmpdir(), "eval-talk-")), "talk.jsonl");
    writeFileSync(talk, '"thanks!"\n{"id": "t2", "query": "ok, bye"}\n"what time does the zoo open"\n');
    const { code, out } = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--off-topic", talk, "--json");
    expect(code).toBe(0);
    const result = JSON.parse(out[0]!) as {
      abstention: { abstained: number; floor: Record<string, number>; offTopic: { messages: number; abstained: number } };
    };
    expect(result.abstention.offTopic).toMatchObject({ messages: 3 });
    expect(result.abstention.offTopic.abstained).toBeGreaterThanOrEqual(2);
    expect(Object.keys(result.abstention.floor)).toEqual(["bm25"]);
    const table = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--off-topic", talk);
    expect(table.out.join("\n")).toMatch(
      /bm25: abstained on \d+\/5 queries \(floor bm25 ≥ [\d.]+; remarks: bm25 ≥ [\d.]+\); off-topic: abstained on \d\/3/,
    );
  });

  it("reads remarks with the remark model unless --remark-model off", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-remarks-"));
    const [talk, queries] = [join(dir, "talk.jsonl"), join(dir, "queries.jsonl")];
    // Remarks the rules miss, which the metatool catalog's tools match on a word or two.
    writeFileSync(
      talk,
      '"survived another 10 hour shift"\n"snow day!! kids are thrilled, I am not"\n"made lasagna for the first time tonight and it actually turned out great"\n',
    );
    writeFileSync(queries, '{"id": "q1", "query": "Can you find me relevant papers?", "relevant": ["ResearchHelper"]}\n');
    const metatool = fileURLToPath(new URL("../../../../datasets/metatool/catalog.json", import.meta.url));
    const share = async (model: string) => {
      const { code, out } = await run(
        "--catalog",
        metatool,
        "--queries",
        queries,
        "--strategy",
        "bm25",
        "--off-topic",
        talk,
        "--remark-model",
        model,
        "--json",
      );
      expect(code).toBe(0);
      return (JSON.parse(out[0]!) as { abstention: { offTopic: { abstained: number } } }).abstention.offTopic.abstained;
    };
    expect(await share("on")).toBe(3);
    expect(await share("off")).toBe(0);
    const bad = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--remark-model", "maybe");
    expect(bad.code).toBe(2);
    expect(bad.err.join("\n")).toMatch(/Unknown --remark-model value "maybe"/);
    const noAbstention = await run(
      "--catalog",
      CATALOG,
      "--queries",
      QUERIES,
      "--strategy",
      "bm25",
      "--abstention",
      "off",
      "--remark-model",
      "off",
    );
    expect(noAbstention.code).toBe(2);
    expect(noAbstention.err.join("\n")).toMatch(/--remark-model is part of abstention/);
  });

  it("rejects an --abstention value other than on or off, and --off-topic with abstention off", async () => {
    const bad = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--abstention", "maybe");
    expect(bad.code).toBe(2);
    expect(bad.err.join("\n")).toMatch(/Unknown --abstention value "maybe"/);
    const offTopic = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--abstention", "off", "--off-topic", "x");
    expect(offTopic.code).toBe(2);
    expect(offTopic.err.join("\n")).toMatch(/--off-topic measures abstention/);
  });
});

describe("dynamic-tools eval", () => {
  it("--json prints exactly one JSON object with the hand-computed metrics", async () => {
    // Hand-computed without abstention (a 6-tool catalog has no score distribution worth calibrating on).
    const { code, out, err } = await run(
      "--catalog",
      CATALOG,
      "--queries",
      QUERIES,
      "--strategy",
      "sequence-matcher",
      "--abstention",
      "off",
      "--json",
    );
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    const result = JSON.parse(out[0]!) as typeof EXPECTED & { latencyMs: { p50: number; p95: number }; indexMs: number };
    expect(Object.keys(result)).toEqual(["strategy", "tools", "queries", "recall", "ndcg", "mrr", "complete", "latencyMs", "indexMs"]);
    expect(Object.keys(result.latencyMs)).toEqual(["p50", "p95"]);
    const { ndcg, mrr, ...exact } = EXPECTED;
    expect(result).toMatchObject(exact);
    expect(result.ndcg["5"]).toBeCloseTo(ndcg["5"], 12);
    expect(result.ndcg["10"]).toBeCloseTo(ndcg["10"], 12);
    expect(result.mrr).toBeCloseTo(mrr, 12);
    expect(result.latencyMs.p95).toBeGreaterThanOrEqual(result.latencyMs.p50);
    expect(result.indexMs).toBeGreaterThanOrEqual(0);
  });

  it("--strategy all --json prints { results: [one object per built-in strategy] }", async () => {
    const { code, out } = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "all", "--abstention", "off", "--json");
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const { results } = JSON.parse(out[0]!) as { results: Array<{ strategy: string; mrr: number }> };
    expect(results.map((result) => result.strategy)).toContain("sequence-matcher");
    expect(results.find((result) => result.strategy === "sequence-matcher")!.mrr).toBeCloseTo(0.64, 12);
  });

  it("--misses lists each query with a relevant tool past place 10, in the text and in --json", async () => {
    const args = ["--catalog", CATALOG, "--queries", QUERIES, "--strategy", "sequence-matcher", "--abstention", "off", "--misses"];
    const json = await run(...args, "--json");
    expect(json.code).toBe(0);
    // "translate" ranks its tool fifth (found); "nothing" ranks no tool at all.
    expect(JSON.parse(json.out[0]!).misses).toEqual([
      { id: "nothing", query: "qqq zzz", missing: [{ tool: "search_web", rank: null }], top: [] },
    ]);
    const text = await run(...args);
    expect(text.out.join("\n").split("\n").slice(-3)).toEqual([
      "sequence-matcher: 1 of 5 queries have a relevant tool past place 10",
      "  nothing: search_web not ranked | first: ",
      '    "qqq zzz"',
    ]);
    // Without --misses the JSON has no misses.
    expect(JSON.parse((await run(...args.slice(0, -1), "--json")).out[0]!)).not.toHaveProperty("misses");
  });

  it("prints a table without --json", async () => {
    const { code, out } = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "sequence-matcher", "--abstention", "off");
    expect(code).toBe(0);
    const [header, row, ...rest] = out.join("\n").split("\n");
    expect(rest).toEqual([]);
    expect(header).toMatch(
      /^strategy\s+R@1\s+R@3\s+R@5\s+R@10\s+R@20\s+nDCG@5\s+nDCG@10\s+MRR\s+C@5\s+C@10\s+C@20\s+p50 ms\s+p95 ms\s+index ms$/,
    );
    expect(row!.split(/\s+/).slice(0, 12)).toEqual([
      "sequence-matcher",
      "0.500",
      "0.600",
      "0.800",
      "0.800",
      "0.800",
      "0.677",
      "0.677",
      "0.640",
      "0.800",
      "0.800",
      "0.800",
    ]);
  });

  it.each([
    [["--queries", QUERIES, "--strategy", "sequence-matcher"], /eval needs --catalog/],
    [["--catalog", CATALOG, "--strategy", "sequence-matcher"], /eval needs --queries/],
    [["--catalog", CATALOG, "--queries", QUERIES], /eval needs --strategy <name>: one of .*sequence-matcher.*, or all/],
    [["--catalog", CATALOG, "--queries", QUERIES, "--strategy", "sequence-matcher", "--bogus"], /Unknown option '--bogus'/],
  ])("exits 2 on a bad command line %#", async (argv, message) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err.join("\n")).toMatch(message);
  });

  it("exits 2 for an unknown strategy (a bad command line, as under select), with close matches and the valid ones", async () => {
    const { code, err } = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm99");
    expect(code).toBe(2);
    expect(err.join("\n")).toMatch(/^Unknown strategy "bm99"\. Did you mean: bm25\? Strategies: .*sequence-matcher, all\./);
  });

  it("exits 1 for a malformed queries line or an unknown relevant tool, naming file and line", async () => {
    const malformed = await run("--catalog", CATALOG, "--queries", fixture("queries-malformed.jsonl"), "--strategy", "sequence-matcher");
    expect(malformed.code).toBe(1);
    expect(malformed.err.join("\n")).toMatch(/^INVALID_DECLARATION: .*queries-malformed\.jsonl:2: "relevant" must be a non-empty array/);
    const unknown = await run(
      "--catalog",
      CATALOG,
      "--queries",
      fixture("queries-unknown-tool.jsonl"),
      "--strategy",
      "sequence-matcher",
      "--json",
    );
    expect(unknown.code).toBe(1);
    expect(unknown.out).toEqual([]);
    expect(unknown.err.join("\n")).toMatch(/^UNKNOWN_TOOL: .*queries-unknown-tool\.jsonl:3: .*"send_emial".*Did you mean: send_email\?/);
  });

  it("exits 1 for a missing catalog file", async () => {
    const { code, err } = await run("--catalog", fixture("nope.json"), "--queries", QUERIES, "--strategy", "sequence-matcher");
    expect(code).toBe(1);
    expect(err.join("\n")).toMatch(/^CATALOG_FILE_UNREADABLE/);
  });

  it("--co-usage reports the expanded strategy under its own name, and needs --usage", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-co-usage-"));
    const usage = join(dir, "usage.jsonl");
    writeFileSync(usage, '{"message": "look it up and translate", "tools": ["search_web", "translate_text"]}\n');
    const { code, out } = await run(
      "--catalog",
      CATALOG,
      "--queries",
      QUERIES,
      "--strategy",
      "sequence-matcher",
      "--usage",
      usage,
      "--co-usage",
      "--json",
    );
    expect(code).toBe(0);
    expect(JSON.parse(out.join("\n")).strategy).toBe("sequence-matcher+co-usage");
    const missing = await run("--catalog", CATALOG, "--queries", QUERIES, "--strategy", "bm25", "--co-usage");
    expect(missing.code).toBe(2);
    expect(missing.err.join("\n")).toMatch(/--co-usage needs --usage/);
  });

  it("is listed in the top-level usage", async () => {
    const out: string[] = [];
    await main(["--help"], (text) => out.push(text));
    expect(out.join("\n")).toMatch(/eval\s+score retrieval strategies/);
    expect(out.join("\n")).toMatch(
      /dynamic-tools eval --catalog <file> \| --mcp <servers\.json> --queries <file\.jsonl> --strategy <name\|all> \[--usage <file\.jsonl> \[--co-usage\]\]\n\s+\[--abstention on\|off\] \[--remark-model on\|off\] \[--history-tools on\|off\] \[--off-topic <file\.jsonl>\] \[--misses\] \[--json\]/,
    );
  });
});
