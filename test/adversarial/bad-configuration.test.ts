/**
 * A bad configuration of the execution and permission options fails when the graph is built, with a typed error
 * naming the value, never on the first message: a policy that is not a function, a catalog that is not a catalog,
 * timeouts in the wrong shape. (A misspelled policy rule is definePolicy's own test.)
 */
import { createToolSelector, ToolCatalog } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createDynamicModelNode,
  createDynamicToolAgent,
  createToolSearchTool,
  createToolSelectorNode,
  DynamicToolNode,
} from "../../packages/langgraph/src/index.js";
import { dynamicToolsMiddleware } from "../../packages/langgraph/src/middleware/index.js";

const catalog = new ToolCatalog({ tools: [tool(() => "ok", { name: "lookup", description: "Looks a record up", schema: z.object({}) })] });

function refusal(build: () => unknown): { code?: string; message: string; path?: unknown } | undefined {
  try {
    build();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message, path: (error as { path?: unknown }).path };
  }
  return undefined;
}

const builders: Array<[string, (options: Record<string, unknown>) => unknown]> = [
  ["DynamicToolNode", (options) => new DynamicToolNode(catalog, options)],
  ["dynamicToolsMiddleware", (options) => dynamicToolsMiddleware({ catalog, ...options })],
  ["createToolSelectorNode", (options) => createToolSelectorNode({ catalog, ...options })],
  ["createToolSearchTool", (options) => createToolSearchTool(catalog, options)],
  ["createDynamicToolAgent", (options) => createDynamicToolAgent({ model: { bindTools: () => undefined } as never, catalog, ...options })],
];

describe.each(builders)("%s refuses a bad configuration when built", (_name, build) => {
  it.each(["allow", {}, null, 42])("a policy that is not a function (%j)", (policy) => {
    const error = refusal(() => build({ policy }));
    expect(error?.code).toBe("INVALID_OPTION");
    expect(error?.message).toMatch(/^policy must be a synchronous function \(tool, caller\) => "allow" \| "deny" \| "approve"/);
    expect(error?.path).toEqual(["policy"]);
  });
});

describe.each(builders)("%s refuses a misspelled option, or options that are not an object, when built", (name, build) => {
  it("names the unknown option and the one meant", () => {
    const error = refusal(() => build({ polcy: () => "deny" }));
    expect(error?.code).toBe("INVALID_OPTION");
    expect(error?.message).toMatch(new RegExp(`^${name}: unknown option "polcy". Did you mean: policy\\? Valid options: `));
    expect(error?.path).toEqual(["polcy"]);
  });

  it("refuses an async policy: its promise is no decision", () => {
    const error = refusal(() => build({ policy: async () => "deny" }));
    expect(error?.message).toMatch(/^policy must be a synchronous function .* got an async function\.$/);
  });
});

describe("createToolSelector refuses a misspelled option", () => {
  it("names it (topk would otherwise bind every tool)", () => {
    const error = refusal(() => createToolSelector(catalog, { topk: 3 } as never));
    expect(error).toMatchObject({ code: "INVALID_OPTION", path: ["topk"] });
    expect(error?.message).toMatch(/^createToolSelector: unknown option "topk". Did you mean: topK\?/);
    expect(refusal(() => createToolSelector(catalog, null as never))?.message).toBe(
      "createToolSelector: options must be an object, got null.",
    );
  });
});

describe("DynamicToolNode checks the options it would otherwise trip over on the first call", () => {
  it.each([
    [{ sources: {} }, "sources must be a list of tool providers (objects with a tools() method), got an object."],
    [{ sources: [{}] }, "sources[0] must be one of tool providers (objects with a tools() method), got an object."],
    [{ exclude: "lookup" }, 'exclude must be a list of tool names, got "lookup".'],
    [{ exclude: new Set(["lookup"]) }, "exclude must be a list of tool names, got an object."],
    [{ extraTools: [null] }, "extraTools[0] must be one of LangChain tools, got null."],
    [{ requestTools: "x" }, 'requestTools must be a function (config) => tools, got "x".'],
  ])("%j", (options, message) => {
    expect(refusal(() => new DynamicToolNode(catalog, options as never))).toMatchObject({ code: "INVALID_OPTION", message });
  });

  it("refuses options that are not an object", () => {
    expect(refusal(() => new DynamicToolNode(catalog, null as never))?.message).toBe(
      "DynamicToolNode: options must be an object, got null.",
    );
  });
});

describe("the agent's and the middleware's other options are checked when built", () => {
  it.each<[string, () => unknown, string]>([
    [
      "fallback",
      () => dynamicToolsMiddleware({ catalog, mode: "auto:30", contextWindow: 1_000, fallback: "all" as never }),
      'fallback must be "select", "search" or "both", got "all".',
    ],
    [
      "contextWindow",
      () => createToolSelectorNode({ catalog, contextWindow: 1.5 }),
      "contextWindow must be a whole number of tokens > 0, got number 1.5.",
    ],
    [
      "approvalClaims",
      () => dynamicToolsMiddleware({ catalog, approvalClaims: {} as never }),
      "approvalClaims must be an ApprovalClaimStore (an object with a claim(key) method), got an object.",
    ],
    [
      "sources",
      () => dynamicToolsMiddleware({ catalog, sources: 5 as never }),
      "sources must be a list of tool providers (objects with a tools() method), got number 5.",
    ],
    [
      "search",
      () => dynamicToolsMiddleware({ catalog, search: 5 as never }),
      "search must be an object of tool_search settings, got number 5.",
    ],
    [
      "search.name",
      () => createToolSearchTool(catalog, { name: "bad name!" }),
      'name must be a tool name providers accept (/^[a-zA-Z0-9_-]{1,64}$/), got "bad name!".',
    ],
    [
      "systemPrompt",
      () => createDynamicModelNode({ model: { bindTools: () => undefined } as never, catalog, systemPrompt: 5 as never }),
      "systemPrompt must be a string, got number 5.",
    ],
    [
      "usageScope",
      () => new DynamicToolNode(catalog, { usageScope: 5 as never }),
      "usageScope must be a scope name or a function (config) => scope, got number 5.",
    ],
  ])("%s", (_option, build, message) => {
    expect(refusal(build)).toMatchObject({ code: "INVALID_OPTION", message });
  });
});

describe("the executors refuse a bad catalog or bad timeouts when built", () => {
  it.each([null, undefined, "catalog", {}])("a catalog that is not a ToolCatalog (%j)", (bad) => {
    for (const build of [
      () => new DynamicToolNode(bad as unknown as ToolCatalog),
      () => dynamicToolsMiddleware({ catalog: bad as unknown as ToolCatalog }),
    ]) {
      const error = refusal(build);
      expect(error?.code).toBe("INVALID_OPTION");
      expect(error?.message).toContain("catalog must be a ToolCatalog");
    }
  });

  it.each([50, { slow: 50 }])("timeouts in the wrong shape (%j)", (timeouts) => {
    for (const build of [
      () => new DynamicToolNode(catalog, { timeouts } as never),
      () => dynamicToolsMiddleware({ catalog, timeouts } as never),
    ]) {
      expect(refusal(build)?.code).toBe("INVALID_OPTION");
    }
  });
});

describe("a select node with a policy refuses a tool_search made without one", () => {
  const policy = () => "allow" as const;
  it("names the fix, and accepts the search tool made with the policy", () => {
    const error = refusal(() => createToolSelectorNode({ catalog, mode: "search", policy, searchTool: createToolSearchTool(catalog) }));
    expect(error?.code).toBe("INVALID_OPTION");
    expect(error?.message).toContain("pass the same policy to createToolSearchTool(catalog, { policy })");
    expect(
      refusal(() => createToolSelectorNode({ catalog, mode: "search", policy, searchTool: createToolSearchTool(catalog, { policy }) })),
    ).toBeUndefined();
    expect(refusal(() => createToolSelectorNode({ catalog, mode: "search", searchTool: createToolSearchTool(catalog) }))).toBeUndefined();
  });
});

describe("the select node and the middleware check option shapes when built", () => {
  it.each([
    { exclude: "lookup" },
    { autoCut: "yes" },
    { countTokens: "no" },
    { core: "lookup" },
    { abstain: { quantil: 0.3 } },
    { memory: { wieght: 0.5 } },
    { autoCut: { ratio: 0.5, min: 2 } },
  ])("%j", (options) => {
    for (const build of [
      () => createToolSelectorNode({ catalog, ...options } as never),
      () => dynamicToolsMiddleware({ catalog, ...options } as never),
    ]) {
      expect(refusal(build)?.code).toBe("INVALID_OPTION");
    }
  });
});

describe("a misspelled setting of an option object is named, with the valid ones", () => {
  it("abstain, memory and autoCut", () => {
    const error = refusal(() => createToolSelectorNode({ catalog, abstain: { quantil: 0.3 } } as never));
    expect(error?.message).toBe(
      "abstain.quantil is not a setting of abstain; valid: quantile, remarkQuantile, remarkWords, remarkThreshold, unmatchedRemarkThreshold, strongMatch, certainRemark, probes, probeWords, depth, requestQuantile. Did you mean: quantile, remarkQuantile, requestQuantile?",
    );
    expect(error?.path).toEqual(["abstain", "quantil"]);
    expect(
      refusal(() => dynamicToolsMiddleware({ catalog, memory: { decay: 0.5, after: 1 }, abstain: { remarkQuantile: 0.25 } })),
    ).toBeUndefined();
  });
});
