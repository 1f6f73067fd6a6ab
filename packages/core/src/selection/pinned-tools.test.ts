import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { buildCatalog, catalogSpec, messageText } from "../__fixtures__/random-catalog.js";
import { tableStrategy } from "../retrieval/__fixtures__/assistant-catalog.js";
import { createPinIndex, pinnedTools } from "./pinned-tools.js";
import { createToolSelector } from "./tool-selector.js";
import type { ToolSelection } from "./tool-selection.js";

const TOOLS: ToolDeclaration[] = [
  { name: "get_weather", description: "Weather now", display: { en: "Weather Now", "zh-CN": "天气" } },
  { name: "ResearchHelper", description: "Find papers" },
  { name: "calculator", description: "Arithmetic" },
  { name: "send_email", description: "Send an email", display: { en: "Send Email" } },
  { name: "ab", description: "too short to be named" },
];
const index = createPinIndex(new ToolCatalog({ tools: TOOLS }).tools());
const pin = (message: string, allowed: (name: string) => boolean = () => true) =>
  pinnedTools({ index, message, allowed }).map((tool) => tool.name);

describe("pinnedTools", () => {
  it("pins a tool named by its name, case-insensitively, as a whole word, explained", () => {
    expect(pinnedTools({ index, message: "please use get_weather for Paris", allowed: () => true })).toEqual([
      { name: "get_weather", reason: 'named in the current message ("get_weather")', mention: "get_weather" },
    ]);
    expect(pin("ask researchhelper about it")).toEqual(["ResearchHelper"]);
    expect(pin("get_weather_daily is another thing")).toEqual([]);
    expect(pin("ab")).toEqual([]);
  });

  it("pins by display name in any locale, as a phrase, and in the order named", () => {
    expect(pin("Send email to Bob, then check the weather now")).toEqual(["send_email", "get_weather"]);
    expect(pin("今天天气怎么样")).toEqual(["get_weather"]);
    expect(pin("resend emails")).toEqual([]);
  });

  it("pins a one-word name only when the message marks it as a name", () => {
    expect(pin("my calculator is broken")).toEqual([]);
    expect(pin("use the calculator tool")).toEqual(["calculator"]);
    expect(pin("run `calculator` on this")).toEqual(["calculator"]);
    expect(pin('try "calculator"')).toEqual(["calculator"]);
  });

  it("pins only allowed tools, each once", () => {
    expect(pin("get_weather, get_weather and send_email", (name) => name !== "send_email")).toEqual(["get_weather"]);
  });

  it("reads a mention without the dashes around it, and only as a whole run of name characters", () => {
    expect(pinnedTools({ index, message: "try --get_weather-- now", allowed: () => true })).toEqual([
      { name: "get_weather", reason: 'named in the current message ("get_weather")', mention: "get_weather" },
    ]);
    // A plain word is marked as a name by a quote right before it, not before its dashes.
    expect(pin("'-calculator-' and `send_email`")).toEqual(["send_email"]);
    expect(pin("xget_weather, get_weather2, get-weather, -ab-")).toEqual([]);
  });
});

describe("createToolSelector: intent pinning", () => {
  const catalog = new ToolCatalog({ tools: TOOLS, core: ["ab"] });

  it("binds a named tool right after core although the strategy does not rank it, and explains it", async () => {
    const select = createToolSelector(catalog, { countTokens: false, strategy: tableStrategy({ send_email: 5 }), maxTools: 2 });
    const selection = await select("what does get_weather say?");
    expect(selection.tools).toEqual(["ab", "get_weather"]);
    expect(selection.trimmed).toEqual(["send_email"]);
    expect(selection.pinned).toEqual([
      { name: "get_weather", reason: 'named in the current message ("get_weather")', mention: "get_weather" },
    ]);
  });

  it("lists as pinned only the named tools the budget holds; the rest are trimmed", async () => {
    const select = createToolSelector(catalog, { countTokens: false, strategy: tableStrategy({}), maxTools: 2 });
    const selection = await select("compare send_email and get_weather");
    expect(selection.tools).toEqual(["ab", "send_email"]);
    expect(selection.pinned?.map((tool) => tool.name)).toEqual(["send_email"]);
    expect(selection.trimmed).toEqual(["get_weather"]);
  });

  it("adds no pinned field when nothing is named, and never pins a tool the request filters out", async () => {
    const select = createToolSelector(catalog, { countTokens: false, strategy: tableStrategy({ send_email: 5 }) });
    expect(await select("hello there")).not.toHaveProperty("pinned");
    const filtered = await select("use get_weather", { filter: (name) => name !== "get_weather" });
    expect(filtered.tools).not.toContain("get_weather");
    expect(filtered).not.toHaveProperty("pinned");
  });
});

describe("property: a pinned tool is always bound", () => {
  it("survives topK, AutoCut and the count and token budgets, right after core, for retrieval and keyword selection", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogSpec,
        messageText,
        messageText,
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        fc.dictionary(fc.constantFrom("a", "b", "c"), fc.double({ min: 0, max: 10, noNaN: true })),
        fc.boolean(),
        async (spec, before, after, pick, topK, scores, keyword) => {
          const catalog = buildCatalog(spec);
          const core = new Set(catalog.settings.core);
          const candidates = catalog.tools().filter((tool) => tool.enabled && tool.searchable && !core.has(tool.name));
          if (candidates.length === 0) return;
          const named = candidates[pick % candidates.length]!.name;
          const bindableCore = catalog.settings.core.filter((name) => catalog.get(name)!.enabled);
          const table = Object.fromEntries(
            Object.entries(scores).map(([key, score]) => [`${candidates[key.charCodeAt(0) % candidates.length]!.name}`, score]),
          );
          // The catalog checks maxTokens against every core tool, disabled ones included.
          const maxTokens = [...catalog.settings.core, named].reduce((sum, name) => sum + catalog.tokensOf(name), 0);
          const options = { countTokens: false, maxTools: catalog.settings.core.length + 1, maxTokens, topK };
          const message = `${before} use ${named} ${after}`;
          const selection: ToolSelection = keyword
            ? createToolSelector(catalog, { ...options, strategy: "keyword" })(message)
            : await createToolSelector(catalog, { ...options, strategy: tableStrategy(table) })(message);
          expect(selection.tools.slice(0, bindableCore.length + 1)).toEqual([...bindableCore, named]);
          expect(selection.pinned?.map((tool) => tool.name)).toContain(named);
        },
      ),
      { numRuns: 150 },
    );
  });
});
