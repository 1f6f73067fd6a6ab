import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalog, catalogSpec, conversation } from "../__fixtures__/random-catalog.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";

const options = fc.record({
  extraTools: fc.nat({ max: 40 }),
  extraTokens: fc.option(fc.nat({ max: 3000 }), { nil: undefined }),
  relatedDepth: fc.nat({ max: 3 }),
  historyMessages: fc.nat({ max: 5 }),
  historyWindow: fc.nat({ max: 10 }),
  countTokens: fc.boolean(),
});

describe("keyword selection properties (generated catalogs and conversations)", () => {
  it("respects the budget, puts exactly the enabled core tools first, and never duplicates or invents tools", () => {
    fc.assert(
      fc.property(catalogSpec, conversation, options, (spec, messages, option) => {
        const catalog = buildCatalog(spec);
        const core = catalog.settings.core;
        const maxTools = Math.max(1, core.length) + option.extraTools;
        const coreTokens = core.reduce((sum, name) => sum + catalog.tokensOf(name), 0);
        const maxTokens = option.extraTokens === undefined ? undefined : Math.max(1, coreTokens + option.extraTokens);
        const selection = keywordSelector(catalog, {
          maxTools,
          ...(maxTokens === undefined ? {} : { maxTokens }),
          relatedDepth: option.relatedDepth,
          history: { messages: option.historyMessages, window: option.historyWindow },
          countTokens: option.countTokens,
        })(messages);

        const { tools } = selection;
        expect(selection.count).toBe(tools.length);
        expect(tools.length).toBeLessThanOrEqual(maxTools);
        expect(new Set(tools).size).toBe(tools.length);

        const enabledCore = core.filter((name) => catalog.get(name)!.enabled);
        expect(tools.slice(0, enabledCore.length)).toEqual(enabledCore);
        expect(selection.core).toEqual(enabledCore);
        for (const name of tools.slice(enabledCore.length)) expect(core.includes(name)).toBe(false);

        for (const name of tools) {
          const metadata = catalog.get(name);
          expect(metadata).toBeDefined();
          expect(metadata!.enabled).toBe(true);
          if (!core.includes(name)) expect(metadata!.searchable).toBe(true);
        }

        for (const name of selection.trimmed) expect(tools.includes(name)).toBe(false);
        expect(selection.trimmedBy === undefined).toBe(selection.trimmed.length === 0);

        if (option.countTokens) {
          const selected = tools.reduce((sum, name) => sum + catalog.tokensOf(name), 0);
          expect(selection.tokens).toEqual({ selected, all: catalog.totalTokens() });
          expect(selection.tokens!.all).toBeGreaterThanOrEqual(selected);
          if (maxTokens !== undefined) expect(selected).toBeLessThanOrEqual(maxTokens);
        } else {
          expect(selection.tokens).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is deterministic: the same catalog spec and conversation give deep-equal selections", () => {
    fc.assert(
      fc.property(catalogSpec, conversation, conversation, (spec, messages, other) => {
        const catalog = buildCatalog(spec);
        const select = keywordSelector(catalog, { countTokens: false, relatedDepth: 2 });
        const first = select(messages);
        select(other); // an unrelated call in between must not leak into the next one
        expect(select(messages)).toEqual(first);
        expect(keywordSelector(buildCatalog(spec), { countTokens: false, relatedDepth: 2 })(messages)).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});
