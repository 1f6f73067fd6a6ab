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
    [["--result-tokens", "1.5"], /--result-tokens must be a whole number ≥ 0, got "1.5"/],
    [["--read-price", "cheap"], /--read-price must be a number ≥ 0/],
  ])("exits 2 for a bad command line: %j", async (extra, message) => {
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", CONVERSATION, ...extra);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  it("exits 2 without --catalog or --conversations, 1 for a file that is not a conversations file", async () => {
    expect((await runCli("cost", "--catalog", GYM)).err).toMatch(/cost needs --conversations <file.jsonl>/);
    const bad = file("bad.jsonl", '{"id": "q1", "query": "show me all active clients", "relevant": ["get_clients_list"]}\n');
    const { code, err } = await runCli("cost", "--catalog", GYM, "--conversations", bad);
    expect(code).toBe(1);
    expect(err).toMatch(/INVALID_DECLARATION: .*bad\.jsonl: id "q1" is not of the form <conversation>-turn-<n>/);
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
