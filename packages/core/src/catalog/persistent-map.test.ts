import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PersistentMap } from "./persistent-map.js";

describe("PersistentMap", () => {
  it("reads through its changes to the base, and iterates base entries then changed ones", () => {
    const map = PersistentMap.from(
      new Map([
        ["a", 1],
        ["b", 2],
        ["c", 3],
      ]),
    );
    map.set("b", 20);
    map.delete("c");
    map.set("d", 4);
    expect(map.size).toBe(3);
    expect([map.get("a"), map.get("b"), map.get("c"), map.get("d")]).toEqual([1, 20, undefined, 4]);
    expect([map.has("c"), map.has("d")]).toEqual([false, true]);
    // set moves a key to the end (an append log), unlike Map.
    expect([...map.entries()]).toEqual([
      ["a", 1],
      ["b", 20],
      ["d", 4],
    ]);
    map.set("a", 10);
    expect([...map.keys()]).toEqual(["b", "d", "a"]);
    expect(map.delete("zz")).toBe(false);
  });

  it("keeps forks independent in both directions", () => {
    const before = PersistentMap.from(
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    const after = before.fork();
    after.set("a", 10);
    after.delete("b");
    before.set("c", 3);
    expect([...before.entries()]).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    expect([...after.entries()]).toEqual([["a", 10]]);
    const third = after.fork();
    third.set("b", 5);
    expect([...after.entries()]).toEqual([["a", 10]]);
    expect([...third.entries()]).toEqual([
      ["a", 10],
      ["b", 5],
    ]);
  });

  it("behaves like an append-ordered Map through any sequence of sets, deletes and forks (folding included)", () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("set" as const), key: fc.nat({ max: 150 }), value: fc.integer() }),
      fc.record({ kind: fc.constant("delete" as const), key: fc.nat({ max: 150 }) }),
      fc.record({ kind: fc.constant("fork" as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { minLength: 150, maxLength: 600 }), (operations) => {
        let map = PersistentMap.from<number, number>();
        let model = new Map<number, number>();
        const snapshots: Array<[PersistentMap<number, number>, Array<[number, number]>]> = [];
        for (const step of operations) {
          if (step.kind === "set") {
            map.set(step.key, step.value);
            model.delete(step.key);
            model.set(step.key, step.value);
          } else if (step.kind === "delete") {
            if (map.delete(step.key) !== model.delete(step.key)) return false;
          } else {
            snapshots.push([map, [...model]]);
            map = map.fork();
            model = new Map(model);
          }
          if (map.size !== model.size) return false;
        }
        expect([...map.entries()]).toEqual([...model]);
        expect([...map.keys()]).toEqual([...model.keys()]);
        expect([...map.values()]).toEqual([...model.values()]);
        for (const [snapshot, entries] of snapshots) {
          expect([...snapshot]).toEqual(entries);
          // A folded fork has no changes of its own and iterates its base directly: the same order either way.
          expect([...snapshot.values()]).toEqual(entries.map(([, value]) => value));
        }
      }),
      { numRuns: 50 },
    );
  });
});
