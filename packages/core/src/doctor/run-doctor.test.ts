import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { vagueCatalog } from "./__fixtures__/vague-catalog.js";
import { runDoctor } from "./run-doctor.js";

describe("runDoctor", () => {
  it("finds the tool its own description cannot find, and applying its patch moves that tool into the top 5", async () => {
    const before = await runDoctor(vagueCatalog());
    const rank = before.selfRetrieval.ranks.find((entry) => entry.name === "fetch_account_card")!.rank;
    expect(rank === null || rank > 5).toBe(true);
    const finding = before.findings.find((entry) => entry.check === "self-retrieval" && entry.tools[0] === "fetch_account_card")!;
    expect(finding.message).toMatch(/fetch_account_card: its own description finds it at (rank \d+|not in the top \d+)/);
    expect(finding.fix).toContain("whenToUse:");
    expect(finding.patch?.whenToUse).toMatch(/account card/);

    // The catalog file change the finding suggests, applied as written.
    const after = await runDoctor(vagueCatalog({ name: "fetch_account_card", ...finding.patch }));
    const fixed = after.selfRetrieval.ranks.find((entry) => entry.name === "fetch_account_card")!.rank;
    expect(fixed).not.toBeNull();
    expect(fixed!).toBeLessThanOrEqual(5);
    expect(after.findings.some((entry) => entry.check === "self-retrieval" && entry.tools[0] === "fetch_account_card")).toBe(false);
  });

  it("reports definition problems, provider names, group budgets and usage, each with a fix in catalog-file terms", async () => {
    const long = "Book a court. ".repeat(400);
    const catalog = new ToolCatalog({
      tools: [
        { name: "ping", description: "" },
        { name: "open_door", description: "Opens a door", parameters: { type: "object", properties: { door: { type: "string" } } } },
        { name: "9lives", description: "Counts the lives a cat has left today, with the reason for each lost one" },
        { name: "book_court", description: long, category: "sports" },
        { name: "cancel_court", description: "Cancel a court booking made earlier by the member", category: "sports" },
      ],
      maxTools: 1,
    });
    const report = await runDoctor(catalog, {
      observations: [
        { message: "open the front door please", tools: ["open_door"], ok: true, at: 0 },
        { message: "zzz qqq", tools: ["cancel_court"], ok: true, at: 0 },
      ],
    });
    const by = (check: string) => report.findings.filter((finding) => finding.check === check);
    expect(by("empty-description")[0]).toMatchObject({ tools: ["ping"], severity: "warning" });
    expect(by("empty-description")[0]!.fix).toMatch(/add description:/);
    expect(by("short-description").map((finding) => finding.tools[0])).toContain("open_door");
    expect(by("parameter-description")[0]!.fix).toContain("parameters.properties.door");
    expect(by("provider-name")[0]).toMatchObject({ tools: ["9lives"], severity: "error" });
    expect(by("provider-name")[0]!.message).toContain("Gemini");
    expect(by("definition-size")[0]!.tools).toEqual(["book_court"]);
    expect(by("group-budget")[0]).toMatchObject({ group: "category:sports" });
    expect(by("group-budget")[0]!.message).toMatch(/2 tools \(maxTools 1\)/);
    expect(by("missed-message")[0]).toMatchObject({ tools: ["cancel_court"] });
    expect(by("missed-message")[0]!.fix).toMatch(/keywords: \[zzz, qqq\]/);
    expect(
      by("never-called")
        .map((finding) => finding.tools[0])
        .sort(),
    ).toEqual(["9lives", "book_court", "ping"]);
    expect(report.usage).toMatchObject({ observations: 2, distinctMessages: 2, checkedMessages: 2, missedMessages: 1 });
    // Errors first: the checks' order.
    expect(report.findings[0]!.check).toBe("provider-name");
  });

  it("checks a catalog of keyword categories as select does: bound by its own text at any place, in words that read", async () => {
    const catalog = new ToolCatalog({
      tools: [
        { name: "get_invoice", description: "Look up one invoice by its number", category: "billing" },
        { name: "list_invoices", description: "List the invoices of a customer", category: "billing" },
        { name: "refund_invoice", description: "Refund a paid invoice to the customer", category: "billing" },
        { name: "get_weather", description: "Forecast of temperature and rain for a city", keywords: ["umbrella"] },
      ],
      categories: { billing: { keywords: ["invoice", "invoices", "refund"] } },
    });
    const report = await runDoctor(catalog, { similarity: false });
    expect(report.strategy).toBe("keyword");
    // The three billing tools are bound together by their own texts, whatever their order.
    expect(report.selfRetrieval).toMatchObject({ checked: 4, inTop: 3 });
    const [finding] = report.findings.filter((entry) => entry.check === "self-retrieval");
    expect(finding!.tools).toEqual(["get_weather"]);
    expect(finding!.message).toMatch(/^get_weather: its own description does not select it, nor any tool\. Searched: /);
    expect(finding!.fix).toMatch(/add keywords: \[forecast, temperature, rain\]/);
    expect(finding!.fix).toContain("declared keywords replace any derived from its description");
    // The same catalog ranked by hybrid: a place is wanted there.
    expect((await runDoctor(catalog, { strategy: "hybrid", similarity: false })).strategy).toBe("hybrid");
    // A past message found its tool when the selection bound it, third of its category's three in catalog order.
    const withUsage = await runDoctor(catalog, {
      similarity: false,
      top: 1,
      observations: [{ message: "refund the Acme invoice please", tools: ["refund_invoice"], ok: true, at: 0 }],
    });
    expect(withUsage.usage).toMatchObject({ checkedMessages: 1, missedMessages: 0 });
  });

  it("reports tools with the same description, which no ranking tells apart", async () => {
    const description = "Retrieve an invoice by its number and return its lines, totals and status";
    const catalog = new ToolCatalog({
      tools: [
        { name: "get_invoice", description },
        { name: "get_invoices", description },
        { name: "get_weather", description: "Forecast of temperature and rain for a city" },
      ],
    });
    const report = await runDoctor(catalog);
    expect(report.findings.filter((entry) => entry.check === "same-description").map((entry) => entry.tools)).toEqual([
      ["get_invoice", "get_invoices"],
    ]);
  });
});
