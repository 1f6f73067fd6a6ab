import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UsageModel } from "../../usage/usage-model.js";
import { assistantCatalog, ASSISTANT_MESSAGES } from "../__fixtures__/assistant-catalog.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval-strategy.js";
import { createHybridStrategy } from "./hybrid-strategy.js";
import { MIN_FIT_OBSERVATIONS } from "./fusion-fitter.js";
import { createBm25Strategy } from "../lexical/bm25-strategy.js";
import { createToolSelector } from "../../selection/tool-selector.js";

/** A vector source that always prefers the tools at the end of the catalog: a weak signal. */
function weakVector(): RetrievalStrategy {
  let names: string[] = [];
  return {
    name: "vector",
    index(catalog) {
      names = catalog.names();
    },
    rank(request): RankedTool[] {
      return names
        .map((name, index) => ({ name, score: index / names.length, signals: { vector: index / names.length } }))
        .filter((tool) => request.filter === undefined || request.filter(tool.name))
        .sort((a, b) => b.score - a.score)
        .slice(0, request.limit);
    },
  };
}

const MESSAGES = ASSISTANT_MESSAGES;

function learnedModel(observations: number): UsageModel {
  const usage = new UsageModel({ catalog: assistantCatalog(), clock: () => 0 });
  for (let index = 0; index < observations; index++) {
    const [message, tool] = MESSAGES[index % MESSAGES.length]!;
    usage.observe({ message: `${message} ${index % 7}`, tools: [tool], at: 0 });
  }
  return usage;
}

const QUERIES = ["will it rain", "files in folder", "mail my boss", "calendar meeting", "smaller picture", "photo", "resize"];

describe("learned fusion (createHybridStrategy with usage)", () => {
  it("fits the weights on held-out observations, explains them, and lowers a misleading vector", async () => {
    const catalog = assistantCatalog();
    const usage = learnedModel(MIN_FIT_OBSERVATIONS);
    // A prior that trusts the (weak) vector source more than bm25.
    const hybrid = createHybridStrategy({ usage, vector: weakVector(), weights: { vector: 2 } });
    await hybrid.index(catalog);
    const fitted = hybrid.fittedFusion()!;
    expect(fitted.observations).toBe(MIN_FIT_OBSERVATIONS);
    expect(fitted.probes).toBe(MIN_FIT_OBSERVATIONS / 4);
    expect(fitted.weights.vector).toBeLessThan(2);
    expect(fitted.mrr.fitted).toBeGreaterThan(fitted.mrr.fixed);
    const [best] = await hybrid.rank({ query: "is it going to rain", limit: 3 });
    expect(best!.weights).toEqual(fitted.weights);
  });

  it("takes saved weights back (JSON round trip) and ranks exactly as the strategy that fitted them", async () => {
    const catalog = assistantCatalog();
    const usage = learnedModel(MIN_FIT_OBSERVATIONS);
    const first = createHybridStrategy({ usage, vector: weakVector(), weights: { vector: 2 } });
    await first.index(catalog);
    const saved = JSON.parse(JSON.stringify(first.fittedFusion()));
    const second = createHybridStrategy({ usage, vector: weakVector(), weights: { vector: 2 }, fitted: saved });
    await second.index(catalog);
    expect(second.fittedFusion()).toEqual(saved);
    for (const query of QUERIES) expect(await second.rank({ query, limit: 10 })).toEqual(await first.rank({ query, limit: 10 }));
  });

  it("a fit that kept the fixed weights explains none (the reason does not claim weights fitted from usage)", async () => {
    const catalog = assistantCatalog();
    const usage = learnedModel(MIN_FIT_OBSERVATIONS);
    const first = createHybridStrategy({ usage, vector: weakVector(), weights: { vector: 2 } });
    await first.index(catalog);
    const kept = { ...first.fittedFusion()!, weights: { bm25: 1, fuzzy: 0.3, vector: 2 } };
    const hybrid = createHybridStrategy({ usage, vector: weakVector(), weights: { vector: 2 }, fitted: kept });
    await hybrid.index(catalog);
    for (const query of QUERIES) expect((await hybrid.rank({ query, limit: 10 })).every((tool) => tool.weights === undefined)).toBe(true);
  });

  it("without usage (or before enough observations), rankings are exactly those of the fixed weights", async () => {
    const catalog = assistantCatalog();
    const plain = createHybridStrategy({ vector: weakVector() });
    const early = createHybridStrategy({ usage: learnedModel(MIN_FIT_OBSERVATIONS - 1), vector: weakVector() });
    const fixedWithout = createHybridStrategy({ vector: weakVector(), weights: { bm25: 1, fuzzy: 0.3, vector: 0.6 } });
    await Promise.all([plain.index(catalog), early.index(catalog), fixedWithout.index(catalog)]);
    expect(early.fittedFusion()).toBeUndefined();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...QUERIES.join(" ").split(" "), "weather", "email", "xyz"), { minLength: 1, maxLength: 5 }),
        async (words) => {
          const query = words.join(" ");
          const ranked = await plain.rank({ query, limit: 20 });
          expect(ranked).toEqual(await fixedWithout.rank({ query, limit: 20 }));
          expect(ranked.every((tool) => tool.weights === undefined)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("with a learned weight, fuses BM25 over the text and over the learned field apart, and says both", async () => {
    const catalog = assistantCatalog();
    const usage = learnedModel(MIN_FIT_OBSERVATIONS);
    const fitted = {
      formatVersion: 1 as const,
      weights: { bm25: 1, fuzzy: 0.3, vector: 0.6, learned: 2 },
      observations: MIN_FIT_OBSERVATIONS,
      probes: 64,
      mrr: { fixed: 0.5, fitted: 0.6 },
    };
    const hybrid = createHybridStrategy({ usage, vector: weakVector(), fitted });
    await hybrid.index(catalog);
    const zero = { name: 0, keywords: 0, tags: 0, category: 0, description: 0, parameterNames: 0, parameterDescriptions: 0 };
    const [text, learned] = [createBm25Strategy(), createBm25Strategy({ usage, fieldWeights: zero })];
    await Promise.all([text.index(catalog), learned.index(catalog)]);
    const ranked = await hybrid.rank({ query: "mail the report", limit: 5 });
    const email = ranked.find((tool) => tool.name === "send_email")!;
    expect(email.weights).toEqual(fitted.weights);
    const [byText, byLearned] = await Promise.all([
      text.rank({ query: "mail the report", limit: 100 }),
      learned.rank({ query: "mail the report", limit: 100 }),
    ]);
    expect(email.signals.learned).toBe(byLearned.find((tool) => tool.name === "send_email")!.score);
    expect(email.signals.bm25).toBe(byText.find((tool) => tool.name === "send_email")?.score);
    // Without the learned weight, the same saved fit folds the field into bm25 again: other bm25 scores, no learned signal.
    const folded = createHybridStrategy({
      usage,
      vector: weakVector(),
      fitted: { ...fitted, weights: { bm25: 1, fuzzy: 0.3, vector: 0.6 } },
    });
    await folded.index(catalog);
    const [best] = await folded.rank({ query: "mail the report", limit: 1 });
    expect(best!.signals.learned).toBeUndefined();
    // A selection explains the weights, the learned one included.
    const selection = await createToolSelector(catalog, { strategy: hybrid, countTokens: false })("mail the report");
    expect(selection.ranked?.find((tool) => tool.name === "send_email")?.reason).toMatch(
      /learned [\d.]+.*\(weights fitted from usage: bm25 1, fuzzy 0\.3, vector 0\.6, learned 2\)/,
    );
  });

  it("separateLearnedField: the fit also tries the learned field apart, and keeps its fit under its own configuration", async () => {
    const catalog = assistantCatalog();
    const usage = learnedModel(MIN_FIT_OBSERVATIONS);
    const folded = createHybridStrategy({ usage, vector: weakVector() });
    const apart = createHybridStrategy({ usage, vector: weakVector(), separateLearnedField: true });
    await folded.index(catalog);
    await apart.index(catalog);
    const keys = Object.keys(usage.fittedFusions());
    expect(keys).toHaveLength(2);
    expect(keys.filter((key) => key.endsWith("; learned field apart"))).toHaveLength(1);
    expect(folded.fittedFusion()!.weights.learned).toBeUndefined();
    // Apart or not, the fit is never worse than the fixed weights on the held-out observations.
    expect(apart.fittedFusion()!.mrr.fitted).toBeGreaterThanOrEqual(apart.fittedFusion()!.mrr.fixed);
  });
});
