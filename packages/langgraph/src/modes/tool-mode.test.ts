import { DynamicToolsError } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { decideAutoMode } from "./auto-mode.js";
import { contextWindowOf, modelNameOf } from "./context-windows.js";
import { parseToolMode } from "./tool-mode.js";

describe("parseToolMode", () => {
  it("accepts select, search, both, auto and auto:N", () => {
    expect(parseToolMode("select")).toEqual({ kind: "select" });
    expect(parseToolMode("search")).toEqual({ kind: "search" });
    expect(parseToolMode("both")).toEqual({ kind: "both" });
    expect(parseToolMode("auto")).toEqual({ kind: "auto", percent: 10 });
    expect(parseToolMode("auto:5")).toEqual({ kind: "auto", percent: 5 });
    expect(parseToolMode("auto:2.5")).toEqual({ kind: "auto", percent: 2.5 });
  });

  it("rejects anything else, listing the modes", () => {
    for (const bad of ["auto:0", "auto:101", "auto:", "auto:x", "all", "Search"]) {
      let caught: unknown;
      try {
        parseToolMode(bad);
      } catch (error) {
        caught = error;
      }
      expect(DynamicToolsError.isInstance(caught) && caught.code).toBe("INVALID_OPTION");
      expect((caught as Error).message).toContain("Modes: select, search, both, auto, auto:N");
    }
  });
});

describe("contextWindowOf", () => {
  it("knows common models by longest prefix, ignoring a provider prefix", () => {
    expect(contextWindowOf("gpt-4o")).toBe(128_000);
    expect(contextWindowOf("gpt-4o-mini-2024-07-18")).toBe(128_000);
    expect(contextWindowOf("openai:gpt-4.1-mini")).toBe(1_047_576);
    expect(contextWindowOf("anthropic:claude-sonnet-4-5")).toBe(200_000);
    expect(contextWindowOf("my-local-model")).toBeUndefined();
  });

  it("reads the model name from a chat model", () => {
    expect(modelNameOf({ model: "gpt-4o" })).toBe("gpt-4o");
    expect(modelNameOf({ modelName: "gpt-4" })).toBe("gpt-4");
    expect(modelNameOf({})).toBeUndefined();
  });
});

describe("decideAutoMode (switching at the threshold)", () => {
  const base = { percent: 10, contextWindow: 100_000, toolCount: 50, maxTools: 128, fallback: "search" as const };

  it("binds every tool while all definitions fit in N% of the context window, and switches one token past it", () => {
    expect(decideAutoMode({ ...base, definitionTokens: 10_000 })).toMatchObject({ mode: "all", thresholdTokens: 10_000 });
    const over = decideAutoMode({ ...base, definitionTokens: 10_001 });
    expect(over.mode).toBe("search");
    expect(over.reason).toBe('auto: using "search": 10,001 definition tokens exceed 10% of a 100,000-token context window (10,000)');
  });

  it("honours N and the configured fallback mode", () => {
    expect(decideAutoMode({ ...base, percent: 5, definitionTokens: 5_001, fallback: "both" }).mode).toBe("both");
    expect(decideAutoMode({ ...base, percent: 5, definitionTokens: 5_000 }).mode).toBe("all");
  });

  it("switches when the tools exceed maxTools even if their tokens fit", () => {
    const decision = decideAutoMode({ ...base, definitionTokens: 100, toolCount: 129 });
    expect(decision.mode).toBe("search");
    expect(decision.reason).toContain("129 tools exceed maxTools (128)");
  });

  it("looks the context window up by model name; the option overrides it", () => {
    // the gym catalog's 16,881 tokens: over 10% of gpt-4o's 128,000 (12,800), under 10% of gpt-4.1's 1,047,576
    const gym = { percent: 10, definitionTokens: 16_881, toolCount: 100, maxTools: 128, fallback: "search" as const };
    expect(decideAutoMode({ ...gym, model: "gpt-4o" })).toMatchObject({ mode: "search", contextWindow: 128_000, thresholdTokens: 12_800 });
    expect(decideAutoMode({ ...gym, model: "gpt-4.1" })).toMatchObject({ mode: "all", contextWindow: 1_047_576 });
    expect(decideAutoMode({ ...gym, model: "gpt-4.1", contextWindow: 128_000 }).mode).toBe("search");
  });

  it("fails fast when the context window is unknown", () => {
    expect(() => decideAutoMode({ ...base, contextWindow: undefined, model: "my-local-model", definitionTokens: 1 })).toThrowError(
      /mode "auto" needs the model's context window: pass contextWindow .*"my-local-model" is not one of the known models/,
    );
  });
});
