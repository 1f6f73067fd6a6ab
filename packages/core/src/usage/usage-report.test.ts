import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { usageReportHtml } from "./usage-report-html.js";
import { formatUsageReport, usageReport } from "./usage-report.js";
import { UsageModel } from "./usage-model.js";

function learnedGym() {
  const usage = new UsageModel({ catalog: gymCatalog({ defaults: [] }), halfLifeMs: Infinity });
  for (let index = 0; index < 6; index++)
    usage.observe({ message: `which coaches are owed wages ${index}`, tools: ["get_pending_salaries"] });
  for (let index = 0; index < 3; index++)
    usage.observe({ message: "please pause my membership for the holiday", tools: ["freeze_membership"] });
  usage.observe({ message: "please register Ann and check her in", tools: ["create_client", "mark_check_in"] });
  return usage;
}

describe("usageReport", () => {
  it("suggests words users say for a category that its keywords lack, and the most used categories as defaults", () => {
    const report = usageReport(learnedGym());
    const salary = report.categories.find((category) => category.name === "salary")!;
    expect(salary).toMatchObject({ calls: 6, share: 0.6 });
    // "wages" is not suggested: the category's keyword "wage" already matches it.
    expect(salary.suggestedKeywords.map((keyword) => keyword.word)).toEqual(["coaches", "owed"]);
    // "please" is said for two categories: it does not point at one, so it is never suggested.
    for (const category of report.categories) expect(category.suggestedKeywords.map((keyword) => keyword.word)).not.toContain("please");
    // A word the category's keywords or tool names already have is not suggested again ("membership").
    expect(report.categories.find((category) => category.name === "memberships")!.suggestedKeywords.map((keyword) => keyword.word)).toEqual(
      ["holiday", "pause"],
    );
    expect(report.suggestedDefaults).toEqual([
      { category: "salary", share: 0.6 },
      { category: "memberships", share: 0.3 },
    ]);
    // The two-tool request counts half for clients and half for attendance: 5% each, below the 10% threshold.
    expect(report.categories.find((category) => category.name === "clients")!.share).toBe(0.05);
    expect(report.coUsedPairs).toEqual([{ a: "create_client", b: "mark_check_in", weight: 1 }]);
    expect(report.neverCalled).not.toContain("get_pending_salaries");
    expect(report.neverCalled).toContain("pay_salary");
  });

  it("renders as text and as HTML naming what it found", () => {
    const report = usageReport(learnedGym());
    expect(formatUsageReport(report)).toMatch(/salary\s+60\.0%\s+6\s+\+ coaches/);
    const html = usageReportHtml(report);
    expect(html).toContain("coaches");
    expect(html).toContain("create_client + mark_check_in");
  });
});
