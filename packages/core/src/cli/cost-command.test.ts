import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "./__fixtures__/run-cli.js";

const GYM = fileURLToPath(new URL("../../../../examples/gym-agent/catalog.yaml", import.meta.url));
const CONVERSATION = fileURLToPath(new URL("../eval/__fixtures__/gym-conversation.jsonl", import.meta.url));

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "cost-")), name);
  writeFileSync(path, text);
  return path;
}

describe("dynamic-tools cost", () => {
  it("prints the JSON contract for every policy, static as the baseline", async () => {
    const { code, out } = await runCli("cost", "--catalog", GYM, "--conversations", CONVERSATION, "--provider", "openai", "--json");
    expect(code).toBe(0);
    const report = JSON.parse(out) as Record<string, unknown> & { policies: Record<string, Record<string, number>> };
    expect(Object.keys(report)).toEqual(["provider", "conversations", "turns", "policies"]);
    expect(report).toMatchObject({ provider: "openai", conversations: 1, turns: 5 });
    expect(Object.keys(report.policies)).toEqual(["static", "per-turn", "cache-aware", "native"]);
    for (const [name, cost] of Object.entries(report.policies)) {
      const keys = ["allNeededBound", "billedTokens", "cacheReadTokens", "ratioToStatic", "toolsArrayChanges"];
      // The gym catalog has 137 tools: OpenAI's static binds the first 128 and says so.
      expect(Object.keys(cost).sort()).toEqual(name === "static" ? [...keys.slice(0, 3), "cappedAt", ...keys.slice(3)].sort() : keys);
    }
    expect(report.policies.static).toMatchObject({ ratioToStatic: 1, cappedAt: 128 });
  });

  it("replays one policy beside static; the options change the bill", async () => {
    const base = ["cost", "--catalog", GYM, "--conversations", CONVERSATION, "--policy", "cache-aware", "--json"];
    const small = JSON.parse((await runCli(...base)).out) as { policies: Record<string, { billedTokens: number }> };
    expect(Object.keys(small.policies)).toEqual(["static", "cache-aware"]);
    const large = JSON.parse((await runCli(...base, "--result-tokens", "2000", "--system-tokens", "900")).out) as typeof small;
    expect(large.policies["cache-aware"]!.billedTokens).toBeGreaterThan(small.policies["cache-aware"]!.billedTokens);
    const dear = JSON.parse((await runCli(...base, "--read-price", "0.5")).out) as typeof small;
    expect(dear.policies.static!.billedTokens).toBeGreaterThan(small.policies.static!.billedTokens);
  });

  it("replays several policies joined by commas, the foresight bound only when named, and perfect selection", async () => {
    const base = ["cost", "--catalog", GYM, "--conversations", CONVERSATION, "--json"];
    const named = JSON.parse((await runCli(...base, "--policy", "all,foresight")).out) as {
      policies: Record<string, { allNeededBound: number }>;
    };
    expect(Object.keys(named.policies)).toEqual(["static", "per-turn", "cache-aware", "native", "foresight"]);
    expect(named.policies.foresight!.allNeededBound).toBe(1);
    const perfect = JSON.parse((await runCli(...base, "--policy", "per-turn", "--perfect-selection")).out) as typeof named;
    expect(perfect.policies["per-turn"]!.allNeededBound).toBe(1);
    const { code, err } = await runCli(...base, "--policy", "per-turn,hindsight");
    expect(code).toBe(2);
    expect(err).toMatch(/Unknown policy "hindsight"/);
  });

  it("prints a table without --json", async () => {
    const { code, out } = await runCli("cost", "--catalog", GYM, "--conversations", CONVERSATION, "--provider", "openai");
    expect(code).toBe(0);
    expect(out).toMatch(/^openai: 1 conversation, 5 user turns/);
    expect(out).toMatch(/policy\s+billed tokens\s+cache reads\s+array changes\s+needed bound\s+× static/);
    expect(out).toMatch(/static binds only the first 128 tools/);
    for (const policy of ["static", "per-turn", "cache-aware", "native"]) expect(out).toMatch(new RegExp(`^${policy}\\s`, "m"));
  });

  it.each([
    [["--provider", "gemini"], /Unknown provider "gemini". Providers: anthropic, openai/],
    [["--policy", "cache_aware"], /Unknown policy "cache_aware". Did you mean: cache-aware\?/],
    [["--result-tokens", "1.5"], /--result-tokens must be a whole number from 0 to 1,000,000,000, got "1.5"/],
    [["--result-tokens", "1000000001"], /--result-tokens must be a whole number from 0 to 1,000,000,000, got "1000000001"/],
    [["--system-tokens", "9007199254740993"], /--system-tokens must be a whole number from 0 to 1,000,000,000/],
    [["--read-price", "cheap"], /--read-price must be a number from 0 to 1 \(a multiple of the input price\), got "cheap"/],
    [["--read-price", "1e308"], /--read-price must be a number from 0 to 1 .*got "1e308"/],
    [["--read-price", "1.01"], /--read-price must be a number from 0 to 1/],
    [["--read-price=-0.1"], /--read-price must be a number from 0 to 1/],
  ])("exits 2 for a bad command line: %j", async (extra, message) => {
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", CONVERSATION, ...extra);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toMatch(/\n\ndynamic-tools cost --catalog/);
  });

  it("takes the bounds of its numbers, and the totals stay finite whole numbers", async () => {
    const { code, out } = await runCli(
      "cost",
      "--catalog",
      GYM,
      "--conversations",
      CONVERSATION,
      "--policy",
      "cache-aware",
      "--json",
      "--read-price",
      "1",
      "--result-tokens",
      "1000000000",
      "--system-tokens",
      "1000000000",
    );
    expect(code).toBe(0);
    const report = JSON.parse(out) as { policies: Record<string, { billedTokens: number; cacheReadTokens: number }> };
    for (const cost of Object.values(report.policies)) {
      expect(Number.isSafeInteger(cost.billedTokens)).toBe(true);
      expect(Number.isSafeInteger(cost.cacheReadTokens)).toBe(true);
    }
    for (const price of ["0", "0.1", "1"]) {
      expect((await runCli("cost", "--catalog", GYM, "--conversations", CONVERSATION, "--read-price", price)).code).toBe(0);
    }
  });

  it.each([
    ["c1", '{"id": "c1", "query": "x", "relevant": []}\n'],
    ["c1-turn-x", '{"id": "c1-turn-x", "query": "x", "relevant": []}\n'],
    ["5", '{"id": 5, "query": "x", "relevant": []}\n'],
    ["c1-turn-1e3", '{"id": "c1-turn-1", "query": "x", "relevant": []}\n\n{"id": "c1-turn-1e3", "query": "y", "relevant": []}\n'],
  ])("exits 1 naming the file and line of a malformed turn id: %s", async (id, text) => {
    const conversations = file("ids.jsonl", text);
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", conversations);
    expect(code).toBe(1);
    const line = id === "c1-turn-1e3" ? 3 : 1;
    expect(err).toBe(
      `INVALID_DECLARATION: ${conversations}:${line}: id "${id}" is not of the form <conversation>-turn-<n> (e.g. "c1-turn-1"): a conversations file names each turn.`,
    );
  });

  it("exits 1 naming the line of a turn number given twice, and the line of the first", async () => {
    const conversations = file(
      "twice.jsonl",
      '{"id": "a-turn-1", "query": "x", "relevant": []}\n{"id": "a-turn-01", "query": "y", "relevant": []}\n',
    );
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", conversations);
    expect(code).toBe(1);
    expect(err).toBe(`INVALID_DECLARATION: ${conversations}:2: ids "a-turn-1" (line 1) and "a-turn-01" are both turn 1 of "a".`);
  });

  it("exits 2 without --catalog or --conversations, 1 for a file that is not a conversations file", async () => {
    expect((await runCli("cost", "--catalog", GYM)).err).toMatch(/cost needs --conversations <file.jsonl>/);
    const bad = file("bad.jsonl", '{"id": "q1", "query": "show me all active clients", "relevant": ["get_clients_list"]}\n');
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", bad);
    expect(code).toBe(1);
    expect(err).toMatch(/INVALID_DECLARATION: .*bad\.jsonl:1: id "q1" is not of the form <conversation>-turn-<n>/);
    const unknown = file(
      "unknown.jsonl",
      '{"id": "c-turn-1", "query": "x", "relevant": [], "history": [{"query": "y", "tools": ["no_such_tool"]}]}\n',
    );
    expect((await runCli("cost", "--catalog", GYM, "--conversations", unknown)).err).toMatch(
      /history tool "no_such_tool" is not in the catalog/,
    );
  });

  it("is listed in the CLI's help", async () => {
    const { out } = await runCli("--help");
    expect(out).toMatch(/cost\s+replay conversations under each binding policy/);
    expect((await runCli("help", "cost")).out).toMatch(
      /^dynamic-tools cost --catalog <file> \| --mcp <servers\.json> --conversations <file\.jsonl>/,
    );
  });
});
