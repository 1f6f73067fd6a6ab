import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectCandidates, deriveKeywords, maxCategoryFrequency, type CategoryText } from "./derive-keywords.js";
import { KeywordStatistics } from "./keyword-statistics.js";

const WORDS = ["salary", "payroll", "staff", "shift", "lead", "pipeline", "stage", "invoice", "class", "booking", "report", "export"];

/** Categories made of a few words from a small vocabulary, so words are shared and shares cross the threshold. */
const categoryText = (name: string) =>
  fc
    .array(
      fc.record({
        name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((words) => words.join("_")),
        description: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((words) => words.join(" ")),
      }),
      { maxLength: 4 },
    )
    .map((tools): CategoryText => ({ name, tools }));

const step = fc.record({
  removed: fc.uniqueArray(fc.constantFrom(...Array.from({ length: 24 }, (_, index) => `c${index}`)), { maxLength: 3 }),
  upserted: fc
    .uniqueArray(fc.constantFrom(...Array.from({ length: 24 }, (_, index) => `c${index}`)), { maxLength: 3 })
    .chain((names) => fc.tuple(...names.map(categoryText))),
});

function freshFrequencies(categories: Iterable<CategoryText>): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const category of categories)
    for (const stem of collectCandidates(category).byStem.keys()) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  return frequency;
}

const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => a.localeCompare(b));

describe("KeywordStatistics", () => {
  it("builds exactly the keywords deriveKeywords gives", () => {
    const categories: CategoryText[] = [
      { name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries that are pending" }] },
      { name: "staff", tools: [{ name: "get_staff_list", description: "Everyone employed at the gym" }] },
      { name: "leads", tools: [{ name: "get_leads_list", description: "Leads in the sales pipeline" }] },
    ];
    const { statistics, derived } = KeywordStatistics.build(categories);
    expect(derived).toEqual(deriveKeywords(categories));
    expect(statistics.categoryCount).toBe(3);
    expect(statistics.keywordsOf("leads")).toEqual(deriveKeywords(categories).get("leads"));
  });

  it("re-derives a category whose keyword became common, and keeps the others' keywords", () => {
    // 10 categories: at most 1 may use a word. "payroll" is distinctive of c0 until c1 uses it too.
    const categories = Array.from({ length: 10 }, (_, index) => ({
      name: `c${index}`,
      tools: [{ name: `tool_${WORDS[index + 2]!}`, description: "" }],
    }));
    categories[0] = { name: "c0", tools: [{ name: "get_payroll", description: "" }] };
    const built = KeywordStatistics.build(categories).statistics;
    expect(built.keywordsOf("c0")).toContain("payroll");
    const { statistics, derived } = built.update({ upserted: [{ name: "c1", tools: [{ name: "run_payroll", description: "" }] }] });
    expect([...derived.keys()].sort()).toEqual(["c0", "c1"]);
    expect(statistics.keywordsOf("c0")).not.toContain("payroll");
    expect(statistics.keywordsOf("c2")).toEqual(built.keywordsOf("c2"));
    // The old snapshot is unchanged.
    expect(built.keywordsOf("c0")).toContain("payroll");
    expect(built.frequencyOf("payrol")).toBe(1);
  });

  it("stays exact for counts, and re-derives exactly the changed categories and those whose keywords stopped being distinctive", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const texts = new Map<string, CategoryText>();
        let { statistics } = KeywordStatistics.build([]);
        for (const { removed, upserted } of steps) {
          const before = statistics;
          const next = statistics.update({ removed, upserted });
          statistics = next.statistics;
          for (const name of removed) texts.delete(name);
          for (const text of upserted) texts.set(text.name, text);

          // 1. The statistics are those of a fresh build of the same categories.
          expect(statistics.categoryCount).toBe(texts.size);
          expect(sorted(statistics.frequencies())).toEqual(sorted(freshFrequencies(texts.values())));

          const fresh = deriveKeywords([...texts.values()]);
          const maxFrequency = maxCategoryFrequency(texts.size);
          const changed = new Set(upserted.map((text) => text.name));
          for (const name of texts.keys()) {
            const keywords = statistics.keywordsOf(name);
            if (changed.has(name)) {
              // 2. A category that changed has exactly a fresh build's keywords.
              expect(keywords).toEqual(fresh.get(name));
            } else if (next.derived.has(name)) {
              // 3. A category derived again without changing: one of its keywords had stopped being distinctive.
              const stems = before.keywordsOf(name).map((word) => collectCandidates({ name: word, tools: [] }).byStem.keys().next().value!);
              expect(stems.some((stem) => statistics.frequencyOf(stem) > maxFrequency)).toBe(true);
              expect(keywords).toEqual(fresh.get(name));
            } else {
              // 4. Every other category keeps its keywords…
              expect(keywords).toEqual(before.keywordsOf(name));
            }
            // 5. …and every keyword in effect is distinctive under the current statistics.
            for (const [stem] of collectCandidates({ name: keywords.join(" "), tools: [] }).byStem) {
              expect(statistics.frequencyOf(stem)).toBeLessThanOrEqual(maxFrequency);
            }
          }
          expect([...next.derived.keys()].every((name) => texts.has(name))).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
