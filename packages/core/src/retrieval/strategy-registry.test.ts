import { describe, expect, it } from "vitest";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { BUILTIN_STRATEGY_NAMES, createStrategy } from "./strategy-registry.js";

describe("strategy registry", () => {
  it("lists the built-in strategies in registration order", () => {
    expect(BUILTIN_STRATEGY_NAMES).toEqual(["keyword", "bm25", "fuzzy", "vector", "hybrid", "sequence-matcher"]);
    expect(Object.isFrozen(BUILTIN_STRATEGY_NAMES)).toBe(true);
  });

  it.each(BUILTIN_STRATEGY_NAMES)("creates %j with that name, a new instance each time", (name) => {
    const strategy = createStrategy(name);
    expect(strategy.name).toBe(name);
    expect(typeof strategy.index).toBe("function");
    expect(typeof strategy.rank).toBe("function");
    expect(createStrategy(name)).not.toBe(strategy);
  });

  it.each(["bm-25", "BM25", "", "toString", "__proto__", "constructor"])("rejects %j with INVALID_OPTION listing the names", (name) => {
    let caught: unknown;
    try {
      createStrategy(name);
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught)).toBe(true);
    expect((caught as DynamicToolsError).code).toBe("INVALID_OPTION");
    expect((caught as DynamicToolsError).message).toBe(
      `Unknown strategy "${name}". Strategies: keyword, bm25, fuzzy, vector, hybrid, sequence-matcher.`,
    );
  });
});
