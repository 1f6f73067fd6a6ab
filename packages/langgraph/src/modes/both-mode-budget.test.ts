/**
 * Mode both in both runtimes (the graph's select node and the createAgent middleware): the selection is cut once, by
 * the pipeline's budget with the room of tool_search and this turn's loaded tools reserved, and what is bound holds
 * maxTools and maxTokens by the real count.
 */
import { countDefinitionTokens, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callTool } from "../__fixtures__/tool-calls.js";
import { dynamicToolsMiddleware } from "../middleware/dynamic-tools-middleware.js";
import { createToolSelectorNode } from "../nodes/tool-selector-node.js";
import type { ToolSearchArtifact } from "../search/search-artifact.js";
import { definitionTokensOf } from "../search/extra-tool-definition.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { recordBoundTools } from "../testing/record-bound-tools.js";
import type { DynamicToolSelection } from "./dynamic-tool-selection.js";

const SUBJECTS = ["invoice", "order", "ticket", "member", "report", "shipment", "contract", "payment", "booking", "refund"];
const LOADED = ["archive_logs", "rotate_keys"];

function recordsCatalog(): ToolCatalog {
  const declarations = [
    { name: "get_help", description: "How to use this assistant" },
    ...SUBJECTS.flatMap((subject) => [
      { name: `export_${subject}_records`, description: `Export the ${subject} records to a spreadsheet file` },
      { name: `create_${subject}_record`, description: `Create a new ${subject} record and export a copy of it` },
    ]),
    { name: "archive_logs", description: "Archive the server logs" },
    { name: "rotate_keys", description: "Rotate the API keys" },
  ];
  const tools = declarations.map((declaration) =>
    tool(() => declaration.name, { ...declaration, schema: z.object({ text: z.string().optional() }) }),
  );
  return new ToolCatalog({ tools, core: ["get_help"] });
}

/** This turn: the user asks, the model searched and loaded two unrelated tools. */
function turnWithLoadedTools(): BaseMessage[] {
  const artifact: ToolSearchArtifact = {
    query: "logs and keys",
    limit: 5,
    totalCandidates: 2,
    matches: LOADED.map((name) => ({ name, description: name, score: 1 })),
    loaded: LOADED,
    namespaces: [],
  };
  const search = callTool("tool_search", { query: "logs and keys" });
  return [
    new HumanMessage("export the records and create a record"),
    search,
    new ToolMessage({ content: "Loaded.", artifact, name: "tool_search", tool_call_id: search.tool_calls![0]!.id! }),
  ];
}

/** The selection's part of what is bound: not core, not tool_search, not loaded. */
function selectedPart(selection: DynamicToolSelection): string[] {
  return selection.tools.filter((name) => name !== "get_help" && name !== "tool_search" && !LOADED.includes(name));
}

function expectOneBudget(catalog: ToolCatalog, selection: DynamicToolSelection, limits: Limits): void {
  const bound = selection.tools;
  expect(bound.slice(0, 2)).toEqual(["get_help", "tool_search"]);
  expect(bound).toEqual(expect.arrayContaining(LOADED));
  expect(bound.length).toBeLessThanOrEqual(limits.maxTools);
  const searchTokens = definitionTokensOf(createToolSearchTool(catalog));
  const real = bound.reduce((sum, name) => sum + (name === "tool_search" ? searchTokens : countDefinitionTokens(catalog.get(name)!)), 0);
  if (limits.maxTokens !== undefined) expect(real).toBeLessThanOrEqual(limits.maxTokens);
  // Cut once: what was kept, then what was trimmed, is the ranking in order (a second cut would list its trimmed
  // tools after the first cut's).
  const ranked = (selection.ranked ?? []).map((tool) => tool.name);
  expect(selectedPart(selection).length).toBeGreaterThan(0);
  expect(selection.trimmed.length).toBeGreaterThan(0);
  expect([...selectedPart(selection), ...selection.trimmed]).toEqual(ranked);
  expect(selection.trimmedBy).toBe(limits.maxTokens === undefined ? "maxTools" : "maxTokens");
  expect(selection.unloaded).toEqual([]);
  if (limits.maxTokens === undefined) expect(selectedPart(selection)).toHaveLength(limits.maxTools - 4);
}

interface Limits {
  maxTools: number;
  maxTokens?: number;
}

const OPTIONS = { strategy: "bm25", autoCut: false, topK: 10, countTokens: false } as const;

/** By count: 8 tools, 4 ahead of the selection. By tokens: room for a few selected tools after the fixed and loaded. */
function limitsOf(catalog: ToolCatalog): Limits[] {
  const ahead =
    definitionTokensOf(createToolSearchTool(catalog)) + ["get_help", ...LOADED].reduce((sum, name) => sum + catalog.tokensOf(name), 0);
  return [{ maxTools: 8 }, { maxTools: 30, maxTokens: ahead + 3 * catalog.tokensOf("export_invoice_records") }];
}

describe("mode both: one budget, in both runtimes", () => {
  it("the select node", async () => {
    const catalog = recordsCatalog();
    for (const limits of limitsOf(catalog)) {
      const node = createToolSelectorNode({ catalog, mode: "both", searchTool: createToolSearchTool(catalog), ...OPTIONS, ...limits });
      const { toolSelection } = await node({ messages: turnWithLoadedTools(), loadedTools: LOADED });
      expectOneBudget(catalog, toolSelection, limits);
    }
  });

  it("the createAgent middleware", async () => {
    const catalog = recordsCatalog();
    for (const limits of limitsOf(catalog)) {
      const { model, bound } = recordBoundTools(fakeModel().respond(new AIMessage("done")));
      const agent = createAgent({
        model,
        tools: [],
        middleware: [dynamicToolsMiddleware({ catalog, mode: "both", ...OPTIONS, ...limits })],
      });
      const result = await agent.invoke({ messages: turnWithLoadedTools() });
      const selection = result.toolSelection as DynamicToolSelection;
      expectOneBudget(catalog, selection, limits);
      expect(bound.at(-1)).toEqual(selection.tools);
    }
  });
});
