import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { toObservation } from "./observation.js";
import { parseObservations } from "./observations-file.js";

describe("toObservation", () => {
  it("fills in ok and at, drops repeated tools, and reads ISO times", () => {
    expect(toObservation({ message: "pay Anna", tools: ["pay_salary", "pay_salary"] }, () => 42)).toEqual({
      message: "pay Anna",
      tools: ["pay_salary"],
      ok: true,
      at: 42,
    });
    expect(toObservation({ message: "x", tools: [], at: "2026-01-01T00:00:00Z", ok: false, scope: "gym-1", caller: "u1" }).at).toBe(
      Date.UTC(2026, 0, 1),
    );
  });

  it.each([
    [{ tools: ["a"] }, /"message" must be a non-empty string/],
    [{ message: "m", tools: "a" }, /"tools" must be an array of tool names/],
    [{ message: "m", tools: ["a"], ok: "yes" }, /"ok" must be true or false/],
    [
      { message: "m", tools: Array.from({ length: 65 }, (_, index) => `tool_${index}`) },
      /"tools" lists 65 different tools; one observation may list at most 64/,
    ],
    [{ message: "m", tools: ["a"], at: "yesterday" }, /"at" must be a time/],
    [{ message: "m", tools: ["a"], scope: "" }, /"scope" must be a non-empty string/],
    [{ message: "m", tools: ["a"], tool: "b" }, /unknown key "tool" \(allowed: message, history, tools, ok, scope, caller, at\)/],
    ["m", /expected an object/],
  ])("rejects %j with INVALID_OBSERVATION", (value, message) => {
    const error = (() => {
      try {
        toObservation(value);
      } catch (caught) {
        return caught;
      }
    })();
    expect(DynamicToolsError.isInstance(error) && error.code).toBe("INVALID_OBSERVATION");
    expect((error as Error).message).toMatch(message);
  });
});

describe("parseObservations", () => {
  it("reads observation lines and eval-format lines alike", () => {
    const text = [
      '{"id": "q1", "query": "pending salary?", "relevant": ["get_pending_salaries"], "history": ["hi"]}',
      "",
      '{"message": "freeze Bob", "tools": ["freeze_membership"], "ok": false, "at": 5}',
    ].join("\n");
    expect(parseObservations(text, "usage.jsonl", { at: 1, scope: "gym-1" })).toEqual([
      { message: "pending salary?", history: ["hi"], tools: ["get_pending_salaries"], ok: true, scope: "gym-1", at: 1 },
      { message: "freeze Bob", tools: ["freeze_membership"], ok: false, scope: "gym-1", at: 5 },
    ]);
  });

  it("names the file and line of a bad line", () => {
    expect(() => parseObservations('{"message": "a", "tools": ["x"]}\n{"message": 3, "tools": []}', "u.jsonl")).toThrow(
      /u\.jsonl:2: "message" must be a non-empty string/,
    );
    expect(() => parseObservations("{nope", "u.jsonl")).toThrow(/u\.jsonl:1: not valid JSON/);
  });
});
