import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli as run } from "./__fixtures__/run-cli.js";

const directory = mkdtempSync(join(tmpdir(), "dynamic-tools-cli-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A catalog with no core tools and no defaults: a message that matches nothing selects nothing. */
const BARE = join(directory, "bare.yaml");
writeFileSync(
  BARE,
  `tools:
  - { name: get_weather, description: Current weather for a city, category: weather }
  - { name: send_email, description: Send an email to a contact, category: mail }
`,
);
/** Two core tools: a budget of one from the command line cannot hold them. */
const CORED = join(directory, "cored.yaml");
writeFileSync(
  CORED,
  "tools:\n  - { name: get_weather, description: Weather }\n  - { name: send_email, description: Email }\ncore: [get_weather, send_email]\n",
);
const BROKEN = join(directory, "broken.yaml");
writeFileSync(BROKEN, "tools:\n  - { name: get_weather, description: Weather, category: weather }\ncore: [get_wether]\n");

describe("dynamic-tools --help", () => {
  it.each([["--help"], ["-h"], ["help"]])("%s prints every command and the exit codes to stdout, exit 0", async (flag) => {
    const { code, out, err } = await run(flag);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toMatch(/^Usage: dynamic-tools <command> \[options\]/);
    for (const command of ["select", "bench", "eval"]) expect(out).toContain(`dynamic-tools ${command} `);
    expect(out).toMatch(/Exit codes \(every command\):\n {2}0 {2}success.*\n {2}1 {2}bad input.*\n {2}2 {2}bad command line/);
  });

  it.each(["select", "eval", "bench"])("%s --help and help %s print that command's usage and the exit codes, exit 0", async (command) => {
    for (const argv of [
      [command, "--help"],
      [command, "-h"],
      ["help", command],
    ]) {
      const { code, out, err } = await run(...argv);
      expect(code, argv.join(" ")).toBe(0);
      expect(err).toBe("");
      expect(out).toMatch(new RegExp(`^dynamic-tools ${command} `));
      expect(out).toContain("-h, --help");
      if (argv[0] !== "help") expect(out).toContain("Exit codes (every command):");
    }
  });

  it.each(["--version", "-v", "version"])("%s prints the package's version, exit 0", async (flag) => {
    const { code, out, err } = await run(flag);
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toMatch(/^dynamic-tools \d+\.\d+\.\d+\s*$/);
  });

  it("exits 2 with the usage on stderr when no command is given", async () => {
    const { code, out, err } = await run();
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/^dynamic-tools needs a command\.\n\nUsage: dynamic-tools <command>/);
  });
});

describe("dynamic-tools: mistakes on the command line exit 2 with close matches", () => {
  it.each([
    [
      ["slect", "--catalog", BARE, "hi"],
      /^Unknown command "slect"\. Did you mean: select\? Commands: select, bench, eval, cost, doctor, usage\./,
    ],
    [["evl"], /^Unknown command "evl"\. Did you mean: eval\?/],
    [["help", "bnch"], /^Unknown command "bnch"\. Did you mean: bench\?/],
    [
      ["select", "--catalog", BARE, "--strategy", "hybird", "hi"],
      /^Unknown strategy "hybird"\. Did you mean: hybrid\? Strategies: keyword, bm25, fuzzy, vector, hybrid, sequence-matcher\./,
    ],
    [["eval", "--catalog", BARE, "--queries", "q.jsonl", "--strategy", "bm52"], /^Unknown strategy "bm52"\. Did you mean: bm25\?/],
    [["bench", "--strategy", "fuzy"], /^Unknown strategy "fuzy"\. Did you mean: fuzzy\?/],
    [["select", "--catalg", BARE, "hi"], /^Unknown option '--catalg'\. Did you mean: --catalog\?\n\ndynamic-tools select /],
    [
      ["select", "--catalog", BARE, "--max-tools", "lots", "hi"],
      /^--max-tools must be a whole number ≥ 1, got "lots"\.\n\ndynamic-tools select /,
    ],
    [["select", "--catalog", BARE], /^select needs a message\./],
    [
      ["select", "--catalog", BARE, "--top-k", "-1", "hi"],
      /^Option '--top-k' is followed by '-1', which reads as an option: to pass it as the value, write --top-k=-1\./,
    ],
    [["select", "--catalog", BARE, "--top-k=-1", "hi"], /^--top-k must be a whole number ≥ 1, got "-1"\./],
    [["select", "--catalog", BARE, "--top-k", "0x3", "hi"], /^--top-k must be a whole number ≥ 1, got "0x3"\./],
    [
      ["select", "--catalog", BARE, "--catalog", "other.json", "hi"],
      /^Option '--catalog' is given twice \('.+', then 'other\.json'\): give it once\.\n\ndynamic-tools select /,
    ],
    [["eval", "--catalog", BARE, "stray"], /^Unexpected argument 'stray': this command takes options only\./],
    [
      ["select", "--catalog", CORED, "--max-tools", "1", "hi"],
      /^--max-tools 1: The 2 core tools alone exceed maxTools \(1\); raise it, or leave it out for the catalog's own budget\.\n\ndynamic-tools select /,
    ],
  ])("%j", async (argv, message) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
    expect(err).not.toMatch(/place it at the end of the command/);
  });
});

describe("dynamic-tools select: bad input exits 1", () => {
  it("names the catalog's mistake with its code", async () => {
    const { code, out, err } = await run("select", "--catalog", BROKEN, "hi");
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toMatch(/^[A-Z_]+: .*get_wether/);
  });

  it("a missing catalog file is bad input too", async () => {
    const { code, err } = await run("select", "--catalog", join(directory, "nope.yaml"), "hi");
    expect(code).toBe(1);
    expect(err).toMatch(/^CATALOG_FILE_UNREADABLE: /);
  });
});

describe("dynamic-tools select with nothing to select", () => {
  it("keyword: says 0 tools selected, why, and what would change it", async () => {
    const { code, out } = await run("select", "--catalog", BARE, "--strategy", "keyword", "hello there");
    expect(code).toBe(0);
    expect(out).toBe(
      "Selected 0 of 2 tools\n\n" +
        "0 tools selected: no category or tool keyword matched this message, and the catalog declares no core tools " +
        "(bound every turn) and no defaults (bound when nothing matches).\n" +
        "Declare `core` or `defaults` in the catalog, add keywords to its categories, or try --strategy hybrid (ranks by words and meaning).",
    );
  });

  it.each(["bm25", "fuzzy"])("%s: small talk abstains and says why instead of crashing", async (strategy) => {
    const { code, out } = await run("select", "--catalog", BARE, "--strategy", strategy, "hello there");
    expect(code).toBe(0);
    expect(out).toContain("0 tools selected: nothing credible to bind (the message asks for nothing a tool could do");
    const json = JSON.parse((await run("select", "--catalog", BARE, "--strategy", strategy, "--json", "thanks!")).out) as {
      abstained: { reason: string };
    };
    expect(json.abstained.reason).toMatch(/asks for nothing/);
  });

  it("a named tool is pinned and shown as such", async () => {
    const { out } = await run("select", "--catalog", BARE, "--strategy", "bm25", "run send_email now");
    expect(out).toContain('pinned send_email: named in the current message ("send_email")');
  });

  it("--json carries the reason next to count 0", async () => {
    const { code, out } = await run("select", "--catalog", BARE, "--strategy", "keyword", "--json", "hello there");
    expect(code).toBe(0);
    const json = JSON.parse(out) as { count: number; tools: string[]; reason: string };
    expect(json.count).toBe(0);
    expect(json.tools).toEqual([]);
    expect(json.reason).toMatch(/^0 tools selected: no category or tool keyword matched/);
  });

  it("a selection that is not empty has no reason field", async () => {
    const { out } = await run("select", "--catalog", BARE, "--json", "what is the weather in Paris?");
    const json = JSON.parse(out) as { count: number; tools: string[]; reason?: string };
    expect(json.tools).toContain("get_weather");
    expect(json.reason).toBeUndefined();
  });
});

describe("dynamic-tools select when what matched cannot be bound", () => {
  it("names what matched and why nothing is bound", async () => {
    const file = join(directory, "disabled.yaml");
    writeFileSync(
      file,
      `categories:
  weather: { keywords: [weather] }
tools:
  - { name: get_weather, description: Current weather for a city, category: weather, enabled: false }
  - { name: send_email, description: Send an email to a contact, category: mail }
`,
    );
    const { code, out } = await run("select", "--catalog", file, "--strategy", "keyword", "what is the weather?");
    expect(code).toBe(0);
    expect(out).toContain(
      "0 tools selected: weather matched, but none of their tools can be bound here (disabled, another platform, or not searchable).",
    );
  });
});

describe("dynamic-tools select --usage", () => {
  it("adds the tools often used with the chosen one, with the reason, in the table and in --json", async () => {
    const usage = join(directory, "usage.jsonl");
    writeFileSync(
      usage,
      [
        '{"message": "rain and mail", "tools": ["get_weather", "send_email"]}',
        '{"message": "storm, tell Ann", "tools": ["get_weather", "send_email"]}',
        "",
      ].join("\n"),
    );
    const args = ["select", "--catalog", BARE, "--strategy", "bm25", "--usage", usage, "weather in Oslo"];
    const json = JSON.parse((await run(...args, "--json")).out);
    expect(json.tools).toEqual(["get_weather", "send_email"]);
    expect(json.coUsed).toEqual([
      { name: "send_email", reason: "often used with get_weather", tier: "co-usage", usedWith: "get_weather", weight: 2 },
    ]);
    const { code, out } = await run(...args);
    expect(code).toBe(0);
    expect(out).toMatch(/Co-usage \(learned\)\n {2}send_email {2}often used with get_weather/);
    const without = JSON.parse((await run("select", "--catalog", BARE, "--strategy", "bm25", "weather in Oslo", "--json")).out);
    expect(without.tools).toEqual(["get_weather"]);
    expect(without).not.toHaveProperty("coUsed");
  });
});
