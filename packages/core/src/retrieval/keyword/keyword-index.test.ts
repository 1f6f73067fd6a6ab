import { describe, expect, it } from "vitest";
import { KeywordIndex, type KeywordTarget } from "./keyword-index.js";

const category = (name: string): KeywordTarget => ({ kind: "category", name });
const tool = (name: string): KeywordTarget => ({ kind: "tool", name });

function indexOf(entries: Record<string, string[]>): KeywordIndex {
  const index = new KeywordIndex();
  for (const [name, keywords] of Object.entries(entries)) for (const keyword of keywords) index.add(keyword, category(name));
  return index;
}

const names = (index: KeywordIndex, text: string) => index.match(text).map((match) => match.target.name);

describe("KeywordIndex.add", () => {
  it("rejects keywords with no letters or digits", () => {
    const index = new KeywordIndex();
    expect(index.add("!!!", category("x"))).toBe(false);
    expect(index.add("  -- ", category("x"))).toBe(false);
    expect(index.add("pay", category("salary"))).toBe(true);
    expect(index.match("!!! --")).toEqual([]);
  });
});

describe("KeywordIndex.match: whole words after stemming", () => {
  const index = indexOf({ salary: ["pay"], clients: ["who", "me", "member", "client"] });

  it("does not fire inside longer words", () => {
    expect(index.match("display the chart")).toEqual([]);
    expect(index.match("the whole thing")).toEqual([]);
    expect(index.match("send a message")).toEqual([]);
    expect(index.match("membership renewal")).toEqual([]);
  });

  it("fires on the whole word", () => {
    expect(index.match("pay the staff")).toEqual([{ target: category("salary"), keyword: "pay", position: 0 }]);
    expect(index.match("whole team, who is late?")).toEqual([{ target: category("clients"), keyword: "who", position: 2 }]);
    expect(index.match("show me")).toEqual([{ target: category("clients"), keyword: "me", position: 1 }]);
  });

  it("matches inflections through the stem: clients ↔ client", () => {
    expect(index.match("list all clients")).toEqual([{ target: category("clients"), keyword: "client", position: 2 }]);
    const plural = indexOf({ clients: ["clients"] });
    expect(plural.match("one client")).toEqual([{ target: category("clients"), keyword: "clients", position: 1 }]);
  });
});

describe("KeywordIndex.match: phrases", () => {
  it("matches a multi-word phrase only when its words are adjacent and in order", () => {
    const index = indexOf({ attendance: ["came today"] });
    expect(index.match("who came today?")).toEqual([{ target: category("attendance"), keyword: "came today", position: 1 }]);
    expect(index.match("who came today's class")).toEqual([{ target: category("attendance"), keyword: "came today", position: 1 }]);
    expect(index.match("came yesterday today")).toEqual([]);
    expect(index.match("today came")).toEqual([]);
    expect(index.match("who came")).toEqual([]);
  });

  it("treats hyphenated keywords as phrases: check-in ↔ check in ↔ Check-In ↔ checkIn", () => {
    const index = indexOf({ attendance: ["check-in"] });
    const expected = (position: number) => [{ target: category("attendance"), keyword: "check-in", position }];
    expect(index.match("did he check in")).toEqual(expected(2));
    expect(index.match("Check-In list")).toEqual(expected(0));
    expect(index.match("last checkIn")).toEqual(expected(1));
    expect(index.match("check the box in red")).toEqual([]);
  });

  it("matches CJK keywords character by character", () => {
    const index = indexOf({ salary: ["工资"] });
    expect(index.match("查一下工资")).toEqual([{ target: category("salary"), keyword: "工资", position: 3 }]);
    expect(index.match("工作")).toEqual([]);
  });
});

describe("KeywordIndex.match: reporting", () => {
  it("reports each target once, with its first keyword in the text, in order of position", () => {
    const index = indexOf({ attendance: ["attendance", "today", "came today"], clients: ["who", "client"], salary: ["salary"] });
    expect(index.match("who came today? show attendance and clients, who else")).toEqual([
      { target: category("clients"), keyword: "who", position: 0 },
      { target: category("attendance"), keyword: "came today", position: 1 },
    ]);
    expect(index.match("salary for today and the attendance of each client")).toEqual([
      { target: category("salary"), keyword: "salary", position: 0 },
      { target: category("attendance"), keyword: "today", position: 2 },
      { target: category("clients"), keyword: "client", position: 8 },
    ]);
  });

  it("keeps a category and a tool of the same name apart, and shares a keyword between targets", () => {
    const index = new KeywordIndex();
    index.add("invoice", tool("send_invoice"));
    index.add("invoice", category("billing"));
    index.add("billing", tool("billing"));
    index.add("billing", category("billing"));
    expect(index.match("invoice billing")).toEqual([
      { target: tool("send_invoice"), keyword: "invoice", position: 0 },
      { target: category("billing"), keyword: "invoice", position: 0 },
      { target: tool("billing"), keyword: "billing", position: 1 },
    ]);
  });

  it("reflects keywords added after an earlier match of the same text", () => {
    const index = indexOf({ salary: ["salary"] });
    expect(names(index, "pay the staff")).toEqual([]);
    index.add("pay", category("salary"));
    expect(names(index, "pay the staff")).toEqual(["salary"]);
    index.add("staff", category("staff"));
    expect(names(index, "pay the staff")).toEqual(["salary", "staff"]);
  });

  it("returns [] for an empty text or an empty index", () => {
    expect(indexOf({ salary: ["salary"] }).match("")).toEqual([]);
    expect(new KeywordIndex().match("salary")).toEqual([]);
  });
});

describe("KeywordIndex.remove and fork", () => {
  it("removes one keyword of one target, leaving other targets and keywords of the same first word", () => {
    const index = indexOf({ attendance: ["check in", "check out"], billing: ["check out"] });
    expect(index.remove("check out", category("attendance"))).toBe(true);
    expect(names(index, "check out")).toEqual(["billing"]);
    expect(names(index, "check in")).toEqual(["attendance"]);
    expect(index.remove("check out", category("attendance"))).toBe(false);
    expect(index.remove("!!!", category("attendance"))).toBe(false);
    expect(index.remove("check in", tool("attendance"))).toBe(false);
  });

  it("forgets memoised matches when a keyword is removed", () => {
    const index = indexOf({ salary: ["salary"] });
    expect(names(index, "salary please")).toEqual(["salary"]);
    index.remove("salary", category("salary"));
    expect(index.match("salary please")).toEqual([]);
  });

  it("keeps a fork and its original independent in both directions, however often they change", () => {
    const before = indexOf({ salary: ["salary", "payroll"], staff: ["staff"] });
    expect(names(before, "salary staff payroll")).toEqual(["salary", "staff"]);
    const after = before.fork();
    after.remove("salary", category("salary"));
    after.add("salary", category("finance"));
    after.add("staff", category("people"));
    before.add("salary", category("bonus"));
    expect(before.match("salary staff").map((match) => [match.target.name, match.keyword])).toEqual([
      ["salary", "salary"],
      ["bonus", "salary"],
      ["staff", "staff"],
    ]);
    expect(after.match("salary staff").map((match) => [match.target.name, match.keyword])).toEqual([
      ["finance", "salary"],
      ["staff", "staff"],
      ["people", "staff"],
    ]);
    const third = after.fork();
    third.remove("staff", category("staff"));
    expect(names(after, "staff")).toEqual(["staff", "people"]);
    expect(names(third, "staff")).toEqual(["people"]);
  });

  it("matches like a fresh index of the same keywords after any sequence of adds, removes and forks", () => {
    const words = ["salary", "pay", "check in", "check out", "staff", "who", "client", "clients"];
    const targets = [category("a"), category("b"), tool("a"), tool("c")];
    let index = new KeywordIndex();
    let live: Array<[string, KeywordTarget]> = [];
    const random = (() => {
      let seed = 7;
      return (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    })();
    for (let step = 0; step < 400; step++) {
      const roll = random(10);
      if (roll < 5) {
        const pair: [string, KeywordTarget] = [words[random(words.length)]!, targets[random(targets.length)]!];
        index.add(...pair);
        live.push(pair);
      } else if (roll < 8 && live.length > 0) {
        const [keyword, target] = live[random(live.length)]!;
        expect(index.remove(keyword, target)).toBe(true);
        const at = live.findIndex(([other, owner]) => other === keyword && owner === target);
        live = live.filter((_, position) => position !== at);
      } else {
        index = index.fork();
      }
      const fresh = new KeywordIndex();
      for (const [keyword, target] of live) fresh.add(keyword, target);
      for (const text of words) {
        const key = (match: { target: KeywordTarget; position: number }) => `${match.position}:${match.target.kind}:${match.target.name}`;
        expect(index.match(text).map(key).sort()).toEqual(fresh.match(text).map(key).sort());
      }
    }
  });
});

describe("KeywordIndex memo bounds", () => {
  it("memoises short texts but never keeps a long message alive", () => {
    const index = new KeywordIndex();
    index.add("salary", { kind: "category", name: "salary" });
    const short = "what is the pending salary";
    expect(index.match(short)).toBe(index.match(short)); // the memoised result
    const long = `salary ${"z".repeat(1_000_000)}`;
    const first = index.match(long);
    expect(first).toHaveLength(1);
    expect(index.match(long)).not.toBe(first); // matched again: a 1 MB text is not kept
  });

  it("evicts the oldest texts once the memo holds a million characters", () => {
    const index = new KeywordIndex();
    index.add("salary", { kind: "category", name: "salary" });
    const texts = Array.from({ length: 100 }, (_, at) => `${at} salary ${"w".repeat(15_000)}`); // 1.5 M characters in all
    const results = texts.map((text) => index.match(text));
    expect(index.match(texts[99]!)).toBe(results[99]); // recent: still memoised
    expect(index.match(texts[0]!)).not.toBe(results[0]); // oldest: evicted by the character bound, not the count
  });
});
