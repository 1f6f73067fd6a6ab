import { describe, expect, it } from "vitest";
import { expandRelated } from "./related-categories.js";

function graph(edges: Record<string, string[]>) {
  return (category: string): readonly string[] => edges[category] ?? [];
}

const gym = graph({
  appointments: ["trainers", "clients"],
  trainers: ["staff"],
  clients: ["memberships", "attendance"],
  staff: ["salary"],
  salary: ["staff"],
});

describe("expandRelated", () => {
  it("returns nothing at depth 0", () => {
    expect(expandRelated({ start: ["appointments"], relatedOf: gym, depth: 0 })).toEqual([]);
  });

  it("follows one hop at depth 1", () => {
    expect(expandRelated({ start: ["appointments"], relatedOf: gym, depth: 1 })).toEqual([
      { name: "trainers", relatedTo: "appointments" },
      { name: "clients", relatedTo: "appointments" },
    ]);
  });

  it("follows two hops at depth 2, breadth first (the documented example)", () => {
    const related = new Map([
      ["appointments", ["trainers", "clients"]],
      ["trainers", ["staff"]],
    ]);
    expect(expandRelated({ start: ["appointments"], relatedOf: (c) => related.get(c) ?? [], depth: 2 })).toEqual([
      { name: "trainers", relatedTo: "appointments" },
      { name: "clients", relatedTo: "appointments" },
      { name: "staff", relatedTo: "trainers" },
    ]);
  });

  it("orders by hop, then by start order and related-list order", () => {
    expect(expandRelated({ start: ["appointments"], relatedOf: gym, depth: 2 })).toEqual([
      { name: "trainers", relatedTo: "appointments" },
      { name: "clients", relatedTo: "appointments" },
      { name: "staff", relatedTo: "trainers" },
      { name: "memberships", relatedTo: "clients" },
      { name: "attendance", relatedTo: "clients" },
    ]);
    expect(expandRelated({ start: ["clients", "trainers"], relatedOf: gym, depth: 1 })).toEqual([
      { name: "memberships", relatedTo: "clients" },
      { name: "attendance", relatedTo: "clients" },
      { name: "staff", relatedTo: "trainers" },
    ]);
  });

  it("terminates on cycles and never returns a start category", () => {
    const cycle = graph({ a: ["b"], b: ["a", "c"], c: ["a", "b"] });
    expect(expandRelated({ start: ["a"], relatedOf: cycle, depth: 100 })).toEqual([
      { name: "b", relatedTo: "a" },
      { name: "c", relatedTo: "b" },
    ]);
    expect(expandRelated({ start: ["salary"], relatedOf: gym, depth: 50 })).toEqual([{ name: "staff", relatedTo: "salary" }]);
  });

  it("skips and does not expand through excluded categories", () => {
    expect(expandRelated({ start: ["appointments"], relatedOf: gym, depth: 2, exclude: new Set(["trainers"]) })).toEqual([
      { name: "clients", relatedTo: "appointments" },
      { name: "memberships", relatedTo: "clients" },
      { name: "attendance", relatedTo: "clients" },
    ]);
  });

  it("reports each category once, from the first category that reached it", () => {
    const diamond = graph({ a: ["b", "c"], b: ["d"], c: ["d"] });
    expect(expandRelated({ start: ["a"], relatedOf: diamond, depth: 2 })).toEqual([
      { name: "b", relatedTo: "a" },
      { name: "c", relatedTo: "a" },
      { name: "d", relatedTo: "b" },
    ]);
  });

  it("returns nothing for an empty start", () => {
    expect(expandRelated({ start: [], relatedOf: gym, depth: 3 })).toEqual([]);
  });

  it("with reachStart, reaches a start category another start category declares related, never itself", () => {
    const links = graph({ salary: ["staff"], staff: ["classes"], loop: ["loop"] });
    expect(expandRelated({ start: ["salary", "staff"], relatedOf: links, depth: 1 })).toEqual([{ name: "classes", relatedTo: "staff" }]);
    expect(expandRelated({ start: ["salary", "staff"], relatedOf: links, depth: 1, reachStart: true })).toEqual([
      { name: "staff", relatedTo: "salary" },
      { name: "classes", relatedTo: "staff" },
    ]);
    expect(expandRelated({ start: ["loop"], relatedOf: links, depth: 2, reachStart: true })).toEqual([]);
  });
});
