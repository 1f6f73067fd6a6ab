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
