// A tiny MCP server over stdio for the tests: a fake forecast. `enable_alerts` adds a tool at run time (the server
// then sends notifications/tools/list_changed); while the file FIXTURE_WEATHER_ALERTS_FILE exists, that tool is
// offered from the start (the tools change while the configuration stays the same).
import { existsSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { crashIfAsked, recordStart } from "./fixture-hooks.mjs";

recordStart();
const server = new McpServer({ name: "weather-fixture", version: "1.0.0" });
const text = (value) => ({ content: [{ type: "text", text: value }] });

server.registerTool(
  "get_forecast",
  {
    description: "Weather forecast for a city",
    inputSchema: { city: z.string(), days: z.number().int().min(1).max(7).optional() },
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  async ({ city, days = 1 }) => {
    crashIfAsked();
    return text(`${city}: sunny for ${days} day(s), pid ${process.pid}`);
  },
);

function registerAlerts() {
  server.registerTool(
    "get_alerts",
    { description: "Severe weather alerts for a region", inputSchema: { region: z.string() }, annotations: { readOnlyHint: true } },
    async ({ region }) => text(`no alerts for ${region}`),
  );
}
const alertsFile = process.env.FIXTURE_WEATHER_ALERTS_FILE;
let alertsEnabled = Boolean(alertsFile && existsSync(alertsFile));
if (alertsEnabled) registerAlerts();

server.registerTool("enable_alerts", { description: "Turn on the alerts tool", inputSchema: {} }, async () => {
  if (!alertsEnabled) {
    alertsEnabled = true;
    registerAlerts(); // McpServer sends notifications/tools/list_changed
  }
  return text("alerts enabled");
});

await server.connect(new StdioServerTransport());
