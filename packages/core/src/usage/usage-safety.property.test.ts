/**
 * Usage only changes ranking: whatever was learned (including calls of disabled, excluded or forbidden tools and
 * floods from one caller), a selection never contains a tool the same selection without usage could not contain.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalog, catalogSpec, conversation, messageText } from "../__fixtures__/random-catalog.js";
import { createBm25Strategy } from "../retrieval/lexical/bm25-strategy.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { UsageModel } from "./usage-model.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";

describe("usage never widens what a caller may see", () => {
  it("selections with learned usage stay within the filters and permissions of selections without it", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogSpec,
        conversation,
        fc.array(
          fc.record({
            message: messageText,
            picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
            caller: fc.constantFrom("a", "b", undefined),
          }),
          { maxLength: 30 },
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        async (spec, messages, learned, allowedBits) => {
          const catalog = buildCatalog(spec);
          const names = catalog.names();
          const usage = new UsageModel({ catalog });
          for (const { message, picks, caller } of learned) {
            if (message.trim() === "" || names.length === 0) continue;
            usage.observe({
              message,
              tools: picks.map((pick) => names[pick % names.length]!),
              ...(caller === undefined ? {} : { caller }),
            });
          }
          const allowed = (name: string) => allowedBits[names.indexOf(name) % allowedBits.length]!;
          const exclude = names.filter((_, index) => index % 5 === 4);
          const options = { topK: 10, autoCut: false as const, exclude, countTokens: false };
          const withUsage = createToolSelector(catalog, { ...options, strategy: createBm25Strategy({ usage }) });
          // The widest a selection without usage can be: every tool its filters let through.
          const everything = createToolSelector(catalog, {
            ...options,
            topK: Math.max(1, names.length),
            maxTools: Math.max(1, names.length),
            strategy: createBm25Strategy(),
          });
          const possible = new Set((await everything(names.join(" "), { filter: allowed })).tools);
          const selectable = new Set(
            catalog
              .tools()
              .filter((tool) => tool.enabled && !exclude.includes(tool.name) && allowed(tool.name))
              .map((tool) => tool.name),
          );
          // The co-usage expansion too (a low threshold, so it adds often), for retrieval and keyword selection.
          const coUsage = { minWeight: 0.1, maxTools: 5 };
          const expanding = createToolSelector(catalog, { ...options, strategy: createBm25Strategy({ usage }), usage, coUsage });
          const keyword = keywordSelector(catalog, { exclude, countTokens: false, usage, coUsage });
          const expanded = await expanding(messages, { filter: allowed });
          const byKeyword = keyword(messages, { filter: allowed });
          for (const selection of [expanded, byKeyword]) {
            for (const name of selection.tools) {
              expect(allowed(name)).toBe(true);
              expect(selectable.has(name) || selection.core.includes(name)).toBe(true);
              expect(possible.has(name)).toBe(true); // searchable, platform: whatever the filters let through
            }
            expect(selection.count).toBeLessThanOrEqual(catalog.settings.maxTools);
            // Expansions come after every other chosen tool: the budget trims them first.
            const added = new Set(selection.coUsed!.map((tool) => tool.name));
            const firstAdded = selection.tools.findIndex((name) => added.has(name));
            if (firstAdded >= 0) expect(selection.tools.slice(firstAdded).every((name) => added.has(name))).toBe(true);
          }
          const selected = await withUsage(messages, { filter: allowed });
          for (const name of selected.tools) {
            expect(allowed(name)).toBe(true);
            expect(selectable.has(name)).toBe(true);
            expect(possible.has(name)).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
