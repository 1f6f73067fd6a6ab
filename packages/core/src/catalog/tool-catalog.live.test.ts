import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createSelector } from "../selection/select-tools.js";
import { createToolSelector } from "../selection/select-ranked.js";
import { ToolCatalog } from "./tool-catalog.js";
import type { ToolsUpdatedEvent } from "./catalog-events.js";

function sourceTool(name: string, description: string, info: Record<string, string>) {
  return tool(() => name, { name, description, schema: z.object({}), metadata: { dynamicTools: info } });
}

const forecast = () =>
  sourceTool("mcp_weather_get_forecast", "Weather forecast for a city", { source: "mcp", sourceId: "weather", namespace: "mcp_weather", permission: "read" });
const alert = () =>
  sourceTool("mcp_weather_send_alert", "Send a storm alert to subscribers", { source: "mcp", sourceId: "weather", namespace: "mcp_weather", permission: "write" });

function baseCatalog(options: Partial<ConstructorParameters<typeof ToolCatalog>[0]> = {}) {
  return new ToolCatalog({
    tools: [
      { name: "get_gym_info", description: "Gym name, address and opening hours" },
      { name: "book_class", description: "Book a fitness class for a member", category: "classes" },
    ],
    categories: { classes: { keywords: ["class", "booking"] } },
    core: ["get_gym_info"],
    ...options,
  });
}

describe("ToolCatalog live updates", () => {
  it("reads source, sourceId, namespace and permission from tool.metadata.dynamicTools", () => {
    const catalog = new ToolCatalog({ tools: [alert()] });
    expect(catalog.get("mcp_weather_send_alert")).toMatchObject({ source: "mcp", sourceId: "weather", namespace: "mcp_weather", permission: "write" });
  });

  it("replaceSource adds a server's tools, bumps the version and emits toolsUpdated", () => {
    const catalog = baseCatalog();
    const events: ToolsUpdatedEvent[] = [];
    catalog.on("toolsUpdated", (event) => events.push(event));
    expect(catalog.version).toBe(0);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast(), alert()], namespace: "mcp_weather", namespaceDescription: "Weather" });
    expect(catalog.version).toBe(1);
    expect(catalog.names()).toEqual(["get_gym_info", "book_class", "mcp_weather_get_forecast", "mcp_weather_send_alert"]);
    expect(catalog.namespace("mcp_weather")).toMatchObject({ description: "Weather", tools: ["mcp_weather_get_forecast", "mcp_weather_send_alert"] });
    expect(events.map((event) => [event.version, event.added.map((tool) => tool.name), event.removed])).toEqual([
      [1, ["mcp_weather_get_forecast", "mcp_weather_send_alert"], []],
    ]);
    // The server drops a tool: only that tool goes.
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast()] });
    expect(events.at(-1)).toMatchObject({ version: 2, added: [], removed: ["mcp_weather_send_alert"] });
    expect(catalog.namespace("mcp_weather")!.tools).toEqual(["mcp_weather_get_forecast"]);
    // The source unregisters.
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [] });
    expect(catalog.names()).toEqual(["get_gym_info", "book_class"]);
  });

  it("add and remove update the keyword index, categories and token totals", () => {
    const catalog = baseCatalog();
    const before = catalog.totalTokens();
    catalog.add([{ name: "cancel_class", description: "Cancel a class booking", category: "classes" }]);
    expect(catalog.category("classes")!.tools).toEqual(["book_class", "cancel_class"]);
    expect(catalog.totalTokens()).toBeGreaterThan(before);
    catalog.remove(["cancel_class", "no_such_tool"]);
    expect(catalog.category("classes")!.tools).toEqual(["book_class"]);
    expect(catalog.totalTokens()).toBe(before);
  });

  it("keeps the old state when an update is invalid (nothing half-applied)", () => {
    const catalog = baseCatalog();
    expect(() => catalog.add([{ name: "bad name" }])).toThrow(DynamicToolsError);
    expect(catalog.version).toBe(0);
    expect(catalog.names()).toEqual(["get_gym_info", "book_class"]);
  });

  it("keyword selectors notice the version change and re-resolve", () => {
    const catalog = baseCatalog({ categories: { classes: { keywords: ["class"] }, weather: { keywords: ["weather", "forecast"] } } });
    const select = createSelector(catalog);
    expect(select("what's the weather forecast?").tools).toEqual(["get_gym_info"]);
    catalog.add([{ name: "get_forecast", description: "Forecast", category: "weather" }]);
    expect(select("what's the weather forecast?").tools).toEqual(["get_gym_info", "get_forecast"]);
    catalog.remove(["get_forecast", "get_gym_info"]);
    // A core tool whose source went away is skipped, not an error.
    expect(select("what's the weather forecast?").tools).toEqual([]);
  });

  it("retrieval selectors update their index incrementally through add/remove", async () => {
    const catalog = baseCatalog();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false });
    expect((await select("storm alert")).ranked).toEqual([]);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast(), alert()] });
    expect((await select("storm alert")).ranked?.[0]?.name).toBe("mcp_weather_send_alert");
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [] });
    expect((await select("storm alert")).ranked).toEqual([]);
  });

  it("a selection in flight sees the old catalog or the new one, never a mix", async () => {
    const catalog = baseCatalog();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false, topK: 20 });
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        if (index % 2 === 0) catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: index % 4 === 0 ? [forecast(), alert()] : [] });
        const selection = await select("weather forecast storm alert");
        return selection.tools.filter((name) => name.startsWith("mcp_")).length;
      }),
    );
    for (const count of results) expect([0, 2]).toContain(count);
  });

  it("keeps declarations of source tools pending until the tool arrives; typos stay UNKNOWN_TOOL", () => {
    const catalog = baseCatalog({ declarations: [{ name: "mcp_weather_send_alert", permission: "dangerous", searchable: false }] });
    expect(catalog.pendingNames()).toEqual(["mcp_weather_send_alert"]);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [alert()] });
    expect(catalog.get("mcp_weather_send_alert")).toMatchObject({ permission: "dangerous", searchable: false, sourceId: "weather" });
    expect(catalog.pendingNames()).toEqual([]);
    expect(() => baseCatalog({ declarations: [{ name: "book_clas", category: "classes" }] })).toThrow(/book_clas.*Did you mean: book_class/);
  });
});
