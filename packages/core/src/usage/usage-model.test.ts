import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import type { LearnedField, LearnedFieldChange } from "../retrieval/learned-field.js";
import { createBm25Strategy } from "../retrieval/lexical/bm25-strategy.js";
import { UsageModel } from "./usage-model.js";

const HOUR = 60 * 60 * 1000;

describe("UsageModel", () => {
  it("learns the analysed words of successful calls per tool; failed calls, unknown tools and other scopes teach nothing", () => {
    const usage = new UsageModel({ catalog: gymCatalog() });
    expect(
      usage.observe([
        { message: "who owes money to the coaches?", tools: ["get_pending_salaries"], at: 0 },
        { message: "coaches owed", tools: ["get_pending_salaries"], ok: false, at: 0 },
        { message: "coaches owed", tools: ["no_such_tool"], at: 0 },
        { message: "coaches owed", tools: ["get_pending_salaries"], scope: "other-gym", at: 0 },
      ]),
    ).toEqual(["learned", "failed", "no-known-tool", "other-scope"]);
    expect(Object.fromEntries(usage.terms("get_pending_salaries")!)).toEqual({ ow: 1, monei: 1, coach: 1 });
    expect(usage.toolUsage("get_pending_salaries")).toEqual({ count: 1, weight: 1 });
    expect(usage.size).toBe(1);
  });

  it("keeps raw messages only when asked", () => {
    const plain = new UsageModel({ catalog: gymCatalog() });
    const keeping = new UsageModel({ catalog: gymCatalog(), keepMessages: true });
    for (const usage of [plain, keeping]) usage.observe({ message: "Coaches owed?", tools: ["get_pending_salaries"] });
    expect(plain.messages("get_pending_salaries")).toEqual([]);
    expect(JSON.stringify([...plain.terms("get_pending_salaries")!])).not.toContain("Coaches");
    expect(keeping.messages("get_pending_salaries")).toEqual(["Coaches owed?"]);
  });

  it("decays evidence with the half-life", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: HOUR });
    usage.observe({ message: "coaches", tools: ["get_pending_salaries"], at: 0 });
    usage.observe({ message: "freeze", tools: ["freeze_membership"], at: 2 * HOUR });
    expect(usage.toolUsage("get_pending_salaries").weight).toBeCloseTo(0.25);
    expect(usage.terms("get_pending_salaries")!.get("coach")).toBeCloseTo(0.25);
    expect(usage.toolUsage("freeze_membership").weight).toBeCloseTo(1);
  });

  it("moves its frame forward over very long spans without losing precision", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: 1 });
    usage.observe({ message: "coaches", tools: ["get_pending_salaries"], at: 0 });
    usage.observe({ message: "coaches", tools: ["get_pending_salaries"], at: 1000 });
    expect(usage.toolUsage("get_pending_salaries").weight).toBeCloseTo(1);
    expect(Number.isFinite(usage.terms("get_pending_salaries")!.get("coach"))).toBe(true);
  });

  it("caps one caller's weight per tool", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), maxPerCaller: 3 });
    for (let index = 0; index < 50; index++)
      usage.observe({ message: "banana", tools: ["freeze_membership"], caller: "mallory", at: index });
    usage.observe({ message: "pause", tools: ["freeze_membership"], caller: "alice", at: 60 });
    expect(usage.terms("freeze_membership")!.get("banana")).toBeCloseTo(3, 6);
    expect(usage.terms("freeze_membership")!.get("paus")).toBeCloseTo(1, 6);
  });

  it("caps one caller's weight per pair of tools too (co-usage), whether used together or in consecutive turns", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), maxPerCaller: 3, halfLifeMs: Number.POSITIVE_INFINITY });
    for (let index = 0; index < 50; index++)
      usage.observe({ message: "banana", tools: ["create_client", "freeze_membership"], caller: "mallory", at: index });
    expect(usage.oftenUsedWith("create_client")).toEqual([{ name: "freeze_membership", weight: 3 }]);
    usage.observe({ message: "new member, then pause", tools: ["create_client", "freeze_membership"], caller: "alice", at: 60 });
    expect(usage.oftenUsedWith("create_client")).toEqual([{ name: "freeze_membership", weight: 4 }]);
  });

  it("keeps scopes apart unless configured to share", () => {
    const catalog = gymCatalog();
    const tenantA = new UsageModel({ catalog, scope: "a" });
    const shared = new UsageModel({ catalog, scope: "b", shareFrom: ["a"] });
    const observation = { message: "coaches", tools: ["get_pending_salaries"], scope: "a" };
    expect(new UsageModel({ catalog, scope: "b" }).observe(observation)).toEqual(["other-scope"]);
    expect(tenantA.observe(observation)).toEqual(["learned"]);
    expect(shared.observe(observation)).toEqual(["learned"]);
    expect(new UsageModel({ catalog, shareFrom: "*" }).observe(observation)).toEqual(["learned"]);
  });

  it("counts co-usage in one turn, and at half weight across consecutive turns of one caller", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: Infinity });
    usage.observe({ message: "new client Ann, check her in", tools: ["create_client", "mark_check_in"], caller: "c", at: 0 });
    usage.observe({ message: "and freeze her", tools: ["freeze_membership"], caller: "c", at: 1000 });
    usage.observe({ message: "freeze Bob", tools: ["freeze_membership"], caller: "d", at: 2 * HOUR });
    expect(usage.oftenUsedWith("create_client")).toEqual([
      { name: "mark_check_in", weight: 1 },
      { name: "freeze_membership", weight: 0.5 },
    ]);
    expect(usage.coUsedPairs()).toEqual([
      { a: "create_client", b: "mark_check_in", weight: 1 },
      { a: "create_client", b: "freeze_membership", weight: 0.5 },
      { a: "freeze_membership", b: "mark_check_in", weight: 0.5 },
    ]);
  });

  it("re-sorts a tool's co-used tools after each observation, and reads them decayed", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: HOUR });
    usage.observe({ message: "new client, check in", tools: ["create_client", "mark_check_in"], at: 0 });
    expect(usage.oftenUsedWith("create_client")).toEqual([{ name: "mark_check_in", weight: 1 }]);
    usage.observe({ message: "new client, freeze", tools: ["create_client", "freeze_membership"], at: 0 });
    usage.observe({ message: "new client, freeze", tools: ["create_client", "freeze_membership"], at: 0 });
    expect(usage.oftenUsedWith("create_client")).toEqual([
      { name: "freeze_membership", weight: 2 },
      { name: "mark_check_in", weight: 1 },
    ]);
    expect(usage.oftenUsedWith("create_client", 1)).toEqual([{ name: "freeze_membership", weight: 2 }]);
    usage.observe({ message: "anything", tools: ["get_gym_info"], at: HOUR });
    expect(usage.oftenUsedWith("create_client")).toEqual([
      { name: "freeze_membership", weight: 1 },
      { name: "mark_check_in", weight: 0.5 },
    ]);
  });

  it("drops tools that leave the catalog", () => {
    const catalog = gymCatalog();
    const usage = new UsageModel({ catalog });
    usage.observe({ message: "new client Ann, check her in", tools: ["create_client", "mark_check_in"] });
    catalog.remove(["mark_check_in"]);
    expect(usage.terms("mark_check_in")).toBeUndefined();
    expect(usage.oftenUsedWith("create_client")).toEqual([]);
  });

  it("counts per category the words users say", () => {
    const usage = new UsageModel({ catalog: gymCatalog() });
    // One instant for both: with the default half-life, observations even a millisecond apart weigh a little less.
    const at = Date.now();
    usage.observe({ message: "who owes the coaches", tools: ["get_pending_salaries"], at });
    usage.observe({ message: "coaches paid?", tools: ["get_salary_stats"], at });
    expect(usage.categoryUsage("salary")).toMatchObject({
      count: 2,
      weight: 2,
      terms: [
        { term: "coaches", weight: 2 },
        { term: "owes", weight: 1 },
        { term: "paid", weight: 1 },
      ],
    });
  });

  it("logs what each observation added (no re-reading) under a new version, and nothing as time alone passes", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: HOUR });
    expect(usage.version).toBe(0);
    usage.observe({ message: "coaches owed", tools: ["get_pending_salaries", "get_salary_stats"], at: 0 });
    usage.observe([
      { message: "freeze", tools: ["freeze_membership"], at: HOUR },
      { message: "still owed?", tools: ["get_pending_salaries"], at: 2 * HOUR },
    ]);
    expect(usage.version).toBe(2);
    const all = usage.changesSince(0);
    const changes: readonly LearnedFieldChange[] = all.rebuild ? [] : all.changes;
    expect(usage.changesSince(1)).toEqual({ rebuild: false, version: 2, changes: [changes[1]] });
    expect(usage.changesSince(2)).toEqual({ rebuild: false, version: 2, changes: [] });
    expect(changes).toEqual([
      {
        tools: ["get_pending_salaries", "get_salary_stats"],
        increases: [
          // A message that called two tools credits each half of its terms.
          { tool: "get_pending_salaries", terms: ["coach", "ow"], count: 0.5 },
          { tool: "get_salary_stats", terms: ["coach", "ow"], count: 0.5 },
        ],
      },
      {
        tools: ["freeze_membership", "get_pending_salaries"],
        increases: [
          { tool: "freeze_membership", terms: ["freez"], count: 2 },
          { tool: "get_pending_salaries", terms: ["ow"], count: 4 },
        ],
      },
    ]);
    // Stored counts are frame weights; the scale turns them into decayed counts.
    expect(usage.scale()).toBeCloseTo(0.25);
    expect(Object.fromEntries(usage.fieldTerms("get_pending_salaries")!)).toEqual({ coach: 0.5, ow: 4.5 });
    expect(Object.fromEntries(usage.terms("get_pending_salaries")!)).toEqual({ coach: 0.125, ow: 1.125 });
    // The observations behind the terms, credited alike; usage counts each call in full.
    expect(usage.fieldObservations("get_pending_salaries")).toBe(4.5);
    expect(usage.fieldObservations("get_salary_stats")).toBe(0.5);
    expect(usage.fieldObservations("mark_check_in")).toBe(0);
    expect(usage.toolUsage("get_pending_salaries")).toEqual({ count: 2, weight: 1.25 });
  });

  it("asks readers to read every tool again when its frame moves (rescaling every stored count)", () => {
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: 1 });
    usage.observe({ message: "coaches", tools: ["get_pending_salaries"], at: 0 });
    const seen = usage.version;
    usage.observe({ message: "freeze", tools: ["freeze_membership"], at: 1000 });
    expect(usage.changesSince(seen)).toEqual({
      rebuild: false,
      version: seen + 1,
      changes: [{ tools: ["get_pending_salaries", "freeze_membership"] }],
    });
  });

  it("forgets tools that left the catalog when next used (pulled from the catalog's log), logging it", () => {
    const catalog = gymCatalog();
    const usage = new UsageModel({ catalog });
    usage.observe({ message: "coaches owed", tools: ["get_pending_salaries", "get_salary_stats"], at: 0 });
    const seen = usage.version;
    catalog.remove(["get_salary_stats"]);
    expect(usage.learnedTools()).toEqual(["get_pending_salaries"]);
    expect(usage.oftenUsedWith("get_pending_salaries")).toEqual([]);
    expect(usage.changesSince(seen)).toEqual({ rebuild: false, version: seen + 1, changes: [{ tools: ["get_salary_stats"] }] });
  });

  it("learns an observation dated in the future as of now: it neither wipes what was learned nor stops later learning", () => {
    let now = 1_000 * HOUR;
    const usage = new UsageModel({ catalog: gymCatalog(), halfLifeMs: HOUR, clock: () => now });
    usage.observe({ message: "coaches owed", tools: ["get_pending_salaries"], at: now });
    usage.observe({ message: "freeze", tools: ["freeze_membership"], at: 8.64e15 });
    expect(usage.toolUsage("get_pending_salaries").weight).toBeCloseTo(1, 9);
    expect(usage.toolUsage("freeze_membership").weight).toBeCloseTo(1, 9);
    now += HOUR;
    usage.observe({ message: "coaches owed", tools: ["get_pending_salaries"], at: now });
    expect(usage.toolUsage("get_pending_salaries").weight).toBeCloseTo(1.5, 9);
    expect(usage.toolUsage("freeze_membership").weight).toBeCloseTo(0.5, 9);
  });

  it("holds out a sample spread over all observations: its field has the terms and observations of a model that never learned them", () => {
    const catalog = gymCatalog();
    const observations = [
      { message: "coaches owed", tools: ["get_pending_salaries", "get_salary_stats"] },
      { message: "pause my membership", tools: ["freeze_membership"] },
      { message: "salary owed this month", tools: ["get_pending_salaries"] },
      { message: "who came in", tools: ["mark_check_in"] },
      { message: "freeze it", tools: ["freeze_membership"] },
      { message: "coaches salary stats", tools: ["get_salary_stats"] },
      { message: "owed to coaches", tools: ["get_pending_salaries", "get_salary_stats"] },
      { message: "checked in today", tools: ["mark_check_in"] },
    ].map((observation) => ({ ...observation, at: 0 }));
    const usage = new UsageModel({ catalog, halfLifeMs: Infinity });
    usage.observe(observations);
    const earlier = new UsageModel({ catalog, halfLifeMs: Infinity });
    // A quarter (2 of 8) is held out, evenly spaced in the sample (here all 8): the 1st and the 5th.
    earlier.observe(observations.filter((_, index) => index !== 0 && index !== 4));
    const { field, probes } = usage.heldOut()!;
    expect(probes.map((probe) => probe.tools)).toEqual([["get_pending_salaries", "get_salary_stats"], ["freeze_membership"]]);
    for (const tool of ["get_pending_salaries", "get_salary_stats", "mark_check_in", "freeze_membership"]) {
      expect(field.fieldObservations!(tool)).toBeCloseTo(earlier.fieldObservations(tool), 12);
      expect(Object.fromEntries(field.fieldTerms(tool) ?? [])).toEqual(Object.fromEntries(earlier.fieldTerms(tool) ?? []));
    }
  });

  it("rejects bad options at construction", () => {
    expect(() => new UsageModel({ catalog: gymCatalog(), halfLifeMs: 0 })).toThrow(/halfLifeMs must be a positive number/);
    expect(() => new UsageModel({ catalog: gymCatalog(), maxPerCaller: -1 })).toThrow(/maxPerCaller must be positive/);
  });
});

describe("bm25 with learned usage", () => {
  it("ranks the tool users called for these words first after one observation, without re-indexing", async () => {
    const catalog = gymCatalog();
    const usage = new UsageModel({ catalog });
    const bm25 = createBm25Strategy({ usage });
    bm25.index(catalog);
    expect((await bm25.rank({ query: "which coaches are still owed?", limit: 3 })).map((tool) => tool.name)).not.toContain(
      "get_pending_salaries",
    );
    usage.observe({ message: "coaches owed money", tools: ["get_pending_salaries"] });
    expect((await bm25.rank({ query: "which coaches are still owed?", limit: 3 }))[0]!.name).toBe("get_pending_salaries");
  });

  it("ranks after learning live, as evidence decays and its frame moves, like a strategy built on its decayed counts", async () => {
    const catalog = gymCatalog();
    const messages = [
      ["coaches owed money", "get_pending_salaries"],
      ["pause my membership", "freeze_membership"],
      ["who came in today", "mark_check_in"],
      ["money owed to coaches this month", "get_salary_stats"],
      ["freeze it for a month", "freeze_membership"],
    ] as const;
    const queries = ["coaches owed", "pause membership", "came in today", "money this month"];
    // One half-life every 3 observations; with a 1 ms half-life the frame moves (every count rescaled) along the way.
    for (const halfLifeMs of [3 * HOUR, 1]) {
      const usage = new UsageModel({ catalog, halfLifeMs });
      const live = createBm25Strategy({ usage });
      live.index(catalog);
      for (let step = 0; step < 40; step++) {
        const [message, tool] = messages[step % messages.length]!;
        usage.observe({ message, tools: [tool], at: step * (halfLifeMs === 1 ? 50 : HOUR) });
        await live.rank({ query: queries[step % queries.length]!, limit: 5 });
      }
      // The reference reads the decayed counts as they are now, at scale 1, and never changes.
      const decayed: LearnedField = {
        fieldTerms: (tool) => usage.terms(tool),
        fieldObservations: (tool) => usage.fieldObservations(tool) * usage.scale(),
        scale: () => 1,
        version: 0,
        changesSince: () => ({ rebuild: false, version: 0, changes: [] }),
      };
      const built = createBm25Strategy({ usage: decayed });
      built.index(catalog);
      for (const query of queries) {
        const [a, b] = [await live.rank({ query, limit: 10 }), await built.rank({ query, limit: 10 })];
        expect(a.map((tool) => tool.name)).toEqual(b.map((tool) => tool.name));
        a.forEach((tool, position) => expect(tool.score).toBeCloseTo(b[position]!.score, 9));
      }
    }
  });

  it("ranks exactly as without usage while nothing is learned", async () => {
    const catalog = gymCatalog();
    const plain = createBm25Strategy();
    const learning = createBm25Strategy({ usage: new UsageModel({ catalog }) });
    plain.index(catalog);
    learning.index(catalog);
    for (const query of ["pending salary", "freeze a membership", "who came today", "new client"]) {
      expect(await learning.rank({ query, limit: 20 })).toEqual(await plain.rank({ query, limit: 20 }));
    }
  });
});
