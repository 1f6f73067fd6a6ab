import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import { CatalogKeywords } from "./catalog-keywords.js";
import { collectCandidates, deriveKeywords, rankCandidates, type CategoryText } from "./derive-keywords.js";
import { selectByKeywords } from "../../__fixtures__/select-by-keywords.js";

const gym: CategoryText[] = [
  {
    name: "salary",
    tools: [
      { name: "get_pending_salaries", description: "Salaries that are pending" },
      { name: "get_salary_report", description: "Monthly report of salaries" },
    ],
  },
  {
    name: "staff",
    tools: [
      { name: "get_staff_list", description: "Everyone employed at the gym" },
      { name: "get_staff_report", description: "Report of hours worked" },
    ],
  },
  {
    name: "leads",
    tools: [
      { name: "get_leads_list", description: "Leads in the sales pipeline" },
      { name: "update_lead_stage", description: "Move a lead to another pipeline stage" },
    ],
  },
];

describe("deriveKeywords", () => {
  it("derives keywords from the category name and distinctive tool-name words", () => {
    const derived = deriveKeywords(gym);
    expect(derived.get("salary")).toEqual(["salary", "pending"]);
    expect(derived.get("staff")).toEqual(["staff"]);
    expect(derived.get("leads")).toEqual(["leads", "stage", "pipeline"]);
  });

  it("excludes generic tool verbs/nouns and stop words", () => {
    const all = [...deriveKeywords(gym).values()].flat();
    for (const generic of ["get", "list", "update", "create", "the", "of", "in", "to", "a", "another"]) {
      expect(all).not.toContain(generic);
    }
    const onlyGeneric = deriveKeywords([{ name: "list", tools: [{ name: "get_list", description: "the list of all items" }] }]);
    expect(onlyGeneric.get("list")).toEqual([]);
  });

  it("excludes words shared by more than maxCategoryShare of the categories", () => {
    // "report" is used by salary and staff: with 3 categories at most 1 may use a word.
    const all = [...deriveKeywords(gym).values()].flat();
    expect(all).not.toContain("report");
    // 20 categories, "export" in 2 (≤ 10 %) survives, "sync" in 3 (> 10 %) does not.
    const many: CategoryText[] = Array.from({ length: 20 }, (_, index) => ({
      name: `topic${String.fromCharCode(97 + index)}`,
      tools: [
        {
          name: `${index < 2 ? "export_" : ""}${index < 3 ? "sync_" : ""}widget${String.fromCharCode(97 + index)}`,
          description: "",
        },
      ],
    }));
    const derived = deriveKeywords(many);
    expect(derived.get("topica")).toContain("export");
    expect(derived.get("topica")).not.toContain("sync");
    expect(derived.get("topicc")).not.toContain("sync");
    expect(derived.get("topicc")).toEqual(["topicc", "widgetc"]);
    // Raising the share lets "sync" back in.
    expect(deriveKeywords(many, { maxCategoryShare: 0.15 }).get("topicc")).toContain("sync");
  });

  it("takes a description word only when two of the category's tools share it (or the category has one tool)", () => {
    // "pipeline" is in both leads descriptions; "sales", "move" in one only.
    const leads = deriveKeywords(gym).get("leads")!;
    expect(leads).toContain("pipeline");
    expect(leads).not.toContain("sales");
    expect(leads).not.toContain("move");
    const single = deriveKeywords([
      { name: "diets", tools: [{ name: "get_diet_plans", description: "Nutrition plans" }] },
      { name: "photos", tools: [{ name: "get_member_photos", description: "Progress pictures" }] },
    ]);
    expect(single.get("diets")).toEqual(["diets", "plans", "nutrition"]);
  });

  it("honours limit", () => {
    expect(deriveKeywords(gym, { limit: 1 }).get("leads")).toEqual(["leads"]);
    expect(deriveKeywords(gym, { limit: 0 }).get("leads")).toEqual([]);
  });

  it("returns an entry for every category, even one without tools", () => {
    const derived = deriveKeywords([{ name: "custom_fields", tools: [] }, ...gym]);
    expect(derived.get("custom_fields")).toEqual(["custom", "fields"]);
    expect([...derived.keys()]).toEqual(["custom_fields", "salary", "staff", "leads"]);
  });

  it('matches the documented example (no function words such as "yet")', () => {
    expect(
      deriveKeywords([
        { name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries not yet paid" }] },
        { name: "staff", tools: [{ name: "get_staff_list", description: "All staff members" }] },
      ]).get("salary"),
    ).toEqual(["salary", "pending", "paid"]);
  });
});

describe("derived keywords in a ToolCatalog", () => {
  const tools = gym.flatMap((category) => category.tools.map((tool) => ({ ...tool, category: category.name })));

  it("derives keywords for categories that declare none", () => {
    const catalog = new ToolCatalog({ tools });
    expect(catalog.category("leads")).toMatchObject({ keywords: [], derivedKeywords: true });
    expect(CatalogKeywords.of(catalog).keywordsOf("leads")).toEqual(["leads", "stage", "pipeline"]);
    expect(CatalogKeywords.of(catalog).keywordsOf("salary")).toEqual(["salary", "pending"]);
    expect(selectByKeywords(catalog, "move them to the next stage", { countTokens: false }).categories.map((c) => c.name)).toEqual([
      "leads",
    ]);
  });

  it("uses declared keywords instead of derived ones", () => {
    const catalog = new ToolCatalog({ tools, categories: { salary: { keywords: ["payroll"] } } });
    expect(catalog.category("salary")).toMatchObject({ keywords: ["payroll"], derivedKeywords: false });
    expect(CatalogKeywords.of(catalog).keywordsOf("salary")).toEqual(["payroll"]);
    expect(selectByKeywords(catalog, "pending salary", { countTokens: false }).categories).toEqual([]);
    expect(selectByKeywords(catalog, "payroll", { countTokens: false }).categories.map((c) => c.name)).toEqual(["salary"]);
  });

  it("extends derived keywords with deriveKeywords: true", () => {
    const catalog = new ToolCatalog({ tools, categories: { salary: { keywords: ["payroll"], deriveKeywords: true } } });
    expect(catalog.category("salary")).toMatchObject({ keywords: ["payroll"], derivedKeywords: true });
    expect(CatalogKeywords.of(catalog).keywordsOf("salary")).toEqual(["payroll", "salary", "pending"]);
    expect(selectByKeywords(catalog, "pending salary", { countTokens: false }).categories.map((c) => c.name)).toEqual(["salary"]);
  });

  it("derives nothing with deriveKeywords: false and no keywords", () => {
    const catalog = new ToolCatalog({ tools, categories: { leads: { deriveKeywords: false } } });
    expect(catalog.category("leads")).toMatchObject({ keywords: [], derivedKeywords: false });
    expect(CatalogKeywords.of(catalog).keywordsOf("leads")).toEqual([]);
  });
});

describe("collectCandidates and rankCandidates (deriveKeywords in two steps, for incremental use)", () => {
  const salary = { name: "salary", tools: [{ name: "get_pending_salaries", description: "Salaries not yet paid" }] };

  it("match their documented examples", () => {
    expect(collectCandidates(salary).byStem.get("salari")).toEqual({ word: "salary", weight: 6, fromName: true, descriptionHits: 1 });
    expect(rankCandidates(collectCandidates(salary), { categoryCount: 2, frequencyOf: () => 1 }).map((keyword) => keyword.word)).toEqual([
      "salary",
      "pending",
      "paid",
    ]);
  });

  it("give fresh words for a tool object whose text changed (the per-tool memo checks the text)", () => {
    const tool = { name: "get_report", description: "Monthly payroll" };
    expect(collectCandidates({ name: "x", tools: [tool] }).byStem.has("payrol")).toBe(true);
    tool.description = "Weekly roster";
    const candidates = collectCandidates({ name: "x", tools: [tool] }).byStem;
    expect(candidates.has("payrol")).toBe(false);
    expect(candidates.has("roster")).toBe(true);
  });
});
