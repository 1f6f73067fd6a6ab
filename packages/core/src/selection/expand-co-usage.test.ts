import { describe, expect, it } from "vitest";
import { createBm25Strategy } from "../retrieval/lexical/bm25-strategy.js";
import { CORE, gymCatalog } from "../__fixtures__/gym-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { rankWithCoUsage } from "../eval/co-usage-ranking.js";
import { UsageModel } from "../usage/usage-model.js";
import { expandCoUsage } from "./expand-co-usage.js";
import { createToolSelector } from "./tool-selector.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";

/** pay_salary used with get_staff_list 3 times, send_invoice twice, the non-searchable export once and get_class_types once. */
function learned(catalog = gymCatalog(), options: { scope?: string } = {}) {
  const usage = new UsageModel({ catalog, ...options });
  const turns: Array<[string, string[]]> = [
    ["pay the coaches", ["pay_salary", "get_staff_list"]],
    ["pay Anna", ["pay_salary", "get_staff_list"]],
    ["pay Tom and send him a receipt", ["pay_salary", "get_staff_list", "send_invoice", "export_payroll_csv", "export_payroll_csv"]],
    ["pay and invoice", ["pay_salary", "send_invoice", "export_payroll_csv"]],
    ["pay then show the yoga classes", ["pay_salary", "get_class_types"]],
  ];
  usage.observe(
    turns.map(([message, tools]) => ({ message, tools, at: 0, ...(options.scope === undefined ? {} : { scope: options.scope }) })),
  );
  return usage;
}

const MESSAGE = "record a salary payment";

describe("co-usage expansion in selection", () => {
  it("adds the tools often used with a ranked tool after it, explained, within the filters (not the non-searchable export, not a tool used once)", async () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    const select = createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage });
    const selection = await select(MESSAGE);
    expect(selection.ranked!.map((tool) => tool.name)).toEqual(["pay_salary"]);
    expect(selection.tools).toEqual([...CORE, "pay_salary", "get_staff_list", "send_invoice"]);
    expect(selection.coUsed).toEqual([
      { name: "get_staff_list", reason: "often used with pay_salary", tier: "co-usage", usedWith: "pay_salary", weight: 3 },
      { name: "send_invoice", reason: "often used with pay_salary", tier: "co-usage", usedWith: "pay_salary", weight: 2 },
    ]);
  });

  it("respects the caller's filter and the exclude option", async () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    const select = createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage, exclude: ["get_staff_list"] });
    const selection = await select(MESSAGE, { filter: (name) => name !== "send_invoice" });
    expect(selection.tools).toEqual([...CORE, "pay_salary"]);
    expect(selection.coUsed).toEqual([]);
  });

  it("shares the budget: expansions are trimmed before ranked tools, and reported as trimmed", async () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    const two = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage, maxTools: CORE.length + 2 })(MESSAGE);
    expect(two.tools).toEqual([...CORE, "pay_salary", "get_staff_list"]);
    expect(two.trimmed).toEqual(["send_invoice"]);
    expect(two.trimmedBy).toBe("maxTools");
    const one = await createToolSelector(catalog, { strategy: "bm25", topK: 3, autoCut: false, usage, maxTools: CORE.length + 1 })(MESSAGE);
    expect(one.tools).toEqual([...CORE, one.ranked![0]!.name]);
    expect(one.trimmed.slice(0, 2)).toEqual(one.ranked!.slice(1).map((tool) => tool.name));
    const tokens = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage })(MESSAGE);
    const budget = tokens.tokens!.selected - catalog.tokensOf("send_invoice");
    const byTokens = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage, maxTokens: budget })(MESSAGE);
    expect(byTokens.tools).toEqual([...CORE, "pay_salary", "get_staff_list"]);
    expect(byTokens.trimmedBy).toBe("maxTokens");
  });

  it("honours minWeight and maxTools", async () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    const strict = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage, coUsage: { minWeight: 3 } })(
      MESSAGE,
    );
    expect(strict.coUsed!.map((tool) => tool.name)).toEqual(["get_staff_list"]);
    const loose = await createToolSelector(catalog, {
      strategy: "bm25",
      topK: 1,
      autoCut: false,
      usage,
      coUsage: { minWeight: 1, maxTools: 5 },
    })(MESSAGE);
    expect(loose.coUsed!.map((tool) => tool.name)).toEqual(["get_staff_list", "send_invoice", "get_class_types"]);
    const single = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage, coUsage: { maxTools: 1 } })(
      MESSAGE,
    );
    expect(single.coUsed!.map((tool) => tool.name)).toEqual(["get_staff_list"]);
  });

  it("expands keyword selections too, after every category tool", () => {
    const catalog = gymCatalog();
    const usage = new UsageModel({ catalog });
    usage.observe([
      { message: "pay and book", tools: ["pay_salary", "book_class"], at: 0 },
      { message: "pay and book again", tools: ["pay_salary", "book_class"], at: 0 },
    ]);
    const plain = keywordSelector(catalog)("what is the pending salary?");
    const selection = keywordSelector(catalog, { usage })("what is the pending salary?");
    expect(plain.tools).not.toContain("book_class");
    expect(selection.tools).toEqual([...plain.tools, "book_class"]);
    expect(selection.coUsed).toEqual([
      { name: "book_class", reason: "often used with pay_salary", tier: "co-usage", usedWith: "pay_salary", weight: 2 },
    ]);
  });

  it("without usage selections are exactly as before; coUsage: false turns the expansion off, not the learned ranking", async () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    const without = await createToolSelector(catalog, { strategy: "bm25" })(MESSAGE);
    expect(without).not.toHaveProperty("coUsed");
    expect(JSON.stringify(await createToolSelector(catalog, { strategy: createBm25Strategy() })(MESSAGE))).toBe(JSON.stringify(without));
    // A strategy chosen by name learns from `usage` (as createStrategy("bm25", { usage }) builds it).
    const off = await createToolSelector(catalog, { strategy: "bm25", usage, coUsage: false })(MESSAGE);
    const learnedOnly = await createToolSelector(catalog, { strategy: createBm25Strategy({ usage }) })(MESSAGE);
    expect(off).not.toHaveProperty("coUsed");
    expect(JSON.stringify(off)).toBe(JSON.stringify(learnedOnly));
    expect(JSON.stringify(keywordSelector(catalog, { usage, coUsage: false })("pay salary"))).toBe(
      JSON.stringify(keywordSelector(catalog)("pay salary")),
    );
  });

  it("learns only from successful turns of its own scope", async () => {
    const catalog = gymCatalog();
    const usage = new UsageModel({ catalog, scope: "gym-a" });
    usage.observe([
      { message: "pay", tools: ["pay_salary", "send_invoice"], scope: "gym-b", at: 0 },
      { message: "pay", tools: ["pay_salary", "send_invoice"], scope: "gym-b", at: 0 },
      { message: "pay", tools: ["pay_salary", "get_staff_list"], scope: "gym-a", ok: false, at: 0 },
      { message: "pay", tools: ["pay_salary", "get_staff_list"], scope: "gym-a", ok: false, at: 0 },
    ]);
    const selection = await createToolSelector(catalog, { strategy: "bm25", topK: 1, autoCut: false, usage })(MESSAGE);
    expect(selection.coUsed).toEqual([]);
    expect(selection.tools).toEqual([...CORE, "pay_salary"]);
  });

  it("rejects bad options at construction", () => {
    const catalog = gymCatalog();
    const usage = learned(catalog);
    for (const coUsage of [{ minWeight: 0 }, { minWeight: Number.NaN }, { maxTools: -1 }, { maxTools: 1.5 }]) {
      expect(() => keywordSelector(catalog, { usage, coUsage })).toThrow(DynamicToolsError);
      expect(() => createToolSelector(catalog, { strategy: "bm25", usage, coUsage })).toThrow(/coUsage\.(minWeight|maxTools)/);
    }
    expect(() => keywordSelector(catalog, { usage: {} as never })).toThrow(/usage must be a UsageModel or a UsageRecorder/);
  });
});

describe("expandCoUsage and rankWithCoUsage (pure)", () => {
  const pairs: Record<string, Array<{ name: string; weight: number }>> = {
    a: [
      { name: "b", weight: 5 },
      { name: "c", weight: 4 },
      { name: "d", weight: 1 },
    ],
    b: [
      { name: "a", weight: 5 },
      { name: "e", weight: 2 },
    ],
  };
  const usage = { oftenUsedWith: (tool: string, limit = 5) => (pairs[tool] ?? []).slice(0, limit) };

  it("walks the chosen tools in order, skipping present and disallowed tools, up to maxTools", () => {
    expect(
      expandCoUsage({ chosen: ["a", "b"], usage, allowed: (name) => name !== "c", present: new Set(["a"]) }).map((tool) => [
        tool.name,
        tool.usedWith,
      ]),
    ).toEqual([
      ["b", "a"],
      ["e", "b"],
    ]);
    expect(
      expandCoUsage({ chosen: ["a", "b"], usage, allowed: () => true, present: new Set(["a", "b"]), maxTools: 1 }).map((tool) => tool.name),
    ).toEqual(["c"]);
  });

  it("adds a tool used with two chosen tools once, and asks for enough to pass every present and added tool", () => {
    const shared = {
      a: [{ name: "s", weight: 3 }],
      b: [
        { name: "s", weight: 3 },
        { name: "t", weight: 2 },
      ],
    } as Record<string, Array<{ name: string; weight: number }>>;
    const limits: number[] = [];
    const reader = { oftenUsedWith: (tool: string, limit = 5) => (limits.push(limit), (shared[tool] ?? []).slice(0, limit)) };
    const added = expandCoUsage({ chosen: ["a", "b"], usage: reader, allowed: () => true, present: new Set(["a", "b"]) });
    expect(added.map((tool) => [tool.name, tool.usedWith])).toEqual([
      ["s", "a"],
      ["t", "b"],
    ]);
    expect(limits).toEqual([5, 6]); // maxTools 3 + 2 present (+ 1 added before b)
  });

  it("makes a lazily given present set only once a chosen tool has co-usage heavy enough, with the same result", () => {
    let made = 0;
    const present = () => (made++, new Set(["a"]));
    expect(expandCoUsage({ chosen: ["x", "a"], usage, allowed: () => true, present, minWeight: 6 })).toEqual([]);
    expect(made).toBe(0);
    for (const minWeight of [1, 2, 5]) {
      const eager = expandCoUsage({ chosen: ["x", "a", "b"], usage, allowed: (name) => name !== "c", present: new Set(["a"]), minWeight });
      expect(expandCoUsage({ chosen: ["x", "a", "b"], usage, allowed: (name) => name !== "c", present, minWeight })).toEqual(eager);
    }
    expect(made).toBe(3);
  });

  it("moves an expansion right after the ranked tools AutoCut keeps, leaving the ranking unchanged otherwise", () => {
    const ranked = [
      { name: "a", score: 10 },
      { name: "x", score: 9 },
      { name: "y", score: 8 },
      { name: "z", score: 1 },
      { name: "c", score: 0.5 },
      { name: "b", score: 0.1 },
    ].map((tool) => ({ ...tool, signals: {} }));
    expect(rankWithCoUsage(ranked, usage)).toEqual(["a", "x", "y", "b", "c", "z"]); // AutoCut keeps a, x, y (9 → 1 is a drop)
    expect(rankWithCoUsage(ranked, { oftenUsedWith: () => [] })).toEqual(ranked.map((tool) => tool.name));
  });
});
