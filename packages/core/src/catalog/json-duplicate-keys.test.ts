import { describe, expect, it } from "vitest";
import { seededRandom } from "../bench/synthetic-catalog.js";
import { findDuplicateKeys } from "./json-duplicate-keys.js";

// The first implementation (a path array per container, a set per object, every key decoded): the reference.
interface Frame {
  /** Keys seen so far in an object; undefined for an array. */
  keys: Set<string> | undefined;
  /** Where this container sits. */
  path: Array<string | number>;
  /** Next index (arrays) or the last key read (objects). */
  index: number;
  key: string | undefined;
}

/** {@link findDuplicateKeys} as it was first written: each container's path built as it opens. */
function referenceDuplicateKeys(text: string): Array<{ key: string; path: Array<string | number>; line: number }> {
  const duplicates: Array<{ key: string; path: Array<string | number>; line: number }> = [];
  const stack: Frame[] = [];
  let line = 1;
  // Whether the next string in an object is a key (after "{" or ",").
  let expectKey = false;
  const childPath = (): Array<string | number> => {
    const top = stack[stack.length - 1];
    if (top === undefined) return [];
    return [...top.path, top.keys === undefined ? top.index : (top.key ?? "")];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 10) {
      line++;
    } else if (char === 34) {
      // A string: find its end, then decode it only when it is a key.
      let end = at + 1;
      while (end < text.length && text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys !== undefined) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (top.keys.has(key)) duplicates.push({ key, path: top.path, line });
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      at = end;
    } else if (char === 123 || char === 91) {
      // "{" or "[": a new container at the current path.
      stack.push({ keys: char === 123 ? new Set() : undefined, path: childPath(), index: 0, key: undefined });
      expectKey = char === 123;
    } else if (char === 125 || char === 93) {
      stack.pop();
    } else if (char === 44) {
      // ",": the next key of an object, or the next item of an array.
      const top = stack[stack.length - 1];
      if (top?.keys !== undefined) expectKey = true;
      else if (top !== undefined) top.index++;
    }
  }
  return duplicates;
}

/** Random JSON text with some keys repeated (written by hand: JSON.stringify cannot repeat a key). */
function randomJson(random: () => number, depth: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  if (depth > 4 || random() < 0.25) return pick(['"text"', "1", "true", "null", '"with \\"quote\\""', '"a\\\\b"', "[]", "{}"]);
  if (random() < 0.4) {
    const items = Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
    return `[${items.join(random() < 0.5 ? "," : ",\n")}]`;
  }
  const keys = ["name", "type", 'a\\"b', "tools", "x", "p\\u0041", "pA", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"];
  const count = Math.floor(random() * (random() < 0.2 ? 20 : 5));
  const members = Array.from({ length: count }, () => `"${pick(keys)}": ${randomJson(random, depth + 1)}`);
  return `{${members.join(random() < 0.5 ? ", " : ",\n ")}}`;
}

describe("findDuplicateKeys", () => {
  it("names each repeated key with its object's path and its line", () => {
    expect(findDuplicateKeys('{"tools": [{"name": "a"},\n {"name": "b", "name": "c"}]}')).toEqual([
      { key: "name", path: ["tools", 1], line: 2 },
    ]);
    expect(findDuplicateKeys('{"a": 1, "a": 2}')).toEqual([{ key: "a", path: [], line: 1 }]);
  });

  it("finds exactly what the first implementation found (random documents, escapes and long objects included)", () => {
    const random = seededRandom(11);
    let found = 0;
    for (let round = 0; round < 1500; round++) {
      const text = randomJson(random, 0);
      JSON.parse(text); // valid JSON, as the function requires
      const expected = referenceDuplicateKeys(text);
      expect(findDuplicateKeys(text), text).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(200);
  });
});
