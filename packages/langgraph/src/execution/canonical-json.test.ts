import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";

const nest = (depth: number, leaf: Record<string, unknown>) => {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { z: 1, a: value } : [value, null];
  return value;
};

describe("canonicalJson", () => {
  it("is JSON.stringify with sorted keys for ordinary values", () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }], u: undefined })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("writes a value nested past the call stack, with the text the recursive writer would give", () => {
    const deep = nest(30_000, { y: 2, x: 1 });
    const text = canonicalJson(deep);
    expect(text.startsWith('[{"a":[{"a":[')).toBe(true);
    expect(text).toContain('{"x":1,"y":2}');
    expect(text.endsWith('"z":1},null]')).toBe(true);
    // The same value with other key orders gives the same text; another leaf gives another text.
    expect(canonicalJson(nest(30_000, { x: 1, y: 2 }))).toBe(text);
    expect(canonicalJson(nest(30_000, { x: 1, y: 3 }))).not.toBe(text);
    // At a depth both writers reach, they agree.
    const shallowDeep = nest(1_000, { y: 2, x: 1 });
    const recursive = canonicalJson(shallowDeep);
    expect(recursive).toBe(
      JSON.stringify(shallowDeep, (_key, inner: unknown) =>
        typeof inner === "object" && inner !== null && !Array.isArray(inner)
          ? Object.fromEntries(
              Object.keys(inner)
                .sort()
                .map((key) => [key, (inner as Record<string, unknown>)[key]]),
            )
          : inner,
      ),
    );
  });

  it('writes a cycle\'s repeated object as "[seen]", and refuses a bigint as JSON does', () => {
    const cycle: Record<string, unknown> = { b: 1 };
    cycle.self = cycle;
    expect(canonicalJson(cycle)).toBe('{"b":1,"self":"[seen]"}');
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});
