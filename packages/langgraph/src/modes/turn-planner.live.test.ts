import { ToolCatalog } from "@dynamic-tools/core";
import { HumanMessage, type AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { createTurnPlanner } from "./turn-planner.js";

const alertTool = () =>
  tool(() => "sent", {
    name: "mcp_alerts_send_alert",
    description: "Send an alert to members",
    schema: z.object({}),
    metadata: { dynamicTools: { source: "mcp", sourceId: "alerts" } },
  });

const TOOLS = [
  { name: "get_weather", description: "Current weather for a city" },
  { name: "send_email", description: "Send an email" },
];

describe("createTurnPlanner on a live catalog: required tools", () => {
  it("binds a required source tool as core once it arrives (planner and tool_search made before), and drops it when it goes", async () => {
    const catalog = new ToolCatalog({ tools: TOOLS, declarations: [{ name: "mcp_alerts_send_alert", required: true }] });
    const searchTool = createToolSearchTool(catalog);
    const plan = createTurnPlanner({ catalog, mode: "search", searchTool, countTokens: false });
    const messages = [new HumanMessage("send an alert about the storm")];
    expect((await plan({ messages })).selection.core).toEqual([]);

    catalog.replaceSource({ source: "mcp", sourceId: "alerts", tools: [alertTool()] });
    const connected = (await plan({ messages })).selection;
    expect(connected.core).toEqual(["mcp_alerts_send_alert"]);
    expect(connected.tools.slice(0, 2)).toEqual(["mcp_alerts_send_alert", "tool_search"]);
    // A core tool is always bound, so tool_search never offers it.
    const found = (await searchTool.invoke({ query: "send alert" })) as string | AIMessage;
    expect(String(typeof found === "string" ? found : found.content)).not.toContain("mcp_alerts_send_alert");

    catalog.replaceSource({ source: "mcp", sourceId: "alerts", tools: [] });
    expect((await plan({ messages })).selection.core).toEqual([]);
  });
});
