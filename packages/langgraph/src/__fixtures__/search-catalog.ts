import { ToolCatalog, type ToolCatalogOptions } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import { StateGraph } from "@langchain/langgraph";
import { z } from "zod";
import { DynamicToolNode } from "../nodes/dynamic-tool-node.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { DynamicToolsAnnotation } from "../state/dynamic-tools-state.js";

const DECLARATIONS = [
  { name: "get_time", description: "The current date and time" },
  { name: "create_issue", description: "Open a new issue in a GitHub repository", namespace: "github" },
  { name: "list_issues", description: "List the open issues of a GitHub repository", namespace: "github" },
  { name: "close_issue", description: "Close an issue in a GitHub repository", namespace: "github" },
  { name: "list_pulls", description: "List the pull requests of a GitHub repository", namespace: "github" },
  { name: "create_event", description: "Add an event to the calendar", namespace: "calendar" },
  { name: "list_events", description: "List upcoming calendar events", namespace: "calendar" },
  {
    name: "get_weather",
    description: "Weather forecast for a city",
    whenToUse: "Use for forecasts and current conditions, not for climate history.",
  },
  { name: "convert_currency", description: "Convert an amount between currencies" },
  { name: "send_email", description: "Send an email message to a recipient" },
  { name: "translate_text", description: "Translate text into another language" },
  { name: "drop_database", description: "Delete the whole database", enabled: false },
  { name: "debug_dump", description: "Dump internal debug state of the weather service", searchable: false },
] as const;

/**
 * A catalog for tool search: a core tool, two namespaces (github: 4 tools, calendar: 2), loose tools (one with a
 * "when to use" hint), a disabled tool and a non-searchable one. Every tool records its calls.
 */
export function createSearchCatalog(options: Partial<ToolCatalogOptions> = {}, { fillers = 0 }: { fillers?: number } = {}) {
  const calls: string[] = [];
  const declarations = [...DECLARATIONS, ...fillerDeclarations(fillers)];
  const tools = declarations.map((declaration) =>
    tool(
      (args: unknown) => {
        calls.push(declaration.name);
        return JSON.stringify({ tool: declaration.name, args });
      },
      { name: declaration.name, description: declaration.description, schema: z.object({ text: z.string().optional() }) },
    ),
  );
  const catalog = new ToolCatalog({
    tools,
    declarations: declarations.map((declaration) => ({ ...declaration })),
    namespaces: { github: { description: "GitHub issues and pull requests" }, calendar: { description: "The team calendar" } },
    core: ["get_time"],
    ...options,
  });
  return { catalog, calls };
}

/**
 * `count` warehouse tools with long descriptions, unrelated to the catalog's topics: with 30 of them, the tools a
 * selection leaves out outweigh the `call_tool` proxy, so the cache-aware binding binds it.
 */
function fillerDeclarations(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: `shelf_report_${index}`,
    description: `Warehouse shelf report number ${index}: counts the pallets on each shelf of aisle ${index}, lists the shelves that need restocking, the forklift schedule for the aisle, the temperature log of its cold storage and the names of the staff who last audited it.`,
  }));
}

/**
 * {@link createSearchCatalog}'s catalog in a one-step graph (START → a DynamicToolNode that also runs `tool_search`):
 * what a search call sees, the graph state included.
 */
export function createSearchStep(options: Partial<ToolCatalogOptions> = {}) {
  const { catalog, calls } = createSearchCatalog(options);
  const graph = new StateGraph(DynamicToolsAnnotation)
    .addNode("tools", new DynamicToolNode(catalog, { extraTools: [createToolSearchTool(catalog)] }))
    .addEdge("__start__", "tools")
    .compile();
  return { catalog, calls, graph };
}
