import { describe, expect, it } from "vitest";
import { seededRandom } from "../bench/synthetic-catalog.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { checkParameters, MAX_PARAMETERS_DEPTH, walkParameters } from "./parameters-schema.js";
import { parseToolDeclaration } from "./parse-config.js";

describe("parseToolDeclaration", () => {
  it("returns a frozen declaration with only the keys given, and that declaration again as it is", () => {
    const parsed = parseToolDeclaration({ name: "get_weather", description: "Weather", available: false });
    expect(parsed).toEqual({ name: "get_weather", description: "Weather", enabled: false });
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(parseToolDeclaration(parsed)).toBe(parsed);
  });

  it("lets `enabled` win over `available`, and still checks `available`", () => {
    expect(parseToolDeclaration({ name: "a", enabled: true, available: false }).enabled).toBe(true);
    expect(() => parseToolDeclaration({ name: "a", enabled: true, available: "no" })).toThrow(/available/);
  });

  it("validates an equal object that it did not return", () => {
    expect(() => parseToolDeclaration({ name: "a", tags: "x" })).toThrow(DynamicToolsError);
  });
});

/** Random JSON-ish values shaped like schemas, some of them broken. */
function randomSchema(random: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  if (depth > 6 || random() < 0.15) return pick([true, false, 1, "x", null, [], {}, ["string"], -1, 2.5]);
  const node: Record<string, unknown> = {};
  const keys = ["type", "properties", "items", "required", "enum", "anyOf", "description", "minLength", "additionalProperties", "x"];
  for (let count = Math.floor(random() * 4); count > 0; count--) {
    const key = pick(keys);
    if (key === "properties") node[key] = random() < 0.9 ? { a: randomSchema(random, depth + 1), b: randomSchema(random, depth + 1) } : 3;
    else if (key === "anyOf") node[key] = random() < 0.9 ? [randomSchema(random, depth + 1)] : {};
    else if (key === "items" || key === "additionalProperties") node[key] = randomSchema(random, depth + 1);
    else if (key === "type") node[key] = pick(["object", "string", ["string", "null"], "strin", [], 4]);
    else if (key === "required") node[key] = pick([["a"], [1], "a", []]);
    else if (key === "minLength") node[key] = pick([0, 3, -1, 1.5, "2"]);
    else node[key] = pick(["text", 5, ["a", 1], { nested: [1, { deep: true }] }]);
  }
  return node;
}

describe("checkParameters", () => {
  it("accepts and rejects exactly as the full walk does, with the same message (random schemas, broken ones included)", () => {
    const random = seededRandom(7);
    let rejected = 0;
    for (let round = 0; round < 2000; round++) {
      const schema = randomSchema(random, 0);
      for (const shape of [true, false]) {
        let error: unknown;
        try {
          checkParameters(schema, { tool: "t", path: ["tools", 0, "parameters"], shape });
        } catch (caught) {
          error = caught;
        }
        let walked: unknown;
        try {
          walkParameters(schema, { tool: "t", path: ["tools", 0, "parameters"], shape });
        } catch (caught) {
          walked = caught;
        }
        expect((error as Error | undefined)?.message).toBe((walked as Error | undefined)?.message);
        if (error !== undefined) rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(100);
  });

  it("rejects nesting deeper than the limit", () => {
    let deep: unknown = { type: "string" };
    for (let level = 0; level < MAX_PARAMETERS_DEPTH; level++) deep = { type: "object", properties: { a: deep } };
    expect(() => checkParameters(deep, { tool: "t", path: [], shape: true })).toThrow(/nest deeper/);
  });
});
