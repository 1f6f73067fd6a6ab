import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureServer, startsOf, waitUntil } from "../__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../__fixtures__/mcp-harness.js";
import { callTool, findTool } from "../__fixtures__/tool-calls.js";
import type { ToolsUpdatedEvent } from "../events/tools-updated.js";
import type { McpToolSource } from "./mcp-tool-source.js";

const harness = useMcpHarness();

/** A source over the weather server, whose `get_alerts` tool exists while `{dir}/alerts` does. */
function weatherSource(): { mcp: McpToolSource; events: ToolsUpdatedEvent[] } {
  const weather = fixtureServer("weather", harness.dir, { FIXTURE_WEATHER_ALERTS_FILE: join(harness.dir, "alerts") });
  const mcp = harness.source({ servers: { weather } });
  const events: ToolsUpdatedEvent[] = [];
  mcp.onToolsUpdated((event) => events.push(event));
  return { mcp, events };
}

const cachedToolNames = () =>
  (JSON.parse(readFileSync(join(harness.dir, "cache", "weather.json"), "utf8")) as { tools: Array<{ name: string }> }).tools.map(
    (tool) => tool.name,
  );

describe("createMcpToolSource tool-list updates", () => {
  it("a lazy connect that finds other tools than the cache rewrites it and fires onToolsUpdated", async () => {
    const primer = weatherSource().mcp;
    await primer.tools();
    await primer.close();
    writeFileSync(join(harness.dir, "alerts"), ""); // the server now offers get_alerts too; its configuration is unchanged

    const { mcp, events } = weatherSource();
    const tools = await mcp.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["mcp_weather_get_forecast", "mcp_weather_enable_alerts"]);

    await callTool(findTool(tools, "mcp_weather_get_forecast"), { city: "Oslo" });

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: "mcp",
      sourceId: "weather",
      namespace: "mcp_weather",
      added: ["mcp_weather_get_alerts"],
      changed: [],
      removed: [],
    });
    expect(events[0]!.tools.map((tool) => tool.name)).toEqual([
      "mcp_weather_get_forecast",
      "mcp_weather_get_alerts",
      "mcp_weather_enable_alerts",
    ]);
    expect(events[0]!.declarations.map((declaration) => declaration.permission)).toEqual(["read", "read", "execute"]);
    // Unchanged tools keep their objects (a catalog entry stays valid).
    expect(events[0]!.tools[0]).toBe(tools[0]);
    expect(cachedToolNames()).toEqual(["get_forecast", "get_alerts", "enable_alerts"]);
    expect((await mcp.tools()).map((tool) => tool.name)).toContain("mcp_weather_get_alerts");
  });

  it("refresh() rewrites the cache, and fires only when the tools changed", async () => {
    const { mcp, events } = weatherSource();
    await mcp.tools();
    const savedAt = () => JSON.parse(readFileSync(join(harness.dir, "cache", "weather.json"), "utf8")).savedAt as string;
    const before = savedAt();
    await new Promise((resolve) => setTimeout(resolve, 5));

    await mcp.refresh("weather");

    expect(savedAt()).not.toBe(before);
    expect(events).toEqual([]);
    expect(startsOf("weather", harness.dir)).toHaveLength(1);
  });

  it("a server's tools/list_changed notification updates the tools while it is connected", async () => {
    const { mcp, events } = weatherSource();
    const tools = await mcp.tools();

    await callTool(findTool(tools, "mcp_weather_enable_alerts"), {});
    await waitUntil(() => events.length > 0);

    expect(events[0]).toMatchObject({ sourceId: "weather", added: ["mcp_weather_get_alerts"], removed: [] });
    const alerts = findTool(await mcp.tools(), "mcp_weather_get_alerts");
    expect((await callTool(alerts, { region: "Alps" })).content).toBe("no alerts for Alps");
    expect(cachedToolNames()).toContain("get_alerts");
  });

  it("a call of a tool the server no longer has fails naming the server and its tools", async () => {
    writeFileSync(join(harness.dir, "alerts"), "");
    const primer = weatherSource().mcp;
    await primer.tools();
    await primer.close();
    unlinkSync(join(harness.dir, "alerts")); // the server no longer offers get_alerts

    const { mcp, events } = weatherSource();
    const alerts = findTool(await mcp.tools(), "mcp_weather_get_alerts");

    await expect(alerts.invoke({ region: "Alps" })).rejects.toThrow(
      'MCP server "weather" failed: it has no tool "get_alerts" any more (its tools: get_forecast, enable_alerts).',
    );
    expect(events[0]).toMatchObject({ removed: ["mcp_weather_get_alerts"] });
  });
});
