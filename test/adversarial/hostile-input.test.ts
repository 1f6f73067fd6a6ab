/**
 * Hostile input never crashes, hangs or breaks the budget: huge, unicode-heavy, control-character and null-laden
 * messages on a 1,000-tool catalog (each selection bounded in time, generously, so a loaded 2-core machine does not
 * flake), hostile catalogs from code and files, selections during many live updates, and a fast-check run over
 * random catalogs and messages.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  DynamicToolsError,
  ToolCatalog,
  createToolSelector,
  loadCatalogFile,
  type ConversationMessage,
  type SelectionInput,
  type ToolDeclaration,
  type ToolSelection,
  type ToolSelectorOptions,
} from "@dynamic-tools/core";

/** One keyword selection (synchronous). */
function selectByKeywords(catalog: ToolCatalog, input: SelectionInput, options: Omit<ToolSelectorOptions, "strategy"> = {}): ToolSelection {
  return createToolSelector(catalog, { ...options, strategy: "keyword" })(input);
}

/** Most time one selection may take on the worst inputs below (measured: tens of ms; generous for a loaded machine). */
const SELECTION_BOUND_MS = 250;

const WORDS = ["salary", "client", "yoga", "class", "staff", "invoice", "report", "photo", "email", "calendar"];
function bigCatalog(): ToolCatalog {
  const tools: ToolDeclaration[] = Array.from({ length: 1_000 }, (_, index) => ({
    name: `tool_${index}_${WORDS[index % WORDS.length]}`,
    description: `${WORDS[index % 10]} ${WORDS[(index * 3) % 10]} ${WORDS[(index * 7) % 10]} tool number ${index}`,
    category: `category_${index % 40}`,
  }));
  return new ToolCatalog({
    tools,
    categories: { category_0: { keywords: ["salary", "payroll"] }, category_1: { keywords: ["yoga class"] } },
    core: ["tool_0_salary"],
    maxTools: 20,
  });
}

const human = (content: unknown) => ({ role: "user", content }) as ConversationMessage;
const WORST_INPUTS: Array<[string, () => string | ConversationMessage[]]> = [
  ["one 100,000-letter vowel-less word", () => "q".repeat(100_000)],
  ["a 1 MB message of ordinary words", () => "show me the pending salary please ".repeat(32_000)],
  ["a 1 MB message of one unbroken word", () => "x".repeat(1_000_000)],
  ["200 KB of control characters, bidi overrides and zero-width joiners", () => "\u0000\u0007\u001b[2J\u202e\u200d\ufeff".repeat(30_000)],
  ["200 KB of mixed scripts, emoji and combining marks", () => "工资会员 مرحبا 👩‍👩‍👧 e\u0301\u0301 Ünïcödé ".repeat(8_000)],
  ["lone surrogates and non-characters", () => "\ud800 salary \udfff \uffff\ufffe ".repeat(20_000)],
  [
    "300 history messages of 1 MB each",
    () => [...Array.from({ length: 300 }, (_, index) => human(`${index} ${"z".repeat(1_000_000)}`)), human("salary")],
  ],
  [
    "null, undefined, numbers and odd blocks in the history",
    () =>
      [
        null,
        undefined,
        7,
        "junk",
        { role: "user" },
        human([null, { text: 5 }, { text: "yoga" }]),
        human("salary"),
      ] as unknown as ConversationMessage[],
  ],
  ["10,000 one-letter words", () => "a ".repeat(10_000)],
  ["a message that is every keyword a thousand times", () => "salary payroll yoga class ".repeat(1_000)],
];

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

function checkSelection(catalog: ToolCatalog, selection: ToolSelection, maxTools: number): void {
  expect(selection.tools.length).toBeLessThanOrEqual(maxTools);
  expect(new Set(selection.tools).size).toBe(selection.tools.length);
  const core = catalog.settings.core.filter((name) => catalog.get(name)?.enabled);
  expect(selection.tools.slice(0, core.length)).toEqual(core);
  for (const name of selection.tools) expect(catalog.has(name)).toBe(true);
}

describe("hostile messages on a 1,000-tool catalog", () => {
  const catalog = bigCatalog();
  selectByKeywords(catalog, "warm up the stemmer and the keyword index");

  it.each(WORST_INPUTS)(`keyword selection of %s stays within ${SELECTION_BOUND_MS} ms and the budget`, (_label, input) => {
    const message = input();
    const { value, ms } = timed(() => selectByKeywords(catalog, message));
    checkSelection(catalog, value, 20);
    expect(ms).toBeLessThan(SELECTION_BOUND_MS);
  });

  it.each(["bm25", "fuzzy", "hybrid"])(`%s selection of every worst input stays within ${SELECTION_BOUND_MS} ms each`, async (strategy) => {
    const select = createToolSelector(catalog, { strategy });
    await select("warm up");
    for (const [label, input] of WORST_INPUTS) {
      const message = input();
      const start = performance.now();
      const selection = await select(message);
      const ms = performance.now() - start;
      checkSelection(catalog, selection, 20);
      expect(ms, label).toBeLessThan(SELECTION_BOUND_MS);
    }
  });

  it("a 20,000-character unknown tool name gets its suggestion in bounded time", () => {
    const { value, ms } = timed(() => catalog.suggest(`tool_10_salary${"y".repeat(20_000)}`));
    expect(value).toContain("tool_10_salary");
    expect(catalog.suggest("z".repeat(20_000))).toBe("");
    expect(ms).toBeLessThan(SELECTION_BOUND_MS);
  });
});

describe("hostile catalogs", () => {
  const dir = mkdtempSync(join(tmpdir(), "dynamic-tools-adversarial-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const deep = (levels: number) => `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${"}}".repeat(levels)}`;

  const HOSTILE_FILES: Array<[string, string, string]> = [
    [
      "alias bomb",
      "bomb.yaml",
      [
        "a: &a [x,x,x,x,x,x,x,x,x]",
        ...Array.from(
          { length: 8 },
          (_, level) => `${"bcdefghi"[level]}: &${"bcdefghi"[level]} [${Array(9).fill(`*${"abcdefgh"[level]}`).join(",")}]`,
        ),
        "tools: [{ name: t }]",
      ].join("\n"),
    ],
    ["parameters 5,000 deep", "deep.json", `{"tools":[{"name":"deep","parameters":${deep(2_500)}}]}`],
    ["YAML nested 20,000 deep", "nested.yaml", `tools: ${"[".repeat(20_000)}${"]".repeat(20_000)}`],
    ["duplicate keys", "dup.json", '{"tools":[{"name":"a","name":"b"}]}'],
    ["not JSON", "broken.json", '{"tools": [ {"name": "a", } '],
    ["a 1 MB tool name", "long-name.json", JSON.stringify({ tools: [{ name: "n".repeat(1_000_000) }] })],
    [
      "prototype keys",
      "proto.json",
      '{"tools":[{"name":"a","__proto__":{"polluted":true}}],"categories":{"constructor":{},"__proto__":{}}}',
    ],
    ["malformed schema", "schema.yaml", "tools:\n  - name: t\n    parameters: { type: object, properties: { x: { type: float } } }"],
    ["control characters in names", "control.json", JSON.stringify({ tools: [{ name: "a\u0000b\u001b[31m" }] })],
  ];

  it.each(HOSTILE_FILES)("a file with %s fails at load with a typed, bounded error naming the file", (_label, name, text) => {
    const path = file(name, text);
    let caught: unknown;
    const { ms } = timed(() => {
      try {
        loadCatalogFile(path);
      } catch (error) {
        caught = error;
      }
    });
    expect(DynamicToolsError.isInstance(caught), String(caught)).toBe(true);
    const error = caught as DynamicToolsError;
    expect(error.message).toContain(path);
    expect(error.message.length).toBeLessThan(4_000);
    expect(error.message).not.toMatch(/[\u0000\u001b]/);
    expect(ms).toBeLessThan(2_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("catalogs from code with prototype-named categories, namespaces and hostile values stay usable through updates", () => {
    const names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
    const catalog = new ToolCatalog({
      tools: names.map((name, index) => ({
        name: `tool_${index}`,
        description: `tool ${name} \u202e\u0000`,
        category: name,
        namespace: name,
      })),
      namespaces: { toString: { description: "Declared" } },
    });
    for (let round = 0; round < 3; round++) {
      catalog.remove(catalog.names().slice(0, 2));
      catalog.add(
        names.map((name, index) => ({ name: `tool_${round}_${index}`, description: `again ${name}`, category: name, namespace: name })),
      );
    }
    expect(catalog.namespace("toString")?.description).toBe("Declared");
    expect(selectByKeywords(catalog, "again constructor").tools.length).toBeGreaterThan(0);
  });
});

describe("selections during many live updates", () => {
  it("never throw and each sees one whole catalog version (no torn reads), keyword and bm25", async () => {
    const catalog = bigCatalog();
    const bm25 = createToolSelector(catalog, { strategy: "bm25" });
    await bm25("warm up");
    // Every version's tool names: a selection's tools must all belong to one of them.
    const versions = new Map<number, Set<string>>([[catalog.version, new Set(catalog.names())]]);
    const fromOneVersion = (tools: readonly string[]) => [...versions.values()].some((names) => tools.every((tool) => names.has(tool)));
    let done = false;
    let selections = 0;
    const updater = (async () => {
      for (let round = 0; round < 200; round++) {
        const name = `live_${round}`;
        catalog.remove(round > 0 ? [`live_${round - 1}`, `live_${round - 1}_pair`] : []);
        versions.set(catalog.version, new Set(catalog.names()));
        catalog.add([
          { name, description: "salary payroll live tool", category: "category_0" },
          { name: `${name}_pair`, description: "salary payroll live pair", category: "category_0" },
        ]);
        versions.set(catalog.version, new Set(catalog.names()));
        await new Promise((resolve) => setImmediate(resolve));
      }
      done = true;
    })();
    const selector = (async () => {
      while (!done) {
        const keyword = selectByKeywords(catalog, "pending salary payroll live");
        // Synchronous: exactly the catalog as it is now.
        for (const tool of keyword.tools) expect(catalog.has(tool), tool).toBe(true);
        checkSelection(catalog, keyword, 20);
        const ranked = await bm25("salary payroll live pair");
        expect(fromOneVersion(ranked.tools), ranked.tools.join(", ")).toBe(true);
        expect(ranked.tools.length).toBeLessThanOrEqual(20);
        selections += 2;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all([updater, selector]);
    expect(selections).toBeGreaterThan(10);
    expect(catalog.names().filter((name) => name.startsWith("live_"))).toEqual(["live_199", "live_199_pair"]);
    const last = await bm25("salary payroll live pair");
    expect(last.tools).toContain("live_199_pair");
    expect(last.tools.filter((tool) => tool.startsWith("live_") && !tool.startsWith("live_199"))).toEqual([]);
  });
});

describe("fast-check: random catalogs and hostile messages", () => {
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 100 }),
    fc.string({ unit: "binary", maxLength: 100 }),
    fc.constantFrom("salary", "yoga class", "payroll", "constructor", "__proto__", "toString"),
    fc.tuple(fc.constantFrom("q", "x", "ab"), fc.integer({ min: 100, max: 50_000 })).map(([unit, times]) => unit.repeat(times)),
  );
  // Descriptions are hostile too, but short: a catalog's cost at construction is not what this property times.
  const description = fc.oneof(
    fc.string({ maxLength: 100 }),
    fc.string({ unit: "grapheme", maxLength: 50 }),
    fc.constantFrom("salary", "yoga class", "toString"),
  );
  const tools = fc.uniqueArray(
    fc.record({
      name: fc.stringMatching(/^[a-zA-Z0-9_-]{1,20}$/),
      description,
      category: fc.option(fc.constantFrom("salary", "yoga", "constructor", "__proto__", "toString", "staff"), { nil: undefined }),
      keywords: fc.option(fc.array(fc.constantFrom("salary", "yoga", "pay", "class"), { minLength: 1, maxLength: 2 }), { nil: undefined }),
      enabled: fc.boolean(),
    }),
    { selector: (tool) => tool.name, minLength: 1, maxLength: 40 },
  );
  const history = fc.array(
    fc.oneof(
      text.map((content) => human(content)),
      fc.constant(null),
      fc.constant({ role: "assistant", content: "ok" }),
    ),
    { maxLength: 8 },
  );

  it("never throws, never exceeds the budget, puts core tools first, and stays within the time bound", () => {
    fc.assert(
      fc.property(
        tools,
        history,
        text,
        fc.integer({ min: 1, max: 10 }),
        fc.nat({ max: 3 }),
        fc.option(fc.nat({ max: 400 }), { nil: undefined }),
        (toolList, earlier, current, maxTools, coreCount, extraTokens) => {
          const core = toolList.slice(0, Math.min(coreCount, maxTools)).map((tool) => tool.name);
          const catalog = new ToolCatalog({
            tools: toolList.map(
              (tool) => Object.fromEntries(Object.entries(tool).filter(([, value]) => value !== undefined)) as ToolDeclaration,
            ),
            core,
            maxTools,
          });
          const coreTokens = catalog.settings.core.reduce((sum, name) => sum + catalog.tokensOf(name), 0);
          const maxTokens = extraTokens === undefined ? undefined : Math.max(1, coreTokens + extraTokens);
          const options = maxTokens === undefined ? {} : { maxTokens, countTokens: true };
          const messages = [...earlier, human(current)] as ConversationMessage[];
          selectByKeywords(catalog, "warm up", options); // the first selection of a catalog resolves its settings once
          const { value, ms } = timed(() => selectByKeywords(catalog, messages, options));
          checkSelection(catalog, value, maxTools);
          if (maxTokens !== undefined)
            expect(value.tools.reduce((sum, name) => sum + catalog.tokensOf(name), 0)).toBeLessThanOrEqual(maxTokens);
          expect(ms).toBeLessThan(SELECTION_BOUND_MS);
        },
      ),
      { numRuns: 150 },
    );
  });
});
