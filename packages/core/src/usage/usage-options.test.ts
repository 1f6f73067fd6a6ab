import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { thrownError } from "../__fixtures__/thrown-error.js";
import type { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { JsonlUsageStore } from "./jsonl-usage-store.js";
import { UsageModel, type UsageModelOptions } from "./usage-model.js";
import { UsageRecorder, type UsageRecorderOptions } from "./usage-recorder.js";
import { MemoryUsageStore } from "./usage-store.js";

/** The error `build` throws, checked to be a typed `INVALID_OPTION`. */
function invalidOption(build: () => unknown): DynamicToolsError {
  const error = thrownError(build);
  expect(error.code).toBe("INVALID_OPTION");
  return error;
}

const model = (options: unknown) => () => new UsageModel(options as UsageModelOptions);
const recorder = (options: unknown) => () => new UsageRecorder(options as UsageRecorderOptions);

describe("UsageModel: a bad configuration fails at construction, naming the value and what is valid", () => {
  const catalog = gymCatalog();

  it("refuses options that are not an object, and a missing or wrong catalog", () => {
    expect(invalidOption(model(null)).message).toBe(
      "UsageModel: options must be an object with a catalog (new UsageModel({ catalog })), got null.",
    );
    expect(invalidOption(model({})).message).toMatch(/^catalog must be a ToolCatalog \(new ToolCatalog.*got nothing\.$/);
    const error = invalidOption(model({ catalog: 5 }));
    expect(error.message).toMatch(/catalog must be a ToolCatalog .*, got number 5\./);
    expect(error.path).toEqual(["catalog"]);
  });

  it("refuses a misspelled option, with the one meant and every valid one", () => {
    const error = invalidOption(model({ catalog, halflife: 3 }));
    expect(error.message).toBe(
      'UsageModel: unknown option "halflife". Did you mean: halfLifeMs? Valid options: catalog, scope, shareFrom, halfLifeMs, maxPerCaller, consecutiveWithinMs, keepMessages, clock.',
    );
    expect(error.path).toEqual(["halflife"]);
  });

  it.each([
    [{ scope: 5 }, "scope", "scope must be a non-empty string (omit it for unscoped observations), got number 5."],
    [{ scope: "" }, "scope", 'scope must be a non-empty string (omit it for unscoped observations), got "".'],
    [{ shareFrom: 5 }, "shareFrom", 'shareFrom must be a list of scopes (non-empty strings) or "*" (every scope), got number 5.'],
    [{ shareFrom: "a" }, "shareFrom", 'shareFrom must be a list of scopes (non-empty strings) or "*" (every scope), got "a".'],
    [
      { shareFrom: ["a", 3] },
      "shareFrom",
      'shareFrom must be a list of scopes (non-empty strings) or "*" (every scope), got a list holding number 3.',
    ],
    [{ halfLifeMs: Number.NaN }, "halfLifeMs", "halfLifeMs must be a positive number of milliseconds (or Infinity), got number NaN."],
    [{ halfLifeMs: "1" }, "halfLifeMs", 'halfLifeMs must be a positive number of milliseconds (or Infinity), got "1".'],
    [{ maxPerCaller: 0 }, "maxPerCaller", "maxPerCaller must be positive, got number 0."],
    [
      { consecutiveWithinMs: Number.NaN },
      "consecutiveWithinMs",
      "consecutiveWithinMs must be a number of milliseconds, 0 or more (or Infinity), got number NaN.",
    ],
    [
      { consecutiveWithinMs: -1 },
      "consecutiveWithinMs",
      "consecutiveWithinMs must be a number of milliseconds, 0 or more (or Infinity), got number -1.",
    ],
    [{ keepMessages: "yes" }, "keepMessages", 'keepMessages must be true or false, got "yes".'],
    [{ clock: 5 }, "clock", "clock must be a function returning the time in milliseconds (like Date.now), got number 5."],
  ])("refuses %j", (bad, key, message) => {
    const error = invalidOption(model({ catalog, ...bad }));
    expect(error.message).toBe(message);
    expect(error.path).toEqual([key]);
  });

  it("takes every documented option", () => {
    const usage = new UsageModel({
      catalog,
      scope: "a",
      shareFrom: ["b"],
      halfLifeMs: Number.POSITIVE_INFINITY,
      maxPerCaller: 3,
      consecutiveWithinMs: 0,
      keepMessages: true,
      clock: () => 0,
    });
    expect(usage.observe({ message: "who owes the coaches", tools: ["get_pending_salaries"], scope: "b", at: 0 })).toEqual(["learned"]);
    expect(new UsageModel({ catalog, shareFrom: "*" }).scopeKey).toBe("*");
  });
});

describe("UsageRecorder: a bad configuration fails at construction", () => {
  const usage = new UsageModel({ catalog: gymCatalog() });

  it("refuses options that are not an object, and a missing model", () => {
    expect(invalidOption(recorder(undefined)).message).toBe(
      "UsageRecorder: options must be an object with a model (new UsageRecorder({ model })), got nothing.",
    );
    const error = invalidOption(recorder({}));
    expect(error.message).toBe("UsageRecorder: model must be a UsageModel (new UsageModel({ catalog })), got nothing.");
    expect(error.path).toEqual(["model"]);
    expect(invalidOption(recorder({ model: gymCatalog() })).message).toMatch(/model must be a UsageModel .*got an object\./);
  });

  it("refuses a store that does not implement UsageStore, naming the missing methods", () => {
    const error = invalidOption(recorder({ model: usage, store: {} }));
    expect(error.message).toBe(
      "UsageRecorder: store must be a UsageStore (an object with append(observations) and read(cursor) methods, such as new MemoryUsageStore() or new JsonlUsageStore(file)), got an object without append, read as methods.",
    );
    expect(error.path).toEqual(["store"]);
    expect(invalidOption(recorder({ model: usage, store: "usage.jsonl" })).message).toMatch(
      /store must be a UsageStore .*got "usage\.jsonl"\.$/,
    );
    const noSave = { append: async () => {}, read: async () => ({ observations: [], cursor: "" }), writeFusionFits: 1 };
    expect(invalidOption(recorder({ model: usage, store: noSave })).message).toMatch(/without writeFusionFits as methods\.$/);
  });

  it("refuses unknown keys and wrong types of the others", () => {
    expect(invalidOption(recorder({ model: usage, stor: new MemoryUsageStore() })).message).toBe(
      'UsageRecorder: unknown option "stor". Did you mean: store? Valid options: model, store, keepMessages, onSkipped.',
    );
    expect(invalidOption(recorder({ model: usage, keepMessages: 1 })).message).toBe(
      "UsageRecorder: keepMessages must be true or false, got number 1.",
    );
    expect(invalidOption(recorder({ model: usage, onSkipped: "warn" })).message).toBe(
      'UsageRecorder: onSkipped must be a function told about each skipped record, got "warn".',
    );
  });

  it("takes a model alone, or with a store of only append and read", () => {
    expect(new UsageRecorder({ model: usage }).store).toBeUndefined();
    const store = { append: async () => {}, read: async () => ({ observations: [], cursor: "0" }) };
    expect(new UsageRecorder({ model: usage, store, keepMessages: true, onSkipped: () => {} }).store).toBe(store);
  });
});

describe("JsonlUsageStore: a bad configuration fails at construction", () => {
  it.each([5, "", undefined, null])("refuses the file %j", (file) => {
    const error = invalidOption(() => new JsonlUsageStore(file as string));
    expect(error.message).toMatch(
      /^JsonlUsageStore: file must be a non-empty string, the path of the JSONL file \(new JsonlUsageStore\("usage\.jsonl"\)\), got /,
    );
    expect(error.path).toEqual(["file"]);
  });

  it("names the file it was given in the message", () => {
    expect(invalidOption(() => new JsonlUsageStore(5 as unknown as string)).message).toMatch(/got number 5\.$/);
  });

  it("refuses unknown option keys", () => {
    const file = join(mkdtempSync(join(tmpdir(), "usage-")), "usage.jsonl");
    expect(invalidOption(() => new JsonlUsageStore(file, { maxLineByte: 10 } as never)).message).toBe(
      'JsonlUsageStore: unknown option "maxLineByte". Did you mean: maxLineBytes? Valid options: batchBytes, maxLineBytes.',
    );
    expect(new JsonlUsageStore(file, { batchBytes: 10, maxLineBytes: 10 }).file).toBe(file);
  });
});
