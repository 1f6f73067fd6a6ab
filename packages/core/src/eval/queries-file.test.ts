import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { conversationIdChecker } from "./conversation-turns.js";
import { loadMessagesFile, loadQueriesFile, parseQueries } from "./queries-file.js";

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const catalog = new ToolCatalog({ tools: [{ name: "get_weather" }, { name: "send_email" }] });
const weather = new ToolCatalog({ tools: [{ name: "get_weather" }, { name: "get_forecast" }] });

function errorOf(action: () => unknown): DynamicToolsError {
  try {
    action();
  } catch (error) {
    if (DynamicToolsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a DynamicToolsError");
}

describe("parseQueries", () => {
  it("reads one query per line, skipping blank lines", () => {
    const text =
      '{"id": "a", "query": "weather?", "relevant": ["get_weather", "get_weather"]}\n\n{"id": 7, "query": "mail", "relevant": ["send_email"], "history": ["hi"]}\n';
    expect(parseQueries(text, "q.jsonl", catalog)).toEqual([
      { id: "a", query: "weather?", relevant: ["get_weather"] },
      { id: "7", query: "mail", relevant: ["send_email"], history: ["hi"], turns: [{ query: "hi", tools: [] }] },
    ]);
  });

  it("accepts a turn without tools only when asked (conversations files)", () => {
    const text = '{"id": "c-turn-1", "query": "hello", "relevant": []}';
    expect(() => parseQueries(text, "q.jsonl")).toThrow(/"relevant" must be a non-empty array/);
    expect(parseQueries(text, "q.jsonl", undefined, { allowNoTools: true })).toEqual([{ id: "c-turn-1", query: "hello", relevant: [] }]);
  });

  it.each([
    ["{not json", /^q\.jsonl:1: not valid JSON/],
    ['["a"]', /^q\.jsonl:1: expected an object/],
    ['{"query": "x", "relevant": ["get_weather"]}', /^q\.jsonl:1: "id" must be/],
    ['{"id": "a", "query": "", "relevant": ["get_weather"]}', /^q\.jsonl:1: "query" must be a non-empty string/],
    ['{"id": "a", "query": "x", "relevant": []}', /^q\.jsonl:1: "relevant" must be a non-empty array/],
    ['{"id": "a", "query": "x", "relevant": ["get_weather"], "history": "hi"}', /^q\.jsonl:1: "history" must be an array of strings/],
    ['{"id": "a", "query": "x", "relevent": ["get_weather"]}', /^q\.jsonl:1: unknown key "relevent"/],
    [
      '{"id": "a", "query": "x", "relevant": ["get_weather"]}\n{"id": "a", "query": "y", "relevant": ["get_weather"]}',
      /^q\.jsonl:2: id "a" is already used on line 1/,
    ],
    [
      '{"id": "a", "query": "x", "relevant": ["get_weather"], "history": [{"query": "y", "tool": ["z"]}]}',
      /^q\.jsonl:1: a "history" entry has unknown key "tool"/,
    ],
    [
      '{"id": "a", "query": "x", "relevant": ["get_weather"], "history": [{"query": "y", "tools": "z"}]}',
      /^q\.jsonl:1: a "history" entry's "tools" must be an array/,
    ],
    ['{"id": "a", "query": "x", "relevant": ["get_weather"], "history": [3]}', /^q\.jsonl:1: "history" must be an array of strings or/],
    ["\n\n", /^q\.jsonl: has no queries/],
  ])("rejects %j as INVALID_DECLARATION naming the line", (text, message) => {
    const error = errorOf(() => parseQueries(text, "q.jsonl"));
    expect(error.code).toBe("INVALID_DECLARATION");
    expect(error.message).toMatch(message);
  });
});

describe("parseQueries: history entries with the tools each turn called", () => {
  it("reads strings and { query, tools } entries: history keeps the words, turns the tools", () => {
    const [query] = parseQueries(
      '{"id": "c", "query": "and tomorrow?", "relevant": ["get_forecast"], "history": ["hi", {"query": "weather in Paris", "tools": ["get_weather"]}]}',
      "q.jsonl",
      weather,
    );
    expect(query).toEqual({
      id: "c",
      query: "and tomorrow?",
      relevant: ["get_forecast"],
      history: ["hi", "weather in Paris"],
      turns: [
        { query: "hi", tools: [] },
        { query: "weather in Paris", tools: ["get_weather"] },
      ],
    });
  });

  it("names a history tool missing from the catalog", () => {
    const error = errorOf(() =>
      parseQueries(
        '{"id": "c", "query": "x", "relevant": ["get_weather"], "history": [{"query": "y", "tools": ["get_wether"]}]}',
        "q.jsonl",
        catalog,
      ),
    );
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toMatch(/q\.jsonl:1: query "c": history tool "get_wether" is not in the catalog.*get_weather/);
  });
});

describe("loadMessagesFile", () => {
  it("reads strings and { query } objects, one per line, and names a bad line", () => {
    const file = join(mkdtempSync(join(tmpdir(), "messages-")), "talk.jsonl");
    writeFileSync(file, '"hi"\n\n{"id": "t2", "query": "thanks!"}\n');
    expect(loadMessagesFile(file)).toEqual(["hi", "thanks!"]);
    writeFileSync(file, '"hi"\n{"id": "t2"}\n');
    expect(errorOf(() => loadMessagesFile(file)).message).toMatch(/talk\.jsonl:2: expected a string or \{ "query": "…" \}/);
  });
});

describe("loadQueriesFile", () => {
  it("names a malformed line of the file", () => {
    const error = errorOf(() => loadQueriesFile(fixture("queries-malformed.jsonl"), catalog));
    expect(error.code).toBe("INVALID_DECLARATION");
    expect(error.message).toMatch(/queries-malformed\.jsonl:2: "relevant" must be a non-empty array of tool names/);
  });

  it("names a relevant tool missing from the catalog, its line and close matches", () => {
    const error = errorOf(() => loadQueriesFile(fixture("queries-unknown-tool.jsonl"), catalog));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toMatch(
      /queries-unknown-tool\.jsonl:3: query "typo": relevant tool "send_emial" is not in the catalog \(2 tools\)\. Did you mean: send_email\?/,
    );
  });

  it("reports an unreadable file", () => {
    const error = errorOf(() => loadQueriesFile(fixture("missing.jsonl")));
    expect(error.code).toBe("INVALID_OPTION");
    expect(error.message).toMatch(/Cannot read queries file .*missing\.jsonl/);
  });
});

describe("parseQueries: checkId", () => {
  it("fails with the file and line of an id the checker refuses (conversation turn ids)", () => {
    const text = '{"id": "c-turn-1", "query": "x", "relevant": []}\n\n{"id": "c-turn-one", "query": "y", "relevant": []}\n';
    expect(() => parseQueries(text, "c.jsonl", undefined, { allowNoTools: true, checkId: conversationIdChecker() })).toThrow(
      /^c\.jsonl:3: id "c-turn-one" is not of the form <conversation>-turn-<n>/,
    );
    const twice = '{"id": "c-turn-1", "query": "x", "relevant": []}\n{"id": "c-turn-001", "query": "y", "relevant": []}\n';
    expect(() => parseQueries(twice, "c.jsonl", undefined, { allowNoTools: true, checkId: conversationIdChecker() })).toThrow(
      'c.jsonl:2: ids "c-turn-1" (line 1) and "c-turn-001" are both turn 1 of "c".',
    );
    expect(
      parseQueries(twice.replace("001", "2"), "c.jsonl", undefined, { allowNoTools: true, checkId: conversationIdChecker() }),
    ).toHaveLength(2);
  });
});
